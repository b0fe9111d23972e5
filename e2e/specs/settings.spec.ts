// The setting screen: display options and their reset, kept in the browser; device authentication switched
// on from a registered browser refuses another browser, and off lets it in again.
import { expect, test } from '../support/fixtures.ts';
import { account } from '../support/accounts.ts';
import { LoginPage } from '../pages/login-page.ts';
import { logInAs } from '../pages/session.ts';

test('display option is kept in the browser, and the reset dialog restores the default', async ({ page }) => {
  await logInAs(page, account('settings'));
  await page.getByRole('navigation', { name: 'メニュー' }).getByRole('link', { name: '設定' }).click();
  await expect(page).toHaveURL(/\/setting$/);
  const notice = page.getByRole('switch', { name: 'カメラ停止のお知らせを一覧に表示する' });
  await expect(notice).toBeChecked();
  await notice.click({ force: true });
  await expect(notice).not.toBeChecked();
  await page.reload();
  await expect(page.getByRole('switch', { name: 'カメラ停止のお知らせを一覧に表示する' })).not.toBeChecked();

  await page.getByRole('button', { name: '設定をリセット' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
  await expect(page.getByRole('switch', { name: 'カメラ停止のお知らせを一覧に表示する' })).toBeChecked();
});

test('device authentication: register this browser, switch on, another browser is refused, switch off', async ({
  page,
  browser,
  consoleGuard,
}) => {
  consoleGuard.allow(/status of 40[01]/);
  await logInAs(page, account('settings'));
  await page.goto('/setting');
  const devauth = page.getByRole('switch', { name: 'デバイス認証を使う' });
  await expect(devauth).not.toBeChecked();

  await page.getByRole('textbox', { name: 'このブラウザーの名前' }).fill('E2E のブラウザー');
  await page.getByRole('button', { name: 'このブラウザーを登録' }).click();
  await expect(page.getByRole('table', { name: '登録済みのブラウザー' })).toContainText('E2E のブラウザー');
  await devauth.click({ force: true });
  await expect(devauth).toBeChecked();

  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await otherPage.goto('/login');
  await new LoginPage(otherPage).logIn(account('settings'));
  await expect(otherPage.getByTestId('login-error')).toContainText('デバイス認証に失敗しました');

  // This browser, registered, still passes the login check on navigation.
  await page.getByRole('navigation', { name: 'メニュー' }).getByRole('link', { name: 'すべて' }).click();
  await expect(page).toHaveURL(/\/list\/1$/);
  await page.goto('/setting');
  await page.getByRole('switch', { name: 'デバイス認証を使う' }).click({ force: true });
  await expect(page.getByRole('switch', { name: 'デバイス認証を使う' })).not.toBeChecked();
  await new LoginPage(otherPage).submit.click();
  await expect(otherPage).toHaveURL(/\/list\/1$/);
  await other.close();
});
