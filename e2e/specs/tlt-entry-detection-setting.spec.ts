// The entry detection screens (advanced.md §2 detail/{code}/entry-detection, its create and {id} children, §3,
// §5) on the TLT server (ENVIRONMENT_MODE TLT:3): the line camera's seeded area link listed and drawn over its
// picture; a second link drawn by clicking points for its entry detection and machine areas, a duplicate name
// refused (by the screen, and by the server when the screen could not know), saved and read back from the API;
// a threshold checked against its range, changed and kept; unsaved changes asked about before leaving; delete
// after a confirmation; the limit of 5 links; read-only without the configEnterAlert right; unknown → notfound.
// tlt-entry-detection.spec.ts expects the camera to have exactly its seeded link, before or after this spec:
// every test puts the camera's links back as it found them, whatever happens.
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { logInAs } from '../pages/session.ts';
import { LINE_CAMERA, lineCameraCode } from '../pages/tlt.ts';

const demo = { email: 'demo@example.com', password: 'demo1234' };
const staff = { email: 'staff2@example.com', password: 'demo1234' };
const SEEDED = 'プレス機前';
const NEW_LINK = '搬入口';
const RACED_NAME = '搬出口';

const texts = {
  listTitle: `${LINE_CAMERA} の侵入検知設定`,
  createTitle: `${LINE_CAMERA} に侵入検知エリアリンクを追加`,
  listPicture: `${LINE_CAMERA} の画像（侵入検知エリアの表示）`,
  editPicture: new RegExp(`^${LINE_CAMERA} の画像（`),
  table: 'エリアリンクの一覧',
  add: 'エリアリンクを追加',
  entryArea: /^侵入検知エリア（/,
  machineArea: /^機械エリア（/,
  areaName: /^エリア名/,
  frames: /^検出フレーム閾値/,
  person: /^人物検出閾値/,
  vigilant: /^警戒時間/,
  duplicate: 'このカメラには同じ名前のエリアリンクがあります',
  save: '保存',
  saved: (name: string) => `エリアリンク「${name}」を保存しました`,
  deleteTitle: 'エリアリンクの削除',
  deleteConfirm: '削除する',
  deleted: (name: string) => `エリアリンク「${name}」を削除しました`,
  unsavedTitle: '保存されていない変更があります',
  stay: 'この画面に留まる',
  leave: '保存せずに移動',
  readOnly: '侵入検知の設定を変更する権限がないため、表示のみできます。',
  noPermission: '権限がありません',
  maxLinks: 'エリアリンクは1台のカメラに最大5個までです',
  limitReached: 'エリアリンクは1台のカメラに最大5個までのため、これ以上追加できません',
  notFound: 'ページが見つかりません',
  later: 'あとで',
};

interface AreaLink {
  id: string;
  areaName: string;
  entryArea: { x: number; y: number }[];
  machineArea: { x: number; y: number }[] | null;
  detectionFrameThreshold: number;
  minimumDetectionSize: number;
  runningThreshold: number;
  vigilantTime: number;
}

const linksPath = (code: string) => `/api/enter-alert/camera/${code}/area-links`;

async function areaLinks(request: APIRequestContext, code: string): Promise<AreaLink[]> {
  const answer = await request.get(linksPath(code));
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { data: { areaLinks: AreaLink[] } }).data.areaLinks;
}

/** The camera's links as a test found them, put back after it (links added deleted, the others restored). */
let found: { code: string; links: AreaLink[] } | null = null;

async function remember(request: APIRequestContext): Promise<{ code: string; links: AreaLink[] }> {
  const code = await lineCameraCode(request);
  const links = await areaLinks(request, code);
  expect(links.map((l) => l.areaName)).toContain(SEEDED);
  found = { code, links };
  return found;
}

test.afterEach(async ({ request }) => {
  if (!found) return;
  const { code, links } = found;
  found = null;
  await lineCameraCode(request); // the test may have logged this context out or in as someone else
  for (const link of await areaLinks(request, code)) {
    const before = links.find((l) => l.id === link.id);
    if (!before) {
      expect((await request.delete(`${linksPath(code)}/${link.id}`)).status()).toBe(200);
    } else if (JSON.stringify(before) !== JSON.stringify(link)) {
      const { id, ...input } = before;
      expect((await request.put(`${linksPath(code)}/${id}`, { data: input })).status()).toBe(200);
    }
  }
  expect(await areaLinks(request, code)).toEqual(links);
});

/** The real-time notification offer may come up after login; it is not what these tests are about. */
async function dismissOffer(page: Page) {
  await page
    .getByRole('button', { name: texts.later })
    .click({ timeout: 2_000 })
    .catch(() => {});
}

const rows = (page: Page) => page.getByRole('table', { name: texts.table }).getByTestId('area-link-row');
const row = (page: Page, name: string) => page.locator(`[data-testid="area-link-row"][data-name="${name}"]`);

async function openList(page: Page, code: string) {
  await page.goto(`/detail/${code}/entry-detection`);
  await dismissOffer(page);
  await expect(page.getByRole('heading', { level: 1, name: texts.listTitle })).toBeVisible();
}

/** Clicks the picture at (x, y) in 0..1 picture coordinates. */
async function clickPicture(page: Page, points: [number, number][]) {
  const picture = page.getByRole('group', { name: texts.editPicture });
  const box = (await picture.boundingBox())!;
  for (const [x, y] of points) await page.mouse.click(box.x + x * box.width, box.y + y * box.height);
}

test('area links: list, draw a second link with a machine area, refuse duplicates, edit, delete', async ({
  page,
  request,
  consoleGuard,
}) => {
  test.setTimeout(120_000);
  const { code, links: before } = await remember(request);
  await logInAs(page, demo);
  await openList(page, code);

  // The seeded link: listed with its conditions in words, and drawn over the picture with its name.
  await expect(rows(page)).toHaveCount(before.length);
  await expect(row(page, SEEDED)).toContainText('なし（常に検知）');
  await expect(row(page, SEEDED)).toContainText('3フレーム（約0.6秒）続けて映ったら侵入');
  await expect(row(page, SEEDED)).toContainText('画像の高さの8%以上');
  const drawn = page
    .getByRole('group', { name: texts.listPicture })
    .locator(`[data-testid="editor-area"][data-name="${SEEDED}"] polygon`);
  await expect(drawn).toBeVisible();
  expect((await drawn.boundingBox())!.width).toBeGreaterThan(50);
  await expect(page.getByTestId('area-link-count')).toHaveText(`${before.length} / 5 件`);
  await page.screenshot({ path: '/tmp/ed-list-ja.png', fullPage: true });

  // A second link: the entry detection area upper left, the machine area upper right, by clicking points.
  await page.getByRole('link', { name: texts.add }).click();
  await expect(page).toHaveURL(new RegExp(`/detail/${code}/entry-detection/create$`));
  await expect(page.getByRole('heading', { level: 1, name: texts.createTitle })).toBeVisible();
  await expect(page.getByRole('radio', { name: texts.entryArea })).toBeChecked();
  await clickPicture(page, [
    [0.05, 0.08],
    [0.35, 0.08],
    [0.35, 0.45],
    [0.05, 0.45],
  ]);
  await expect(page.getByTestId('area-point-count')).toHaveText('点 4 / 10');
  await expect(page.getByRole('radio', { name: texts.entryArea })).toHaveAccessibleName(
    '侵入検知エリア（4点）',
  );
  await page.getByText(texts.machineArea).click();
  await expect(page.getByRole('radio', { name: texts.machineArea })).toBeChecked();
  await expect(page.getByTestId('area-point-count')).toHaveText('点 0 / 10');
  await clickPicture(page, [
    [0.6, 0.08],
    [0.92, 0.08],
    [0.92, 0.4],
  ]);
  await expect(page.getByTestId('area-point-count')).toHaveText('点 3 / 10');

  // The name: required, and another link of the camera has the seeded one.
  const name = page.getByRole('textbox', { name: texts.areaName });
  await name.fill(SEEDED);
  await expect(name).toHaveAccessibleDescription(new RegExp(texts.duplicate));
  await page.getByRole('button', { name: texts.save, exact: true }).click();
  await expect(page.getByText('エラーのある項目を修正すると保存できます')).toBeVisible();
  await expect(page).toHaveURL(/\/create$/);
  await name.fill(NEW_LINK);
  await expect(page.getByText(texts.duplicate)).toHaveCount(0);
  // The vigilant time, checked against its range as typed.
  const vigilant = page.getByRole('textbox', { name: texts.vigilant });
  await vigilant.fill('601');
  await expect(page.getByText('0〜600秒の範囲で入力してください')).toBeVisible();
  await vigilant.fill('20');
  await expect(page.getByText('0〜600秒の範囲で入力してください')).toHaveCount(0);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: '/tmp/ed-editor-ja.png', fullPage: true });

  await page.getByRole('button', { name: texts.save, exact: true }).click();
  await expect(page.getByText(texts.saved(NEW_LINK))).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/detail/${code}/entry-detection$`));
  await expect(rows(page)).toHaveCount(before.length + 1);
  await expect(row(page, NEW_LINK)).toContainText('あり');
  await expect(row(page, NEW_LINK)).toContainText('警戒時間 20秒');
  await expect(
    page.locator(`[data-testid="editor-area"][data-name="${NEW_LINK}の機械エリア"] polygon`),
  ).toBeVisible();

  // Stored as drawn: what the detail page's video info and the entry job read.
  const created = (await areaLinks(request, code)).find((l) => l.areaName === NEW_LINK)!;
  expect(created).toBeTruthy();
  expect(created.entryArea).toHaveLength(4);
  expect(created.entryArea[0]!.x).toBeCloseTo(0.05, 1);
  expect(created.entryArea[2]!.y).toBeCloseTo(0.45, 1);
  expect(created.machineArea).toHaveLength(3);
  expect(created.machineArea![1]!.x).toBeCloseTo(0.92, 1);
  expect(created).toMatchObject({
    detectionFrameThreshold: 3,
    minimumDetectionSize: 0.08,
    runningThreshold: 0.02,
    vigilantTime: 20,
  });

  // Edit it: a frame threshold out of range is refused; a new one is saved and kept.
  await page.getByRole('link', { name: `${NEW_LINK} を編集` }).click();
  await expect(page).toHaveURL(new RegExp(`/detail/${code}/entry-detection/${created.id}$`));
  const frames = page.getByRole('textbox', { name: texts.frames });
  await expect(frames).toHaveValue('3');
  await frames.fill('51');
  await expect(page.getByText('1〜50フレームの範囲で入力してください')).toBeVisible();
  await frames.fill('10');
  await expect(page.getByText('10フレーム ＝ 約2秒')).toBeVisible();
  // The person detection threshold, in % of the detector's confidence (advanced.md §5).
  const person = page.getByRole('textbox', { name: texts.person });
  await expect(person).toHaveValue('30');
  await person.fill('101');
  await expect(page.getByText('0〜100%の範囲で入力してください')).toBeVisible();
  await person.fill('45');

  // Unsaved changes: leaving for the list asks first; staying keeps the change.
  await page.getByRole('main').getByRole('link', { name: '侵入検知', exact: true }).click();
  const unsaved = page.getByRole('dialog', { name: texts.unsavedTitle });
  await expect(unsaved).toBeVisible();
  await unsaved.getByRole('button', { name: texts.stay }).click();
  await expect(unsaved).toBeHidden();
  await expect(frames).toHaveValue('10');

  await page.getByRole('button', { name: texts.save, exact: true }).click();
  await expect(page.getByText(texts.saved(NEW_LINK))).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/detail/${code}/entry-detection$`));
  await expect(row(page, NEW_LINK)).toContainText('10フレーム（約2秒）');
  await expect(row(page, NEW_LINK)).toContainText('人物検出の確からしさが45%以上の人だけ');
  expect((await areaLinks(request, code)).find((l) => l.id === created.id)).toMatchObject({
    detectionFrameThreshold: 10,
    personDetectionThreshold: 0.45,
    vigilantTime: 20,
  });
  await page.goto(`/detail/${code}/entry-detection/${created.id}`);
  await expect(page.getByRole('textbox', { name: texts.frames })).toHaveValue('10');
  await expect(page.getByRole('textbox', { name: texts.person })).toHaveValue('45');

  // A name someone else took after this screen loaded: the server refuses it, shown by the name field.
  consoleGuard.allow(/status of 400/);
  const other = await request.post(linksPath(code), {
    data: { ...created, id: undefined, areaName: RACED_NAME, machineArea: null },
  });
  expect(other.status()).toBe(200);
  await page.getByRole('textbox', { name: texts.areaName }).fill(RACED_NAME);
  await page.getByRole('button', { name: texts.save, exact: true }).click();
  await expect(page.getByRole('textbox', { name: texts.areaName })).toHaveAccessibleDescription(
    new RegExp(texts.duplicate),
  );
  await expect(page).toHaveURL(new RegExp(`/entry-detection/${created.id}$`));
  // Leaving without saving, after saying so.
  await page.getByRole('main').getByRole('link', { name: '侵入検知', exact: true }).click();
  await page
    .getByRole('dialog', { name: texts.unsavedTitle })
    .getByRole('button', { name: texts.leave })
    .click();
  await expect(page).toHaveURL(new RegExp(`/detail/${code}/entry-detection$`));
  await expect(row(page, RACED_NAME)).toBeVisible();

  // The same screens in English.
  await page.evaluate(() => localStorage.setItem('camwatch.language', '"en"'));
  await page.reload();
  await expect(
    page.getByRole('heading', { level: 1, name: `Entry detection: ${LINE_CAMERA}` }),
  ).toBeVisible();
  await expect(row(page, SEEDED)).toContainText('None (always detects)');
  await page.screenshot({ path: '/tmp/ed-list-en.png', fullPage: true });
  await page.getByRole('link', { name: `Edit ${NEW_LINK}` }).click();
  await expect(page.getByRole('textbox', { name: /^Detection frame threshold/ })).toHaveValue('10');
  await page.getByText(/^Machine area \(/).click();
  await expect(page.getByTestId('area-point-count')).toHaveText('Points 3 / 10');
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: '/tmp/ed-editor-en.png', fullPage: true });
  await page.evaluate(() => localStorage.setItem('camwatch.language', '"ja"'));
  await openList(page, code);

  // Delete, after a confirmation; cancelling keeps the link.
  await page.getByRole('button', { name: `${RACED_NAME} を削除` }).click();
  let dialog = page.getByRole('dialog', { name: texts.deleteTitle });
  await expect(dialog).toContainText(`「${RACED_NAME}」を削除しますか？`);
  await dialog.getByRole('button', { name: 'キャンセル' }).click();
  await expect(dialog).toBeHidden();
  await expect(row(page, RACED_NAME)).toBeVisible();
  for (const gone of [RACED_NAME, NEW_LINK]) {
    await page.getByRole('button', { name: `${gone} を削除` }).click();
    dialog = page.getByRole('dialog', { name: texts.deleteTitle });
    await dialog.getByRole('button', { name: texts.deleteConfirm }).click();
    await expect(page.getByText(texts.deleted(gone))).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(row(page, gone)).toHaveCount(0);
  }
  await expect(rows(page)).toHaveCount(before.length);
  expect((await areaLinks(request, code)).map((l) => l.areaName)).toEqual(before.map((l) => l.areaName));
});

test('at most 5 area links: adding is disabled with the reason, and the create screen says so', async ({
  page,
  request,
}) => {
  const { code, links: before } = await remember(request);
  const seeded = before.find((l) => l.areaName === SEEDED)!;
  const { id: _id, ...input } = seeded;
  for (let n = before.length + 1; n <= 5; n++) {
    const answer = await request.post(linksPath(code), { data: { ...input, areaName: `上限確認${n}` } });
    expect(answer.status()).toBe(200);
  }
  // The server agrees: a sixth is refused.
  const sixth = await request.post(linksPath(code), { data: { ...input, areaName: '上限確認6' } });
  expect(sixth.status()).toBe(409);

  await logInAs(page, demo);
  await openList(page, code);
  await expect(rows(page)).toHaveCount(5);
  const add = page.getByRole('button', { name: texts.add });
  await expect(add).toBeDisabled();
  await expect(add).toHaveAccessibleDescription(texts.maxLinks);

  await page.goto(`/detail/${code}/entry-detection/create`);
  await expect(page.getByRole('alert').filter({ hasText: texts.limitReached })).toBeVisible();
});

test('without configEnterAlert everything is shown read-only; unknown links and cameras are not found', async ({
  page,
  request,
  consoleGuard,
}) => {
  const { code } = await remember(request);
  // The demo's security guard: a child account that watches every camera but has no configEnterAlert.
  await logInAs(page, staff);
  await openList(page, code);
  await expect(page.getByText(texts.readOnly)).toBeVisible();
  await expect(row(page, SEEDED)).toBeVisible();
  const add = page.getByRole('button', { name: texts.add });
  await expect(add).toBeDisabled();
  await expect(add).toHaveAccessibleDescription(texts.noPermission);
  await expect(page.getByRole('button', { name: `${SEEDED} を削除` })).toHaveCount(0);
  await expect(page.getByRole('link', { name: `${SEEDED} を編集` })).toHaveCount(0);

  await page.getByRole('link', { name: `${SEEDED} を表示` }).click();
  await expect(page.getByText(texts.readOnly)).toBeVisible();
  await expect(page.getByRole('textbox', { name: texts.areaName })).toHaveValue(SEEDED);
  await expect(page.getByRole('textbox', { name: texts.areaName })).toHaveAttribute('readonly');
  await expect(page.getByRole('textbox', { name: texts.frames })).toHaveAttribute('readonly');
  await expect(page.getByRole('button', { name: texts.save, exact: true })).toHaveCount(0);
  await expect(page.getByRole('radio', { name: texts.entryArea })).toHaveCount(0);
  await expect(page.locator(`[data-testid="editor-area"][data-name="${SEEDED}"] polygon`)).toBeVisible();
  await page.screenshot({ path: '/tmp/ed-readonly-ja.png', fullPage: true });

  // An unknown link, an id that cannot be one, an unknown camera: notfound.
  consoleGuard.allow(/40[04]/);
  for (const path of [
    `/detail/${code}/entry-detection/999999`,
    `/detail/${code}/entry-detection/abc`,
    '/detail/no-such-camera/entry-detection',
  ]) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/notfound$/);
    await expect(page.getByRole('heading', { level: 1, name: texts.notFound })).toBeVisible();
  }
});
