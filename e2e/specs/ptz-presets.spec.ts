// PTZ presets in the detail page's PTZ panel (issue 20), as the demo user (every right) on the demo's simulated
// PTZ camera, which keeps presets as an ONVIF camera does: a preset saved where the head points, the head moved
// away with the panel's buttons, and the preset recalled: the answer's position is the saved one and the live
// picture comes back to what it showed there.
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { DEMO } from '../support/accounts.ts';
import { DetailPage } from '../pages/detail-player.ts';
import { logInAs } from '../pages/session.ts';

// Copied from web/src/locales/ja.ts and web/src/features/player/ptz-preset-texts.ts on purpose (see pages/texts.ts).
const texts = {
  more: 'その他の操作',
  ptz: 'PTZ操作',
  panRight: '右へパン',
  panLeft: '左へパン',
  home: 'ホームポジションへ',
  closePtz: 'PTZ操作を閉じる',
  presets: 'プリセット',
  presetName: 'プリセット名',
  save: '今の位置を保存',
  saved: (name: string) => `「${name}」に今の位置を保存しました`,
  goto: (name: string) => `「${name}」の位置へ移動`,
  recalled: (name: string) => `「${name}」へ移動しました（パン 0.20、チルト 0.00、ズーム 1.00）`,
  required: 'プリセット名を入力してください',
};

interface CameraRow {
  camera_code: string;
  watch_status: string;
  use_ptz: boolean;
  use_streaming: boolean;
}

/** A running PTZ camera of the logged-in user with live stills (the canvas this test samples). */
async function ptzCamera(page: Page) {
  const answer = await page.request.get('/api/cameras', { params: { 'func[]': 'ptz', page: 1, count: 50 } });
  expect(answer.status()).toBe(200);
  const { cameras } = ((await answer.json()) as { data: { cameras: CameraRow[] } }).data;
  const camera = cameras.find((c) => c.use_ptz && c.watch_status === 'normal' && !c.use_streaming);
  expect(camera, 'the demo account has a running PTZ camera').toBeTruthy();
  return camera!.camera_code;
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

test('a PTZ preset saved in the panel brings the camera back to where it looked', async ({ page }) => {
  test.setTimeout(90_000);
  await logInAs(page, DEMO);
  const code = await ptzCamera(page);
  const detail = new DetailPage(page);
  await detail.goto(code);
  await expect(detail.liveSwitch).toBeChecked();
  await expect.poll(() => detail.canvasHasPixels(), { timeout: 30_000 }).toBe(true);

  await page.getByRole('button', { name: texts.more }).click();
  await page.getByRole('menuitem', { name: texts.ptz }).click();
  const panel = page.getByRole('dialog', { name: texts.ptz });
  await expect(panel).toBeVisible();
  const status = panel.getByRole('status');

  // From home, one step right: the place the preset keeps, once the live stills show it (the picture moves).
  await panel.getByRole('button', { name: texts.home }).click();
  await expect(status).toHaveText(/^移動しました（パン 0\.00、/);
  const atHome = await canvasSample(detail.canvas);
  await panel.getByRole('button', { name: texts.panRight }).click();
  await expect(status).toHaveText(/^移動しました（パン 0\.20、チルト 0\.00、ズーム 1\.00）$/);
  await expect
    .poll(async () => changedShare(atHome, await canvasSample(detail.canvas)), {
      timeout: 20_000,
    })
    .toBeGreaterThan(0.1);
  const atPreset = await canvasSample(detail.canvas);

  // The name is checked as typed; a good one is saved and listed.
  const name = `e2e 入口 ${test.info().repeatEachIndex}-${test.info().retry}`;
  const field = panel.getByRole('textbox', { name: texts.presetName });
  await panel.getByRole('button', { name: texts.save }).click();
  await expect(field).toHaveAccessibleDescription(texts.required);
  await field.fill(name);
  await expect(field).not.toHaveAccessibleDescription(texts.required);
  await panel.getByRole('button', { name: texts.save }).click();
  await expect(status).toHaveText(texts.saved(name));
  const presetButton = panel.getByRole('list', { name: texts.presets }).getByRole('button', {
    name: texts.goto(name),
  });
  await expect(presetButton).toBeVisible();
  await expect(panel.getByRole('alert')).toHaveCount(0);

  await panel.screenshot({ path: test.info().outputPath('ptz-presets-panel.png') });

  // Away: two steps left, and the picture moves.
  await panel.getByRole('button', { name: texts.panLeft }).click();
  await expect(status).toHaveText(/^移動しました（パン 0\.00、/);
  await panel.getByRole('button', { name: texts.panLeft }).click();
  await expect(status).toHaveText(/^移動しました（パン -0\.20、/);
  await expect
    .poll(async () => changedShare(atPreset, await canvasSample(detail.canvas)), {
      timeout: 20_000,
    })
    .toBeGreaterThan(0.1);

  // Back with the preset: the answer says where the head points, and the picture is the preset's again.
  await presetButton.click();
  await expect(status).toHaveText(texts.recalled(name));
  await expect
    .poll(async () => changedShare(atPreset, await canvasSample(detail.canvas)), {
      timeout: 20_000,
    })
    .toBeLessThan(0.1);
  await page.screenshot({ path: test.info().outputPath('ptz-presets-page.png') });

  // Home again, so the next run starts from the same view.
  await panel.getByRole('button', { name: texts.home }).click();
  await expect(status).toHaveText(/^移動しました（パン 0\.00、/);
  await panel.getByRole('button', { name: texts.closePtz }).click();
  await expect(panel).toBeHidden();
});
