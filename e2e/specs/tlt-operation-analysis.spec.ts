// The operation analysis setting screen (advanced.md §2 detail/{code}/operation-analysis, §3, §5, §7) on the
// TLT server (ENVIRONMENT_MODE TLT:3): the seeded operation areas of the line camera drawn over its picture, a
// third area drawn by clicking points (a crossing point refused, a duplicate name refused, a point moved with
// the keyboard), saved and still there after a reload (and in the setting the detail page's video info draws);
// a detection threshold checked against its range, saved and kept; unsaved changes asked about before
// leaving; read-only without the configOperationAnalysis right; an unknown camera goes to notfound. The screen
// leads to the analyses that read the setting.
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { logInAs } from '../pages/session.ts';
import { LINE_CAMERA, lineCameraCode } from '../pages/tlt.ts';

const demo = { email: 'demo@example.com', password: 'demo1234' };
const SEEDED_AREAS = ['ライン A 作業台', 'ライン B 検査台'];
const NEW_AREA = 'ライン C 梱包台';

const texts = {
  title: `${LINE_CAMERA} の作業分析設定`,
  picture: `${LINE_CAMERA} の画像（作業エリアの編集）`,
  areaList: '作業エリアの一覧',
  addArea: 'エリアを追加',
  areaName: '作業エリア名',
  defaultName: '作業エリア1',
  duplicate: '同じ名前のエリアがあります',
  fixAreas: 'エラーのある作業エリアを修正すると保存できます',
  crossing: '線が交差するため、その位置には点を置けません',
  saveAreas: '作業エリアを保存',
  areasSaved: '作業エリアを保存しました',
  personThreshold: /^人物検出閾値/,
  outOfRange: '0〜1 の範囲で入力してください',
  saveDetection: '詳細設定を保存',
  detectionSaved: '詳細設定を保存しました',
  unsavedTitle: '保存されていない変更があります',
  stay: 'この画面に留まる',
  readOnly: '作業分析設定を変更する権限がないため、表示のみできます。',
  analysesNote:
    '作業分析を依頼すると、この作業エリアと詳細設定で録画が分析されます（結果は「作業分析」から）。 作業分析',
  notFound: 'ページが見つかりません',
  later: 'あとで',
};

interface Setting {
  operationAreaList: { operationAreaName: string; points: { x: number; y: number }[] }[];
  detectionSetting: Record<string, number>;
}

async function setting(request: APIRequestContext, code: string): Promise<Setting> {
  const answer = await request.get(`/api/operation-analysis/camera/${code}/setting`);
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { data: Setting }).data;
}

/** The real-time notification offer may come up after login; it is not what these tests are about. */
async function dismissOffer(page: Page) {
  await page
    .getByRole('button', { name: texts.later })
    .click({ timeout: 2_000 })
    .catch(() => {});
}

async function openScreen(page: Page, code: string) {
  await page.goto(`/detail/${code}/operation-analysis`);
  await dismissOffer(page);
  await expect(page.getByRole('heading', { level: 1, name: texts.title })).toBeVisible();
}

const areaRows = (page: Page) =>
  page.getByRole('list', { name: texts.areaList }).getByTestId('operation-area-row');

test('operation areas: draw a third area on the picture, refuse crossing and duplicates, save, reload', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const code = await lineCameraCode(request);
  await logInAs(page, demo);
  await openScreen(page, code);
  // The analyses read this setting, and the screen leads to them (issue 15).
  await expect(page.getByTestId('not-analysed-note')).toHaveText(texts.analysesNote);
  await expect(page.getByTestId('not-analysed-note').getByRole('link')).toHaveAttribute(
    'href',
    `/operation-analysis/results?camera=${code}`,
  );

  // The two seeded areas, listed and drawn over the camera's picture with their names.
  await expect(areaRows(page)).toHaveCount(2);
  for (const [i, name] of SEEDED_AREAS.entries())
    await expect(areaRows(page).nth(i)).toHaveAttribute('data-name', name);
  const picture = page.getByRole('group', { name: texts.picture });
  await expect(picture).toBeVisible();
  await expect(page.getByTestId('editor-area')).toHaveCount(2);
  await expect(page.getByTestId('editor-area').locator('text').first()).toHaveText(SEEDED_AREAS[1]!);
  const first = await page.getByTestId('editor-area').first().locator('polygon').boundingBox();
  expect(first!.width).toBeGreaterThan(50);
  // The picture keeps the camera's shape (16:9).
  const box = (await picture.boundingBox())!;
  expect(box.width / box.height).toBeCloseTo(16 / 9, 1);

  // A new area gets the first free default name; a duplicate name is refused and blocks saving.
  await page.getByRole('button', { name: texts.addArea }).click();
  const name = page.getByRole('textbox', { name: new RegExp(`^${texts.areaName}`) });
  await expect(name).toHaveValue(texts.defaultName);
  await name.fill(SEEDED_AREAS[0]!);
  await expect(name).toHaveAccessibleDescription(texts.duplicate);
  // Both areas of that name are marked.
  await expect(page.getByText(texts.duplicate)).toHaveCount(2);
  await expect(page.getByText(texts.fixAreas)).toBeVisible();
  await expect(page.getByRole('button', { name: texts.saveAreas })).toBeDisabled();
  await name.fill(NEW_AREA);
  await expect(page.getByText(texts.duplicate)).toHaveCount(0);

  // Points by clicking the picture, above the seeded areas.
  const at = (x: number, y: number) => page.mouse.click(box.x + x * box.width, box.y + y * box.height);
  await at(0.3, 0.08);
  await at(0.6, 0.08);
  await at(0.6, 0.28);
  await expect(page.getByTestId('area-point-count')).toHaveText('点 3 / 10');
  // From (0.6, 0.28) up to (0.45, 0.02) the new line would cut the first one: refused, with a message.
  await at(0.45, 0.02);
  await expect(page.getByTestId('area-editor-message')).toHaveText(texts.crossing);
  await expect(page.getByTestId('area-point-count')).toHaveText('点 3 / 10');
  await at(0.3, 0.28);
  await expect(page.getByTestId('area-point-count')).toHaveText('点 4 / 10');
  await expect(page.getByTestId('area-editor-message')).toHaveText('');

  // Dragging a point moves it; dragged across the outline it stops short, with the message.
  const message = page.getByTestId('area-editor-message');
  const third = page.getByRole('button', { name: /^点3（/ });
  const acrossOf = async (point: typeof third) =>
    Number(/横 ([\d.]+)%/.exec((await point.getAttribute('aria-label')) ?? '')?.[1]);
  const drag = async (from: [number, number], to: [number, number]) => {
    await page.mouse.move(box.x + from[0] * box.width, box.y + from[1] * box.height);
    await page.mouse.down();
    await page.mouse.move(box.x + to[0] * box.width, box.y + to[1] * box.height, { steps: 8 });
    await page.mouse.up();
  };
  await drag([0.6, 0.28], [0.65, 0.32]);
  await expect.poll(() => acrossOf(third)).toBeCloseTo(65, 0);
  await drag([0.65, 0.32], [0.1, 0.18]);
  await expect(message).toHaveText(texts.crossing);
  expect(await acrossOf(third)).toBeGreaterThan(30);
  const stopped = (await third.boundingBox())!;
  await drag(
    [
      (stopped.x + stopped.width / 2 - box.x) / box.width,
      (stopped.y + stopped.height / 2 - box.y) / box.height,
    ],
    [0.65, 0.32],
  );
  await expect.poll(() => acrossOf(third)).toBeCloseTo(65, 0);

  // The keyboard moves a selected point: the fourth one 1% of the picture's width to the left.
  const fourth = page.getByRole('button', { name: /^点4（/ });
  const before = await acrossOf(fourth);
  expect(before).toBeCloseTo(30, 0);
  await fourth.focus();
  await page.keyboard.press('ArrowLeft');
  await expect.poll(() => acrossOf(fourth)).toBeCloseTo(before - 1, 1);

  // Unsaved changes: leaving for the camera detail asks first; staying keeps everything.
  await page.getByRole('main').getByRole('link', { name: LINE_CAMERA, exact: true }).click();
  const unsaved = page.getByRole('dialog', { name: texts.unsavedTitle });
  await expect(unsaved).toBeVisible();
  await unsaved.getByRole('button', { name: texts.stay }).click();
  await expect(unsaved).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/detail/${code}/operation-analysis$`));
  await expect(areaRows(page)).toHaveCount(3);

  await page.screenshot({ path: '/tmp/oa-ja-editing.png', fullPage: true });
  await page.getByRole('button', { name: texts.saveAreas }).click();
  await expect(page.getByText(texts.areasSaved)).toBeVisible();

  // Stored: what the detail page's video info draws (the same setting call).
  const saved = await setting(request, code);
  expect(saved.operationAreaList.map((a) => a.operationAreaName)).toEqual([...SEEDED_AREAS, NEW_AREA]);
  const drawn = saved.operationAreaList[2]!.points;
  expect(drawn).toHaveLength(4);
  expect(drawn[0]!.x).toBeCloseTo(0.3, 1);
  expect(drawn[3]!.x).toBeCloseTo(0.29, 1);
  expect(drawn[3]!.y).toBeCloseTo(0.28, 1);

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: texts.title })).toBeVisible();
  await expect(areaRows(page)).toHaveCount(3);
  await expect(areaRows(page).nth(2)).toHaveAttribute('data-name', NEW_AREA);
  await expect(page.getByTestId('editor-area')).toHaveCount(3);
  await expect(page.locator(`[data-testid="editor-area"][data-name="${NEW_AREA}"] polygon`)).toBeVisible();
});

test('detection setting: a threshold out of range is refused; a saved one is kept after a reload', async ({
  page,
  request,
}) => {
  const code = await lineCameraCode(request);
  await logInAs(page, demo);
  await openScreen(page, code);

  const threshold = page.getByRole('textbox', { name: texts.personThreshold });
  await threshold.fill('1.5');
  await expect(page.getByText(texts.outOfRange)).toBeVisible();
  await expect(page.getByRole('button', { name: texts.saveDetection })).toBeDisabled();
  await threshold.fill('0.65');
  await expect(page.getByText(texts.outOfRange)).toHaveCount(0);
  await page.getByRole('button', { name: texts.saveDetection }).click();
  await expect(page.getByText(texts.detectionSaved)).toBeVisible();
  expect((await setting(request, code)).detectionSetting.personDetectionThreshold).toBe(0.65);

  await page.reload();
  await expect(page.getByRole('textbox', { name: texts.personThreshold })).toHaveValue('0.65');
  await page.screenshot({ path: '/tmp/oa-ja.png', fullPage: true });

  // The same screen in English.
  await page.evaluate(() => localStorage.setItem('camwatch.language', '"en"'));
  await page.reload();
  await expect(
    page.getByRole('heading', { level: 1, name: `Operation analysis setting: ${LINE_CAMERA}` }),
  ).toBeVisible();
  await expect(page.getByRole('textbox', { name: /^Person detection threshold/ })).toHaveValue('0.65');
  await expect(page.getByTestId('editor-area').first()).toBeVisible();
  await page.screenshot({ path: '/tmp/oa-en.png', fullPage: true });
});

test('without the configOperationAnalysis right the setting is read-only; an unknown camera is not found', async ({
  page,
  request,
  consoleGuard,
}) => {
  const code = await lineCameraCode(request);
  // The demo's security guard: a child account that watches every camera but has no configOperationAnalysis.
  await logInAs(page, { email: 'staff2@example.com', password: demo.password });
  await openScreen(page, code);
  await expect(page.getByText(texts.readOnly)).toBeVisible();
  await expect(page.getByTestId('editor-area').first()).toBeVisible();
  await expect(page.getByRole('button', { name: texts.addArea })).toHaveCount(0);
  await expect(page.getByRole('button', { name: texts.saveAreas })).toHaveCount(0);
  await expect(page.getByRole('button', { name: texts.saveDetection })).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: texts.personThreshold })).toHaveAttribute('readonly');
  await page.screenshot({ path: '/tmp/oa-ja-readonly.png', fullPage: true });

  consoleGuard.allow(/404/);
  await page.goto('/detail/no-such-camera/operation-analysis');
  await expect(page).toHaveURL(/\/notfound$/);
  await expect(page.getByRole('heading', { level: 1, name: texts.notFound })).toBeVisible();
});
