// Issue 22, the continuous timeline above the detail page's minute grid, on the demo's real recordings (the e2e
// server runs the simulated cameras): zoomed in on the newest recordings, hovering a recorded part shows that
// minute's snapshot; dragging over the strip shows the snapshot under the pointer and, released, plays the
// recording there; the keys zoom and pan it; a range selected before the camera's first recording says so
// instead of opening the download; a range over the recordings opens the download dialog with that range,
// and the job makes the file.
import { expect, test } from '../support/fixtures.ts';
import { DEMO } from '../support/accounts.ts';
import { DetailPage, liveCamera, waitForRecordedMinute } from '../pages/detail-player.ts';
import { logInAs } from '../pages/session.ts';

/** Where screenshots go (E2E_SHOTS_DIR keeps them out of the shared test-results folder). */
const SHOTS = process.env.E2E_SHOTS_DIR ?? 'test-results';

// Copied from web/src/features/player/continuous-timeline-texts.ts and web/src/locales/ja.ts on purpose.
const texts = {
  strip: '連続タイムライン',
  zoomIn: '拡大',
  zoomOut: '縮小',
  now: '現在へ',
  selectRange: '範囲を選んで書き出す',
  thumbnail: /のスナップショット$/,
  nothing: /には録画がありません。/,
  beforeFirst: /このカメラの録画は\d{4}-\d{2}-\d{2} \d{2}:\d{2}からです。/,
  download: '録画ダウンロード',
  start: '開始日時',
  end: '終了日時',
  request: 'ダウンロードを依頼',
  fileLink: 'ファイルをダウンロード',
  span: /^表示幅：(\d+)(分|時間|日)$/,
};

test('timeline scrub shows a thumbnail and plays', async ({ page, request }) => {
  // A fresh server's simulated cameras finish their first one-minute clip up to two minutes after start; two
  // recorded minutes are awaited so the scrub can go from one to the other.
  test.setTimeout(360_000);
  const camera = await liveCamera(request, DEMO);
  const first = await waitForRecordedMinute(request, camera.code, 170_000);
  await expect
    .poll(async () => (await waitForRecordedMinute(request, camera.code, 10_000)) > first, {
      timeout: 150_000,
      intervals: [5_000],
    })
    .toBe(true);

  await logInAs(page, DEMO);
  // The LIVE choice is remembered in the browser (core.md §4): start with it off.
  await page.evaluate(() => localStorage.setItem('camwatch.liveSwitch', 'false'));
  const detail = new DetailPage(page);
  await detail.goto(camera.code);
  const strip = page.getByRole('slider', { name: texts.strip });
  // The page and the strip's own chunk: slow on a busy 2-core runner.
  await expect(strip).toBeVisible({ timeout: 60_000 });
  await expect(strip).toHaveAttribute('aria-valuetext', /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}（.+）$/);

  // Zoom in from 6 hours to 10-20 minutes and go to now: the newest recordings fill part of the strip.
  const span = page.getByTestId('timeline-span');
  await expect(span).toHaveText('表示幅：6時間');
  for (let i = 0; i < 5; i++) await page.getByRole('button', { name: texts.zoomIn }).click();
  await page.getByRole('button', { name: texts.now }).click();
  await expect(span).toHaveText(/^表示幅：1\d分$/);
  const recorded = page.getByTestId('timeline-recorded');
  await expect(recorded.first()).toBeVisible({ timeout: 20_000 });
  await page.screenshot({ path: `${SHOTS}/continuous-timeline-zoomed.png` });

  // The keyboard zooms and pans the strip too: its value (the middle) moves back with the left arrow.
  await strip.focus();
  const valueBefore = Number(await strip.getAttribute('aria-valuenow'));
  await page.keyboard.press('ArrowLeft');
  await expect.poll(async () => Number(await strip.getAttribute('aria-valuenow'))).toBeLessThan(valueBefore);
  await page.keyboard.press('-');
  await expect(span).toHaveText(/^表示幅：\d+分$/);
  await page.keyboard.press('+');
  await page.getByRole('button', { name: texts.now }).click();

  // Hovering a recorded part shows the snapshot of that minute.
  const track = (await strip.boundingBox())!;
  const block = (await recorded.last().boundingBox())!;
  const target = { x: block.x + block.width * 0.5, y: track.y + 10 };
  await page.mouse.move(target.x, target.y);
  const thumb = page.getByRole('img', { name: texts.thumbnail });
  await expect(thumb).toBeVisible({ timeout: 15_000 });
  await expect.poll(() => thumb.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  await page.screenshot({ path: `${SHOTS}/continuous-timeline-hover.png` });

  // Drag from the oldest recorded part to the newest: the snapshot follows the pointer, and the release plays
  // the recording there.
  const oldest = (await recorded.first().boundingBox())!;
  await page.mouse.move(oldest.x + Math.min(oldest.width - 2, 8), target.y);
  await page.mouse.down();
  await page.mouse.move(target.x - 20, target.y, { steps: 5 });
  await page.mouse.move(target.x, target.y, { steps: 3 });
  await expect(page.getByTestId('snapshot-thumb')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/continuous-timeline-scrub.png` });
  await page.mouse.up();
  await expect
    .poll(async () => (await detail.videoState()).currentTime, { timeout: 30_000 })
    .toBeGreaterThan(0.3);
  expect((await detail.videoState()).paused).toBe(false);
  await expect(page.getByTestId('timeline-playhead')).toBeVisible();
  // The playhead stands where the release was (within the minute's few pixels).
  const playhead = (await page.getByTestId('timeline-playhead').boundingBox())!;
  expect(Math.abs(playhead.x - target.x)).toBeLessThan(track.width / 10);
  await page.screenshot({ path: `${SHOTS}/continuous-timeline-playing.png` });

  // A range before the camera's first recording (the e2e server's data start fresh; Home goes a week back): a
  // clear message, no dialog.
  await strip.focus();
  await page.keyboard.press('Home');
  await page.getByRole('button', { name: texts.selectRange }).click();
  await page.mouse.move(track.x + track.width * 0.3, target.y);
  await page.mouse.down();
  await page.mouse.move(track.x + track.width * 0.6, target.y, { steps: 4 });
  await page.mouse.up();
  const message = page.getByTestId('timeline-message');
  await expect(message).toContainText(texts.nothing);
  await expect(message).toContainText(texts.beforeFirst);
  await expect(page.getByRole('dialog', { name: texts.download })).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/continuous-timeline-nothing.png` });

  // Shift+drag over the whole strip zoomed out to 6 hours, from the gap before the camera's first recording to
  // now: the download dialog opens on the recorded part only, says it was trimmed, and the job makes the file.
  for (let i = 0; i < 5; i++) await page.getByRole('button', { name: texts.zoomOut }).click();
  await expect(span).toHaveText('表示幅：6時間');
  await page.getByRole('button', { name: texts.now }).click();
  const now = Date.now();
  const coverage = await request.get(`/api/cameras/${camera.code}/coverage`, {
    params: {
      from: new Date(now - 6 * 3_600_000).toISOString(),
      to: new Date(now).toISOString(),
      bucket: 3600,
    },
  });
  expect(coverage.status()).toBe(200);
  const firstRecorded = Date.parse(
    ((await coverage.json()) as { data: { first_recorded: string } }).data.first_recorded,
  );
  await page.keyboard.down('Shift');
  await page.mouse.move(track.x + 3, target.y);
  await page.mouse.down();
  await page.mouse.move(track.x + track.width - 2, target.y, { steps: 5 });
  await page.mouse.up();
  await page.keyboard.up('Shift');
  const dialog = page.getByRole('dialog', { name: texts.download });
  await expect(dialog).toBeVisible();
  // datetime-local values, read in the browser's zone.
  const momentOf = async (label: string) => {
    const value = await dialog.getByLabel(label).inputValue();
    return page.evaluate((v) => new Date(v).getTime(), value);
  };
  const [startMs, endMs] = [await momentOf(texts.start), await momentOf(texts.end)];
  expect(startMs).toBe(firstRecorded);
  expect(endMs).toBeGreaterThan(startMs);
  expect(endMs).toBeLessThanOrEqual(Date.now());
  await expect(dialog.getByTestId('download-note')).toContainText('範囲を録画のある');
  await page.screenshot({ path: `${SHOTS}/continuous-timeline-export.png` });
  await dialog.getByRole('button', { name: texts.request }).click();
  await expect(dialog.getByRole('link', { name: texts.fileLink })).toBeVisible({ timeout: 120_000 });
});
