// The bell and the notification page (core.md §2, §4, §9): unread count, tabs by actTab, marking read.
import { expect, test } from '../support/fixtures.ts';
import { logInAs } from '../pages/session.ts';

const ANNOUNCEMENT = '11月25日 2:00〜3:00 にメンテナンスを行います';

test('the bell leads to the announcement, and reading it clears the count', async ({ page }) => {
  // staff2 is a demo child no other spec reads notifications as.
  await logInAs(page, { email: 'staff2@example.com', password: 'demo1234' });
  const bell = page.getByRole('button', { name: 'お知らせ（未読 1 件）' });
  await expect(bell).toBeVisible();
  await bell.click();
  await page.getByRole('link', { name: /運営からのお知らせ/ }).click();
  await expect(page).toHaveURL(/\/notification\?actTab=Announcement$/);
  await expect(page.locator('body')).toHaveClass('notification');
  await expect(page.getByRole('tab', { name: '運営からのお知らせ', selected: true })).toBeVisible();
  const item = page.getByRole('listitem').filter({ hasText: ANNOUNCEMENT });
  await expect(item).toContainText('未読');
  await expect(page.getByRole('button', { name: 'お知らせ', exact: true })).toBeVisible();

  await page.reload();
  await expect(page.getByRole('listitem').filter({ hasText: ANNOUNCEMENT })).not.toContainText('未読');
});

test('tabs follow actTab; an empty type says so; TLT tabs are absent in normal mode', async ({ page }) => {
  await logInAs(page, { email: 'demo@example.com', password: 'demo1234' });
  await page.goto('/notification?actTab=Monitor');
  await expect(page.getByRole('tab', { name: 'カメラ監視', selected: true })).toBeVisible();
  await expect(page.getByText('お知らせはありません。')).toBeVisible();
  await page.getByRole('tab', { name: 'ダウンロード' }).click();
  await expect(page).toHaveURL(/actTab=Download/);
  await expect(page.getByRole('tab', { name: '侵入検知' })).toHaveCount(0);
  await page.goto('/notification?actTab=Nonsense');
  await expect(page.getByRole('tab', { name: '運営からのお知らせ', selected: true })).toBeVisible();
});
