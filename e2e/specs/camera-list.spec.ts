// The camera list screen (core.md §2, issue 5 web items 6, 7, 11): rows of the demo cameras, the down icon,
// tag filtering from the side navigation, the tile view, the information dialog, the down notice, clearing
// conditions and a URL that reproduces the view.
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { DEMO } from '../support/accounts.ts';
import { AppShell } from '../pages/app-shell.ts';
import { CameraListPage, cameraListTexts as texts } from '../pages/camera-list.ts';
import { logInAs } from '../pages/session.ts';

/** Screenshots for a person to look at, only when CAMERA_LIST_SHOTS names a folder. */
async function shoot(page: Page, name: string) {
  const dir = process.env.CAMERA_LIST_SHOTS;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: name === 'list-1280' });
}

const DOWN_CAMERA = '横浜工場 正門';
const FACTORY_CAMERAS = ['横浜工場 ライン1', '横浜工場 ライン2', '横浜工場 正門', '札幌工場 屋外'];

test.describe('camera list', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('shows the 14 demo cameras with names and the down camera’s error icon', async ({ page }) => {
    const list = new CameraListPage(page);
    await logInAs(page, DEMO);
    await expect(list.rows).toHaveCount(14);
    await expect(list.row('渋谷店 入口')).toBeVisible();
    await expect(list.row('渋谷店 入口')).toContainText('渋谷店');
    await expect(list.row('渋谷店 入口')).toContainText('東京都渋谷区道玄坂2-1');
    await expect(list.downIcon(DOWN_CAMERA)).toBeVisible();
    await expect(
      list.row(DOWN_CAMERA).getByRole('img', { name: texts.downLabel(DOWN_CAMERA) }),
    ).toBeVisible();
    // Only the down camera carries the icon.
    await expect(list.list.getByTestId('down-icon')).toHaveCount(1);
    await expect(list.tab(texts.listTab)).toHaveAttribute('aria-selected', 'true');
    await shoot(page, 'list-1280');
  });

  test('the side navigation’s tag shows exactly its cameras and the URL carries tags[]', async ({ page }) => {
    const list = new CameraListPage(page);
    const shell = new AppShell(page);
    await logInAs(page, DEMO);
    await expect(list.rows).toHaveCount(14);
    await shell.sideNav.getByRole('link', { name: '工場', exact: true }).click();
    await expect(page).toHaveURL(/\/list\/1\?tags%5B%5D=/);
    await expect(list.rows).toHaveCount(4);
    expect((await list.rowNames()).sort()).toEqual([...FACTORY_CAMERAS].sort());

    // The URL reproduces the view after a reload, the tile view included.
    await list.tab(texts.tileTab).click();
    await expect(page).toHaveURL(/view=tile/);
    await expect(list.tiles).toHaveCount(4);
    await page.reload();
    await expect(list.tab(texts.tileTab)).toHaveAttribute('aria-selected', 'true');
    await expect(list.tiles).toHaveCount(4);
  });

  test('the tile view shows the tiles and keeps the page', async ({ page }) => {
    const list = new CameraListPage(page);
    await logInAs(page, DEMO);
    await expect(list.rows).toHaveCount(14);
    await list.tab(texts.tileTab).click();
    await expect(page).toHaveURL(/\/list\/1\?view=tile$/);
    await expect(list.tiles).toHaveCount(14);
    await expect(list.tiles.getByRole('link', { name: '渋谷店 入口', exact: true })).toBeVisible();
    await shoot(page, 'tile-1280');
    await list.tab(texts.listTab).click();
    await expect(page).toHaveURL(/\/list\/1\?view=list$/);
    await expect(list.rows).toHaveCount(14);
  });

  test('a page beyond the total goes to the last page', async ({ page }) => {
    const list = new CameraListPage(page);
    await logInAs(page, DEMO);
    await list.goto('/list/7?view=tile');
    await expect(page).toHaveURL(/\/list\/1\?view=tile$/);
    await expect(list.tiles).toHaveCount(14);
  });

  test('the information dialog shows the product and storage days and closes with Escape', async ({
    page,
  }) => {
    const list = new CameraListPage(page);
    await logInAs(page, DEMO);
    await list.openInfo('新宿倉庫 搬入口');
    const dialog = list.infoDialog;
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('row', { name: /^製品/ })).toContainText('CW-Bullet 4');
    await expect(dialog.getByRole('row', { name: /^保存期間/ })).toContainText('30日');
    await expect(dialog.getByRole('row', { name: /^レート/ })).toContainText('2〜5 fps');
    await expect(dialog.getByRole('row', { name: /^備考/ })).toContainText('なし');
    await shoot(page, 'info-1280');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  test('the down notice filters to the down camera; clearing conditions returns all', async ({ page }) => {
    const list = new CameraListPage(page);
    await logInAs(page, DEMO);
    await expect(list.downNotice).toContainText(texts.downNotice(1));
    await list.downNotice.getByRole('button', { name: texts.showDown, exact: true }).click();
    await expect(page).toHaveURL(/\/list\/1\?watch_status=down$/);
    await expect(list.rows).toHaveCount(1);
    expect(await list.rowNames()).toEqual([DOWN_CAMERA]);

    // The down camera has no time-lapse: an empty result.
    await list.goto('/list/1?watch_status=down&func[]=time_lapse');
    await expect(list.emptyMessage).toBeVisible();
    await list.clearConditions.click();
    await expect(page).toHaveURL(/\/list\/1$/);
    await expect(list.rows).toHaveCount(14);
  });
});

test.describe('camera list on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('rows stay usable at 390 px', async ({ page }) => {
    const list = new CameraListPage(page);
    await logInAs(page, DEMO);
    await expect(list.rows).toHaveCount(14);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await expect(page.getByRole('button', { name: texts.menu('渋谷店 入口'), exact: true })).toBeVisible();
    await shoot(page, 'list-390');
    await list.tab(texts.tileTab).click();
    await expect(list.tiles).toHaveCount(14);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shoot(page, 'tile-390');
  });
});
