// Person tracking (advanced.md §2 person-tracking/results and /results/{id}, §4 job states, §5 at most 3 hours) on
// the TLT server (ENVIRONMENT_MODE TLT:3, the demo's line camera recording the simulator's factory line): from the
// side navigation to the results list, a request of the recorded minutes of the line camera through the request
// dialog (a period over 3 hours refused as typed), the analysis running with its progress and then completed, and
// its result: the tracked workers listed with their times, their paths drawn over the camera's picture, a link into
// the recording and the CSV. An unknown analysis goes to notfound.
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { logInAs } from '../pages/session.ts';
import { LINE_CAMERA, lineCameraCode, TLT_DEMO } from '../pages/tlt.ts';

const texts = {
  nav: '人物追跡',
  title: '人物追跡の結果一覧',
  newAnalysis: '分析を依頼',
  dialog: '人物追跡の分析を依頼',
  camera: 'カメラ',
  start: '開始日時',
  end: '終了日時',
  tooLong: '期間は3時間以内にしてください。',
  submit: '依頼する',
  completed: '完了',
  resultTitle: `人物追跡の結果: ${LINE_CAMERA}`,
  picture: `${LINE_CAMERA}の画像と人物の経路`,
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

const local = (ms: number) => {
  const d = new Date(ms + 9 * 3_600_000); // the browser runs in Asia/Tokyo
  return d.toISOString().slice(0, 16);
};

test('request a person tracking analysis of the line camera, see it complete and open the tracked workers', async ({
  page,
  request,
  consoleGuard,
}) => {
  test.setTimeout(420_000);
  const code = await lineCameraCode(request);
  await waitForRecording(request, code);
  await logInAs(page, TLT_DEMO);
  await dismissOffer(page);

  await page.getByRole('link', { name: texts.nav }).click();
  await expect(page.getByRole('heading', { level: 1, name: texts.title })).toBeVisible();
  await page.getByRole('button', { name: texts.newAnalysis }).click();
  const dialog = page.getByRole('dialog', { name: texts.dialog });
  await dialog.getByRole('combobox', { name: texts.camera }).click();
  await page.getByRole('option', { name: LINE_CAMERA }).click();
  // Over 3 hours is refused as typed; the default (the last hour) is fine.
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
  await expect(page.getByTestId('analysis-state')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('running.png') });

  // The result page: running, then completed (the analysis takes the engine a while on the shared cores).
  await expect(page).toHaveURL(/\/person-tracking\/results\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: texts.resultTitle })).toBeVisible();
  await expect(page.getByTestId('analysis-state')).toHaveText(texts.completed, { timeout: 300_000 });
  const rows = page.getByTestId('person-row');
  await expect(rows.first()).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('result.png') });
  expect(await rows.count()).toBeGreaterThanOrEqual(1);
  // Each tracked worker has a path drawn over the picture.
  const picture = page.getByRole('img', { name: texts.picture });
  await expect(picture.locator('polyline').first()).toBeVisible();
  await expect(picture.locator('polyline')).toHaveCount(await rows.count());
  // A link into the recording at the moment the first worker was first seen.
  const watch = rows.first().getByRole('link').first();
  await expect(watch).toHaveAttribute('href', new RegExp(`^/detail/${code}\\?date=`));
  // The CSV: a header and one row per worker.
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: texts.csv }).click();
  const csv = await (await download).path();
  const { readFile } = await import('node:fs/promises');
  const lines = (await readFile(csv, 'utf8'))
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  expect(lines[0]).toMatch(/^人物ID,最初の時刻,最後の時刻/);
  expect(lines).toHaveLength((await rows.count()) + 1);

  // Back in the list, the analysis is listed as completed.
  await page.getByRole('link', { name: '結果一覧へ' }).click();
  await expect(page.getByTestId('analysis-row').first().getByTestId('analysis-state')).toHaveText(
    texts.completed,
  );
  await page.screenshot({ path: test.info().outputPath('list.png'), fullPage: true });

  // An unknown analysis goes to notfound (its 404 is the answer the browser logs).
  consoleGuard.allow(/status of 404/);
  await page.goto('/person-tracking/results/987654321');
  await expect(page.getByRole('heading', { name: texts.notFound })).toBeVisible();
});
