// Operation analysis results (advanced.md §2 operation-analysis/results and /results/{id}, §4 job states, §5 at
// most 3 hours; issue 15) on the TLT server (ENVIRONMENT_MODE TLT:3, the demo's line camera recording the
// simulator's factory line, with the seeded operation areas over its two work stations): from the side navigation
// to the results list, a request of the line camera's recorded minutes through the request dialog (a period over
// 3 hours and a threshold out of range refused as typed, each threshold explained), the analysis running and then
// completed, and its result: each station's working time (the workers reach into their trays all the time), its
// sessions on the time line linking into the recording, the chart and the CSV. An unknown analysis goes to
// notfound.
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { logInAs } from '../pages/session.ts';
import { LINE_CAMERA, lineCameraCode, TLT_DEMO } from '../pages/tlt.ts';

const AREAS = ['ライン A 作業台', 'ライン B 検査台'];
const texts = {
  nav: '作業分析',
  title: '作業分析の結果一覧',
  newAnalysis: '分析を依頼',
  dialog: '作業分析を依頼',
  camera: 'カメラ',
  start: '開始日時',
  end: '終了日時',
  tooLong: '期間は3時間以内にしてください。',
  frameThreshold: /^検出フレーム閾値/,
  frameHelp: /何枚続いたら作業の開始/,
  outOfRange: '1〜1000 の範囲で入力してください',
  submit: '依頼する',
  completed: '完了',
  resultTitle: `作業分析の結果: ${LINE_CAMERA}`,
  csv: 'CSVダウンロード',
  notFound: 'ページが見つかりません',
  later: 'あとで',
};

/** Waits until the line camera has recorded at least one minute (its agent uploads each minute once it ends). */
async function waitForRecording(request: APIRequestContext, code: string): Promise<void> {
  await expect
    .poll(
      async () => {
        const now = Date.now();
        for (const start of [now - (now % 3_600_000), now - (now % 3_600_000) - 3_600_000]) {
          const answer = await request.get(`/api/cameras/${code}/archives`, {
            params: { start_date: new Date(start).toISOString(), period: 1 },
          });
          const { archives } = ((await answer.json()) as { data: { archives: { has_data: boolean }[] } })
            .data;
          if (archives.some((a) => a.has_data)) return true;
        }
        return false;
      },
      { timeout: 180_000, intervals: [3_000] },
    )
    .toBe(true);
}

async function dismissOffer(page: Page) {
  await page
    .getByRole('button', { name: texts.later })
    .click({ timeout: 2_000 })
    .catch(() => {});
}

/** A datetime-local value in the browser's zone (Asia/Tokyo). */
const local = (ms: number) => new Date(ms + 9 * 3_600_000).toISOString().slice(0, 16);

/** m:ss or h:mm:ss as seconds. */
const seconds = (clock: string) => clock.split(':').reduce((sum, part) => sum * 60 + Number(part), 0);

test('request an operation analysis of the line camera, see it complete and open each station’s working time', async ({
  page,
  request,
  consoleGuard,
}) => {
  test.setTimeout(420_000);
  const code = await lineCameraCode(request);
  await waitForRecording(request, code);
  await logInAs(page, TLT_DEMO);
  await dismissOffer(page);

  await page.getByRole('link', { name: texts.nav, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: texts.title })).toBeVisible();
  await page.getByRole('button', { name: texts.newAnalysis }).click();
  const dialog = page.getByRole('dialog', { name: texts.dialog });
  await dialog.getByRole('combobox', { name: texts.camera }).click();
  await page.getByRole('option', { name: LINE_CAMERA }).click();
  // The camera's saved areas are named, and each threshold is explained.
  await expect(dialog.getByTestId('request-areas')).toContainText(AREAS[0]!);
  const frameThreshold = dialog.getByRole('textbox', { name: texts.frameThreshold });
  await expect(frameThreshold).toHaveAccessibleDescription(texts.frameHelp);
  // A threshold out of range and a period over 3 hours are refused as typed.
  await frameThreshold.fill('0');
  await expect(dialog.getByText(texts.outOfRange)).toBeVisible();
  await expect(dialog.getByRole('button', { name: texts.submit })).toBeDisabled();
  await frameThreshold.fill('5');
  const end = Date.now() - 60_000;
  await dialog.getByLabel(texts.start).fill(local(end - 4 * 3_600_000));
  await dialog.getByLabel(texts.end).fill(local(end));
  await expect(dialog.getByText(texts.tooLong)).toBeVisible();
  await expect(dialog.getByRole('button', { name: texts.submit })).toBeDisabled();
  // The last 20 minutes: every minute the camera has recorded since the server started.
  await dialog.getByLabel(texts.start).fill(local(Date.now() - 20 * 60_000));
  await dialog.getByLabel(texts.end).fill(local(Date.now()));
  await page.screenshot({ path: test.info().outputPath('request.png') });
  await dialog.getByRole('button', { name: texts.submit }).click();

  // The result page: running, then completed (the engine runs at background priority on the shared cores).
  await expect(page).toHaveURL(/\/operation-analysis\/results\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: texts.resultTitle })).toBeVisible();
  await expect(page.getByTestId('analysis-state')).toHaveText(texts.completed, { timeout: 300_000 });
  const areas = page.getByTestId('area-row');
  await expect(areas).toHaveCount(2);
  await page.screenshot({ path: test.info().outputPath('result.png'), fullPage: true });
  // Both workers reach into their trays much of the time: each station has working time and sessions.
  const recorded = seconds(
    /録画のある時間 ([\d:]+)/.exec((await page.getByTestId('recorded-time').textContent()) ?? '')![1]!,
  );
  expect(recorded).toBeGreaterThan(0);
  for (const [i, name] of AREAS.entries()) {
    const row = areas.nth(i);
    await expect(row).toContainText(name);
    const working = seconds((await row.getByTestId('area-working').textContent())!);
    expect(working, name).toBeGreaterThan(0);
    expect(working, name).toBeLessThanOrEqual(recorded);
    expect(Number(await row.getByTestId('area-sessions').textContent()), name).toBeGreaterThanOrEqual(1);
  }
  // The time line: a row per area, sessions as links into the recording at their start.
  await expect(page.getByTestId('timeline-row')).toHaveCount(2);
  const session = page.getByTestId('timeline-session').first();
  await expect(session).toHaveAttribute('href', new RegExp(`^/detail/${code}\\?date=`));
  await expect(page.getByTestId('working-chart')).toBeVisible();
  await expect(page.getByTestId('session-row').first()).toBeVisible();

  // The CSV: a header, a row per session and a total per area.
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: texts.csv }).click();
  const csv = await (await download).path();
  const { readFile } = await import('node:fs/promises');
  const lines = (await readFile(csv, 'utf8'))
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  expect(lines[0]).toBe('作業エリア,開始時刻,終了時刻,作業秒数,非作業秒数,作業回数');
  expect(lines).toHaveLength(1 + (await page.getByTestId('session-row').count()) + 2);

  // A session's link opens the recording at its start on the camera's detail page.
  const href = (await session.getAttribute('href'))!;
  await session.click();
  await expect(page).toHaveURL(href);

  // Back in the list, the analysis is listed as completed.
  await page.goto('/operation-analysis/results');
  await expect(page.getByTestId('analysis-row').first().getByTestId('analysis-state')).toHaveText(
    texts.completed,
  );

  // An unknown analysis goes to notfound (its 404 is the answer the browser logs).
  consoleGuard.allow(/status of 404/);
  await page.goto('/operation-analysis/results/987654321');
  await expect(page.getByRole('heading', { name: texts.notFound })).toBeVisible();
});
