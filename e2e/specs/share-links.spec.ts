// Shareable clip links (issue 22), as the demo user (every right): a link made from the player's more-menu opens in
// a fresh browser without any cookie and plays the shared minutes; an altered link says it is not valid; revoked
// from the share links screen, the open page says so on its next load and the clip addresses it had answer 403.
// The e2e server runs the simulated cameras, so the camera has real recorded minutes.
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { DEMO } from '../support/accounts.ts';
import { DetailPage, liveCamera, waitForRecordedMinute } from '../pages/detail-player.ts';
import { logInAs } from '../pages/session.ts';

// Copied from the screens' texts on purpose (see pages/texts.ts).
const texts = {
  more: 'その他の操作',
  share: '共有リンクを作成',
  start: '開始日時',
  end: '終了日時',
  expiry: '有効期間',
  create: 'リンクを作成',
  link: '共有リンク',
  nav: '共有リンク',
  revoke: '取り消す',
  active: '有効',
  revoked: '取り消し済み',
  revokedPage: 'このリンクは作成者によって取り消されました。',
  invalidPage: 'このリンクは無効です。URLが正しくコピーされているか確認してください。',
};

/** `YYYY-MM-DDTHH:mm` in the browser's time zone, as a datetime-local input takes it. */
const localInputValue = (page: Page, ms: number) =>
  page.evaluate((at) => {
    const d = new Date(at);
    const p = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
  }, ms);

test('a shared link plays without login and stops after revoke', async ({ page, browser, request }) => {
  // A fresh server's simulated cameras finish their first one-minute clip up to two minutes after start.
  test.setTimeout(240_000);
  const camera = await liveCamera(request, DEMO);
  await logInAs(page, DEMO);
  const minute = await waitForRecordedMinute(page.request, camera.code, 150_000);
  await new DetailPage(page).goto(camera.code);

  await page.getByRole('button', { name: texts.more }).click();
  await page.getByRole('menuitem', { name: texts.share }).click();
  const dialog = page.getByRole('dialog', { name: texts.share });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel(texts.start).fill(await localInputValue(page, minute - 60_000));
  await dialog.getByLabel(texts.end).fill(await localInputValue(page, minute + 60_000));
  await dialog.getByLabel(texts.expiry).selectOption({ label: '1時間' });
  await page.screenshot({ path: 'test-results/share-links-dialog.png' });
  await dialog.getByRole('button', { name: texts.create }).click();
  const linkBox = dialog.getByRole('textbox', { name: texts.link });
  await expect(linkBox).toBeVisible();
  const url = await linkBox.inputValue();
  expect(url).toMatch(/^http:\/\/localhost:\d+\/share\/[A-Za-z0-9_-]{43}$/);
  await page.screenshot({ path: 'test-results/share-links-created.png' });

  // A browser that never logged in: the page plays the shared minutes and sets no cookie.
  const stranger = await browser.newContext({ locale: 'ja-JP', timezoneId: 'Asia/Tokyo' });
  const shared = await stranger.newPage();
  await shared.goto(url);
  // The first load of the page's chunks may take a while on the shared machine.
  await expect(shared.getByRole('heading', { level: 1, name: camera.name })).toBeVisible({ timeout: 30_000 });
  const video = shared.getByTestId('shared-video');
  await expect(video).toBeVisible();
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 30_000 })
    .toBeGreaterThan(0.3);
  const clipUrl = await video.evaluate((v: HTMLVideoElement) => v.currentSrc);
  expect(clipUrl).toContain('/api/public/share/');
  expect((await shared.request.get(clipUrl)).status()).toBe(200);
  expect(await stranger.cookies()).toEqual([]);
  await shared.screenshot({ path: 'test-results/share-links-public.png' });

  // An altered link opens nothing and says so.
  const altered = await stranger.newPage();
  await altered.goto(`${url.slice(0, -1)}${url.endsWith('A') ? 'B' : 'A'}`);
  await expect(altered.getByRole('alert')).toHaveText(texts.invalidPage);
  await altered.close();

  // Revoked from the share links screen.
  await dialog.getByTestId('share-link-created').getByRole('button', { name: '閉じる' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('navigation', { name: 'メニュー' }).getByRole('link', { name: texts.nav }).click();
  await expect(page).toHaveURL(/\/share-links$/);
  const row = page.getByTestId('share-link-row').first();
  await expect(row).toHaveAttribute('data-status', 'active');
  await expect(row).toContainText(camera.name);
  await page.screenshot({ path: 'test-results/share-links-list.png' });
  await row.getByRole('button', { name: new RegExp(`${texts.revoke}$`) }).click();
  const confirm = page.getByRole('dialog');
  await confirm.getByRole('button', { name: texts.revoke }).click();
  await expect(row).toHaveAttribute('data-status', 'revoked');
  await expect(row).toContainText(texts.revoked);

  // The open page's clip addresses stop at once, and the page says why when loaded again.
  expect((await shared.request.get(clipUrl)).status()).toBe(403);
  await shared.reload();
  await expect(shared.getByRole('alert')).toHaveText(texts.revokedPage);
  await expect(shared.getByTestId('shared-video')).toHaveCount(0);
  await shared.screenshot({ path: 'test-results/share-links-revoked.png' });
  await stranger.close();
});
