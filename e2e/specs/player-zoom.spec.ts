// Player tools (issue 22): digital zoom changes the picture — of live stills and of a recorded minute — and
// pan moves it; after a reset the paused recording's picture is as before; video info's drawings follow the
// zoom; frame step moves a paused recording by one frame and back. Screenshots of the player frame are
// compared pixel by pixel in the browser (the controller and the zoom badge hidden).
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { DEMO } from '../support/accounts.ts';
import { DetailPage, liveCamera } from '../pages/detail-player.ts';
import { logInAs } from '../pages/session.ts';

/** Where screenshots go (E2E_SHOTS_DIR keeps them out of the shared test-results folder). */
const SHOTS = process.env.E2E_SHOTS_DIR ?? 'test-results';

// Copied from web/src/locales/ja.ts and features/player/player-tools-texts.ts on purpose (see pages/texts.ts).
const texts = {
  area: '映像',
  pause: '一時停止',
  zoomIn: 'ズームイン（+）',
  zoomOut: 'ズームアウト（-）',
  zoomReset: 'ズームを元に戻す（0）',
  previousFrame: '前のフレーム（,）',
  nextFrame: '次のフレーム（.）',
};

/** What the screenshots leave out: the controller and the zoom badge, which are not the picture. */
const HIDE =
  '[data-testid="player-controller"], [data-testid="zoom-level"] { visibility: hidden !important; }';

async function shot(frame: Locator, name: string): Promise<Buffer> {
  // From the page's top, where the whole frame shows below the app header (scrolled, the header covers it).
  await frame.page().evaluate(() => window.scrollTo(0, 0));
  return frame.screenshot({ path: `${SHOTS}/player-zoom-${name}.png`, style: HIDE, animations: 'disabled' });
}

/** The share of pixels (0-1) whose colour differs by more than 24 in some channel between two PNGs. */
async function differentPixels(page: Page, a: Buffer, b: Buffer): Promise<number> {
  return page.evaluate(
    async ([first, second]) => {
      const load = async (base64: string) => {
        // Decoded here, not fetched: the app's CSP allows no data: connections.
        const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
        const blob = new Blob([bytes], { type: 'image/png' });
        const bitmap = await createImageBitmap(blob);
        const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
        const context = canvas.getContext('2d')!;
        context.drawImage(bitmap, 0, 0);
        return context.getImageData(0, 0, bitmap.width, bitmap.height);
      };
      const [x, y] = await Promise.all([load(first), load(second)]);
      if (x.width !== y.width || x.height !== y.height) return 1;
      let differing = 0;
      for (let i = 0; i < x.data.length; i += 4) {
        if (
          Math.abs(x.data[i]! - y.data[i]!) > 24 ||
          Math.abs(x.data[i + 1]! - y.data[i + 1]!) > 24 ||
          Math.abs(x.data[i + 2]! - y.data[i + 2]!) > 24
        )
          differing++;
      }
      return differing / (x.width * x.height);
    },
    [a.toString('base64'), b.toString('base64')] as const,
  );
}

const pad = (n: number) => String(n).padStart(2, '0');
/** `YYYY-MM-DDTHH:00:00+09:00`: the hour holding `ms` in Japan, where the suite's browser runs. */
const japanHour = (ms: number) => {
  const d = new Date(ms + 9 * 3_600_000);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}T${pad(d.getUTCHours())}:00:00+09:00`;
};

/** The recorded minutes of the hour holding `ms`: each minute's start and whether it has a clip. */
async function hourArchives(request: APIRequestContext, code: string, ms: number) {
  const answer = await request.get(`/api/cameras/${code}/archives`, {
    params: { start_date: japanHour(ms), period: 1 },
  });
  expect(answer.status()).toBe(200);
  const { archives } = (
    (await answer.json()) as { data: { archives: { start_time: string; has_data: boolean }[] } }
  ).data;
  return archives.map((a) => ({ start: Date.parse(a.start_time), hasData: a.has_data }));
}

/**
 * Waits until the camera has recorded two minutes one after the other within one hour (the timeline's 1H
 * period), and answers the later one's start: frame step back from its first frame has a minute to go to.
 */
async function waitForTwoMinutes(request: APIRequestContext, code: string, timeoutMs: number) {
  let found: number | null = null;
  await expect
    .poll(
      async () => {
        for (const ms of [Date.now(), Date.now() - 3_600_000]) {
          const list = await hourArchives(request, code, ms);
          for (let i = list.length - 1; i > 0; i--)
            if (list[i]!.hasData && list[i - 1]!.hasData) {
              found = list[i]!.start;
              return true;
            }
        }
        return false;
      },
      { timeout: timeoutMs, intervals: [2_000] },
    )
    .toBe(true);
  return found!;
}

/** The zoom the frame says it has (1 when not zoomed). */
const zoomOf = async (frame: Locator) => Number((await frame.getAttribute('data-zoom')) ?? '1');

test('zoom changes the picture, on live and on a recording; frame step moves one frame', async ({
  page,
  request,
}) => {
  // A fresh server's simulated cameras finish their first one-minute clip up to two minutes after start, and
  // the second (frame step crosses from it into the first) a minute later.
  test.setTimeout(300_000);
  const camera = await liveCamera(request, DEMO);
  const detail = new DetailPage(page);
  await logInAs(page, DEMO);
  await detail.goto(camera.code);
  const frame = page.getByRole('region', { name: texts.area, exact: true });

  // Live stills: + on the focused picture zooms around the centre, the badge says 2.0×, 0 resets.
  await expect(detail.liveSwitch).toBeChecked();
  await expect.poll(() => detail.canvasHasPixels(), { timeout: 30_000 }).toBe(true);
  const liveBefore = await shot(frame, 'live-before');
  await frame.focus();
  await page.keyboard.type('+'); // type: press() reads + as a key combination
  await page.keyboard.type('+');
  await expect(page.getByTestId('zoom-level')).toContainText('2.0×');
  expect(await zoomOf(frame)).toBe(2);
  const canvasTransform = await detail.canvas.evaluate((element) => getComputedStyle(element).transform);
  expect(canvasTransform).toMatch(/^matrix\(2, 0, 0, 2, -[\d.]+, -[\d.]+\)$/);
  const liveZoomed = await shot(frame, 'live-zoomed');
  expect(await differentPixels(page, liveBefore, liveZoomed)).toBeGreaterThan(0.05);
  await page.keyboard.press('0');
  await expect(page.getByTestId('zoom-level')).toHaveCount(0);
  expect(await detail.canvas.evaluate((element) => getComputedStyle(element).transform)).toBe('none');

  // A recorded minute, paused.
  const minute = await waitForTwoMinutes(request, camera.code, 240_000);
  await detail.liveSwitch.click({ force: true }); // Mantine's track covers its input
  await expect(detail.liveSwitch).not.toBeChecked();
  await page.reload();
  // The reloaded page's timeline may take a while on a loaded machine.
  await expect(detail.timelineLines.first()).toBeVisible({ timeout: 30_000 });
  const button = await detail.revealMinute(minute);
  await button.click();
  await expect
    .poll(async () => (await detail.videoState()).currentTime, { timeout: 20_000 })
    .toBeGreaterThan(1.5);
  await page.getByRole('button', { name: texts.pause }).click();
  await expect.poll(async () => (await detail.videoState()).paused).toBe(true);
  const before = await shot(frame, 'recorded-before');

  // The wheel zooms around the pointer; a drag pans; the drawings of video info follow.
  const box = (await frame.boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.3, box.y + box.height * 0.4);
  await page.mouse.wheel(0, -400);
  await expect.poll(() => zoomOf(frame)).toBeGreaterThan(1.5);
  const videoTransform = () => detail.video.evaluate((element) => getComputedStyle(element).transform);
  const zoomedTransform = await videoTransform();
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.5, box.y + box.height * 0.5, { steps: 5 });
  await page.mouse.up();
  await expect.poll(videoTransform).not.toBe(zoomedTransform);
  const drawings = page.getByRole('group', { name: '映像情報の表示' }).locator('svg');
  await expect(drawings).toHaveCount(1);
  expect(await drawings.evaluate((element) => getComputedStyle(element).transform)).toBe(
    await videoTransform(),
  );
  const zoomed = await shot(frame, 'recorded-zoomed');
  expect(await differentPixels(page, before, zoomed)).toBeGreaterThan(0.05);

  // The buttons: out, in, and the badge's reset; a double-click zooms to 2× and back.
  const zoomLevel = page.getByTestId('zoom-level');
  await frame.hover();
  await page.getByRole('button', { name: texts.zoomIn }).click();
  await page.screenshot({ path: `${SHOTS}/player-zoom-controls.png` });
  await page.getByRole('button', { name: texts.zoomOut }).click();
  await zoomLevel.getByRole('button', { name: texts.zoomReset }).click();
  await expect(zoomLevel).toHaveCount(0);
  await frame.dblclick({ position: { x: box.width * 0.7, y: box.height * 0.3 } });
  await expect(zoomLevel).toContainText('2.0×');
  await frame.dblclick({ position: { x: box.width * 0.7, y: box.height * 0.3 } });
  await expect(zoomLevel).toHaveCount(0);
  const after = await shot(frame, 'recorded-reset');
  expect(await differentPixels(page, before, after)).toBeLessThan(0.005);

  // Frame step: `.` one frame forward, `,` back again; the buttons do the same.
  await frame.focus();
  const start = (await detail.videoState()).currentTime;
  await page.keyboard.press('.');
  await expect.poll(async () => (await detail.videoState()).currentTime).toBeGreaterThan(start + 0.01);
  const forward = (await detail.videoState()).currentTime - start;
  expect(forward).toBeLessThanOrEqual(1.001); // the agent records at least 1 fps
  await page.keyboard.press(',');
  await expect.poll(async () => (await detail.videoState()).currentTime).toBeCloseTo(start, 2);
  await frame.hover();
  await page.getByRole('button', { name: texts.nextFrame }).click();
  await expect.poll(async () => (await detail.videoState()).currentTime).toBeCloseTo(start + forward, 2);
  await page.getByRole('button', { name: texts.previousFrame }).click();
  await expect.poll(async () => (await detail.videoState()).currentTime).toBeCloseTo(start, 2);
  expect((await detail.videoState()).paused).toBe(true);

  // On the clip's first frame, `,` goes to the previous recorded minute's last frame, paused.
  const toStart = () =>
    detail.video.evaluate((element) => {
      (element as HTMLVideoElement).currentTime = 0;
    });
  await toStart();
  await expect.poll(async () => (await detail.videoState()).currentTime).toBe(0);
  await frame.focus();
  await page.keyboard.press(',');
  await expect(detail.minuteButton(await detail.localTime(minute - 60_000))).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  // Its last frame: within a frame (at most 1 s) of its end; a first clip may be shorter than the minute.
  const toEnd = () =>
    detail.video.evaluate((element) => {
      const video = element as HTMLVideoElement;
      return video.currentTime > 0 ? video.duration - video.currentTime : Number.POSITIVE_INFINITY;
    });
  await expect.poll(toEnd).toBeLessThan(1);
  expect((await detail.videoState()).paused).toBe(true);
  await page.screenshot({ path: `${SHOTS}/player-zoom-frame-crossed.png` });

  // The hour's first recorded minute has none before it in the period: `,` on its first frame says so.
  const first = (await hourArchives(request, camera.code, minute)).find((a) => a.hasData)!.start;
  await detail.minuteButton(await detail.localTime(first)).click();
  await expect.poll(async () => (await detail.videoState()).currentTime).toBeGreaterThan(0.3);
  await page.getByRole('button', { name: texts.pause }).click();
  await expect.poll(async () => (await detail.videoState()).paused).toBe(true);
  await toStart();
  await expect.poll(async () => (await detail.videoState()).currentTime).toBe(0);
  await frame.focus();
  await page.keyboard.press(',');
  await expect(page.getByTestId('frame-edge')).toHaveAttribute('data-edge', 'start');
  expect((await detail.videoState()).currentTime).toBe(0);
  await page.screenshot({ path: `${SHOTS}/player-zoom-frame-step.png` });
});

test('two fingers pinch the live picture', async ({ page, request }) => {
  const camera = await liveCamera(request, DEMO);
  const detail = new DetailPage(page);
  await logInAs(page, DEMO);
  await detail.goto(camera.code);
  const frame = page.getByRole('region', { name: texts.area, exact: true });
  await expect.poll(() => detail.canvasHasPixels(), { timeout: 30_000 }).toBe(true);
  const box = (await frame.boundingBox())!;
  const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  // Touches through the DevTools protocol: the browser turns them into touch pointer events.
  const cdp = await page.context().newCDPSession(page);
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', spread: number | null) =>
    cdp.send('Input.dispatchTouchEvent', {
      type,
      touchPoints:
        spread === null
          ? []
          : [
              { id: 1, x: centre.x - spread, y: centre.y },
              { id: 2, x: centre.x + spread, y: centre.y },
            ],
    });
  await touch('touchStart', 40);
  for (let spread = 60; spread <= 100; spread += 20) await touch('touchMove', spread);
  await touch('touchEnd', null);
  // The fingers went from 80 to 200 px apart: 2.5×, around the middle.
  await expect.poll(() => zoomOf(frame)).toBeCloseTo(2.5, 1);
  await expect(page.getByTestId('zoom-level')).toContainText('2.5×');
});
