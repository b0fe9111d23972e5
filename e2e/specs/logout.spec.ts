// Logout (core.md §2, §4): user menu > logout goes to the login screen and ends the server session.
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { DEMO } from '../support/accounts.ts';
import { AppShell } from '../pages/app-shell.ts';
import { LoginPage } from '../pages/login-page.ts';
import { logInAs } from '../pages/session.ts';

const meStatus = (page: Page) =>
  page.evaluate(
    async () => (await fetch('/api/auth/me', { headers: { Accept: 'application/json' } })).status,
  );

test('user menu > logout goes to /login and the session is gone', async ({ page, consoleGuard }) => {
  consoleGuard.allow(/status of 401/);
  const shell = new AppShell(page);
  await logInAs(page, DEMO);
  expect(await meStatus(page)).toBe(200);

  await shell.logOut();
  await expect(page).toHaveURL(/\/login$/);
  await expect(new LoginPage(page).submit).toBeVisible();
  await expect(shell.userMenu).toHaveCount(0);
  expect(await meStatus(page)).toBe(401);

  // A reload does not bring the session back.
  await page.reload();
  await expect(new LoginPage(page).email).toBeVisible();
  expect(await meStatus(page)).toBe(401);
});
