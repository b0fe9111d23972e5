// Synced playback of the multi-video wall's recordings mode (issue 22): all tiles play the same moment from
// one clock; seeking or changing the speed moves all; a tile without a recording at the clock's moment says
// so and joins when the clock reaches one it has. The proof: a 4-tile wall played for a minute (across a
// minute boundary, where the tiles move on to their preloaded next clips) stays within 0.5 s across tiles,
// sampled every second as each tile's clip start + currentTime. Runs on the e2e server's simulated cameras,
// whose clips land a minute or two after start; the measured figures are printed and attached.
import fs from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { DEMO } from '../support/accounts.ts';
import { MultiWallPage, logInByApi, wallTexts } from '../pages/multi-wall.ts';

test.use({ viewport: { width: 1366, height: 900 } });

const MINUTE = 60_000;
const HOUR = 3_600_000;
/** A wall of four recording cameras: the keyword 店 (shops) lists the demo's shop cameras first. */
const SHOPS = `view=multi&division=4&${encodeURIComponent('filter[]')}=${encodeURIComponent('店')}`;
/** A wall with the demo's down camera (横浜工場 正門), which never recorded: the keyword 工場 (factories). */
const FACTORIES = `view=multi&division=4&${encodeURIComponent('filter[]')}=${encodeURIComponent('工場')}`;
const DOWN_CAMERA = '横浜工場 正門';

interface Recorded {
  /** Where the clip begins in its minute (s). */
  offset: number;
}

/** The minutes a camera has recorded in this hour and the one before: start (ms) → its clip. */
async function recordedMinutes(request: APIRequestContext, code: string): Promise<Map<number, Recorded>> {
  const now = Date.now();
  const hour = now - (now % HOUR); // the page runs in Asia/Tokyo: whole-hour offset
  const minutes = new Map<number, Recorded>();
  for (const start of [hour - HOUR, hour]) {
    const answer = await request.get(`/api/cameras/${code}/archives`, {
      params: { start_date: new Date(start).toISOString(), period: 1 },
    });
    expect(answer.status()).toBe(200);
    const { archives } = (
      (await answer.json()) as {
        data: { archives: { start_time: string; has_data: boolean; clip_offset_sec: number }[] };
      }
    ).data;
    for (const archive of archives)
      if (archive.has_data) minutes.set(Date.parse(archive.start_time), { offset: archive.clip_offset_sec });
  }
  return minutes;
}

async function loggedInRequest(request: APIRequestContext) {
  const login = await request.post('/api/auth/login', { data: { ...DEMO, appKey: null }, timeout: 60_000 });
  expect(login.status()).toBe(200);
}

const spread = (tiles: readonly { moment: number }[]) =>
  tiles.length < 2
    ? 0
    : (Math.max(...tiles.map((t) => t.moment)) - Math.min(...tiles.map((t) => t.moment))) / 1000;

type SyncStats = { ticks?: number; seeks?: number; nudges?: number };
/** The wall's own counts of its sync loop (use-wall-sync.ts). */
const syncStats = (page: Page) =>
  page.evaluate(() => ({ ...(window as unknown as { __wallSyncStats?: SyncStats }).__wallSyncStats }));

const loadAverage = () => fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

async function openArchiveWall(page: Page, query: string) {
  const wall = new MultiWallPage(page);
  await logInByApi(page, DEMO);
  await wall.goto(query);
  await expect(wall.tiles).toHaveCount(4, { timeout: 30_000 }); // the list answers slowly on a loaded box
  await page.getByText(wallTexts.archive, { exact: true }).click();
  await expect(wall.wall).toHaveAttribute('data-mode', 'archive');
  return wall;
}

/** The factories' wall in archive mode, its down camera's tile, and the first minute the others recorded. */
async function factoriesWall(page: Page, request: APIRequestContext) {
  await loggedInRequest(request);
  const wall = await openArchiveWall(page, FACTORIES);
  const down = wall.tiles.filter({ hasText: DOWN_CAMERA });
  await expect(down).toHaveCount(1);
  const downCode = await down.getAttribute('data-camera');
  const others = (
    await wall.tiles.evaluateAll((tiles) => tiles.map((tile) => (tile as HTMLElement).dataset.camera ?? ''))
  ).filter((code) => code !== downCode);
  expect(others).toHaveLength(3);
  // Their agents started mid-minute, so the clips of that first minute begin later in it.
  let first = 0;
  let offsets: number[] = [];
  await expect
    .poll(
      async () => {
        const minutes = await Promise.all(others.map((code) => recordedMinutes(request, code)));
        if (minutes.some((m) => m.size === 0)) return false;
        first = Math.min(...minutes.flatMap((m) => [...m.keys()]));
        offsets = minutes.map((m) => m.get(first)?.offset ?? -1);
        return true;
      },
      { timeout: 240_000, intervals: [5_000] },
    )
    .toBe(true);
  return { wall, down, first, late: Math.max(...offsets) };
}

test('a tile without a recording at the clock’s moment says so', async ({ page, request, consoleGuard }) => {
  test.setTimeout(360_000);
  consoleGuard.allow(/status of 409/); // live cannot start on the down camera before the mode switch
  const { wall, down, first } = await factoriesWall(page, request);
  await wall.chooseMinute(first);
  // The down camera never recorded: its tile says so, beside the others, which play.
  await expect(down).toHaveAttribute('data-message', 'noRecording');
  await expect(down.getByRole('status')).toContainText(wallTexts.noRecording);
  await expect
    .poll(async () => (await wall.moments()).filter((tile) => !tile.paused).length, { timeout: 90_000 })
    .toBeGreaterThanOrEqual(1);
  await page.screenshot({ path: 'test-results/wall-synced-no-recording.png' });
});

test('a clip that begins later in the minute waits with its time and joins when the clock reaches it', async ({
  page,
  request,
  consoleGuard,
}) => {
  test.setTimeout(360_000);
  consoleGuard.allow(/status of 409/);
  const { wall, first, late } = await factoriesWall(page, request);
  test.skip(late < 10, `the first clips began ${late} s into their minute: too early to watch one join`);
  await wall.chooseMinute(first);
  const lateTile = wall.tiles.filter({ has: page.locator(`[data-offset="${late}"]`) }).first();
  await expect(lateTile).toHaveAttribute('data-message', 'noRecording', { timeout: 20_000 });
  await expect(lateTile.getByText(wallTexts.recordingFrom)).toBeVisible();
  await page.screenshot({ path: 'test-results/wall-synced-before.png' });
  // Once the clock reaches its clip, the tile plays, in step with the clock.
  await expect(lateTile).not.toHaveAttribute('data-message', /./, { timeout: (late + 30) * 1000 });
  await expect
    .poll(async () => {
      const tiles = await wall.moments();
      return (
        tiles.filter((tile) => !tile.paused).length >= 1 && spread(tiles.filter((t) => !t.paused)) <= 0.5
      );
    })
    .toBe(true);
});

test('a 4-tile synced wall stays within 0.5 s across tiles for a minute; seeking and speed move all', async ({
  page,
  request,
  consoleGuard,
}) => {
  test.setTimeout(540_000);
  consoleGuard.allow(/status of 409/);
  await loggedInRequest(request);
  const wall = await openArchiveWall(page, SHOPS);
  const codes = (await wall.tiles.evaluateAll((tiles) =>
    tiles.map((tile) => (tile as HTMLElement).dataset.camera ?? ''),
  )) as string[];

  // Two minutes in a row on all four cameras, the second one whole: the wall plays from the first one's
  // second 30 into the second one (its clips preloaded), so the minute of play crosses a minute boundary.
  let minute = 0;
  await expect
    .poll(
      async () => {
        const all = await Promise.all(codes.map((code) => recordedMinutes(request, code)));
        const candidates = [...all[0]!.keys()]
          .filter((start) =>
            all.every(
              (m) => (m.get(start)?.offset ?? 99) < 20 && (m.get(start + MINUTE)?.offset ?? 99) <= 0.2,
            ),
          )
          .sort((a, b) => b - a);
        minute = candidates[0] ?? 0;
        return minute > 0;
      },
      { timeout: 300_000, intervals: [5_000] },
    )
    .toBe(true);

  await wall.chooseMinute(minute);
  // The wall plays by itself once the minute has loaded: four tiles, one moment.
  await expect
    .poll(async () => (await wall.moments()).filter((tile) => !tile.paused).length, { timeout: 30_000 })
    .toBe(4);
  const pauseButton = wall.controls.getByRole('button', { name: wallTexts.pause });
  await pauseButton.click();
  // Paused, every tile shows the clock's moment.
  await expect.poll(async () => spread(await wall.moments())).toBeLessThanOrEqual(0.06);
  await wall.seekTo(30);
  await expect
    .poll(async () => (await wall.moments()).map((tile) => Math.round((tile.moment - minute) / 100) / 10))
    .toEqual([30, 30, 30, 30]);
  await wall.controls.getByRole('button', { name: wallTexts.play, exact: true }).click();

  // A minute of play, sampled every second in the page: each sample reads all four videos in one task.
  const loadBefore = loadAverage();
  const stats0 = await syncStats(page);
  const samples = await page.evaluate(async (count) => {
    const read = () =>
      Array.from(document.querySelectorAll<HTMLVideoElement>('[data-testid="wall-video"]')).map((video) => ({
        camera: video.dataset.camera ?? '',
        moment: Number(video.dataset.clipStart) + video.currentTime * 1000,
        paused: video.paused,
      }));
    const out: { at: number; tiles: ReturnType<typeof read> }[] = [];
    const start = performance.now();
    for (let i = 1; i <= count; i++) {
      await new Promise((resolve) => setTimeout(resolve, start + i * 1000 - performance.now()));
      out.push({ at: performance.now() - start, tiles: read() });
    }
    return out;
  }, 60);
  const stats1 = await syncStats(page);
  const loadAfter = loadAverage();
  await page.screenshot({ path: 'test-results/wall-synced-playing.png' });

  const spreads = samples.map((sample) => spread(sample.tiles)).sort((a, b) => a - b);
  const worst = spreads.at(-1)!;
  const earliest = (sample: (typeof samples)[number]) => Math.min(...sample.tiles.map((tile) => tile.moment));
  const figures = {
    samples: samples.length,
    worstDriftSec: worst,
    medianDriftSec: spreads[Math.floor(spreads.length / 2)],
    p95DriftSec: spreads[Math.floor(spreads.length * 0.95)],
    wallSecondsPlayed: (earliest(samples.at(-1)!) - earliest(samples[0]!)) / 1000,
    pausedTileSamples: samples.reduce(
      (n, sample) => n + sample.tiles.filter((tile) => tile.paused).length,
      0,
    ),
    seeks: (stats1.seeks ?? 0) - (stats0.seeks ?? 0),
    rateNudges: (stats1.nudges ?? 0) - (stats0.nudges ?? 0),
    loadAverage: { before: loadBefore, after: loadAfter },
    crossedInto: new Date(minute + MINUTE).toISOString(),
  };
  console.log(`synced wall: ${JSON.stringify(figures)}`);
  const record = JSON.stringify({ figures, samples }, null, 1);
  fs.writeFileSync(test.info().outputPath('synced-wall.json'), record);
  await test.info().attach('synced-wall.json', { body: record, contentType: 'application/json' });

  expect(
    samples.every((sample) => sample.tiles.length === 4),
    'four tiles shown in every sample',
  ).toBe(true);
  expect(worst, 'worst drift across the four tiles (s)').toBeLessThanOrEqual(0.5);
  // It played the minute (the clock ran on through the minute boundary into the preloaded clips).
  expect(figures.wallSecondsPlayed).toBeGreaterThan(55);
  expect(await wall.minute()).toBe(minute + MINUTE);

  // Seeking while playing moves all: to the minute's start, every tile there together, still playing.
  const now = await wall.minute();
  const thumb = wall.controls.getByRole('slider', { name: wallTexts.seek });
  await thumb.focus();
  await thumb.press('Home');
  await expect
    .poll(async () => {
      const tiles = await wall.moments();
      const at = tiles.map((tile) => (tile.moment - now) / 1000);
      return tiles.length === 4 && spread(tiles) <= 0.5 && at.every((s) => s >= 0 && s < 6);
    })
    .toBe(true);
  await expect(pauseButton).toBeVisible();
  await expect.poll(async () => (await wall.moments()).filter((tile) => !tile.paused).length).toBe(4);

  // The speed applies to all: every tile runs at it (± the nudge) and the moment moves that fast.
  const speedButton = wall.controls.getByRole('button', { name: wallTexts.speed });
  await speedButton.click();
  const speed = Number((await speedButton.textContent())!.replace('x', ''));
  expect(speed).toBeGreaterThan(1);
  await expect
    .poll(async () => (await wall.moments()).every((tile) => Math.abs(tile.rate - speed) <= speed * 0.25))
    .toBe(true);
  // …and the recording moves that fast: measured in the page over 2 s against its own clock (a loaded box
  // delays the test's polls, not the ratio), with the tiles still together.
  const run = await page.evaluate(async () => {
    const read = () =>
      Array.from(document.querySelectorAll<HTMLVideoElement>('[data-testid="wall-video"]')).map(
        (video) => Number(video.dataset.clipStart) + video.currentTime * 1000,
      );
    const before = { at: performance.now(), moments: read() };
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const after = { at: performance.now(), moments: read() };
    return {
      ratio: (Math.min(...after.moments) - Math.min(...before.moments)) / (after.at - before.at),
      spreadSec: (Math.max(...after.moments) - Math.min(...after.moments)) / 1000,
    };
  });
  console.log(`synced wall at ${speed}x: ${JSON.stringify(run)}`);
  expect(run.ratio).toBeGreaterThan(speed * 0.8);
  expect(run.spreadSec).toBeLessThanOrEqual(0.5 * speed);
  await page.screenshot({ path: 'test-results/wall-synced-speed.png' });
});
