// The multi-video wall (issue 6 point 7; core.md §2, §4, §9): every division lays out its tiles in the spec's
// rows, the division lives in the URL and is chosen in the more-menu; live tiles are updated by the shared
// poller; in archive mode the tiles play one recorded minute together and the wall moves on to the next
// minute. Runs on the e2e server's simulated cameras (their first clips land a minute or two after start).
import { expect, test } from '../support/fixtures.ts';
import { DEMO } from '../support/accounts.ts';
import {
  firstListedCameras,
  liveCamera,
  camerasWithMinute,
  newestStillTime,
  waitForRecordedMinute,
} from '../pages/detail-player.ts';
import { MultiWallPage, logInByApi, wallTexts } from '../pages/multi-wall.ts';

test.use({ viewport: { width: 1366, height: 900 } });

const ROWS: Record<number, number> = { 2: 1, 4: 2, 6: 2, 8: 2, 9: 3, 12: 3, 16: 4 };

test('each division shows its number of tiles in the spec’s rows, kept in the URL', async ({
  page,
  consoleGuard,
}) => {
  test.setTimeout(120_000);
  consoleGuard.allow(/status of 409/); // live cannot start on the demo's down camera
  const wall = new MultiWallPage(page);
  await logInByApi(page, DEMO);
  await page.goto('/list/1');
  await page.getByRole('tab', { name: wallTexts.multiTab }).click();
  await expect(page).toHaveURL(/view=multi/);
  await expect(wall.grid).toHaveAttribute('data-division', '4'); // the default
  await expect(wall.tiles).toHaveCount(4);

  const total = Number((await page.getByTestId('camera-total').textContent())?.replace(/\D/g, ''));
  for (const division of [2, 4, 6, 8, 9, 12, 16]) {
    await wall.chooseDivision(division);
    await expect(page).toHaveURL(new RegExp(`division=${division}`));
    await expect(wall.grid).toHaveAttribute('data-division', String(division));
    const shown = Math.min(division, total);
    await expect(wall.tiles).toHaveCount(shown);
    await expect(wall.emptyTiles).toHaveCount(division - shown);
    expect((await wall.gridShape()).rows).toBe(ROWS[division]);
  }
  // The demo's down camera cannot start live; its tile says so (core.md §4).
  await expect(wall.tiles.getByText(/^(ライブ不可|非対応)$/).first()).toBeVisible({ timeout: 20_000 });
  await page.screenshot({ path: 'test-results/multi-wall-16.png' });

  // The pager pages by the division: 9 a page leaves the rest of the demo's cameras for page 2.
  await wall.chooseDivision(9);
  await page.getByRole('button', { name: '2ページ', exact: true }).click();
  await expect(page).toHaveURL(/\/list\/2\?.*division=9/);
  await expect(wall.tiles).toHaveCount(total - 9);

  // A reload keeps the division; a tile's name opens its detail page.
  await page.reload();
  await expect(wall.grid).toHaveAttribute('data-division', '9');
  const name = (await wall.tiles.first().getByRole('link').textContent())!;
  await wall.tiles.first().getByRole('link').click();
  await expect(page).toHaveURL(/\/detail\//);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);

  // Small screens have no multi-video tab; a multi-video link shows the list there (core.md §2).
  await page.setViewportSize({ width: 800, height: 900 });
  await wall.goto('view=multi&division=4');
  await expect(page.getByRole('tab', { name: 'リスト', exact: true })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(page.getByRole('tab', { name: wallTexts.multiTab })).toHaveCount(0);
  await expect(wall.wall).toHaveCount(0);
});

test('live tiles are updated by the shared poller', async ({ page, request, consoleGuard }) => {
  test.setTimeout(90_000);
  consoleGuard.allow(/status of 409/);
  const camera = await liveCamera(request, DEMO);
  const wall = new MultiWallPage(page);
  await logInByApi(page, DEMO);
  await wall.goto('view=multi&division=9');
  await expect(wall.wall).toHaveAttribute('data-mode', 'live');
  await expect
    .poll(async () => (await wall.liveFrames()).filter((n) => n >= 3).length, { timeout: 60_000 })
    .toBeGreaterThanOrEqual(6);
  const before = await wall.liveFrames();
  await expect
    .poll(async () => (await wall.liveFrames()).filter((n, i) => n > before[i]!).length, { timeout: 30_000 })
    .toBeGreaterThanOrEqual(5);
  await page.screenshot({ path: 'test-results/multi-wall-live.png' });

  // Pausing the controller stops the updates: the camera goes on sending stills (the server's newest moves
  // 3 s past the one of the pause), and no tile draws one.
  await wall.controls.getByRole('button', { name: wallTexts.pause }).click();
  await expect(wall.controls.getByRole('button', { name: wallTexts.play })).toBeVisible();
  const paused = await wall.liveFrames();
  const stillAtPause = await newestStillTime(request, camera.code);
  await expect
    .poll(() => newestStillTime(request, camera.code), { timeout: 20_000 })
    .toBeGreaterThan(stillAtPause + 3_000);
  expect(await wall.liveFrames()).toEqual(paused);
});

test('archive tiles play one minute together and the wall moves on to the next minute', async ({
  page,
  request,
  consoleGuard,
}) => {
  test.setTimeout(360_000);
  consoleGuard.allow(/status of 409/);
  const camera = await liveCamera(request, DEMO);
  // A whole recorded minute: the first clip after the agents started begins mid-minute (its tiles would wait
  // for their second), so take the newest once there is a later one; the other cameras upload theirs within
  // seconds of it.
  const first = await waitForRecordedMinute(request, camera.code, 180_000);
  let minute = first;
  await expect
    .poll(async () => (minute = await waitForRecordedMinute(request, camera.code, 10_000)), {
      timeout: 120_000,
      intervals: [5_000],
    })
    .toBeGreaterThan(first);
  // The wall's first page has the minute: at least three of its four cameras have uploaded it.
  const onWall = await firstListedCameras(request, 4);
  await expect
    .poll(() => camerasWithMinute(request, onWall, minute), { timeout: 60_000, intervals: [2_000] })
    .toBeGreaterThanOrEqual(3);
  const wall = new MultiWallPage(page);
  await logInByApi(page, DEMO);
  await wall.goto('view=multi&division=4');
  await page.getByText(wallTexts.archive, { exact: true }).click();
  await expect(wall.wall).toHaveAttribute('data-mode', 'archive');

  const local = await page.evaluate((ms) => {
    const d = new Date(ms);
    const pad = (n: number) => String(n).padStart(2, '0');
    return {
      date: `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`,
      time: `${pad(d.getHours())}:${pad(d.getMinutes())}`,
    };
  }, minute);
  await page.getByLabel(wallTexts.date).fill(local.date);
  await page.getByLabel(wallTexts.clock).fill(local.time);
  await expect.poll(() => wall.minute()).toBe(minute);

  // Starts paused, then plays by itself once the minute has loaded; every tile with data plays.
  await expect
    .poll(async () => (await wall.videos()).filter((v) => !v.paused && v.time > 1).length, {
      timeout: 30_000,
    })
    .toBeGreaterThanOrEqual(2);
  await expect(wall.controls.getByRole('button', { name: wallTexts.pause })).toBeVisible();
  // One clock: the tiles stay within a fraction of a second of each other.
  const times = (await wall.videos()).filter((v) => !v.paused).map((v) => v.time);
  expect(Math.max(...times) - Math.min(...times)).toBeLessThan(0.8);
  await page.screenshot({ path: 'test-results/multi-wall-archive.png' });

  // At 12x the minute ends in 5 s and the wall moves on to the next one.
  // (Headless Chromium's user agent reads as Safari, which skips 2x: click until 12x.)
  const speed = wall.controls.getByRole('button', { name: wallTexts.speed });
  for (let i = 0; i < 5 && (await speed.textContent()) !== '12x'; i++) await speed.click();
  await expect(speed).toHaveText('12x');
  await expect.poll(() => wall.minute(), { timeout: 30_000 }).toBe(minute + 60_000);
  await expect(page.getByTestId('wall-time')).toContainText(
    await page.evaluate((ms) => {
      const d = new Date(ms);
      return `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
    }, minute + 60_000),
  );
});
