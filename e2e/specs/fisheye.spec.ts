// The 360-degree viewer (issue 6 point 8; advanced.md §2, §4, §9): on the detail page of the demo's fisheye
// camera the live picture shows as it comes (display state normal) with a coach mark for 3 s once per
// session; the mouse wheel zooms into the WebGL dewarped view, whose pixels change as the zoom changes.
import { chromiumLaunchOptions } from '../support/chromium.ts';
import { expect, test } from '../support/fixtures.ts';
import { DEMO } from '../support/accounts.ts';
import { canvasSignature, findCamera, signatureDistance } from '../pages/fisheye-timelapse.ts';
import { DetailPage } from '../pages/detail-player.ts';
import { logInByApi } from '../pages/multi-wall.ts';

// Headless Chromium without a GPU draws WebGL with SwiftShader only when allowed to.
test.use({
  launchOptions: {
    ...chromiumLaunchOptions,
    args: [...chromiumLaunchOptions.args, '--enable-unsafe-swiftshader', '--use-angle=swiftshader'],
  },
});

const texts = {
  coachMark: 'マウスホイールで360度表示に切り替えられます',
  viewer: (name: string) => `${name}の360度映像`,
  normal: '通常表示',
  panorama: /^360度表示/,
};

test('the fisheye camera’s live picture dewarps in WebGL as the wheel zooms', async ({ page, request }) => {
  test.setTimeout(120_000);
  const camera = await findCamera(request, DEMO, (d) => d.image_type === 'fisheye');
  const detail = new DetailPage(page);
  await logInByApi(page, DEMO);
  await detail.goto(camera.code);

  const viewer = page.getByRole('application', { name: texts.viewer(camera.name) });
  await expect(viewer).toBeVisible();
  await expect(page.getByText(texts.coachMark)).toBeVisible();
  await expect(viewer).toHaveAttribute('data-display-state', 'normal');
  await expect(viewer.getByText(texts.normal)).toBeVisible();
  await expect.poll(() => detail.canvasHasPixels(), { timeout: 60_000 }).toBe(true);
  await page.screenshot({ path: 'test-results/fisheye-normal.png' });
  // The coach mark goes after 3 s.
  await expect(page.getByText(texts.coachMark)).toBeHidden({ timeout: 5_000 });

  // Wheel up: into the dewarped view.
  await viewer.hover();
  await page.mouse.wheel(0, -100);
  await expect(viewer).toHaveAttribute('data-display-state', 'fisheye');
  await expect(viewer.getByText(texts.panorama)).toBeVisible();
  const canvas = page.getByTestId('fisheye-canvas');
  await expect(canvas).toHaveAttribute('data-rendered', /\d+/);
  await expect.poll(async () => (await canvasSignature(canvas)).lit, { timeout: 10_000 }).toBeGreaterThan(50);
  const wide = await canvasSignature(canvas);
  await page.screenshot({ path: 'test-results/fisheye-wide.png' });

  // Further in: the picture changes.
  for (let i = 0; i < 6; i++) await page.mouse.wheel(0, -100);
  await expect.poll(async () => Number(await viewer.getAttribute('data-zoom'))).toBeGreaterThan(0.6);
  await expect
    .poll(async () => signatureDistance(wide, await canvasSignature(canvas)), { timeout: 10_000 })
    .toBeGreaterThan(5);
  await page.screenshot({ path: 'test-results/fisheye-zoomed.png' });

  // The keyboard turns the view too.
  const zoomed = await canvasSignature(canvas);
  await viewer.focus();
  for (let i = 0; i < 8; i++) await page.keyboard.press('ArrowRight');
  await expect
    .poll(async () => signatureDistance(zoomed, await canvasSignature(canvas)), { timeout: 10_000 })
    .toBeGreaterThan(5);

  // Back down to the minimum zoom: normal again. The coach mark is not shown again in this session.
  for (let i = 0; i < 20; i++) await page.mouse.wheel(0, 100);
  await expect(viewer).toHaveAttribute('data-display-state', 'normal');
  await page.reload();
  await expect(viewer).toBeVisible();
  // The viewer decides on the coach mark when it mounts (the session's flag), so it is decided by now.
  await expect(page.getByText(texts.coachMark)).toHaveCount(0);
});
