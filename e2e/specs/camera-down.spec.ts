// A camera going down (core.md §3, §4; issue 7): the server's health watcher marks a camera whose agent fell
// silent as down and notifies the customer's users; the bell counts it and the Monitor tab lists it.
import { expect, test } from '../support/fixtures.ts';
import { MONITOR_ACCOUNT, MONITOR_CAMERA_NAME } from '../support/accounts.ts';
import { logInAs } from '../pages/session.ts';

test('a camera that went down shows in the bell and on the Monitor tab, and reading it clears the count', async ({
  page,
}) => {
  await logInAs(page, MONITOR_ACCOUNT);
  // The watcher runs every few seconds from the server's start; the bell's count follows on its next poll.
  const bell = page.getByRole('button', { name: 'お知らせ（未読 1 件）' });
  await expect(async () => {
    await page.reload();
    await expect(bell).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await bell.click();
  await page.getByRole('link', { name: /カメラ監視/ }).click();
  await expect(page).toHaveURL(/\/notification\?actTab=Monitor$/);
  await expect(page.getByRole('tab', { name: 'カメラ監視', selected: true })).toBeVisible();
  const item = page.getByRole('listitem').filter({ hasText: MONITOR_CAMERA_NAME });
  await expect(item).toContainText('カメラが停止しました。');
  await expect(item).toContainText('未読');
  // The list shows the camera as down too.
  await page.goto('/list/1');
  await expect(page.getByText(MONITOR_CAMERA_NAME)).toBeVisible();
  await expect(page.getByRole('button', { name: 'お知らせ', exact: true })).toBeVisible();
});
