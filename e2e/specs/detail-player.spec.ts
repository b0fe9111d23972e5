// Camera detail and players (issue "Camera detail and players", items 1-3, 6): the detail page of a demo
// camera draws live stills on its canvas; with LIVE off a recorded minute plays in the video; an unknown
// camera code ends on the not-found screen. The simulated cameras of the e2e server upload the stills and clips.
import { expect, test } from '../support/fixtures.ts';
import { DEMO } from '../support/accounts.ts';
import { AppShell } from '../pages/app-shell.ts';
import { DetailPage, detailTexts, liveCamera, waitForRecordedMinute } from '../pages/detail-player.ts';
import { logInAs } from '../pages/session.ts';

test('live stills are drawn, then a recorded minute plays with LIVE off', async ({ page, request }) => {
  // A fresh server's simulated cameras finish their first one-minute clip up to two minutes after start.
  test.setTimeout(200_000);
  const camera = await liveCamera(request, DEMO);
  const detail = new DetailPage(page);
  await logInAs(page, DEMO);
  await detail.goto(camera.code);

  await expect(detail.title).toHaveText(camera.name);
  await expect(page).toHaveTitle(new RegExp(`^${camera.name} \\|`));
  await expect(detail.liveSwitch).toBeChecked();
  await expect.poll(() => detail.canvasHasPixels(), { timeout: 30_000 }).toBe(true);
  await expect(page.getByText(detailTexts.loadingVideo)).toBeHidden();
  await page.screenshot({ path: 'test-results/detail-player-live.png' });

  const minute = await waitForRecordedMinute(request, camera.code, 150_000);
  await detail.liveSwitch.click({ force: true }); // Mantine's track covers its input
  await expect(detail.liveSwitch).not.toBeChecked();
  await expect(detail.canvas).toHaveCount(0);
  // The strip refreshes on its own; a reload shows the new minute at once.
  await page.reload();
  await expect(detail.liveSwitch).not.toBeChecked(); // the choice is remembered
  const button = await detail.revealMinute(minute);
  await button.click();
  await expect(button).toHaveAttribute('aria-pressed', 'true');

  await expect
    .poll(async () => (await detail.videoState()).currentTime, { timeout: 20_000 })
    .toBeGreaterThan(0.5);
  const state = await detail.videoState();
  expect(state.videoWidth).toBeGreaterThan(0);
  expect(state.paused).toBe(false);
  await page.getByRole('button', { name: '一時停止' }).click();
  await expect.poll(async () => (await detail.videoState()).paused).toBe(true);
  await page.screenshot({ path: 'test-results/detail-player-archive.png' });
});

test('an unknown camera code shows the not-found screen', async ({ page, consoleGuard }) => {
  consoleGuard.allow(/404/);
  await logInAs(page, DEMO);
  await page.goto('/detail/no-such-camera');
  await expect(page).toHaveURL(/\/notfound$/);
  await expect(new AppShell(page).pageTitle).toHaveText(detailTexts.notFound);
});
