// Language (core.md §2, §4, §7): Japanese by default; the login select and the header menu store the choice
// and reload the page in that language; the choice survives a reload; every API call carries it as
// Accept-Language.
import type { Page, Request } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { DEMO } from '../support/accounts.ts';
import { AppShell } from '../pages/app-shell.ts';
import { LoginPage } from '../pages/login-page.ts';
import { en, ja } from '../pages/texts.ts';

const isApiCall = (request: Request) => new URL(request.url()).pathname.startsWith('/api/');
const storedLanguage = (page: Page) => page.evaluate(() => localStorage.getItem('camwatch.language'));

test('Japanese is the default on the login screen', async ({ page }) => {
  const login = new LoginPage(page);
  await login.goto();
  await expect(login.email).toBeVisible();
  await expect(login.submit).toBeVisible();
  await expect(login.languageSelect).toHaveValue('ja');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
});

test('the login language select switches to English, which survives a reload', async ({ page }) => {
  const jaLogin = new LoginPage(page);
  const enLogin = new LoginPage(page, 'en');
  await jaLogin.goto();
  await jaLogin.email.fill(DEMO.email);

  const reloaded = page.waitForEvent('load');
  await jaLogin.chooseLanguage(ja.languages.en);
  await reloaded;
  await expect(enLogin.email).toBeVisible();
  await expect(enLogin.submit).toBeVisible();
  await expect(page.getByRole('heading', { name: en.login.title, level: 1 })).toBeVisible();
  await expect(jaLogin.email).toHaveCount(0);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  expect(await storedLanguage(page)).toBe('"en"');

  await page.reload();
  await expect(enLogin.email).toBeVisible();
  await expect(enLogin.submit).toBeVisible();
  await expect(enLogin.languageSelect).toHaveValue('en');
});

test('the header language menu switches back to Japanese after login, and it persists', async ({ page }) => {
  const enLogin = new LoginPage(page, 'en');
  const shell = new AppShell(page);
  await new LoginPage(page).goto();
  await new LoginPage(page).chooseLanguage(ja.languages.en);
  await expect(enLogin.email).toBeVisible();

  await enLogin.logIn(DEMO);
  await expect(page).toHaveURL(/\/list\/1$/);
  await expect(shell.pageTitle).toHaveText(en.pages.list);
  await expect(shell.userMenu).toHaveAccessibleName(`${en.header.userMenu}: デモ 管理者`);
  await expect(shell.languageMenu).toHaveAccessibleName(en.header.languageMenu);
  await expect(shell.footer).toContainText(en.footer.version);

  const reloaded = page.waitForEvent('load');
  await shell.chooseLanguage(ja.languages.ja);
  await reloaded;
  await expect(page).toHaveURL(/\/list\/1$/);
  await expect(shell.pageTitle).toHaveText(ja.pages.list);
  await expect(shell.userMenu).toHaveAccessibleName(`${ja.header.userMenu}: デモ 管理者`);
  await expect(shell.sideNav.getByRole('link', { name: ja.nav.all, exact: true })).toBeVisible();
  await expect(shell.footer).toContainText(ja.footer.version);
  expect(await storedLanguage(page)).toBe('"ja"');

  await page.reload();
  await expect(shell.pageTitle).toHaveText(ja.pages.list);
  await expect(shell.languageMenu).toHaveAccessibleName(ja.header.languageMenu);
});

test('API calls carry Accept-Language of the chosen language', async ({ page }) => {
  const jaLogin = new LoginPage(page);
  const shell = new AppShell(page);

  // Japanese (default): the start-up calls say ja, not the browser's ja-JP.
  const jaStartup = page.waitForRequest(isApiCall);
  await jaLogin.goto();
  expect(await (await jaStartup).headerValue('accept-language')).toBe('ja');

  // English: the calls after the reload and the login call say en.
  const enStartup = page.waitForRequest(isApiCall);
  await jaLogin.chooseLanguage(ja.languages.en);
  expect(await (await enStartup).headerValue('accept-language')).toBe('en');
  const enLogin = new LoginPage(page, 'en');
  await enLogin.fill(DEMO.email, DEMO.password);
  const loginCall = page.waitForRequest((r) => isApiCall(r) && r.url().endsWith('/api/auth/login'));
  await enLogin.submit.click();
  expect(await (await loginCall).headerValue('accept-language')).toBe('en');
  await expect(shell.pageTitle).toHaveText(en.pages.list);

  // Back to Japanese from the header: calls made from the reloaded page say ja.
  await shell.chooseLanguage(ja.languages.ja);
  await expect(shell.pageTitle).toHaveText(ja.pages.list);
  const loginCheck = page.waitForRequest((r) => isApiCall(r) && r.url().endsWith('/api/auth/checklogin'));
  await shell.sideNav.getByRole('link', { name: ja.nav.setting, exact: true }).click();
  expect(await (await loginCheck).headerValue('accept-language')).toBe('ja');
});
