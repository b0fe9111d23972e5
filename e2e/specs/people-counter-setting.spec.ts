// The people counter setting dialog (advanced.md §2 dialogs, §3 "People counter setting", §5) on a demo people
// counter camera: opened from the camera's people counter screen, the entrance start and end areas drawn over
// the camera's picture (both required before saving), a bad and an overlapping period refused as typed (and a
// bad period refused by the server with its reason), the staff numbers set, saved, and all of it kept after a
// reload. Closing is blocked while saving; Escape closes it otherwise (core.md §4).
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { logInAs } from '../pages/session.ts';

const demo = { email: 'demo@example.com', password: 'demo1234' };
const CAMERA = '梅田店 入口';

const texts = {
  open: '人数カウント設定',
  dialog: `${CAMERA} の人数カウント設定`,
  notSaved: /まだ保存されていません/,
  startArea: /^入口開始エリア（/,
  endArea: /^入口終了エリア（/,
  picture: /の画像：/,
  missingStart: '入口開始エリア：このエリアを描いてください（カウントに必要です）',
  missingEnd: '入口終了エリア：このエリアを描いてください（カウントに必要です）',
  fix: '上の印のある項目を修正してください。',
  badRange: '終了は開始より後にしてください',
  overlapping: '同じ曜日の時間帯が重なっています',
  judgment: /^スタッフ判定期間/,
  threshold: /^スタッフ入店判定しきい値/,
  saved: '人数カウント設定を保存しました',
};

interface SettingAnswer {
  saved: boolean;
  setting: {
    entranceStartArea: { x: number; y: number }[] | null;
    entranceEndArea: { x: number; y: number }[] | null;
    analysisPeriods: Record<string, { from: number; to: number }[]>;
    staffJudgmentDays: number;
    staffAdmissionThreshold: number;
  };
}

async function cameraCode(request: APIRequestContext): Promise<string> {
  expect((await request.post('/api/auth/login', { data: { ...demo, appKey: null } })).status()).toBe(200);
  const list = await request.get('/api/cameras', { params: { page: 1, count: 50 } });
  const { cameras } = (
    (await list.json()) as { data: { cameras: { camera_code: string; camera_name: string }[] } }
  ).data;
  const camera = cameras.find((c) => c.camera_name === CAMERA);
  expect(camera, 'the demo has the people counter camera').toBeTruthy();
  return camera!.camera_code;
}

const settingUrl = (code: string) => `/api/people-counter/camera/${code}/setting`;

async function savedSetting(request: APIRequestContext, code: string): Promise<SettingAnswer> {
  const answer = await request.get(settingUrl(code));
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { data: SettingAnswer }).data;
}

async function openDialog(page: Page, code: string) {
  await page.goto(`/detail/${code}/people-counter`);
  await page.getByRole('button', { name: texts.open, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: texts.dialog });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('group', { name: texts.picture })).toBeVisible();
  return dialog;
}

async function clickPicture(page: Page, points: [number, number][]) {
  const picture = page.getByRole('group', { name: texts.picture });
  await picture.scrollIntoViewIfNeeded();
  const box = (await picture.boundingBox())!;
  for (const [x, y] of points) await page.mouse.click(box.x + x * box.width, box.y + y * box.height);
}

const time = (page: Page, day: string, n: number, end: '開始' | '終了') =>
  page.getByRole('textbox', { name: `${day} 時間帯${n} ${end}` });

test('draw the entrance areas, refuse bad periods, save, reload and find it kept', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const code = await cameraCode(request);
  expect((await savedSetting(request, code)).saved).toBe(false);
  await logInAs(page, demo);
  const dialog = await openDialog(page, code);
  await expect(dialog.getByText(texts.notSaved)).toBeVisible();

  // Saving before drawing says which areas are missing and sends nothing.
  await dialog.getByRole('button', { name: '保存', exact: true }).click();
  await expect(dialog.getByText(texts.missingStart)).toBeVisible();
  await expect(dialog.getByText(texts.missingEnd)).toBeVisible();
  await expect(dialog.getByText(texts.fix)).toBeVisible();

  // The start area on the left of the picture, the end area on the right (the never-saved dialog starts on start).
  await expect(dialog.getByRole('radio', { name: texts.startArea })).toBeChecked();
  await clickPicture(page, [
    [0.1, 0.55],
    [0.4, 0.55],
    [0.4, 0.9],
    [0.1, 0.9],
  ]);
  await expect(dialog.getByRole('radio', { name: texts.startArea })).toHaveAccessibleName(
    '入口開始エリア（4点）',
  );
  await expect(dialog.getByText(texts.missingStart)).toHaveCount(0);
  await dialog.getByText(texts.endArea).click();
  await expect(dialog.getByRole('radio', { name: texts.endArea })).toBeChecked();
  await clickPicture(page, [
    [0.6, 0.55],
    [0.9, 0.55],
    [0.9, 0.9],
    [0.6, 0.9],
  ]);
  await expect(dialog.getByRole('radio', { name: texts.endArea })).toHaveAccessibleName(
    '入口終了エリア（4点）',
  );
  await expect(page.getByTestId('editor-area')).toHaveCount(3);
  await page.screenshot({ path: test.info().outputPath('people-counter-setting-areas.png') });

  // Monday 09:00-18:00; a period ending before it starts is refused as typed.
  await time(page, '月曜日', 1, '開始').fill('09:00');
  await time(page, '月曜日', 1, '終了').fill('08:00');
  await expect(dialog.getByTestId('period-problem-mon')).toHaveText(texts.badRange);
  await time(page, '月曜日', 1, '終了').fill('18:00');
  await expect(dialog.getByTestId('period-problem-mon')).toHaveCount(0);
  // Saturday gets a second period overlapping the whole day: refused until it is removed.
  await dialog.getByRole('button', { name: '時間帯を追加：土曜日' }).click();
  await expect(time(page, '土曜日', 2, '開始')).toHaveValue('23:00');
  await expect(dialog.getByTestId('period-problem-sat')).toHaveText(texts.overlapping);
  await dialog.getByRole('button', { name: '土曜日 の時間帯1を削除' }).click();
  await expect(dialog.getByTestId('period-problem-sat')).toHaveCount(0);
  // Sunday is not analysed.
  await dialog.getByRole('button', { name: '日曜日 の時間帯1を削除' }).click();
  await expect(dialog.getByTestId('periods-sun')).toContainText('解析しない');

  // Staff: a threshold above the judgment period is refused as typed.
  await dialog.getByRole('textbox', { name: texts.judgment }).fill('14');
  await dialog.getByRole('textbox', { name: texts.threshold }).fill('20');
  await expect(dialog.getByText('スタッフ判定期間以下にしてください')).toBeVisible();
  await dialog.getByRole('textbox', { name: texts.threshold }).fill('5');

  await page.screenshot({
    path: test.info().outputPath('people-counter-setting-dialog.png'),
    fullPage: false,
  });
  await dialog.getByRole('button', { name: '保存', exact: true }).click();
  // Generous: on a loaded machine the save can take a while; the dialog stays shut to closing meanwhile.
  await expect(page.getByText(texts.saved)).toBeVisible({ timeout: 30_000 });
  await expect(dialog).toBeHidden();

  const saved = await savedSetting(request, code);
  expect(saved.saved).toBe(true);
  expect(saved.setting.analysisPeriods.mon).toEqual([{ from: 540, to: 1080 }]);
  expect(saved.setting.analysisPeriods.sat).toEqual([{ from: 1380, to: 1440 }]);
  expect(saved.setting.analysisPeriods.sun).toEqual([]);
  expect([saved.setting.staffJudgmentDays, saved.setting.staffAdmissionThreshold]).toEqual([14, 5]);
  expect(saved.setting.entranceStartArea?.[0]?.x).toBeCloseTo(0.1, 1);
  expect(saved.setting.entranceEndArea?.[2]?.x).toBeCloseTo(0.9, 1);

  // After a reload the dialog opens on what was saved.
  await page.reload();
  const again = await openDialog(page, code);
  await expect(again.getByText(texts.notSaved)).toHaveCount(0);
  await expect(again.getByRole('radio', { name: texts.startArea })).toHaveAccessibleName(
    '入口開始エリア（4点）',
  );
  await expect(again.getByRole('radio', { name: texts.endArea })).toHaveAccessibleName(
    '入口終了エリア（4点）',
  );
  await expect(time(page, '月曜日', 1, '開始')).toHaveValue('09:00');
  await expect(time(page, '月曜日', 1, '終了')).toHaveValue('18:00');
  await expect(again.getByTestId('periods-sun')).toContainText('解析しない');
  await expect(again.getByRole('textbox', { name: texts.judgment })).toHaveValue('14 日');
  await expect(again.getByRole('textbox', { name: texts.threshold })).toHaveValue('5 日');
  await expect(page.getByTestId('editor-area')).toHaveCount(3);
  // Escape closes it.
  await page.keyboard.press('Escape');
  await expect(again).toBeHidden();

  // The server refuses a bad period with its reason, and keeps what was saved.
  const bad = await request.put(settingUrl(code), {
    data: {
      ...saved.setting,
      differenceArea: null,
      analysisPeriods: { ...saved.setting.analysisPeriods, tue: [{ from: 600, to: 540 }] },
    },
  });
  expect(bad.status()).toBe(400);
  expect(((await bad.json()) as { codes: Record<string, string[]> }).codes).toEqual({
    'analysisPeriods.tue.0.to': ['bad_range'],
  });
  expect(await savedSetting(request, code)).toEqual(saved);
});
