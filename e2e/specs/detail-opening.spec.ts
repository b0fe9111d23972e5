// What the camera detail shows when it opens, and how its messages sit beside the controller (core.md §4, §9;
// issue 17 point 8): with LIVE remembered off (as skip-to-latest leaves it) a camera opens on its latest
// recording, not on a black picture asking for a time; on a phone the controller wraps to three rows, and a
// message over the picture stays above it instead of under the seek bar.
import type { APIRequestContext, Locator } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { DEMO } from '../support/accounts.ts';
import { DetailPage, waitForRecordedMinute } from '../pages/detail-player.ts';
import { logInAs } from '../pages/session.ts';

/** Where screenshots go (E2E_SHOTS_DIR keeps them out of the shared test-results folder). */
const SHOTS = process.env.E2E_SHOTS_DIR ?? 'test-results';

// Copied from web/src/locales/ja.ts on purpose (see pages/texts.ts).
const texts = {
  skipLatest: '最新の録画へ',
  selectMinute: '再生する時刻を下の一覧から選んでください',
  noData: 'データがありません',
  controls: '再生コントロール',
};

interface CameraRow {
  camera_code: string;
  camera_name: string;
  watch_status: string;
  use_streaming: boolean;
  use_nolive: boolean;
  model_code: string;
}

async function demoCameras(request: APIRequestContext) {
  const login = await request.post('/api/auth/login', { data: { ...DEMO, appKey: null } });
  expect(login.status()).toBe(200);
  const list = await request.get('/api/cameras', { params: { page: 1, count: 50 } });
  return ((await list.json()) as { data: { cameras: CameraRow[] } }).data.cameras;
}

const pad = (n: number) => String(n).padStart(2, '0');
/** `YYYY-MM-DDTHH:00:00+09:00`: the hour holding `ms` in Japan, where the suite's browser runs. */
const japanHour = (ms: number) => {
  const d = new Date(ms + 9 * 3_600_000);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}T${pad(d.getUTCHours())}:00:00+09:00`;
};

/**
 * Waits until the camera's minute two minutes before now is recorded (where skip-to-latest and the opening go,
 * core.md §9): a fresh server's first minutes are not all there yet.
 */
async function waitForLatestMinute(request: APIRequestContext, code: string) {
  await expect
    .poll(
      async () => {
        const latest = Date.now() - 2 * 60_000 - ((Date.now() - 2 * 60_000) % 60_000);
        const answer = await request.get(`/api/cameras/${code}/archives`, {
          params: { start_date: japanHour(latest), period: 1 },
        });
        if (answer.status() !== 200) return false;
        const { archives } = (
          (await answer.json()) as { data: { archives: { start_time: string; has_data: boolean }[] } }
        ).data;
        return archives.some((a) => a.has_data && Date.parse(a.start_time) === latest);
      },
      { timeout: 240_000, intervals: [2_000] },
    )
    .toBe(true);
}

type Box = { x: number; y: number; width: number; height: number };
const intersects = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
const boxOf = async (locator: Locator) => {
  const box = await locator.boundingBox();
  expect(box, 'the element is laid out').not.toBeNull();
  return box!;
};

test('after skip to latest, opening another camera plays its latest recording', async ({ page, request }) => {
  // A fresh server's simulated cameras finish their first one-minute clip up to two minutes after start.
  test.setTimeout(360_000);
  const cameras = (await demoCameras(request)).filter(
    (c) => c.watch_status === 'normal' && !c.use_streaming && !c.use_nolive && c.model_code !== 'L21',
  );
  const [first, second] = cameras;
  expect(first && second, 'the demo has two live cameras').toBeTruthy();
  await waitForRecordedMinute(request, first!.camera_code, 170_000);
  await waitForLatestMinute(request, first!.camera_code);
  await waitForLatestMinute(request, second!.camera_code);

  await logInAs(page, DEMO);
  const detail = new DetailPage(page);
  await detail.goto(first!.camera_code);
  // LIVE is on by default; skip to latest leaves it, and the choice is remembered (core.md §4).
  await expect(detail.liveSwitch).toBeChecked();
  await detail.stage.hover();
  await page.getByRole('button', { name: texts.skipLatest }).click();
  await expect(detail.liveSwitch).not.toBeChecked();
  await expect
    .poll(async () => (await detail.videoState()).currentTime, { timeout: 20_000 })
    .toBeGreaterThan(0.3);

  await detail.goto(second!.camera_code);
  await expect(detail.title).toHaveText(second!.camera_name);
  await expect(detail.liveSwitch).not.toBeChecked();
  // The latest recording plays by itself: the picture moves and its minute is the chosen one on the timeline.
  await expect
    .poll(async () => (await detail.videoState()).currentTime, { timeout: 20_000 })
    .toBeGreaterThan(0.3);
  expect((await detail.videoState()).videoWidth).toBeGreaterThan(0);
  await expect(page.getByText(texts.selectMinute)).toHaveCount(0);
  await expect(detail.minutes.locator('button[aria-pressed="true"][data-state="data"]')).toHaveCount(1);
  await page.screenshot({ path: `${SHOTS}/detail-opening-latest.png` });
});

for (const viewport of [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
]) {
  test.describe(`on a ${viewport.name}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('a message over the picture stays clear of the shown controller', async ({ page, request }) => {
      // The demo's down camera has no recordings: with LIVE off it opens on "no data".
      const down = (await demoCameras(request)).find((c) => c.watch_status === 'down');
      expect(down, 'the demo has a down camera').toBeTruthy();
      await logInAs(page, DEMO);
      await page.evaluate(() => localStorage.setItem('camwatch.liveSwitch', 'false'));
      const detail = new DetailPage(page);
      await detail.goto(down!.camera_code);
      const message = detail.stage.getByText(texts.noData);
      await expect(message).toBeVisible();

      await detail.stage.hover();
      await expect(detail.controller).toHaveAttribute('data-shown', 'true');
      const seekBar = page.getByTestId('seek-bar');
      await expect(seekBar).toBeVisible();
      const text = await boxOf(message);
      expect(intersects(text, await boxOf(seekBar)), 'the seek bar crosses the message').toBe(false);
      const toolbar = page.getByRole('toolbar', { name: texts.controls });
      expect(intersects(text, await boxOf(toolbar)), 'the controls cover the message').toBe(false);
      // And it is still over the picture.
      expect(intersects(text, await boxOf(detail.stage))).toBe(true);
      await page.screenshot({ path: `${SHOTS}/detail-opening-message-${viewport.name}.png` });
    });
  });
}
