// The audit log (issue 16): the demo parent watches a camera live, opens the audit log from the settings screen,
// filters by that camera and kind, sees the row with its address, and downloads the filtered CSV. A child user
// has neither the link nor the screen.
import fs from 'node:fs/promises';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { DEMO } from '../support/accounts.ts';
import { DetailPage } from '../pages/detail-player.ts';
import { logInAs } from '../pages/session.ts';

const STAFF1 = { email: 'staff1@example.com', password: 'demo1234' };

interface CameraRow {
  camera_code: string;
  camera_name: string;
  watch_status: string;
  use_nolive: boolean;
  use_streaming: boolean;
  model_code?: string;
}

/** A demo camera the detail page shows live (its own request context: the browser stays logged out). */
async function liveCamera(request: APIRequestContext): Promise<CameraRow> {
  const login = await request.post('/api/auth/login', { data: { ...DEMO, appKey: null } });
  expect(login.status()).toBe(200);
  const list = await request.get('/api/cameras', { params: { page: 1, count: 50 } });
  const cameras = ((await list.json()) as { data: { cameras: CameraRow[] } }).data.cameras;
  await request.post('/api/auth/logout');
  const camera = cameras.find(
    (c) => c.watch_status === 'normal' && !c.use_streaming && !c.use_nolive && c.model_code !== 'L21',
  );
  expect(camera, 'the demo has a live camera').toBeTruthy();
  return camera!;
}

test('the parent sees who watched which camera live, filtered, and downloads it as CSV', async ({
  page,
  request,
}) => {
  // Several screens and a download on a shared, busy machine.
  test.setTimeout(90_000);
  const camera = await liveCamera(request);
  await logInAs(page, DEMO);
  const detail = new DetailPage(page);
  await detail.goto(camera.camera_code);
  await expect(detail.title).toHaveText(camera.camera_name);
  await expect(detail.liveSwitch).toBeChecked();

  await page.getByRole('navigation', { name: 'メニュー' }).getByRole('link', { name: '設定' }).click();
  await page.getByRole('link', { name: '監査ログを開く' }).click();
  await expect(page).toHaveURL(/\/setting\/audit-log$/);
  await expect(page.getByRole('heading', { level: 1, name: '監査ログ' })).toBeVisible();
  await expect(page.getByText(/記録は365日間保存され/)).toBeVisible();

  const filters = page.getByRole('search', { name: '監査ログの絞り込み' });
  await filters.getByRole('combobox', { name: 'カメラ' }).click();
  await page.getByRole('option', { name: camera.camera_name, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`camera=${encodeURIComponent(camera.camera_code)}`));
  await filters.getByRole('combobox', { name: '種類' }).click();
  await page.getByRole('option', { name: 'ライブ視聴', exact: true }).click();
  await expect(page).toHaveURL(/kind=live_viewed/);

  const table = page.getByRole('table', { name: '監査ログ' });
  const rows = table.locator('tbody tr');
  await expect(rows.first()).toBeVisible();
  // Every row is that camera's live viewing; the parent's own is there with the address it came from.
  await expect(rows.filter({ hasNotText: 'ライブ視聴' })).toHaveCount(0);
  await expect(rows.filter({ hasNotText: camera.camera_name })).toHaveCount(0);
  const own = rows.filter({ hasText: DEMO.email }).first();
  await expect(own).toBeVisible();
  await expect(own).toContainText(/127\.0\.0\.1|::1/);
  await page.screenshot({ path: test.info().outputPath('audit-log.png'), fullPage: true });
  // Every control of the screen, the filled selects' clear buttons too, has a name.
  const snapshot = await page.getByRole('main').ariaSnapshot();
  expect(
    snapshot.split('\n').filter((line) => /^\s*- (button|link|textbox|combobox)( \[[^\]]*\])?:?$/.test(line)),
  ).toEqual([]);

  const saved = page.waitForEvent('download');
  await page.getByRole('button', { name: 'CSVダウンロード' }).click();
  const download = await saved;
  expect(download.suggestedFilename()).toMatch(/^audit-log_\d{8}\.csv$/);
  const bytes = await fs.readFile((await download.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.toString('utf8').slice(1).trimEnd().split('\r\n');
  expect(lines[0]).toBe('日時,種類,ユーザー,IPアドレス,カメラコード,カメラ名,対象,詳細,経路,ブラウザー');
  expect(lines.length).toBeGreaterThan(1);
  for (const line of lines.slice(1)) expect(line).toContain(`,ライブ視聴,`);
  expect(lines.some((line) => line.includes(`${DEMO.email},`) && line.includes(camera.camera_code))).toBe(
    true,
  );

  // The download itself is recorded: clear the filters and look for it.
  await page.getByRole('button', { name: '条件をクリア' }).click();
  await filters.getByRole('combobox', { name: '種類' }).click();
  await page.getByRole('option', { name: 'CSV出力', exact: true }).click();
  await expect(rows.first()).toContainText('audit-log');
});

test('a child user has no audit log link, and its address leads to not found', async ({
  page,
  consoleGuard,
}) => {
  consoleGuard.allow(/status of 403/);
  await logInAs(page, STAFF1);
  await page.goto('/setting');
  await expect(page.getByRole('heading', { level: 2, name: '表示' })).toBeVisible();
  await expect(page.getByRole('link', { name: '監査ログを開く' })).toHaveCount(0);
  await page.goto('/setting/audit-log');
  await expect(page).toHaveURL(/\/notfound$/);
  const res = await page.request.get('/api/audit-log');
  expect(res.status()).toBe(403);
});
