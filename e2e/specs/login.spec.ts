// Login screen (core.md §2, §4, §5, §8; advanced.md §2, §8): success lands on the camera list inside the layout,
// each failure reason has its own message, the form validates the way §5 says, Enter submits.
import { expect, test } from '../support/fixtures.ts';
import { account, DEMO } from '../support/accounts.ts';
import { AppShell } from '../pages/app-shell.ts';
import { LoginPage } from '../pages/login-page.ts';
import { ja } from '../pages/texts.ts';

const CLOCK_FORMAT = /^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}:\d{2}$/;

/** The clock text as an instant, read in the browser's time zone (Asia/Tokyo, +09:00, no DST). */
const clockInstant = (text: string) => {
  const [date, time] = text.split(' ');
  return Date.parse(`${date!.replaceAll('/', '-')}T${time}+09:00`);
};

test.describe('successful login', () => {
  test('lands on the camera list inside the layout', async ({ page }) => {
    const login = new LoginPage(page);
    const shell = new AppShell(page);
    await login.goto();
    await expect(page.getByRole('heading', { name: ja.login.title, level: 1 })).toBeVisible();
    await login.logIn(DEMO);

    await expect(page).toHaveURL(/\/list\/1$/);
    await expect(shell.pageTitle).toHaveText(ja.pages.list);
    await expect(shell.sideNav).toBeVisible();
    await expect(shell.sideNav.getByRole('link', { name: ja.nav.all, exact: true })).toBeVisible();
    await expect(shell.sideNav.getByRole('link', { name: ja.nav.setting, exact: true })).toBeVisible();
    await expect(shell.userMenu).toBeVisible();
    await expect(shell.userMenu).toHaveText('デモ 管理者');
    await expect(shell.footer).toContainText(ja.footer.version);
  });

  test('the footer clock shows the current time as YYYY/MM/DD HH:mm:ss and ticks', async ({ page }) => {
    const login = new LoginPage(page);
    const shell = new AppShell(page);
    await login.goto();
    await login.logIn(DEMO);
    await expect(page).toHaveURL(/\/list\/1$/);

    await expect(shell.clock).toHaveText(CLOCK_FORMAT);
    const first = (await shell.clock.textContent())!;
    expect(Math.abs(clockInstant(first) - Date.now())).toBeLessThan(5_000);
    await expect(shell.clock).not.toHaveText(first, { timeout: 2_000 });
    const next = (await shell.clock.textContent())!;
    expect(next).toMatch(CLOCK_FORMAT);
    expect(clockInstant(next)).toBeGreaterThan(clockInstant(first));
  });

  test('Enter in the password field submits the form', async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto();
    await login.fill(DEMO.email, DEMO.password);
    await login.password.press('Enter');
    await expect(page).toHaveURL(/\/list\/1$/);
    await expect(new AppShell(page).userMenu).toBeVisible();
  });
});

test.describe('failed login', () => {
  test.beforeEach(({ consoleGuard }) => {
    consoleGuard.allow(/status of 401/);
  });

  test('a wrong password and an unknown e-mail show the same invalid-credentials message', async ({
    page,
  }) => {
    const login = new LoginPage(page);
    await login.goto();
    // The locked account is refused anyway; a wrong password must not reveal that it exists or is locked.
    await login.logIn({ email: account('locked').email, password: 'wrong-password' });
    await expect(login.error).toHaveText(ja.messages.loginFailure.invalid_credentials);
    await expect(page).toHaveURL(/\/login$/);

    await login.logIn({ email: 'nobody@e2e.example', password: 'wrong-password' });
    await expect(login.error).toHaveText(ja.messages.loginFailure.invalid_credentials);
    await expect(page).toHaveURL(/\/login$/);
  });

  const reasons = [
    { name: 'locked', who: 'locked', message: ja.messages.loginFailure.locked },
    { name: 'IP restricted', who: 'ipRestricted', message: ja.messages.loginFailure.ip_restricted },
    {
      name: 'device authentication failed',
      who: 'devauth',
      message: ja.messages.loginFailure.devauth_failed,
    },
  ] as const;
  for (const { name, who, message } of reasons) {
    test(`${name}: shows its own message and stays on the login screen`, async ({ page }) => {
      const login = new LoginPage(page);
      await login.goto();
      await login.logIn(account(who));
      await expect(login.error).toHaveText(message);
      await expect(page).toHaveURL(/\/login$/);
      await expect(login.submit).toBeEnabled();
    });
  }

  test('three wrong passwords lock the account: the right one then shows the system lock', async ({
    page,
  }) => {
    const login = new LoginPage(page);
    const user = account('systemLock');
    await login.goto();
    for (let attempt = 1; attempt <= 3; attempt++) {
      await login.logIn({ email: user.email, password: `wrong-${attempt}` });
      await expect(login.error).toHaveText(ja.messages.loginFailure.invalid_credentials);
      await expect(login.submit).toBeEnabled();
    }
    await login.logIn(user);
    await expect(login.error).toHaveText(ja.messages.loginFailure.system_locked);
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe('validation', () => {
  test('submit stays disabled until the e-mail is valid and blurred and the password is filled', async ({
    page,
  }) => {
    const login = new LoginPage(page);
    await login.goto();
    await expect(login.submit).toBeDisabled();

    // A valid e-mail while the focus is still in the field: not validated yet.
    await login.email.fill(DEMO.email);
    await expect(login.email).toBeFocused();
    await expect(login.submit).toBeDisabled();

    // Leaving the field validates it; the password is still empty.
    await login.email.press('Tab');
    await expect(login.password).toBeFocused();
    await expect(login.submit).toBeDisabled();
    await login.password.pressSequentially(DEMO.password);
    await expect(login.submit).toBeEnabled();

    await login.password.fill('');
    await expect(login.submit).toBeDisabled();
    await login.password.fill(DEMO.password);
    await expect(login.submit).toBeEnabled();

    await login.email.fill('demo@example');
    await login.email.blur();
    await expect(login.submit).toBeDisabled();
    await login.email.fill(DEMO.email);
    await expect(login.submit).toBeEnabled();
  });

  test('submit is disabled while the login call is under way', async ({ page }) => {
    const login = new LoginPage(page);
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/auth/login', async (route) => {
      await held;
      await route.continue();
    });
    let loginCalls = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/auth/login')) loginCalls++;
    });
    await login.goto();
    await login.fill(DEMO.email, DEMO.password);
    await login.submit.click();
    await expect(login.submit).toBeDisabled();
    await login.password.press('Enter'); // a second submit while busy sends nothing
    release();
    await expect(page).toHaveURL(/\/list\/1$/);
    expect(loginCalls).toBe(1);
  });

  test('an invalid e-mail shows the format message after blur, not before', async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto();
    await login.email.fill('not-an-email');
    await expect(page.getByText(ja.messages.invalidEmail)).toHaveCount(0);
    await login.email.blur();
    await expect(page.getByText(ja.messages.invalidEmail)).toBeVisible();
    await expect(login.email).toHaveAttribute('aria-invalid', 'true');
    await expect(login.email).toHaveAccessibleDescription(ja.messages.invalidEmail);

    await login.email.fill(DEMO.email);
    await expect(page.getByText(ja.messages.invalidEmail)).toHaveCount(0);
    await expect(login.email).not.toHaveAttribute('aria-invalid', 'true');
  });

  test('an empty e-mail shows the required message after blur', async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto();
    await login.email.focus();
    await login.email.blur();
    await expect(page.getByText(ja.messages.required)).toBeVisible();
    await expect(login.email).toHaveAccessibleDescription(ja.messages.required);
    await expect(login.submit).toBeDisabled();
  });
});
