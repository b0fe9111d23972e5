// child_users (advanced.md §2, §6): a parent locks and unlocks a child, whose login then fails and works
// again; authorities toggle; clearing device authentication asks first. Only parents reach the screen.
import { expect, test } from '../support/fixtures.ts';
import { DEMO } from '../support/accounts.ts';
import { LoginPage } from '../pages/login-page.ts';
import { logInAs } from '../pages/session.ts';

const STAFF1 = { email: 'staff1@example.com', password: 'demo1234' };

test('a parent locks a child (its open session ends, its login is refused) and unlocks it again', async ({
  page,
  browser,
  consoleGuard,
}) => {
  consoleGuard.allow(/status of 401/);
  // The child is logged in elsewhere while the parent locks it.
  const other = await browser.newContext();
  const childPage = await other.newPage();
  await childPage.goto('/login');
  await new LoginPage(childPage).logIn(STAFF1);
  await expect(childPage).toHaveURL(/\/list\/1$/);

  await logInAs(page, DEMO);
  await page.getByRole('button', { name: /^ユーザーメニュー:/ }).click();
  await page.getByRole('menuitem', { name: '子アカウント管理' }).click();
  await expect(page).toHaveURL(/\/child_users$/);
  const row = page.locator('tr[data-child="staff1@example.com"]');
  await expect(row).toContainText('店舗スタッフ');
  await expect(row).toContainText('利用中');
  await expect(page.locator('tr[data-child="staff2@example.com"]')).toContainText('警備担当');

  await row.getByRole('button', { name: 'ロックする: 店舗スタッフ' }).click();
  await expect(row).toContainText('親アカウントがロック中');

  // Its session ended at once: the next page it opens sends it to the login screen.
  await childPage.reload();
  await expect(childPage).toHaveURL(/\/login/);
  await new LoginPage(childPage).logIn(STAFF1);
  await expect(childPage.getByTestId('login-error')).toContainText('ロックされています');

  await row.getByRole('button', { name: 'ロックを解除する: 店舗スタッフ' }).click();
  await expect(row).toContainText('利用中');
  await new LoginPage(childPage).submit.click();
  await expect(childPage).toHaveURL(/\/list\/1$/);
  await other.close();
});

test('authorities toggle, and clearing device authentication asks for confirmation', async ({ page }) => {
  await logInAs(page, DEMO);
  await page.goto('/child_users');
  const row = page.locator('tr[data-child="staff1@example.com"]');
  const modPassword = row.getByRole('switch', { name: 'パスワード変更権限: 店舗スタッフ' });
  await expect(modPassword).toBeChecked();
  await modPassword.click({ force: true });
  await expect(modPassword).not.toBeChecked();
  await expect(
    page.getByRole('status').filter({ hasText: '店舗スタッフ の設定を変更しました。' }),
  ).toBeVisible();
  await modPassword.click({ force: true });
  await expect(modPassword).toBeChecked();

  await row.getByRole('button', { name: 'デバイス認証を解除: 店舗スタッフ' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('店舗スタッフ の登録済みの端末をすべて解除します');
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'デバイス認証を解除しました' })).toBeVisible();
});

test('a child account cannot open the screen', async ({ page }) => {
  await logInAs(page, STAFF1);
  await page.goto('/child_users');
  await expect(page).toHaveURL(/\/notfound$/);
});
