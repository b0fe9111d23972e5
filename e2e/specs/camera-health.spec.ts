// Issue 22 "Camera health": a simulated camera stopped shows offline and its uptime drops. The health fixture's camera
// (a customer of its own, start-server.ts) is recorded by a real simulated agent started here with its device
// token; once heard it is online at 100 %. The agent stopped, the server's health watcher marks the camera down
// after CAMERA_DOWN_AFTER_SECONDS (120 s) of silence: the health page then lists it as offline since that moment
// with a 7-day uptime under 100 %, the camera information dialog says the same, and the Monitor tab has the
// "went down" notice. The agent started again, the camera is back online, the uptime stays under 100 % and the
// Monitor tab has the "back" notice too.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startAgent, type AgentHandle } from '../../agent/src/index.ts';
import { expect, test } from '../support/fixtures.ts';
import { HEALTH_ACCOUNT, HEALTH_CAMERA_NAME, healthFixtureFile } from '../support/accounts.ts';
import { CameraListPage } from '../pages/camera-list.ts';
import { LoginPage } from '../pages/login-page.ts';

// Copied from web/src/features/cameras/health/camera-health-texts.ts, web/src/locales/ja.ts and
// web/src/features/notifications/notification-page-texts.ts on purpose (see pages/texts.ts).
const texts = {
  nav: '稼働状況',
  title: 'カメラの稼働状況',
  table: 'カメラの稼働状況の一覧',
  online: '稼働中',
  offline: '停止中',
  offlineSince: /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d から停止中（.+）$/,
  onlineSince: /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d から稼働中（.+）$/,
  section: '稼働状況',
  monitorTab: 'カメラ監視',
  down: 'カメラが停止しました。',
  up: 'カメラが復旧しました。',
};

let agent: AgentHandle | undefined;
const spoolDir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-health-spool-'));

test.afterAll(async () => {
  await agent?.stop();
  fs.rmSync(spoolDir, { recursive: true, force: true });
});

test('a simulated camera stopped shows offline and its uptime drops; down and back up reach the Monitor tab', async ({
  page,
  baseURL,
}) => {
  // The watcher needs 120 s of silence to call a camera down; the rest is starting agents and a loaded runner.
  test.setTimeout(480_000);
  const { token, cameraCode } = JSON.parse(
    fs.readFileSync(healthFixtureFile(new URL(baseURL!).port), 'utf8'),
  ) as { token: string; cameraCode: string };
  const start = () =>
    startAgent({
      server: baseURL!,
      token,
      source: 'sim:street?seed=7',
      spoolDir,
      limits: { maxWidth: 160, maxHeight: 90, maxFps: 1 },
    });
  // Logged in before the agent starts: the login's password hashing then has the runner to itself.
  const login = new LoginPage(page);
  await login.goto();
  await login.logIn(HEALTH_ACCOUNT);
  await expect(page).toHaveURL(/\/list\/1$/, { timeout: 30_000 });
  agent = await start();
  expect(agent.cameraCode).toBe(cameraCode);

  await page.getByRole('link', { name: texts.nav }).click();
  // The page's chunk and first answer may take a while on a loaded runner.
  await expect(page).toHaveURL(/\/health$/, { timeout: 30_000 });
  await expect(page.getByRole('heading', { name: texts.title })).toBeVisible({ timeout: 30_000 });
  const row = page.getByRole('table', { name: texts.table }).locator(`tr[data-camera="${cameraCode}"]`);
  const cells = row.getByRole('cell');
  const uptime7 = async () => Number((await cells.nth(3).innerText()).replace(/[^\d.]/g, ''));

  // Heard: online, 100 % (the page asks again every 30 s; a loaded runner may answer slowly, so no reloads).
  await expect(cells.nth(1)).toHaveText(texts.online, { timeout: 90_000 });
  await expect(cells.nth(2)).toHaveText(texts.onlineSince);
  expect(await uptime7()).toBe(100);
  await expect(cells.nth(0).getByRole('link', { name: HEALTH_CAMERA_NAME })).toHaveAttribute(
    'href',
    `/detail/${cameraCode}`,
  );

  // Stopped: offline once the watcher has heard nothing for 120 s.
  await agent.stop();
  agent = undefined;
  const stoppedAt = Date.now();
  await expect(cells.nth(1)).toHaveText(texts.offline, { timeout: 220_000 });
  expect(Date.now() - stoppedAt).toBeGreaterThan(100_000);
  await expect(cells.nth(2)).toHaveText(texts.offlineSince);
  const dropped = await uptime7();
  expect(dropped).toBeLessThan(100);
  expect(dropped).toBeGreaterThan(0);
  await page.screenshot({ path: test.info().outputPath('health-page-offline.png'), fullPage: true });

  // The camera's information dialog says the same.
  const list = new CameraListPage(page);
  await list.goto();
  await list.openInfo(HEALTH_CAMERA_NAME);
  const section = list.infoDialog.getByRole('table', { name: texts.section });
  await expect(section.getByTestId('health-since')).toHaveText(texts.offlineSince, { timeout: 30_000 });
  await expect(section.getByTestId('health-uptime-7d')).not.toHaveText('100 %');
  await section.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('health-dialog-offline.png') });
  await page.keyboard.press('Escape');

  // The Monitor tab has the notice.
  await page.goto('/notification?actTab=Monitor');
  await expect(page.getByRole('tab', { name: texts.monitorTab, selected: true })).toBeVisible({
    timeout: 30_000,
  });
  const notices = page.getByRole('listitem').filter({ hasText: HEALTH_CAMERA_NAME });
  await expect(notices.filter({ hasText: texts.down })).toHaveCount(1, { timeout: 30_000 });

  // Started again: back online, the down spell still counted, and the "back" notice.
  agent = await start();
  await page.goto('/health');
  await expect(cells.nth(1)).toHaveText(texts.online, { timeout: 90_000 });
  await expect(cells.nth(2)).toHaveText(texts.onlineSince);
  expect(await uptime7()).toBeLessThan(100);
  await page.goto('/notification?actTab=Monitor');
  await expect(notices.filter({ hasText: texts.up })).toHaveCount(1, { timeout: 30_000 });
  await expect(notices.filter({ hasText: texts.down })).toHaveCount(1);
});
