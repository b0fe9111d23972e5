// Navigation guard and routes (core.md §2, §4): protected routes send a logged-out visitor to login with the
// target in `redirect`, login returns there, `/` is the list, unknown paths are /notfound, the body class is
// the page name, and a logged-out browser cannot go back into the app.
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { DEMO } from '../support/accounts.ts';
import { AppShell } from '../pages/app-shell.ts';
import { LoginPage } from '../pages/login-page.ts';
import { firstCameraCode, logInAs } from '../pages/session.ts';
import { ja } from '../pages/texts.ts';

/** Waits until the browser is on /login with exactly this redirect target (null: no redirect query). */
async function expectLoginWithRedirect(page: Page, target: string | null) {
  await expect
    .poll(() => {
      const url = new URL(page.url());
      return { path: url.pathname, redirect: url.searchParams.get('redirect') };
    })
    .toEqual({ path: '/login', redirect: target });
  await expect(new LoginPage(page).submit).toBeVisible();
  await expect(page.locator('body')).toHaveClass('login');
}

test('a protected URL logged out goes to login with the target, and login returns to it', async ({
  page,
  request,
}) => {
  const code = await firstCameraCode(request, DEMO);
  const target = `/detail/${code}?date=2026-11-01`;
  await page.goto(target);
  await expectLoginWithRedirect(page, target);

  await new LoginPage(page).logIn(DEMO);
  await expect
    .poll(() => {
      const url = new URL(page.url());
      return `${url.pathname}${url.search}`;
    })
    .toBe(target);
  await expect(page.locator('body')).toHaveClass('detail');
  await expect(new AppShell(page).userMenu).toBeVisible();
});

test('an unknown camera code keeps its query through the login redirect', async ({ page }) => {
  // The redirect keeps the whole query string, whatever the target.
  await page.goto('/detail/abc?date=2026-11-01');
  await expectLoginWithRedirect(page, '/detail/abc?date=2026-11-01');
  expect(page.url()).toContain(`redirect=${encodeURIComponent('/detail/abc?date=2026-11-01')}`);
});

test('`/` logged out goes to login, and login lands on list page 1', async ({ page }) => {
  await page.goto('/');
  // `/` logged out is a plain /login: nothing to come back to but the default first screen.
  await expect.poll(() => new URL(page.url()).pathname).toBe('/login');
  expect(new URL(page.url()).searchParams.get('redirect')).toBeNull();
  await expect(page.locator('body')).toHaveClass('login');
  await new LoginPage(page).logIn(DEMO);
  await expect(page).toHaveURL(/\/list\/1$/);
  await expect(page.locator('body')).toHaveClass('list');
});

test('`/` logged in goes to list page 1', async ({ page }) => {
  await logInAs(page, DEMO);
  await page.goto('/setting');
  await expect(page.locator('body')).toHaveClass('setting');
  await page.goto('/');
  await expect(page).toHaveURL(/\/list\/1$/);
  await expect(page.locator('body')).toHaveClass('list');
  await expect(new AppShell(page).pageTitle).toHaveText(ja.pages.list);
});

test('an unknown path shows the not-found page with a way back to the list', async ({ page }) => {
  const shell = new AppShell(page);
  await logInAs(page, DEMO);
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/notfound$/);
  await expect(page.locator('body')).toHaveClass('notfound');
  await expect(shell.pageTitle).toHaveText(ja.pages.notfound);

  await page.getByRole('link', { name: ja.notfound.back }).click();
  await expect(page).toHaveURL(/\/list\/1$/);
  await expect(page.locator('body')).toHaveClass('list');
  await expect(shell.pageTitle).toHaveText(ja.pages.list);
});

test('screens without their analytics yet are not there: their addresses go to notfound (issue 21 point 8)', async ({
  page,
}) => {
  await logInAs(page, DEMO);
  for (const path of ['/person-tracking/results/1', '/operation-analysis/results']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/notfound$/);
  }
});

test('the body class follows client-side navigation', async ({ page }) => {
  const shell = new AppShell(page);
  await logInAs(page, DEMO);
  await expect(page.locator('body')).toHaveClass('list');
  await shell.sideNav.getByRole('link', { name: ja.nav.setting, exact: true }).click();
  await expect(page).toHaveURL(/\/setting$/);
  await expect(page.locator('body')).toHaveClass('setting');
  await shell.sideNav.getByRole('link', { name: ja.nav.all, exact: true }).click();
  await expect(page).toHaveURL(/\/list\/1$/);
  await expect(page.locator('body')).toHaveClass('list');
});

test('after logout, the back button and a protected URL lead to login again', async ({ page }) => {
  const shell = new AppShell(page);
  await logInAs(page, DEMO);
  await shell.sideNav.getByRole('link', { name: ja.nav.setting, exact: true }).click();
  await expect(page).toHaveURL(/\/setting$/);

  await shell.logOut();
  await expectLoginWithRedirect(page, null);

  await page.goBack();
  await expect.poll(() => new URL(page.url()).pathname).toBe('/login');
  await expect(new LoginPage(page).submit).toBeVisible();
  await expect(shell.userMenu).toHaveCount(0);

  await page.goto('/setting');
  await expectLoginWithRedirect(page, '/setting');
  await expect(shell.userMenu).toHaveCount(0);
});
