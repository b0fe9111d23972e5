// Heat map screen (advanced.md heat map, §2, §9; issue 14): reached from the side navigation's heat map entry (the
// first heat map camera is chosen), the default period (31 to 1 days ago), the period dialog's rules, today as the
// period, the comparison with the period before; the camera detail page's heat map link opens that camera's heat
// map; without the heatmap right there is no entry and the screen says so. A fresh e2e server has recorded only
// today: past days have nothing analysed. The demo's heat map cameras are analysed as they record, so today's card
// shows either the heat over the picture or the empty text; the last test waits for an analysed hour of one camera
// and reads a cell with the keyboard. A batch download of today's heat map becomes a ZIP (whatever was analysed:
// a day with nothing analysed still gives the README), listed under the screen and in the Download notifications.
import type { APIRequestContext, Page } from '@playwright/test';
import { unzipSync } from 'fflate';
import { expect, test } from '../support/fixtures.ts';
import { account, DEMO } from '../support/accounts.ts';
import { logInAs } from '../pages/session.ts';

/** A demo camera with the heat map function (the demo seed). */
const CAMERA = '梅田店 売場';
/** The first look at a screen after navigating: its chunk may take a while on a busy machine. */
const ARRIVAL = { timeout: 60_000 };

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

/** The code of a demo camera, asked with a separate request context (the browser under test stays logged out). */
async function cameraCode(request: APIRequestContext, name: string): Promise<string> {
  expect((await request.post('/api/auth/login', { data: { ...DEMO, appKey: null } })).status()).toBe(200);
  const list = await request.get('/api/cameras', { params: { page: 1, count: 50, 'func[]': 'heatmap' } });
  expect(list.status()).toBe(200);
  const { cameras } = (
    (await list.json()) as { data: { cameras: { camera_code: string; camera_name: string }[] } }
  ).data;
  const camera = cameras.find((c) => c.camera_name === name);
  expect(camera, `the demo has the heat map camera ${name}`).toBeTruthy();
  await request.post('/api/auth/logout');
  return camera!.camera_code;
}

/** Waits until the vision job has analysed one of today's recorded minutes of the camera (in the background). */
async function analysedToday(page: Page, code: string, today: string): Promise<void> {
  await expect
    .poll(
      async () => {
        const answer = await page.request.get(`/api/heatmap/camera/${encodeURIComponent(code)}`, {
          params: { start: today, end: today, time_zone: 'Asia/Tokyo' },
        });
        expect(answer.status()).toBe(200);
        return ((await answer.json()) as { data: { analysed_hours: number } }).data.analysed_hours;
      },
      { timeout: 420_000, intervals: [5_000] },
    )
    .toBeGreaterThan(0);
}

/** The answer of the heat map call for a period starting on `start` (the screen's next request). */
const heatmapAnswer = (page: Page, start: string) =>
  page.waitForResponse(
    (response) =>
      response.url().includes('/api/heatmap/camera/') && response.url().includes(`start=${start}`),
  );

test('from the side navigation: the first heat map camera, the default period, today chosen, and a comparison', async ({
  page,
}) => {
  await logInAs(page, DEMO);
  await page
    .getByRole('navigation', { name: 'メニュー' })
    .getByRole('link', { name: 'ヒートマップ', exact: true })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'ヒートマップ' })).toBeVisible(ARRIVAL);
  await expect(page.locator('body')).toHaveClass('heatmap');
  // Arriving without a camera named, the first camera with the heat map function is chosen.
  await expect(page).toHaveURL(/\/heatmap\?cameras=[^&]+/);
  const cards = page.getByTestId('heatmap-card');
  await expect(cards).toHaveCount(1);
  const card = cards.first();
  await expect(card.getByRole('heading', { level: 2 })).not.toBeEmpty();

  // The default period: 31 days ago to yesterday, where a fresh server has analysed nothing.
  const start = await dayFromToday(page, -31);
  const end = await dayFromToday(page, -1);
  await expect(page.getByTestId('heatmap-period')).toHaveText(
    `${slashed(start)} 〜 ${slashed(end)}（31日間）`,
  );
  await expect(card.getByTestId('heatmap-empty')).toHaveText('この期間の解析データはありません。', ARRIVAL);
  await expect(page.getByTestId('heatmap-about')).toContainText('検出されなかった人は含まれません');

  // The period dialog refuses a day after today and applies today alone.
  const today = await dayFromToday(page, 0);
  await page.getByRole('button', { name: '期間を変更' }).click();
  const dialog = page.getByRole('dialog', { name: '期間の設定' });
  await expect(dialog.getByLabel('開始日')).toHaveValue(start);
  await dialog.getByLabel('開始日').fill(today);
  await dialog.getByLabel('終了日').fill(await dayFromToday(page, 1));
  await expect(dialog.getByText('今日より後の日付は選べません')).toBeVisible();
  await expect(dialog.getByRole('button', { name: '適用' })).toBeDisabled();
  await dialog.getByLabel('終了日').fill(today);
  const todays = heatmapAnswer(page, today);
  await dialog.getByRole('button', { name: '適用' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`start=${today}&end=${today}`));
  await expect(page.getByTestId('heatmap-period')).toHaveText(
    `${slashed(today)} 〜 ${slashed(today)}（1日間）`,
  );
  expect((await todays).status()).toBe(200);
  // Today's answer has replaced the last period's (shown dimmed and busy meanwhile): the heat over the camera's
  // picture, or the plain empty text while none of today's recordings has been analysed.
  await expect(card.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(card.getByTestId('heatmap-picture').or(card.getByTestId('heatmap-empty'))).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('heatmap-today-ja.png'), fullPage: true });

  // Comparing with the period before (yesterday: nothing analysed) shows both periods and no change from 0.
  const yesterday = await dayFromToday(page, -1);
  const compared = heatmapAnswer(page, yesterday);
  // (Mantine's switch input lies over its label: the switch itself takes the click.)
  await page.getByRole('switch', { name: '別の期間と比較' }).click();
  await expect(page.getByRole('switch', { name: '別の期間と比較' })).toBeChecked();
  await expect(page).toHaveURL(new RegExp(`compare_start=${yesterday}&compare_end=${yesterday}`));
  await expect(page.getByTestId('heatmap-compare-period')).toHaveText(
    `比較する期間：${slashed(yesterday)} 〜 ${slashed(yesterday)}（1日間）`,
  );
  expect((await compared).status()).toBe(200);
  await expect(card.getByTestId('heatmap-period-compared').getByTestId('heatmap-empty')).toBeVisible();
  await expect(card.getByTestId('heatmap-period-current')).toBeVisible();
  await expect(card.getByTestId('heatmap-change')).toHaveText(
    '比較する期間の合計が 0 のため、増減は表示できません。',
  );
});

test('the camera detail page’s heat map link opens that camera’s heat map', async ({ page, request }) => {
  const code = await cameraCode(request, CAMERA);
  await logInAs(page, DEMO);
  await page.goto(`/detail/${encodeURIComponent(code)}`);
  await expect(page.getByRole('heading', { level: 1, name: CAMERA })).toBeVisible(ARRIVAL);
  await page
    .getByRole('navigation', { name: '分析の設定' })
    .getByRole('link', { name: 'ヒートマップ', exact: true })
    .click();
  const query = new URLSearchParams({ cameras: code }).toString().replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  await expect(page).toHaveURL(new RegExp(`/heatmap\\?${query}$`));
  const card = page.getByTestId('heatmap-card');
  await expect(card).toHaveCount(1);
  await expect(card.getByRole('heading', { level: 2, name: CAMERA })).toBeVisible(ARRIVAL);
  await expect(card.getByTestId('heatmap-empty')).toBeVisible();
});

test('without the heatmap right: no side navigation entry, and the screen says so', async ({ page }) => {
  await logInAs(page, account('feedback'));
  const nav = page.getByRole('navigation', { name: 'メニュー' });
  await expect(nav.getByRole('link', { name: 'ヘルプ' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'ヒートマップ' })).toHaveCount(0);
  await page.goto('/heatmap');
  await expect(page.getByRole('heading', { level: 1, name: 'ヒートマップ' })).toBeVisible(ARRIVAL);
  await expect(page.getByTestId('heatmap-no-permission')).toHaveText('権限がありません');
});

test('today’s analysed recordings of a heat map camera: the heat drawn, the legend in minutes, a cell read by keyboard', async ({
  page,
  request,
}) => {
  test.setTimeout(480_000);
  const code = await cameraCode(request, CAMERA);
  await logInAs(page, DEMO);
  const today = await dayFromToday(page, 0);
  await analysedToday(page, code, today);
  await page.goto(`/heatmap?${new URLSearchParams({ cameras: code, start: today, end: today }).toString()}`);
  const card = page.getByTestId('heatmap-card');
  await expect(card.getByRole('heading', { level: 2, name: CAMERA })).toBeVisible(ARRIVAL);
  const picture = card.getByRole('application', { name: `${CAMERA} のヒートマップ` });
  await expect(picture).toBeVisible();
  await expect(picture.locator('canvas')).toBeVisible();
  const legend = card.getByRole('group', { name: '凡例（人・分）' });
  await expect(legend.getByTestId('heatmap-legend-mark').first()).toHaveText('0 分');
  await expect(card.getByTestId('heatmap-total')).toHaveText(/^合計 .+ 分（解析した時間 \d+ 時間）$/);
  // The picture takes focus on the hottest cell; an arrow moves one cell and the live line reads it.
  await picture.focus();
  const reading = card.getByTestId('heatmap-cell-value');
  await expect(reading).toHaveText(/^列 \d+・行 \d+：.+ 分$/);
  await page.keyboard.press('Home');
  await expect(reading).toHaveText(/^列 1・行 \d+：.+ 分$/);
  await page.keyboard.press('ArrowRight');
  await expect(reading).toHaveText(/^列 2・行 \d+：.+ 分$/);
  await page.screenshot({ path: test.info().outputPath('heatmap-analysed-ja.png'), fullPage: true });
});

test('a batch download of today’s heat map: the dialog, progress to a ready ZIP of the image, the recent list and the notification', async ({
  page,
  request,
}) => {
  test.setTimeout(480_000);
  const code = await cameraCode(request, CAMERA);
  await logInAs(page, DEMO);
  await analysedToday(page, code, await dayFromToday(page, 0));
  await page.goto(`/heatmap?${new URLSearchParams({ cameras: code }).toString()}`);
  await expect(page.getByRole('heading', { level: 1, name: 'ヒートマップ' })).toBeVisible(ARRIVAL);

  await page.getByRole('button', { name: '一括ダウンロード' }).click();
  const dialog = page.getByRole('dialog', { name: 'ヒートマップの一括ダウンロード' });
  await expect(dialog).toBeVisible();
  // The demo account's allowance: 50 GB a month, whatever this month has used.
  await expect(dialog.getByTestId('heatmap-download-allowance')).toHaveText(
    /^今月のダウンロード量：[\d.,]+ (B|KB|MB|GB) \/ 50 GB$/,
  );
  const today = await dayFromToday(page, 0);
  await dialog.getByLabel('開始日').fill(today);
  await dialog.getByLabel('終了日').fill(today);
  await dialog.getByRole('radio', { name: '1日ごとに1枚' }).check();
  await expect(dialog.getByTestId('heatmap-download-count')).toHaveText('1台 × 1日 = 1枚の画像');
  await dialog.getByRole('button', { name: 'ダウンロードを依頼' }).click();

  const link = dialog.getByRole('link', { name: 'ZIPファイルをダウンロード' });
  await expect(link).toBeVisible({ timeout: 60_000 });
  await expect(dialog.getByTestId('heatmap-download-kept')).toContainText('7日間');
  const href = await link.getAttribute('href');
  expect(href).toMatch(/^\/api\/heatmap\/downloads\/\d+\/file$/);
  await page.screenshot({ path: test.info().outputPath('heatmap-download-ready-ja.png') });
  const file = await page.request.get(href!);
  expect(file.status()).toBe(200);
  // The ZIP holds today's image of the camera (a PNG named after it) and the README.
  const entries = unzipSync(new Uint8Array(await file.body()));
  const name = `${CAMERA.replaceAll(' ', '_')}_${code}_${today}.png`;
  expect(Object.keys(entries).sort()).toEqual(['README.txt', name].sort());
  expect(Buffer.from(entries[name]!.subarray(0, 8)).toString('hex')).toBe('89504e470d0a1a0a');

  await dialog.getByRole('button', { name: '閉じる' }).last().click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: '最近のダウンロード' }).click();
  const row = page.locator(`[data-testid="heatmap-download-row"][data-download="${href!.split('/')[4]}"]`);
  await expect(row).toHaveAttribute('data-status', 'ready');
  await expect(row.getByRole('link', { name: 'ZIPファイルをダウンロード' })).toHaveAttribute('href', href!);

  // The download-ready notification of the heat map kind, in the Download tab, links to the same file.
  await page.goto('/notification?actTab=Download');
  const notification = page
    .locator('[data-notification]')
    .filter({ hasText: 'ヒートマップの一括ダウンロードの準備ができました。' })
    .first();
  await expect(notification).toBeVisible(ARRIVAL);
  await expect(notification.getByRole('link', { name: '開く' })).toHaveAttribute('href', href!);
});
