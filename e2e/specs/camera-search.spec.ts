// The camera list's header search, filter dialog, chips and tag-setting mode (core.md §2, §5; issue "Camera
// browsing" items 6-7): what a person types or ticks narrows the list, the URL carries it, and tags made in
// the tag dialog can be assigned, filtered by and deleted.
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { DEMO } from '../support/accounts.ts';
import { CameraFilters, filterTexts as texts } from '../pages/camera-filters.ts';
import { AppShell } from '../pages/app-shell.ts';
import { CameraListPage } from '../pages/camera-list.ts';
import { logInAs } from '../pages/session.ts';

/** Screenshots of the dialogs for a person to look at; transitions are finished first. */
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `test-results/camera-search/${name}.png`, animations: 'disabled' });

const PTZ_CAMERAS = ['渋谷店 入口', '横浜工場 正門', '札幌工場 屋外'];

test.describe('camera search and filters', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('a searched word finds its camera, the URL carries filter[], the clear button removes it', async ({
    page,
  }) => {
    const list = new CameraListPage(page);
    const filters = new CameraFilters(page);
    await logInAs(page, DEMO);
    await expect(list.rows).toHaveCount(14);

    await filters.search('レジ');
    await expect(list.rows).toHaveCount(1);
    await expect(list.row('渋谷店 レジ')).toBeVisible();
    expect(filters.queryValues('filter[]')).toEqual(['レジ']);
    await expect(page).toHaveURL(/\/list\/1\?/);
    await expect(filters.chips.getByText(texts.wordChip('レジ'))).toBeVisible();

    // Two words, split by an ideographic space, must both match.
    await filters.search('渋谷　入口');
    expect(filters.queryValues('filter[]')).toEqual(['渋谷', '入口']);
    await expect(list.rows).toHaveCount(1);
    await expect(list.row('渋谷店 入口')).toBeVisible();

    await filters.searchBox.hover();
    await page.getByRole('button', { name: texts.clearKeyword }).click();
    await expect(list.rows).toHaveCount(14);
    expect(filters.queryValues('filter[]')).toEqual([]);
    await expect(filters.searchBox).toHaveValue('');
  });

  test('a recent keyword is offered after a reload and choosing it searches again', async ({ page }) => {
    const list = new CameraListPage(page);
    const filters = new CameraFilters(page);
    await logInAs(page, DEMO);
    await filters.search('梅田');
    await expect(list.rows).toHaveCount(2);

    await page.goto('/list/1');
    await page.reload();
    await expect(list.rows).toHaveCount(14);
    await filters.searchBox.focus();
    await expect(filters.searchBox).toHaveAttribute('aria-expanded', 'true');
    const option = page.getByRole('option', { name: '梅田', exact: true });
    await expect(option).toBeVisible();
    // Keyboard: down to the option, Enter chooses it.
    await filters.searchBox.press('ArrowDown');
    await filters.searchBox.press('Enter');
    await expect(list.rows).toHaveCount(2);
    expect(filters.queryValues('filter[]')).toEqual(['梅田']);
  });

  test('the filter dialog’s PTZ narrows the list, Escape changes nothing, the chip removes it', async ({
    page,
  }) => {
    const list = new CameraListPage(page);
    const filters = new CameraFilters(page);
    await logInAs(page, DEMO);
    await page.goto('/list/1?view=list');
    await expect(list.rows).toHaveCount(14);

    // Escape leaves the list as it was.
    await filters.filterButton.click();
    await filters.filterDialog.getByRole('checkbox', { name: 'PTZ' }).check();
    await page.keyboard.press('Escape');
    await expect(filters.filterDialog).toBeHidden();
    expect(filters.queryValues('func[]')).toEqual([]);

    // Reopened, it starts from the list's conditions again.
    await filters.filterButton.click();
    const ptz = filters.filterDialog.getByRole('checkbox', { name: 'PTZ' });
    await expect(ptz).not.toBeChecked();
    await ptz.check();
    await shot(page, 'filter-dialog');
    await filters.filterDialog.getByRole('button', { name: texts.ok, exact: true }).click();
    await expect(filters.filterDialog).toBeHidden();
    await expect(page).toHaveURL(/\/list\/1\?/);
    expect(filters.queryValues('func[]')).toEqual(['ptz']);
    expect(filters.queryValues('view')).toEqual(['list']);
    await expect(list.rows).toHaveCount(3);
    expect((await list.rowNames()).sort()).toEqual([...PTZ_CAMERAS].sort());

    await filters.removeChip(texts.funcChip('PTZ')).click();
    await expect(list.rows).toHaveCount(14);
    expect(filters.queryValues('func[]')).toEqual([]);
  });

  test('a tag made in tag-setting mode is assigned to two cameras, filtered by, then deleted', async ({
    page,
    consoleGuard,
  }) => {
    consoleGuard.allow(/status of 400/); // the duplicate name's answer
    const list = new CameraListPage(page);
    const filters = new CameraFilters(page);
    const tagName = 'E2E巡回';
    const tagged = ['渋谷店 レジ', '梅田店 売場'];
    await logInAs(page, DEMO);
    await expect(list.rows).toHaveCount(14);

    // Checkboxes appear only in tag-setting mode.
    await expect(page.getByRole('checkbox', { name: texts.selectCamera(tagged[0]!) })).toHaveCount(0);
    await filters.tagModeButton.click();
    await expect(filters.tagModeButton).toHaveAttribute('aria-pressed', 'true');
    for (const name of tagged) await page.getByRole('checkbox', { name: texts.selectCamera(name) }).check();
    await expect(page.getByText(texts.selectedCount(2))).toBeVisible();
    await page.getByRole('button', { name: texts.selectTag, exact: true }).click();
    await expect(filters.tagDialog).toBeVisible();

    // core.md §8: the server's reason for tag_name is an error toast, in Japanese; the field is marked.
    await filters.addTag('店舗');
    await expect(new AppShell(page).toast(texts.duplicate)).toBeVisible();
    await expect(filters.newTagField).toHaveAttribute('aria-invalid', 'true');

    await filters.addTag(tagName);
    const box = filters.tagDialog.getByRole('checkbox', { name: tagName, exact: true });
    await expect(box).toBeChecked();
    await expect(filters.newTagField).toHaveValue('');
    await shot(page, 'tag-dialog');
    await filters.tagDialog.getByRole('button', { name: texts.apply, exact: true }).click();
    await expect(filters.tagDialog).toBeHidden();
    for (const name of tagged) await expect(list.row(name)).toContainText(tagName);

    // Filter by the new tag.
    await filters.filterButton.click();
    await filters.filterDialog.getByRole('checkbox', { name: tagName, exact: true }).check();
    await filters.filterDialog.getByRole('button', { name: texts.ok, exact: true }).click();
    await expect(list.rows).toHaveCount(2);
    expect((await list.rowNames()).sort()).toEqual([...tagged].sort());
    expect(filters.queryValues('tags[]')).toHaveLength(1);
    await filters.removeChip(texts.tagChip(tagName)).click();
    await expect(list.rows).toHaveCount(14);

    // Delete it from the tag management dialog, after the confirmation.
    await filters.manageTagsButton.click();
    await expect(filters.tagDialog.getByRole('switch', { name: texts.editTags })).toBeChecked();
    await shot(page, 'tag-manage-dialog');
    await filters.tagDialog.getByRole('button', { name: texts.deleteTag(tagName), exact: true }).click();
    await filters.tagDialog.getByRole('button', { name: texts.deleteYes, exact: true }).click();
    await expect(filters.tagDialog.getByRole('textbox', { name: `${tagName}のタグ名` })).toHaveCount(0);
    await filters.tagDialog.getByRole('button', { name: texts.close, exact: true }).last().click();
    await expect(filters.tagDialog).toBeHidden();
    for (const name of tagged) await expect(list.row(name)).not.toContainText(tagName);
  });
});
