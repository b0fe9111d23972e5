// The player's more-menu, screenshot and full screen (core.md §2, §4; advanced.md §6, §8, §9), as the demo user
// (every right): PTZ control moves a simulated PTZ camera and the live picture follows; an archive download of
// the last recorded minutes becomes ready with a link to the file. The e2e server runs the simulated cameras.
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { DEMO } from '../support/accounts.ts';
import { DetailPage, waitForRecordedMinute } from '../pages/detail-player.ts';
import { logInAs } from '../pages/session.ts';

// Copied from web/src/locales/ja.ts on purpose (see pages/texts.ts).
const texts = {
  more: 'その他の操作',
  ptz: 'PTZ操作',
  panRight: '右へパン',
  home: 'ホームポジションへ',
  closePtz: 'PTZ操作を閉じる',
  moved: /^移動しました（パン 0\.20、/,
  download: '録画ダウンロード',
  start: '開始日時',
  end: '終了日時',
  allowance: /^今月のダウンロード量：[\d.,]+ (B|KB|MB|GB) \/ 50 GB$/,
  request: 'ダウンロードを依頼',
  ready: 'ファイルの準備ができました',
  fileLink: 'ファイルをダウンロード',
  screenshot: 'スクリーンショットを保存',
  fullscreen: '全画面表示',
  exitFullscreen: '全画面表示を終了',
};

interface CameraRow {
  camera_code: string;
  camera_name: string;
  watch_status: string;
  use_ptz: boolean;
  use_streaming: boolean;
}

/** A running PTZ camera of the logged-in user, asked with the page's session cookie. */
async function ptzCamera(page: Page) {
  const answer = await page.request.get('/api/cameras', { params: { 'func[]': 'ptz', page: 1, count: 50 } });
  expect(answer.status()).toBe(200);
  const { cameras } = ((await answer.json()) as { data: { cameras: CameraRow[] } }).data;
  // A streaming camera plays live over HLS (a video, not the still canvas this test samples).
  const camera = cameras.find((c) => c.use_ptz && c.watch_status === 'normal' && !c.use_streaming);
  expect(camera, 'the demo account has a running PTZ camera').toBeTruthy();
  return { code: camera!.camera_code, name: camera!.camera_name };
}

/** A small grey-level sample of the canvas (every 8th pixel in both directions). */
const canvasSample = (canvas: Locator) =>
  canvas.evaluate((element) => {
    const c = element as HTMLCanvasElement;
    const data = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
    const out: number[] = [];
    for (let y = 0; y < c.height; y += 8)
      for (let x = 0; x < c.width; x += 8) {
        const i = (y * c.width + x) * 4;
        out.push(data[i]! + data[i + 1]! + data[i + 2]!);
      }
    return out;
  });

/** The share of sampled pixels whose grey level changed clearly between two samples. */
const changedShare = (a: number[], b: number[]) =>
  a.length !== b.length ? 1 : a.filter((v, i) => Math.abs(v - b[i]!) > 30).length / a.length;

/** `YYYY-MM-DDTHH:mm` in the browser's time zone, as a datetime-local input takes it. */
const localInputValue = (page: Page, ms: number) =>
  page.evaluate((at) => {
    const d = new Date(at);
    const p = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
  }, ms);

test('PTZ control moves the live picture; screenshot and full screen work', async ({ page }) => {
  test.setTimeout(90_000);
  await logInAs(page, DEMO);
  const camera = await ptzCamera(page);
  const detail = new DetailPage(page);
  await detail.goto(camera.code);
  await expect(detail.liveSwitch).toBeChecked();
  await expect.poll(() => detail.canvasHasPixels(), { timeout: 30_000 }).toBe(true);

  // Screenshot: a JPEG named after the camera and the time.
  const saved = page.waitForEvent('download');
  await page.getByRole('button', { name: texts.screenshot }).click();
  expect((await saved).suggestedFilename()).toMatch(new RegExp(`^${camera.name}_\\d{8}-\\d{6}\\.jpg$`));

  // The more-menu works from the keyboard.
  const more = page.getByRole('button', { name: texts.more });
  await more.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: texts.ptz })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: texts.download })).toBeEnabled();
  await page.getByRole('menuitem', { name: texts.ptz }).click();
  const panel = page.getByRole('dialog', { name: texts.ptz });
  await expect(panel).toBeVisible();

  // Home first, so the pan starts from a known place.
  await panel.getByRole('button', { name: texts.home }).click();
  await expect(panel.getByRole('status')).toHaveText(/^移動しました/);
  const before = await canvasSample(detail.canvas);
  await panel.getByRole('button', { name: texts.panRight }).click();
  await expect(panel.getByRole('status')).toHaveText(texts.moved);
  await expect(panel.getByRole('alert')).toHaveCount(0);
  // The next live still shows the moved view: a large part of the picture shifts (a tenth or more; people
  // walking change a few percent). The PTZ camera with live stills is the Sapporo one, darker and plainer
  // than the Shibuya one that plays over HLS since it streams; at dawn its pan changed 18 % of the samples.
  await expect
    .poll(async () => changedShare(before, await canvasSample(detail.canvas)), { timeout: 20_000 })
    .toBeGreaterThan(0.1);
  await page.screenshot({ path: 'test-results/detail-more-menu-ptz.png' });

  // Back home, so the next run starts from the same view (home is a no-op at its start).
  await panel.getByRole('button', { name: texts.home }).click();
  await expect(panel.getByRole('status')).toHaveText(/^移動しました（パン 0\.00、/);
  await panel.getByRole('button', { name: texts.closePtz }).click();
  await expect(panel).toBeHidden();

  // Full screen on the player, and back to the page as it was.
  await page.getByRole('button', { name: texts.fullscreen }).click();
  await expect.poll(() => page.evaluate(() => document.fullscreenElement !== null)).toBe(true);
  await page.getByRole('button', { name: texts.exitFullscreen }).click();
  await expect.poll(() => page.evaluate(() => document.fullscreenElement === null)).toBe(true);
  await expect(page.getByRole('button', { name: texts.fullscreen })).toBeVisible();
});

test('an archive download of the last recorded minutes becomes ready with a link', async ({ page }) => {
  // A fresh server's simulated cameras finish their first one-minute clip up to two minutes after start.
  test.setTimeout(240_000);
  await logInAs(page, DEMO);
  const camera = await ptzCamera(page);
  const minute = await waitForRecordedMinute(page.request, camera.code, 150_000);
  const detail = new DetailPage(page);
  await detail.goto(camera.code);

  await page.getByRole('button', { name: texts.more }).click();
  await page.getByRole('menuitem', { name: texts.download }).click();
  const dialog = page.getByRole('dialog', { name: texts.download });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('download-allowance')).toHaveText(texts.allowance);

  await dialog.getByLabel(texts.start).fill(await localInputValue(page, minute - 4 * 60_000));
  await dialog.getByLabel(texts.end).fill(await localInputValue(page, minute + 60_000));
  await page.screenshot({ path: 'test-results/detail-more-menu-download.png' });
  await dialog.getByRole('button', { name: texts.request }).click();

  const link = dialog.getByRole('link', { name: texts.fileLink });
  await expect(link).toBeVisible({ timeout: 120_000 });
  await expect(dialog.getByText(texts.ready)).toBeVisible();
  const href = await link.getAttribute('href');
  expect(href).toMatch(/^\/api\/downloads\/\d+\/file$/);
  await page.screenshot({ path: 'test-results/detail-more-menu-download-ready.png' });
  const file = await page.request.get(href!);
  expect(file.status()).toBe(200);
  expect((await file.body()).length).toBeGreaterThan(1000);

  // The saved file is named in the browser's zone, as the dialog showed the range (the suite runs in
  // Asia/Tokyo: always UTC + 9 h), not in UTC.
  const tokyo = (ms: number) =>
    new Date(ms + 9 * 3_600_000).toISOString().slice(0, 16).replace(/[-:]/g, '').replace('T', '-');
  const saved = page.waitForEvent('download');
  await link.click();
  expect((await saved).suggestedFilename()).toMatch(
    new RegExp(`_${tokyo(minute - 4 * 60_000)}_${tokyo(minute + 60_000)}\\.mp4$`),
  );
});
