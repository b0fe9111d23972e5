// Change password (core.md §2, §4, §5, §8): confirm disabled until both new fields have 6+ characters and
// match, the mismatch message, failure and success messages, Escape closes; without modPassword the menu item
// is disabled with a 'no permission' tooltip.
import { expect, test } from '../support/fixtures.ts';
import { account, FIXTURE_PASSWORD } from '../support/accounts.ts';
import { AppShell } from '../pages/app-shell.ts';
import { ChangePasswordDialog } from '../pages/dialogs.ts';
import { LoginPage } from '../pages/login-page.ts';
import { logInAs } from '../pages/session.ts';
import { ja } from '../pages/texts.ts';

const user = account('changePassword');

test.describe('with the modPassword right', () => {
  test.beforeEach(async ({ page }) => {
    await logInAs(page, user);
    await new AppShell(page).openUserMenuItem(ja.header.changePassword);
    await expect(new ChangePasswordDialog(page).root).toBeVisible();
  });

  test('confirm is disabled until both new passwords have 6+ characters and match', async ({ page }) => {
    const dialog = new ChangePasswordDialog(page);
    const mismatch = dialog.root.getByText(ja.messages.passwordMismatch);
    await expect(dialog.submit).toBeDisabled();

    await dialog.current.fill(FIXTURE_PASSWORD);
    await expect(dialog.submit).toBeDisabled();

    // Both shorter than 6 and different: too short, but no mismatch message yet.
    await dialog.newPassword.fill('abcde');
    await dialog.confirmation.fill('abcdx');
    await expect(dialog.submit).toBeDisabled();
    await expect(mismatch).toHaveCount(0);
    await expect(dialog.root.getByText(ja.messages.passwordTooShort)).toHaveCount(2);

    // Both 6+ and different: the mismatch message.
    await dialog.newPassword.fill('abcdef');
    await dialog.confirmation.fill('abcdeg');
    await expect(mismatch).toBeVisible();
    await expect(dialog.confirmation).toHaveAccessibleDescription(ja.messages.passwordMismatch);
    await expect(dialog.submit).toBeDisabled();

    // Matching but only one field filled: still disabled.
    await dialog.confirmation.fill('');
    await expect(dialog.submit).toBeDisabled();
    await expect(mismatch).toHaveCount(0);

    await dialog.confirmation.fill('abcdef');
    await expect(mismatch).toHaveCount(0);
    await expect(dialog.submit).toBeEnabled();

    // The current password is required too.
    await dialog.current.fill('');
    await expect(dialog.submit).toBeDisabled();
  });

  test('Escape closes the dialog', async ({ page }) => {
    const dialog = new ChangePasswordDialog(page);
    await dialog.newPassword.fill('abcdef');
    await page.keyboard.press('Escape');
    await expect(dialog.root).toBeHidden();

    // Opened again, it starts empty.
    await new AppShell(page).openUserMenuItem(ja.header.changePassword);
    await expect(dialog.root).toBeVisible();
    await expect(dialog.newPassword).toHaveValue('');
  });

  test('a wrong current password shows the failure and keeps the dialog open', async ({
    page,
    consoleGuard,
  }) => {
    consoleGuard.allow(/status of 400/);
    const dialog = new ChangePasswordDialog(page);
    const shell = new AppShell(page);
    await dialog.fill('not-my-password', 'new-pass-9');
    await dialog.submit.click();

    await expect(shell.toast(ja.messages.passwordChangeFailed)).toBeVisible();
    await expect(dialog.root.getByText(ja.password.currentIncorrect)).toBeVisible();
    await expect(dialog.root).toBeVisible();
    await expect(shell.toast(ja.messages.passwordChanged)).toHaveCount(0);
  });

  test('the current password again shows why it failed, in Japanese (issue 17)', async ({
    page,
    consoleGuard,
  }) => {
    consoleGuard.allow(/status of 400/);
    const dialog = new ChangePasswordDialog(page);
    const shell = new AppShell(page);
    await dialog.fill(FIXTURE_PASSWORD, FIXTURE_PASSWORD);
    await dialog.submit.click();

    const toast = shell.toast(ja.messages.passwordChangeFailed);
    await expect(toast).toBeVisible();
    await expect(toast).toContainText('現在のパスワードと同じパスワードには変更できません');
    await expect(toast).not.toContainText('must differ');
    await expect(dialog.root).toBeVisible();
  });

  test('success shows the message, closes, and the new password logs in', async ({ page, consoleGuard }) => {
    consoleGuard.allow(/status of 401/);
    const dialog = new ChangePasswordDialog(page);
    const shell = new AppShell(page);
    const login = new LoginPage(page);
    const newPassword = 'e2e-pass-2';
    await dialog.fill(FIXTURE_PASSWORD, newPassword);
    await dialog.submit.click();
    await expect(shell.toast(ja.messages.passwordChanged)).toBeVisible();
    await expect(dialog.root).toBeHidden();

    await shell.logOut();
    await expect(page).toHaveURL(/\/login$/);
    await login.logIn(user);
    await expect(login.error).toHaveText(ja.messages.loginFailure.invalid_credentials);
    await login.logIn({ email: user.email, password: newPassword });
    await expect(page).toHaveURL(/\/list\/1$/);

    // Put the fixture password back so the other specs of this account do not depend on the order.
    await shell.openUserMenuItem(ja.header.changePassword);
    await dialog.fill(newPassword, FIXTURE_PASSWORD);
    await dialog.submit.click();
    await expect(dialog.root).toBeHidden();
  });
});

test('without the modPassword right the item is disabled and hovering says there is no permission', async ({
  page,
}) => {
  const shell = new AppShell(page);
  await logInAs(page, account('noPassword'));
  await shell.userMenu.click();
  const item = shell.menuItem(ja.header.changePassword);
  await expect(item).toBeDisabled();
  await item.hover();
  await expect(page.getByRole('tooltip', { name: ja.messages.noPermission })).toBeVisible();

  await item.click({ force: true });
  await expect(new ChangePasswordDialog(page).root).toHaveCount(0);
});
