// Start-up (core.md §1) and screen loading (advanced.md §2): the app key from a link, the service worker,
// tracking only with an id, and a screen whose code cannot load.
import { expect, test } from '../support/fixtures.ts';
import { DEMO } from '../support/accounts.ts';
import { LoginPage } from '../pages/login-page.ts';
import { ja } from '../pages/texts.ts';

test('an appKey in the address is removed from the address bar, kept, and sent with login', async ({
  page,
}) => {
  await page.goto('/login?appKey=device-key-123');
  await expect(new LoginPage(page).email).toBeVisible();
  expect(new URL(page.url()).searchParams.has('appKey')).toBe(false);
  expect(await page.evaluate(() => window.localStorage.getItem('camwatch.appKey'))).toBe('"device-key-123"');

  const loginRequest = page.waitForRequest((r) => r.url().endsWith('/api/auth/login'));
  const checkRequest = page.waitForRequest((r) => r.url().endsWith('/api/auth/checklogin'));
  await new LoginPage(page).logIn(DEMO);
  expect((await loginRequest).postDataJSON()).toMatchObject({ appKey: 'device-key-123' });
  expect((await checkRequest).postDataJSON()).toEqual({ appKey: 'device-key-123' });
});

test('the service worker is registered, and no tracking loads without a tracking id', async ({ page }) => {
  const tracking: string[] = [];
  page.on('request', (r) => {
    if (/googletagmanager|google-analytics/.test(r.url())) tracking.push(r.url());
  });
  await page.goto('/login');
  await expect(new LoginPage(page).email).toBeVisible();
  await expect
    .poll(() =>
      page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.scriptURL ?? null),
    )
    .toMatch(/\/sw\.js$/);
  expect(tracking).toEqual([]);
});

test('a screen whose code cannot be loaded shows the error with a reload button', async ({
  page,
  consoleGuard,
}) => {
  consoleGuard.allow(/Failed to load resource|dynamically imported module|net::ERR_FAILED/);
  // The logged-in layout's chunk (web/first-screen-chunks.ts names it `shell`).
  await page.route(/\/assets\/shell-[^/]+\.js$/, (route) => route.abort());
  await page.goto('/login');
  await new LoginPage(page).logIn(DEMO);
  const alert = page.getByRole('alert').filter({ hasText: ja.chunkLoadFailed });
  await expect(alert).toBeVisible();
  await page.unroute(/\/assets\/shell-[^/]+\.js$/);
  await alert.getByRole('button', { name: ja.reload }).click();
  await expect(page.getByRole('heading', { name: ja.pages.list, level: 1 })).toBeVisible();
});
