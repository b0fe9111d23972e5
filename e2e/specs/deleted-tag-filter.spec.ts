// A tag deleted while the list is filtered by it leaves the filters and the address (issue 17 point 6;
// core.md §2 'changing filters resets to page 1'): no chip with its code, no 'no matching camera', the list of
// every camera again. The tag is made through the API, filtered by and deleted through the screens.
import { expect, test } from '../support/fixtures.ts';
import { DEMO } from '../support/accounts.ts';
import { CameraFilters, filterTexts } from '../pages/camera-filters.ts';
import { CameraListPage } from '../pages/camera-list.ts';
import { logInByApi } from '../pages/multi-wall.ts';

test('deleting the tag the list is filtered by drops it from the chips and the address', async ({ page }) => {
  await logInByApi(page, DEMO);
  const tagName = `削除テスト${Date.now() % 100_000}`;
  const made = await page.request.post('/api/cameratags', { data: { tag_name: tagName } });
  expect(made.status()).toBe(200);
  const tags = await page.request.get('/api/cameratags');
  const { data } = (await tags.json()) as { data: { tags: { tag_code: string; tag_name: string }[] } };
  const code = data.tags.find((tag) => tag.tag_name === tagName)!.tag_code;

  const filters = new CameraFilters(page);
  const list = new CameraListPage(page);
  await page.goto(`/list/1?view=list&tags[]=${code}`);
  await expect(filters.chips.getByText(filterTexts.tagChip(tagName), { exact: true })).toBeVisible();

  await filters.manageTagsButton.click();
  await filters.tagDialog.getByRole('button', { name: filterTexts.deleteTag(tagName), exact: true }).click();
  await filters.tagDialog.getByRole('button', { name: filterTexts.deleteYes, exact: true }).click();
  await filters.tagDialog.getByRole('button', { name: filterTexts.close, exact: true }).last().click();
  await expect(filters.tagDialog).toBeHidden();

  await expect.poll(() => filters.queryValues('tags[]')).toEqual([]);
  expect(filters.queryValues('view')).toEqual(['list']); // the other conditions stay
  await expect(filters.chips).toHaveCount(0);
  await expect(page.getByText(`タグ：${code}`)).toHaveCount(0);
  await expect(list.rows).toHaveCount(14);
  await page.screenshot({ path: 'test-results/deleted-tag-filter.png' });

  // An address that still names it (a bookmark) is cleaned too.
  await page.goto(`/list/1?tags[]=${code}&view=tile`);
  await expect.poll(() => filters.queryValues('tags[]')).toEqual([]);
  expect(filters.queryValues('view')).toEqual(['tile']);
});
