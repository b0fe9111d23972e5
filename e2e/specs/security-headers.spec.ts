// Issue 16 §8: the web app works under its Content-Security-Policy. Every CSP violation the browser sees is
// collected (securitypolicyviolation events, also reported for policies that only block) while a user logs
// in, opens the list, the map, a camera's live picture and the API documentation; there must be none.
import { expect, test } from '../support/fixtures.ts';
import { DEMO } from '../support/accounts.ts';
import { DetailPage, liveCamera } from '../pages/detail-player.ts';
import { logInAs } from '../pages/session.ts';

declare global {
  interface Window {
    cspViolations: string[];
  }
}

test.beforeEach(async ({ page, consoleGuard }) => {
  // Map tiles come from the internet, which the test machine does not have.
  consoleGuard.allow(/Failed to load resource: net::ERR_(INTERNET_DISCONNECTED|NAME_NOT_RESOLVED)/);
  await page.addInitScript(() => {
    window.cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) =>
      window.cspViolations.push(`${event.effectiveDirective} ${event.blockedURI}`),
    );
  });
});

test('the app shell is served with its security headers', async ({ page }) => {
  const response = await page.goto('/login');
  const headers = response!.headers();
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('same-origin');
});

test('login, list, map and a live camera run without a CSP violation', async ({ page, request }) => {
  const camera = await liveCamera(request, DEMO);
  await logInAs(page, DEMO);
  await page.getByRole('tab', { name: '地図', exact: true }).click();
  await expect(page.locator('.leaflet-container')).toBeVisible();
  const detail = new DetailPage(page);
  await detail.goto(camera.code);
  await expect(detail.title).toContainText(camera.name);
  await expect(detail.canvas).toBeVisible();
  expect(await page.evaluate(() => window.cspViolations)).toEqual([]);
});

test('the API documentation page runs without a CSP violation', async ({ page }) => {
  await page.goto('/api/docs');
  await expect(page.getByRole('heading', { name: /CamWatch API/ })).toBeVisible();
  expect(await page.evaluate(() => window.cspViolations)).toEqual([]);
});
