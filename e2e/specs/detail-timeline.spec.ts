// The detail player's timeline, controller and video info on the demo's real recordings (core.md §2, §4, §9;
// advanced.md §2, §4, §9): the period switch changes the timeline's lines (1H 10, 6H 6, 24H 12); the event
// filter shows motion markers, none for the people counter (no such events yet) and falls back to all on a
// camera without the feature; hovering a minute shows its snapshot; the controller hides after 3 s idle;
// the video info date/time runs with the clip; speeds change the playback rate; a streaming camera plays live
// over HLS and its recordings as on-demand HLS. The e2e server runs the simulated cameras.
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { DEMO } from '../support/accounts.ts';
import { DetailPage, waitForRecordedMinute } from '../pages/detail-player.ts';
import { logInAs } from '../pages/session.ts';

/** Where screenshots go (E2E_SHOTS_DIR keeps them out of the shared test-results folder). */
const SHOTS = process.env.E2E_SHOTS_DIR ?? 'test-results';

// Copied from web/src/locales/ja.ts on purpose (see pages/texts.ts).
const texts = {
  filter: 'イベント',
  videoInfo: '映像情報',
  motionArea: '動体検知エリア',
  dateTime: '日時',
  speed: (n: number) => `再生速度：${n}倍`,
  thumbnail: /のスナップショット$/,
  liveSwitch: 'ライブ表示',
};

interface CameraRow {
  camera_code: string;
  camera_name: string;
  watch_status: string;
  use_streaming: boolean;
  use_motion: boolean;
  use_people_counter: boolean;
  use_nolive: boolean;
}

async function demoCameras(request: APIRequestContext) {
  const login = await request.post('/api/auth/login', { data: { ...DEMO, appKey: null } });
  expect(login.status()).toBe(200);
  const list = await request.get('/api/cameras', { params: { page: 1, count: 50 } });
  return ((await list.json()) as { data: { cameras: CameraRow[] } }).data.cameras;
}

/** Opens the camera's detail with LIVE off and plays its latest recorded minute. */
async function playLatestMinute(page: Page, request: APIRequestContext, code: string) {
  const minute = await waitForRecordedMinute(request, code, 170_000);
  const detail = new DetailPage(page);
  // The LIVE choice is remembered in the browser (core.md §4): start with it off.
  await page.evaluate(() => localStorage.setItem('camwatch.liveSwitch', 'false'));
  await detail.goto(code);
  await expect(detail.liveSwitch).not.toBeChecked();
  const button = await detail.revealMinute(minute);
  await button.click();
  await expect
    .poll(async () => (await detail.videoState()).currentTime, { timeout: 20_000 })
    .toBeGreaterThan(0.3);
  return { detail, minute, button };
}

/** The minutes (HH:mm in Tokyo, as the timeline names them) of the last two hours with people counter passes. */
async function minutesWithPasses(request: APIRequestContext, code: string): Promise<Set<string>> {
  const minutes = new Set<string>();
  const now = Date.now();
  for (const start of [now - (now % 3_600_000), now - (now % 3_600_000) - 3_600_000]) {
    const answer = await request.get(`/api/cameras/${code}/archives`, {
      params: { start_date: new Date(start).toISOString(), period: 1 },
    });
    const { archives } = (
      (await answer.json()) as {
        data: { archives: { start_time: string; events: { peopleCounter: unknown[] } }[] };
      }
    ).data;
    for (const archive of archives)
      if (archive.events.peopleCounter.length > 0)
        minutes.add(new Date(Date.parse(archive.start_time) + 9 * 3_600_000).toISOString().slice(11, 16));
  }
  return minutes;
}

test('period switch, event filter, snapshot on hover, controller hiding, video info and speeds', async ({
  page,
  request,
}) => {
  test.setTimeout(460_000);
  const cameras = await demoCameras(request);
  // A motion camera with a people counter and one without.
  const counter = cameras.find(
    (c) => c.watch_status === 'normal' && c.use_people_counter && c.use_motion && !c.use_streaming,
  )!;
  const plain = cameras.find(
    (c) =>
      c.watch_status === 'normal' &&
      !c.use_people_counter &&
      c.use_motion &&
      !c.use_streaming &&
      !c.use_nolive,
  )!;
  expect(counter && plain, 'the demo has both kinds of camera').toBeTruthy();
  await logInAs(page, DEMO);
  const { detail } = await playLatestMinute(page, request, counter.camera_code);

  // Period switch: 1H has 10 lines, 6H 6, 24H 12 (core.md §9).
  await expect(detail.timelineLines).toHaveCount(10);
  await page.getByText('6H', { exact: true }).click();
  await expect(detail.timelineLines).toHaveCount(6);
  await page.getByText('24H', { exact: true }).click();
  await expect(detail.timelineLines).toHaveCount(12);
  await page.screenshot({ path: `${SHOTS}/detail-timeline-24h.png`, fullPage: true });
  await page.getByText('1H', { exact: true }).click();
  await expect(detail.timelineLines).toHaveCount(10);

  // Event filter: motion markers once the motion job has looked at the clips; none for the people counter.
  const markers = detail.minutes.getByTestId('timeline-marker');
  await expect
    .poll(
      async () => {
        await page.reload();
        await expect(detail.timelineLines.first()).toBeVisible();
        return markers.count();
      },
      { timeout: 90_000, intervals: [5_000] },
    )
    .toBeGreaterThan(0);
  const filter = page.getByLabel(texts.filter, { exact: true });
  // Under the peopleCounter filter only minutes with counted passes (the vision job's, from the simulated people
  // crossing the demo's entrance) carry markers, not the motion ones.
  await filter.selectOption('peopleCounter');
  await expect
    .poll(async () => {
      const counted = await minutesWithPasses(request, counter.camera_code);
      const marked = await detail.minutes
        .locator('button:has([data-testid="timeline-marker"])')
        .evaluateAll((buttons) => buttons.map((b) => b.getAttribute('data-minute') ?? ''));
      return marked.filter((minute) => !counted.has(minute));
    })
    .toEqual([]);
  await filter.selectOption('all');
  await expect.poll(() => markers.count()).toBeGreaterThan(0);

  // Hovering a recorded minute shows its snapshot.
  const recorded = detail.minutes.locator('button[data-state="data"]').last();
  await recorded.hover();
  const thumb = page.getByRole('img', { name: texts.thumbnail });
  await expect(thumb).toBeVisible({ timeout: 15_000 });
  await expect.poll(() => thumb.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  await page.screenshot({ path: `${SHOTS}/detail-timeline-thumbnail.png` });

  // Play a minute; the controller shows on mouse move over the picture and hides after 3 s idle.
  await recorded.click();
  await expect
    .poll(async () => (await detail.videoState()).currentTime, { timeout: 20_000 })
    .toBeGreaterThan(0.3);
  // Video info: the date and time of the playing clip shows (on by default) and runs with it.
  const clockNow = page.getByTestId('video-datetime');
  await expect(clockNow).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  const first = await clockNow.textContent();
  await expect.poll(() => clockNow.textContent(), { timeout: 10_000 }).not.toBe(first);
  await detail.stage.scrollIntoViewIfNeeded();
  const box = (await detail.stage.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 3);
  await page.mouse.move(box.x + box.width / 2 + 5, box.y + box.height / 3 + 5);
  await expect(detail.controller).toHaveAttribute('data-shown', 'true');
  // Hidden again some 3 s after the pointer stopped.
  await expect(detail.controller).toHaveAttribute('data-shown', 'false', { timeout: 10_000 });
  await page.screenshot({ path: `${SHOTS}/detail-controller-hidden.png` });
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await expect(detail.controller).toHaveAttribute('data-shown', 'true');
  // Hovering the controller keeps it: still shown once the video (at 1x) has played past the 3 s hide delay.
  await detail.controller.hover();
  const hoveredAt = (await detail.videoState()).currentTime;
  await expect
    .poll(async () => (await detail.videoState()).currentTime, { timeout: 15_000 })
    .toBeGreaterThan(hoveredAt + 3.6);
  await expect(detail.controller).toHaveAttribute('data-shown', 'true');

  // Speeds: 1 → 2 → 4 on Chromium, and the video's playback rate follows.
  await page.getByRole('button', { name: texts.speed(1) }).click();
  await expect.poll(async () => (await detail.videoState()).playbackRate).toBe(2);
  await page.getByRole('button', { name: texts.speed(2) }).click();
  await expect.poll(async () => (await detail.videoState()).playbackRate).toBe(4);
  await page.getByRole('button', { name: texts.speed(4) }).click();
  await page.getByRole('button', { name: texts.speed(8) }).click();
  await page.getByRole('button', { name: texts.speed(12) }).click();
  await expect.poll(async () => (await detail.videoState()).playbackRate).toBe(1);

  // Seek bar (core.md §9): a click moves the clip there. The bar covers the whole minute; a clip that began
  // late in its minute (the recording's first) sits at its end.
  const clipLength = () => detail.video.evaluate((v) => (v as HTMLVideoElement).duration);
  const clickSeekBarAt = async (minuteSeconds: number) => {
    // A click on a minute below (the continuous timeline sits between) scrolls the player out of view.
    await detail.stage.scrollIntoViewIfNeeded();
    const stage = (await detail.stage.boundingBox())!;
    await page.mouse.move(stage.x + stage.width / 2, stage.y + stage.height / 2); // the controller shows
    const bar = (await page.getByTestId('seek-bar').boundingBox())!;
    await page.mouse.click(bar.x + (bar.width * minuteSeconds) / 60, bar.y + bar.height / 2 + 4);
  };
  const playing = await clipLength();
  expect(playing).toBeGreaterThan(10);
  await clickSeekBarAt(60 - playing * 0.5);
  await expect.poll(async () => (await detail.videoState()).currentTime).toBeGreaterThan(playing * 0.5 - 3);
  expect((await detail.videoState()).currentTime).toBeLessThan(playing * 0.5 + 6);
  // A click made while another minute's address is still on its way (held back here) is not lost with the
  // previous clip: the chosen minute starts there. Three recorded minutes are awaited so that the one chosen
  // (the second latest) is never the recording's first, which began late in its minute and may be too short
  // to tell a kept click from a lost one.
  const withData = detail.minutes.locator('button[data-state="data"]');
  await expect
    .poll(
      async () => {
        if ((await withData.count()) < 3) {
          await page.reload();
          await expect(detail.timelineLines.first()).toBeVisible();
        }
        return withData.count();
      },
      { timeout: 200_000, intervals: [5_000] },
    )
    .toBeGreaterThan(2);
  await withData.last().click();
  await expect.poll(async () => (await detail.videoState()).currentTime).toBeGreaterThan(0.3);
  // The minute's address is held until the click on the seek bar has been made, then let go.
  let holding!: () => void;
  const isHeld = new Promise<void>((resolve) => (holding = resolve));
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname.startsWith('/api/archives/') && url.searchParams.get('return_url') === 't',
    async (route) => {
      holding();
      await released;
      await route.continue();
    },
    { times: 1 },
  );
  const previousSource = await detail.video.evaluate((v) => (v as HTMLVideoElement).currentSrc);
  await withData.nth((await withData.count()) - 2).click();
  await isHeld;
  await clickSeekBarAt(50);
  release();
  // The chosen minute in place: its length (more than 16 s, so that a start from 0 cannot pass below).
  await expect
    .poll(
      () =>
        detail.video.evaluate((v, previous) => {
          const element = v as HTMLVideoElement;
          return element.currentSrc !== previous && element.readyState >= 1 ? element.duration : 0;
        }, previousSource),
      { timeout: 10_000 },
    )
    .toBeGreaterThan(16);
  const other = await clipLength();
  // 50 s into the minute is 50 - (60 - length) s into its clip; a lost click would start it at 0.
  await expect
    .poll(async () => (await detail.videoState()).currentTime, { timeout: 3_000 })
    .toBeGreaterThan(other - 12);

  // Video info checkboxes: the motion detection area drawn over the picture; the date and time hidden.
  const clock = page.getByTestId('video-datetime');
  await page.getByRole('button', { name: texts.videoInfo }).click();
  await page.getByRole('checkbox', { name: texts.motionArea }).check();
  await expect(page.getByTestId('motion-area').first()).toBeAttached();
  await page.screenshot({ path: `${SHOTS}/detail-video-info.png` });
  await page.getByRole('checkbox', { name: texts.dateTime }).uncheck();
  await expect(clock).toHaveCount(0);
  await page.getByRole('checkbox', { name: texts.dateTime }).check();

  // On a camera without a people counter, that filter falls back to all: markers stay.
  await detail.goto(plain.camera_code);
  await expect(detail.timelineLines.first()).toBeVisible();
  await expect
    .poll(
      async () => {
        await page.reload();
        await expect(detail.timelineLines.first()).toBeVisible();
        return detail.minutes.getByTestId('timeline-marker').count();
      },
      { timeout: 60_000, intervals: [5_000] },
    )
    .toBeGreaterThan(0);
  const withMotion = await detail.minutes.getByTestId('timeline-marker').count();
  await page.getByLabel(texts.filter, { exact: true }).selectOption('peopleCounter');
  await expect(detail.minutes.getByTestId('timeline-marker')).toHaveCount(withMotion);
});

test('a streaming camera plays live over fMP4 (HLS when it fails), and its recordings as on-demand HLS', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const cameras = await demoCameras(request);
  const streaming = cameras.find((c) => c.use_streaming && c.watch_status === 'normal' && !c.use_nolive)!;
  expect(streaming, 'the demo has a streaming camera').toBeTruthy();
  await logInAs(page, DEMO);
  const detail = new DetailPage(page);
  await detail.goto(streaming.camera_code);
  await expect(detail.liveSwitch).toBeChecked();
  const video = page.getByTestId('live-video');
  const time = () => video.evaluate((v) => (v as HTMLVideoElement).currentTime);
  await expect.poll(time, { timeout: 60_000 }).toBeGreaterThan(0.5);
  const before = await time();
  await expect.poll(time, { timeout: 15_000 }).toBeGreaterThan(before + 1);
  expect(await video.evaluate((v) => (v as HTMLVideoElement).videoWidth)).toBeGreaterThan(0);
  await expect(detail.canvas).toHaveCount(0);
  // The low-latency stream plays (fMP4 over a WebSocket into Media Source Extensions).
  await expect(page.locator('[data-live-transport="fmp4"][data-live-state="playing"]')).toHaveCount(1);
  expect(await video.evaluate((v) => (v as HTMLVideoElement).src)).toMatch(/^blob:/);
  await page.screenshot({ path: `${SHOTS}/detail-fmp4-live.png` });

  // When its WebSocket is refused, the player falls back to HLS, which plays too.
  await page.routeWebSocket(/\/live\.fmp4$/, (socket) => socket.close());
  await page.reload();
  await expect(page.locator('[data-live-transport="hls"]')).toHaveCount(1, { timeout: 30_000 });
  await expect.poll(time, { timeout: 60_000 }).toBeGreaterThan(0.5);
  const hlsAt = await time();
  await expect.poll(time, { timeout: 15_000 }).toBeGreaterThan(hlsAt + 1);
  await page.screenshot({ path: `${SHOTS}/detail-hls-live.png` });

  // Its recorded minutes play as on-demand HLS streams (Media Source: a blob: address) and advance.
  const minute = await waitForRecordedMinute(request, streaming.camera_code, 170_000);
  await detail.liveSwitch.click({ force: true });
  await expect(detail.liveSwitch).not.toBeChecked();
  await page.reload();
  const button = await detail.revealMinute(minute);
  await button.click();
  await expect
    .poll(async () => (await detail.videoState()).currentTime, { timeout: 30_000 })
    .toBeGreaterThan(0.5);
  expect(await detail.video.evaluate((v) => (v as HTMLVideoElement).src)).toMatch(/^blob:/);
  const at = (await detail.videoState()).currentTime;
  await expect.poll(async () => (await detail.videoState()).currentTime).toBeGreaterThan(at + 0.5);
});
