// People counter screens (advanced.md §2, §5, §6, §9): reached from the side navigation's people count entry (the
// list of people-counter cameras) and a camera row's menu; the default period (31 to 1 days ago), the unit, the
// period setting dialog's rules, the comparison choice, the CSV export, the empty period, the site's sum; unknown
// camera and site codes go to notfound; without the analytics right there is no entry and the screen refuses.
// A fresh e2e server has counted nobody on past days, so the default period shows the empty state; the last test
// waits for the vision job to count people crossing the simulated entrance today (no CLI or API path stores
// passes directly) and checks the screen shows the server's figures.
import fs from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { account, DEMO } from '../support/accounts.ts';
import { firstCameraCode, logInAs } from '../pages/session.ts';

const CAMERA = '渋谷店 入口';
const SITE = '渋谷店';

const pad = (n: number) => String(n).padStart(2, '0');
/** A day `offset` days from today in the browser's time zone (Asia/Tokyo, playwright.config.ts), as YYYY-MM-DD. */
async function dayFromToday(page: Page, offset: number): Promise<string> {
  const [y, m, d] = await page.evaluate((days) => {
    const now = new Date();
    const day = new Date(now.getFullYear(), now.getMonth(), now.getDate() + days);
    return [day.getFullYear(), day.getMonth() + 1, day.getDate()];
  }, offset);
  return `${y}-${pad(m!)}-${pad(d!)}`;
}
const slashed = (day: string) => day.replaceAll('-', '/');
/** The first look at a screen after navigating: its chunk (with the charts) may take a while on a busy machine. */
const ARRIVAL = { timeout: 60_000 };

async function openCameraCounter(page: Page) {
  await logInAs(page, DEMO);
  const nav = page.getByRole('navigation', { name: 'メニュー' });
  await nav.getByRole('link', { name: '人数カウント' }).click();
  await expect(page).toHaveURL(/\/list\/1\?func%5B%5D=people_counter$/);
  await page.getByRole('button', { name: `${CAMERA}のメニュー`, exact: true }).click();
  await page.getByRole('menuitem', { name: '人数カウント', exact: true }).click();
  await expect(page).toHaveURL(/\/detail\/[^/]+\/people-counter$/);
  await expect(page.getByRole('heading', { level: 1, name: `${CAMERA} の人数カウント` })).toBeVisible(
    ARRIVAL,
  );
}

test('camera screen from the side navigation: default period, empty state, help, unit, period dialog, comparison, CSV', async ({
  page,
}) => {
  await openCameraCounter(page);
  const start = await dayFromToday(page, -31);
  const end = await dayFromToday(page, -1);
  await expect(page.getByTestId('people-period')).toHaveText(
    `${slashed(start)} 〜 ${slashed(end)}（31日間）`,
  );
  await expect(page.getByTestId('people-empty')).toHaveText('この期間に数えられた人はいません。');
  await expect(page.getByTestId('staff-help')).toContainText('服の色');
  await expect(page.getByTestId('staff-help')).toContainText('スタッフとして数えられることがあります');
  await expect(page.getByRole('button', { name: '人数カウント設定' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('people-counter-camera-ja.png'), fullPage: true });

  // The unit lives in the address.
  const options = page.getByRole('group', { name: '表示の条件' });
  await options.getByText('週', { exact: true }).click();
  await expect(page).toHaveURL(/unit=week/);

  // The period setting dialog refuses an end before the start and a day after today; applies a good period.
  await page.getByRole('button', { name: '期間を変更' }).click();
  const dialog = page.getByRole('dialog', { name: '期間の設定' });
  const startInput = dialog.getByLabel('開始日');
  const endInput = dialog.getByLabel('終了日');
  await expect(startInput).toHaveValue(start);
  await startInput.fill(await dayFromToday(page, -3));
  await endInput.fill(await dayFromToday(page, -5));
  await expect(dialog.getByText('終了日は開始日以降にしてください')).toBeVisible();
  await expect(dialog.getByRole('button', { name: '適用' })).toBeDisabled();
  await endInput.fill(await dayFromToday(page, 1));
  await expect(dialog.getByText('今日より後の日付は選べません')).toBeVisible();
  await expect(dialog.getByRole('button', { name: '適用' })).toBeDisabled();
  await endInput.fill(await dayFromToday(page, -2));
  await dialog.getByRole('button', { name: '適用' }).click();
  await expect(dialog).toBeHidden();
  const chosenStart = await dayFromToday(page, -3);
  const chosenEnd = await dayFromToday(page, -2);
  await expect(page.getByTestId('people-period')).toHaveText(
    `${slashed(chosenStart)} 〜 ${slashed(chosenEnd)}（2日間）`,
  );
  await expect(page).toHaveURL(new RegExp(`start=${chosenStart}&end=${chosenEnd}&unit=week`));

  // Hours need a period of at most 31 days.
  await page.goto(page.url().replace(/start=[^&]+/, `start=${await dayFromToday(page, -60)}`));
  await expect(page.getByText('時間単位は31日以内の期間で選べます')).toBeVisible();
  await expect(options.getByRole('radio', { name: '時間' })).toBeDisabled();

  // Comparing with a chosen period asks for its start.
  await page.getByRole('combobox', { name: '比較する期間' }).click();
  await page.getByRole('option', { name: '開始日を指定' }).click();
  await expect(page.getByLabel('比較期間の開始日')).toBeVisible();
  await expect(page).toHaveURL(/compare=custom&compare_start=/);

  // The CSV of the period shown.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'CSV出力' }).click();
  const file = await download;
  const csv = await fs.readFile(await file.path(), 'utf8');
  expect(csv.charCodeAt(0), 'UTF-8 byte-order mark').toBe(0xfeff);
  expect(csv.split('\r\n').length).toBeGreaterThan(2);
  await expect(page.getByText('CSVファイルを保存しました')).toBeVisible();
});

test('the site screen sums its people-counter cameras, each linked to its own screen', async ({ page }) => {
  await openCameraCounter(page);
  await page.getByRole('link', { name: `拠点「${SITE}」の合計を見る` }).click();
  await expect(page).toHaveURL(/\/location\/[^/]+\/people-counter$/);
  await expect(
    page.getByRole('heading', { level: 1, name: `${SITE} の人数カウント（拠点合計）` }),
  ).toBeVisible(ARRIVAL);
  const cameras = page.getByTestId('people-site-cameras');
  await expect(cameras).toContainText('人数カウント対応カメラ 1 台の合計です。');
  await expect(page.getByTestId('people-empty')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('people-counter-site-ja.png'), fullPage: true });
  await cameras.getByRole('link', { name: CAMERA }).click();
  await expect(page.getByRole('heading', { level: 1, name: `${CAMERA} の人数カウント` })).toBeVisible(
    ARRIVAL,
  );
});

test('unknown camera and site codes go to notfound', async ({ page, consoleGuard }) => {
  consoleGuard.allow(/404/);
  await logInAs(page, DEMO);
  await page.goto('/detail/no-such-camera/people-counter');
  await expect(page).toHaveURL(/\/notfound$/, ARRIVAL);
  await page.goto('/location/no-such-site/people-counter');
  await expect(page).toHaveURL(/\/notfound$/, ARRIVAL);
});

test('without the analytics right: no side navigation entry, and the screen says so', async ({
  page,
  request,
}) => {
  const code = await firstCameraCode(request, DEMO);
  await logInAs(page, account('feedback'));
  const nav = page.getByRole('navigation', { name: 'メニュー' });
  await expect(nav.getByRole('link', { name: 'ヘルプ' })).toBeVisible();
  await expect(nav.getByRole('link', { name: '人数カウント' })).toHaveCount(0);
  await page.goto(`/detail/${code}/people-counter`);
  await expect(page.getByRole('heading', { level: 1, name: '人数カウント' })).toBeVisible(ARRIVAL);
  await expect(page.getByTestId('people-no-permission')).toHaveText('権限がありません');
});

test('in English', async ({ page }) => {
  await logInAs(page, DEMO);
  await page.evaluate(() => localStorage.setItem('camwatch.language', JSON.stringify('en')));
  await page.reload();
  await page.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: 'People count' }).click();
  await page.getByRole('button', { name: `Menu of ${CAMERA}`, exact: true }).click();
  await page.getByRole('menuitem', { name: 'People counter', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: `People counter: ${CAMERA}` })).toBeVisible(
    ARRIVAL,
  );
  await expect(page.getByTestId('people-empty')).toHaveText('Nobody was counted in this period.');
  await expect(page.getByTestId('staff-help')).toContainText('colours of their clothes');
  await page.screenshot({ path: test.info().outputPath('people-counter-camera-en.png'), fullPage: true });
});

test('counts of the simulated entrance today: the screen shows the server’s totals in its summary, chart and table', async ({
  page,
}) => {
  test.setTimeout(480_000);
  await openCameraCounter(page);
  const code = /\/detail\/([^/]+)\/people-counter/.exec(page.url())![1]!;
  const today = await dayFromToday(page, 0);
  const query = { start: today, end: today, unit: 'hour', time_zone: 'Asia/Tokyo' };
  let totals = { in: 0, out: 0, staffIn: 0, staffOut: 0 };
  // The vision job counts each recorded minute of the simulated entrance in the background.
  await expect
    .poll(
      async () => {
        const answer = await page.request.get(`/api/people-counter/camera/${code}/counts`, { params: query });
        totals = ((await answer.json()) as { data: { totals: typeof totals } }).data.totals;
        return totals.in + totals.out;
      },
      { timeout: 420_000, intervals: [5_000] },
    )
    .toBeGreaterThan(0);
  await page.goto(`/detail/${code}/people-counter?start=${today}&end=${today}&unit=hour`);
  await expect(page.getByTestId('people-summary')).toContainText(`入場 ${totals.in} 人`, ARRIVAL);
  const totalRow = page.getByTestId('people-table').getByRole('row', { name: /^合計/ });
  await expect(totalRow).toContainText(String(totals.in));
  // A bar of a bucket with passes (recharts draws no rectangle for a zero).
  await expect(page.getByTestId('people-chart').locator('path.recharts-rectangle').first()).toBeVisible();
  await expect(page.getByTestId('people-comparison')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('people-counter-counted-ja.png'), fullPage: true });
});
