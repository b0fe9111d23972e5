// Password reissue dialog on the login screen (core.md §2, §5, §7, §8): the e-mail is prefilled from the login
// field, OK is disabled while empty or invalid, Enter submits, success and failure have their own messages.
import { expect, test } from '../support/fixtures.ts';
import { fixtureAccounts } from '../support/accounts.ts';
import { AppShell } from '../pages/app-shell.ts';
import { ReissueDialog } from '../pages/dialogs.ts';
import { LoginPage } from '../pages/login-page.ts';
import { ja } from '../pages/texts.ts';

const EMAIL = fixtureAccounts.feedback.email;

test('the lost-password link opens the dialog with the e-mail from the login field', async ({ page }) => {
  const login = new LoginPage(page);
  const dialog = new ReissueDialog(page);
  await login.goto();
  await login.email.fill(EMAIL);
  await login.lostPassword.click();
  await expect(dialog.root).toBeVisible();
  await expect(dialog.email).toHaveValue(EMAIL);
  await expect(dialog.ok).toBeEnabled();

  await dialog.cancel.click();
  await expect(dialog.root).toBeHidden();

  // Opened again after the login field changed: prefilled with the new value.
  await login.email.fill('someone@e2e.example');
  await login.lostPassword.click();
  await expect(dialog.email).toHaveValue('someone@e2e.example');
  await page.keyboard.press('Escape');
  await expect(dialog.root).toBeHidden();
});

test('OK is disabled while the e-mail is empty or invalid', async ({ page }) => {
  const login = new LoginPage(page);
  const dialog = new ReissueDialog(page);
  await login.goto();
  await login.lostPassword.click();
  await expect(dialog.email).toHaveValue('');
  await expect(dialog.ok).toBeDisabled();

  await dialog.email.fill('not-an-email');
  await dialog.email.blur();
  await expect(dialog.ok).toBeDisabled();
  await expect(dialog.root.getByText(ja.messages.invalidEmail)).toBeVisible();

  await dialog.email.fill('');
  await expect(dialog.ok).toBeDisabled();
  await expect(dialog.root.getByText(ja.messages.required)).toBeVisible();

  await dialog.email.fill(EMAIL);
  await expect(dialog.ok).toBeEnabled();
  await expect(dialog.root.getByText(ja.messages.invalidEmail)).toHaveCount(0);
});

test('Enter submits: the request carries the e-mail and the return URL, and the sent message shows', async ({
  page,
  baseURL,
}) => {
  const login = new LoginPage(page);
  const dialog = new ReissueDialog(page);
  const shell = new AppShell(page);
  await login.goto();
  await login.email.fill(EMAIL);
  await login.lostPassword.click();
  await expect(dialog.email).toHaveValue(EMAIL);

  const request = page.waitForRequest('**/api/password/reset_request');
  await dialog.email.press('Enter');
  expect((await request).postDataJSON()).toEqual({
    email: EMAIL,
    return_url: `${new URL(baseURL!).origin}/password_reissue`,
  });
  await expect(shell.toast(ja.messages.reissueSent)).toBeVisible();
  await expect(dialog.root).toBeHidden();
  await expect(page).toHaveURL(/\/login$/);
});

test('a network failure shows the sending-failed message', async ({ page, consoleGuard }) => {
  consoleGuard.allow(/net::ERR_FAILED/);
  const login = new LoginPage(page);
  const dialog = new ReissueDialog(page);
  const shell = new AppShell(page);
  await page.route('**/api/password/reset_request', (route) => route.abort());
  await login.goto();
  await login.email.fill(EMAIL);
  await login.lostPassword.click();
  await dialog.ok.click();

  await expect(shell.toast(ja.messages.reissueFailed)).toBeVisible();
  await expect(shell.toast(ja.messages.reissueSent)).toHaveCount(0);
  // The dialog stays open so the address can be corrected.
  await expect(dialog.root).toBeVisible();
  await expect(dialog.ok).toBeEnabled();
});

test('while sending, OK is disabled and the dialog cannot be closed', async ({ page }) => {
  const login = new LoginPage(page);
  const dialog = new ReissueDialog(page);
  const shell = new AppShell(page);
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  // Answered here, after a hold, so the sending state can be seen (the real call is covered above).
  await page.route('**/api/password/reset_request', async (route) => {
    await held;
    await route.fulfill({ status: 200, json: { data: { sent: true } } });
  });
  await login.goto();
  await login.email.fill(EMAIL);
  await login.lostPassword.click();
  await dialog.ok.click();

  await expect(dialog.ok).toBeDisabled();
  await expect(dialog.cancel).toBeDisabled();
  await page.keyboard.press('Escape');
  await expect(dialog.root).toBeVisible();

  release();
  await expect(shell.toast(ja.messages.reissueSent)).toBeVisible();
  await expect(dialog.root).toBeHidden();
});

test.describe('the reissue page a reset mail links to', () => {
  test('without a token it says the link is invalid and leads to login', async ({ page }) => {
    await page.goto('/password_reissue');
    await expect(page.getByRole('alert')).toContainText('このURLは無効か、有効期限');
    await expect(page.locator('body')).toHaveClass('password_reissue');
    await page.getByRole('link', { name: 'ログイン画面へ' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('applies the password rules, and a token the server refuses shows the invalid-link message', async ({
    page,
    consoleGuard,
  }) => {
    consoleGuard.allow(/status of 400/);
    await page.goto(`/password_reissue?token=${'0'.repeat(64)}`);
    const submit = page.getByRole('button', { name: 'パスワードを設定' });
    const password = page.getByLabel(/^新しいパスワード\s*\*?$/);
    const confirm = page.getByLabel(/^新しいパスワード（確認）\s*\*?$/);
    await expect(submit).toBeDisabled();
    await password.fill('abcdef1');
    await confirm.fill('abcdef2');
    await expect(page.getByText('パスワードが一致しません')).toBeVisible();
    await expect(submit).toBeDisabled();
    await confirm.fill('abcdef1');
    await expect(submit).toBeEnabled();
    const request = page.waitForRequest((r) => r.url().endsWith('/api/password/reset'));
    await submit.click();
    expect((await request).postDataJSON()).toEqual({ token: '0'.repeat(64), password: 'abcdef1' });
    await expect(page.getByRole('alert')).toContainText('このURLは無効か、有効期限');
  });
});
