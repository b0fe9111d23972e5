// The motion notification switch of the camera information dialog (core.md §3: notification type motion):
// off until switched on, kept per user and camera, and the server agrees.
import { expect, test } from '../support/fixtures.ts';
import { account } from '../support/accounts.ts';
import { CameraListPage } from '../pages/camera-list.ts';
import { logInAs } from '../pages/session.ts';

const CAMERA = '新宿倉庫 搬入口';

test('switching motion notifications on in the information dialog is remembered', async ({ page }) => {
  const list = new CameraListPage(page);
  await logInAs(page, account('debug'));
  await list.openInfo(CAMERA);
  const dialog = list.infoDialog;
  const toggle = dialog.getByRole('switch', { name: '動体検知を通知する' });
  await expect(toggle).not.toBeChecked();
  await expect(dialog).toContainText('10 分に1回まで');

  const saved = page.waitForResponse(
    (r) => r.url().endsWith('/motion-notification') && r.request().method() === 'PUT',
  );
  await toggle.click({ force: true });
  expect((await saved).status()).toBe(200);
  await expect(toggle).toBeChecked();
  await page.screenshot({ path: test.info().outputPath('motion-switch.png') });
  const code = new URL((await saved).url()).pathname.split('/')[3]!;
  const stored = await page.request.get(`/api/cameras/${code}/motion-notification`);
  expect((await stored.json()).data).toMatchObject({ enabled: true, available: true });

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await page.reload();
  await list.openInfo(CAMERA);
  await expect(list.infoDialog.getByRole('switch', { name: '動体検知を通知する' })).toBeChecked();
  await list.infoDialog.getByRole('switch', { name: '動体検知を通知する' }).click({ force: true });
  await expect(list.infoDialog.getByRole('switch', { name: '動体検知を通知する' })).not.toBeChecked();
  await expect
    .poll(
      async () =>
        (await (await page.request.get(`/api/cameras/${code}/motion-notification`)).json()).data.enabled,
    )
    .toBe(false);
});
