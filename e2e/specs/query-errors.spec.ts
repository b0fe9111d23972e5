// A screen whose data could not be read recovers (issue 17 point 3; core.md §8, §9): one failed request is
// asked again at once; when the server keeps failing, the screen shows its error state with a retry button
// and asks again by itself after 5 s (doubling), so it comes back without a reload once the server answers.
// The failures are made by the browser's network (page.route), not by a mock of the server.
import type { Page, Route } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { DEMO } from '../support/accounts.ts';
import { liveCamera } from '../pages/detail-player.ts';
import { logInByApi } from '../pages/multi-wall.ts';

const texts = {
  listFailed: 'カメラ一覧を読み込めませんでした',
  notificationsFailed: 'お知らせを読み込めませんでした。',
  childUsersFailed: '子アカウントを読み込めませんでした。',
  commonError: 'エラーが発生しました。しばらく待ってから再度お試しください。',
  retry: '再試行',
  autoRetry: /^\d+秒後に自動で再試行します。$/,
};

/** Makes GET requests matching `url` fail (500, or no answer) until the answered function is called; counts them. */
async function failRequests(page: Page, url: RegExp, how: '500' | 'network', times = Infinity) {
  let failed = 0;
  const handler = (route: Route) => {
    if (route.request().method() !== 'GET' || failed >= times) return route.fallback();
    failed++;
    return how === '500'
      ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":{"code":"internal"}}' })
      : route.abort('connectionrefused');
  };
  await page.route(url, handler);
  return { failures: () => failed, restore: () => page.unroute(url, handler) };
}

const errorState = (page: Page) => page.getByTestId('query-error');

test.beforeEach(({ consoleGuard }) => {
  consoleGuard.allow(/status of 500|net::ERR_CONNECTION_REFUSED/);
});

test('the camera list: one failed request is asked again at once and the list shows', async ({ page }) => {
  const list = await failRequests(page, /\/api\/cameras\?/, '500', 1);
  await logInByApi(page, DEMO);
  await page.goto('/list/1');
  await expect(page.getByTestId('camera-total')).toHaveText(/^\d+台$/);
  expect(list.failures()).toBe(1);
  await expect(errorState(page)).toHaveCount(0);
});

test('the camera list: while the server fails it shows the error state, then comes back by itself', async ({
  page,
}) => {
  const list = await failRequests(page, /\/api\/cameras\?/, '500');
  await logInByApi(page, DEMO);
  await page.goto('/list/1');
  await expect(errorState(page)).toContainText(texts.listFailed);
  await expect(errorState(page).getByText(texts.autoRetry)).toBeVisible();
  await expect(errorState(page).getByRole('button', { name: texts.retry })).toBeVisible();
  await page.screenshot({ path: 'test-results/query-errors-list.png' });
  expect(list.failures()).toBe(3); // the first ask and two quick retries

  await list.restore();
  // No click: the automatic retry (5 s after the error state appeared) brings the list back.
  await expect(page.getByTestId('camera-total')).toHaveText(/^\d+台$/, { timeout: 15_000 });
  await expect(errorState(page)).toHaveCount(0);
});

test('the camera list without a network: the retry button brings it back', async ({ page }) => {
  const list = await failRequests(page, /\/api\/cameras\?/, 'network');
  await logInByApi(page, DEMO);
  await page.goto('/list/1');
  // The app's start-up, then a request and its retry that both fail: over 10 s on a loaded 2-core runner once.
  await expect(errorState(page)).toContainText(texts.listFailed, { timeout: 20_000 });
  await list.restore();
  await errorState(page).getByRole('button', { name: texts.retry }).click();
  await expect(page.getByTestId('camera-total')).toHaveText(/^\d+台$/);
});

test('notifications and child users show the error state and recover by themselves', async ({ page }) => {
  await logInByApi(page, DEMO);
  for (const [path, api, message] of [
    ['/notification', /\/api\/notifications\?/, texts.notificationsFailed],
    ['/child_users', /\/api\/childusers$/, texts.childUsersFailed],
  ] as const) {
    const failing = await failRequests(page, api, '500');
    await page.goto(path);
    await expect(errorState(page)).toContainText(message);
    await expect(errorState(page).getByText(texts.autoRetry)).toBeVisible();
    await failing.restore();
    await expect(errorState(page)).toHaveCount(0, { timeout: 15_000 });
  }
});

test('the camera detail page whose camera could not be read shows the error state, and retry opens it', async ({
  page,
  request,
}) => {
  const camera = await liveCamera(request, DEMO);
  const detail = await failRequests(page, new RegExp(`/api/cameras/${camera.code}$`), '500');
  await logInByApi(page, DEMO);
  await page.goto(`/detail/${camera.code}`);
  await expect(errorState(page)).toContainText(texts.commonError);
  await expect(errorState(page).getByText(texts.autoRetry)).toBeVisible();
  await page.screenshot({ path: 'test-results/query-errors-detail.png' });
  await detail.restore();
  await errorState(page).getByRole('button', { name: texts.retry }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(camera.name);
});
