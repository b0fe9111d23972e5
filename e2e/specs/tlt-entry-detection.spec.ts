// TLT features of the camera detail screen, on the TLT server (ENVIRONMENT_MODE TLT:3, only the demo's two
// line cameras recording): the video info's enter alert and operation analysis areas (core.md §2), entry
// alerts found in the simulated camera's real recordings as timeline markers under the enterAlert filter, and
// the more-menu's enter-alert CSV download (UTF-8 with byte-order mark, core.md §9).
import fs from 'node:fs/promises';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { DetailPage } from '../pages/detail-player.ts';
import { logInAs } from '../pages/session.ts';
import { lineCameraCode } from '../pages/tlt.ts';

const demo = { email: 'demo@example.com', password: 'demo1234' };

const texts = {
  videoInfo: '映像情報',
  enterAlertArea: '侵入検知エリア',
  operationArea: '作業分析エリア',
  more: 'その他の操作',
  csvItem: '侵入検知CSVダウンロード',
  csvDownload: 'CSVをダウンロード',
  filter: 'イベント',
};

/** Waits for a recorded minute with an entry alert (the entry job runs on each new clip); answers its start. */
async function waitForEntryAlert(request: APIRequestContext, code: string): Promise<number> {
  let found = 0;
  await expect
    .poll(
      async () => {
        const now = Date.now();
        for (const start of [now - (now % 3_600_000), now - (now % 3_600_000) - 3_600_000]) {
          const answer = await request.get(`/api/cameras/${code}/archives`, {
            params: { start_date: new Date(start).toISOString(), period: 1 },
          });
          const { archives } = (
            (await answer.json()) as {
              data: { archives: { start_time: string; events: { enterAlert: unknown[] } }[] };
            }
          ).data;
          const withAlert = archives.filter((a) => a.events.enterAlert.length > 0).at(-1);
          if (withAlert) {
            found = Date.parse(withAlert.start_time);
            return true;
          }
        }
        return false;
      },
      { timeout: 200_000, intervals: [3_000] },
    )
    .toBe(true);
  return found;
}

test('enter alert and operation areas in video info; entry alerts on the timeline and in the CSV', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const code = await lineCameraCode(request);
  await logInAs(page, demo);
  const detail = new DetailPage(page);
  await detail.goto(code);

  // The camera's analysis settings are linked from the page.
  const settings = page.getByRole('navigation', { name: '分析の設定' });
  await expect(settings.getByRole('link', { name: '侵入検知の設定' })).toHaveAttribute(
    'href',
    `/detail/${code}/entry-detection`,
  );
  await expect(settings.getByRole('link', { name: '作業分析の設定' })).toHaveAttribute(
    'href',
    `/detail/${code}/operation-analysis`,
  );

  // Video info: both TLT checkboxes are offered for this camera and draw the seeded areas with their names.
  const showController = async () => {
    await detail.stage.scrollIntoViewIfNeeded();
    const stage = (await detail.stage.boundingBox())!;
    await page.mouse.move(stage.x + stage.width / 2, stage.y + stage.height / 3);
    await page.mouse.move(stage.x + stage.width / 2 + 5, stage.y + stage.height / 3 + 5);
    await expect(detail.controller).toHaveAttribute('data-shown', 'true');
  };
  await showController();
  await page.getByRole('button', { name: texts.videoInfo }).click();
  await page.getByRole('checkbox', { name: texts.enterAlertArea }).check();
  await page.getByRole('checkbox', { name: texts.operationArea }).check();
  await page.keyboard.press('Escape');
  const entryArea = page.getByTestId('enter-alert-area');
  await expect(entryArea).toHaveAttribute('data-name', 'プレス機前');
  await expect(entryArea.locator('text')).toHaveText('プレス機前');
  await expect(page.getByTestId('operation-area')).toHaveCount(2);
  await expect(page.getByTestId('operation-area').first()).toHaveAttribute('data-name', 'ライン A 作業台');
  // The area is drawn where the picture is: its outline has a real size on screen.
  const box = await entryArea.locator('polygon').boundingBox();
  expect(box!.width).toBeGreaterThan(50);
  expect(box!.height).toBeGreaterThan(30);

  // An entry alert found in a real recording, shown as a marker under the enterAlert filter.
  const minuteMs = await waitForEntryAlert(request, code);
  await page.reload();
  await detail.revealMinute(minuteMs);
  await page.getByLabel(texts.filter, { exact: true }).selectOption('enterAlert');
  const minute = page.locator(
    `button[data-minute="${await page.evaluate((ms) => {
      const d = new Date(ms);
      return `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
    }, minuteMs)}"]`,
  );
  await expect(minute.getByTestId('timeline-marker').first()).toBeAttached();

  // The CSV of that day: a file with the byte-order mark, the header and the alert's row.
  await showController();
  await page.getByRole('button', { name: texts.more }).click();
  await page.getByRole('menuitem', { name: texts.csvItem }).click();
  const dialog = page.getByRole('dialog', { name: texts.csvItem });
  await expect(dialog).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: texts.csvDownload }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(new RegExp(`^enter-alert_${code}_\\d{8}\\.csv$`));
  const bytes = await fs.readFile(await download.path());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.subarray(3).toString('utf8').trim().split('\r\n');
  expect(lines[0]).toBe('カメラ名,エリア名,開始日時,終了日時,継続時間(秒)');
  expect(lines.length).toBeGreaterThanOrEqual(2);
  expect(lines[1]).toMatch(/^横浜工場 ライン1,プレス機前,\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,/);
  await expect(dialog).toBeHidden();

  // The entry detection report of that day: the entry in the chart and in the history, linked to its video.
  await page
    .getByRole('navigation', { name: '分析の設定' })
    .getByRole('link', { name: '侵入検知レポート' })
    .click();
  await expect(page).toHaveURL(new RegExp(`/detail/${code}/entry-detection-report`));
  const day = await page.evaluate((ms) => {
    const d = new Date(ms);
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  }, minuteMs);
  // The report opens on today; the alert's day is today unless the test ran across midnight.
  await page.getByLabel('日付').fill(day);
  await expect(page.getByLabel('日付')).toHaveValue(day);
  const history = page.getByTestId('entry-history');
  await expect(history.getByRole('row').nth(1)).toContainText('プレス機前');
  await expect(page.getByTestId('entry-total')).toHaveText(/^侵入 [1-9]\d* 件$/);
  const chart = page.getByTestId('entry-chart');
  await expect(chart).toHaveAttribute('aria-label', /^侵入は合計 [1-9]\d* 件。/);
  await expect(chart.getByTestId('entry-bin').first()).toBeAttached();
  // Interval, chart type and continue time change the view and stay in the address.
  await page.getByText('並列', { exact: true }).click();
  await expect(page.getByRole('radio', { name: '並列' })).toBeChecked();
  await expect(page).toHaveURL(/chart=set/);
  await page.getByRole('combobox', { name: '集計の間隔' }).click();
  await page.getByRole('option', { name: '30分' }).click();
  await expect(page).toHaveURL(/interval=30/);
  await expect(chart.getByTestId('entry-bin').first()).toBeAttached();
  await page.screenshot({ path: 'test-results/entry-report.png', fullPage: true });
  await history.getByRole('link', { name: '録画を見る' }).first().click();
  await expect(page).toHaveURL(new RegExp(`/detail/${code}\\?date=`));
});
