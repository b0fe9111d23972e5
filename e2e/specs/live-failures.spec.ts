// Live that cannot be watched never spins for ever (issue 17 point 1; core.md §4, §8 'Live start failure:
// cannot live, please contact'; advanced.md §2): the demo's down camera answers 409 to the live start, and the
// detail page and its wall tile say live cannot start. A start that keeps failing (here made to answer 500 by
// the browser's network) says so too, and live plays once the start succeeds again.
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { DEMO } from '../support/accounts.ts';
import { DetailPage, detailTexts, liveCamera } from '../pages/detail-player.ts';
import { MultiWallPage, logInByApi } from '../pages/multi-wall.ts';

const texts = {
  cannotLiveContact: 'ライブを開始できません。管理者にお問い合わせください。',
  wallCannotLive: 'ライブ不可',
};

/** The demo's down camera (横浜工場 正門), from the API with its own cookies. */
async function downCamera(request: APIRequestContext) {
  expect((await request.post('/api/auth/login', { data: { ...DEMO, appKey: null } })).status()).toBe(200);
  const list = await request.get('/api/cameras', { params: { page: 1, count: 50 } });
  const { cameras } = (
    (await list.json()) as {
      data: { cameras: { camera_code: string; camera_name: string; watch_status: string }[] };
    }
  ).data;
  const camera = cameras.find((c) => c.watch_status === 'down');
  expect(camera, 'the demo has a down camera').toBeTruthy();
  return { code: camera!.camera_code, name: camera!.camera_name };
}

/** Makes every live start of `code` answer 500 until the answered function is called. */
async function failLiveStarts(page: Page, code: string) {
  const pattern = `**/api/cameras/${code}/live`;
  const handler = (route: Parameters<Parameters<Page['route']>[1]>[0]) =>
    route.request().method() === 'PUT'
      ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":{"code":"internal"}}' })
      : route.fallback();
  await page.route(pattern, handler);
  return () => page.unroute(pattern, handler);
}

test('the down camera’s detail page says live cannot start instead of loading for ever', async ({
  page,
  request,
  consoleGuard,
}) => {
  consoleGuard.allow(/status of 409/);
  const camera = await downCamera(request);
  await logInByApi(page, DEMO);
  const detail = new DetailPage(page);
  await detail.goto(camera.code);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(camera.name);
  await expect(page.getByRole('alert').filter({ hasText: texts.cannotLiveContact })).toBeVisible();
  await expect(page.getByText(detailTexts.loadingVideo)).toBeHidden();
  await page.screenshot({ path: 'test-results/live-failures-down-detail.png' });
});

test('a live start that keeps failing says so, and live plays once it starts again', async ({
  page,
  request,
  consoleGuard,
}) => {
  consoleGuard.allow(/status of 500/);
  const camera = await liveCamera(request, DEMO);
  const restore = await failLiveStarts(page, camera.code);
  await logInByApi(page, DEMO);
  const detail = new DetailPage(page);
  await detail.goto(camera.code);
  await expect(page.getByRole('alert').filter({ hasText: texts.cannotLiveContact })).toBeVisible();
  await expect(page.getByText(detailTexts.loadingVideo)).toBeHidden();
  await page.screenshot({ path: 'test-results/live-failures-start-500.png' });

  await restore();
  await expect.poll(() => detail.canvasHasPixels(), { timeout: 30_000 }).toBe(true);
  await expect(page.getByText(texts.cannotLiveContact)).toBeHidden();
});

test('on the wall, the down camera’s tile and a tile whose start keeps failing say cannot live', async ({
  page,
  request,
  consoleGuard,
}) => {
  consoleGuard.allow(/status of (409|500)/);
  const down = await downCamera(request);
  const live = await liveCamera(request, DEMO);
  await failLiveStarts(page, live.code);
  await page.setViewportSize({ width: 1366, height: 900 });
  await logInByApi(page, DEMO);
  const wall = new MultiWallPage(page);
  await wall.goto('view=multi&division=16');
  for (const code of [down.code, live.code]) {
    const tile = wall.tiles.and(page.locator(`[data-camera="${code}"]`));
    await expect(tile.getByText(texts.wallCannotLive, { exact: true })).toBeVisible({ timeout: 20_000 });
  }
  await page.screenshot({ path: 'test-results/live-failures-wall.png' });
});
