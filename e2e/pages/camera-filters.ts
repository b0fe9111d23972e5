// Page objects of the camera list's header search, filter dialog, chips, tag-setting mode and tag dialog.
// Texts are copied from web/src/locales/ja.ts on purpose (see texts.ts).
import type { Page } from '@playwright/test';

export const filterTexts = {
  searchBox: 'キーワード',
  searchButton: '検索',
  clearKeyword: 'キーワードをクリア',
  filter: '絞り込み',
  filterTitle: '絞り込み条件',
  downOnly: '停止中のカメラのみ',
  clear: 'クリア',
  ok: 'OK',
  cancel: 'キャンセル',
  activeFilters: '適用中の条件',
  removeChip: (label: string) => `${label}を解除`,
  funcChip: (name: string) => `機能：${name}`,
  tagChip: (name: string) => `タグ：${name}`,
  wordChip: (word: string) => `キーワード：${word}`,
  tagMode: 'タグ設定',
  manageTags: 'タグ管理',
  selectCamera: (name: string) => `${name}を選択`,
  selectTag: 'タグを選択',
  selectedCount: (count: number) => `${count}台選択中`,
  tagTitle: 'タグ',
  editTags: 'タグを編集',
  newTag: '新しいタグ',
  add: '追加',
  apply: '適用',
  close: '閉じる',
  deleteTag: (name: string) => `${name}を削除`,
  deleteYes: '削除する',
  duplicate: '同じ名前のタグがすでにあります',
  assigned: 'タグを設定しました',
};

export class CameraFilters {
  constructor(private readonly page: Page) {}

  /**
   * The header's search box: a plain text box until first used, then a combobox with the recent keywords (its
   * code loads when the pointer is on the box or the box gets the focus, issue 19).
   */
  get searchBox() {
    const search = this.page.getByRole('search');
    return search
      .getByRole('combobox', { name: filterTexts.searchBox })
      .or(search.getByRole('textbox', { name: filterTexts.searchBox }));
  }
  async search(keyword: string) {
    await this.searchBox.fill(keyword);
    await this.searchBox.press('Enter');
  }
  /** The query's values of one key, e.g. filter[]. */
  queryValues(key: string) {
    return new URL(this.page.url()).searchParams.getAll(key);
  }
  get filterButton() {
    return this.page.getByRole('button', { name: filterTexts.filter, exact: true });
  }
  get filterDialog() {
    return this.page.getByRole('dialog', { name: filterTexts.filterTitle });
  }
  get chips() {
    return this.page.getByRole('group', { name: filterTexts.activeFilters });
  }
  removeChip(label: string) {
    return this.chips.getByRole('button', { name: filterTexts.removeChip(label), exact: true });
  }
  get tagModeButton() {
    return this.page.getByRole('button', { name: filterTexts.tagMode, exact: true });
  }
  get manageTagsButton() {
    return this.page.getByRole('button', { name: filterTexts.manageTags, exact: true });
  }
  get tagDialog() {
    return this.page.getByRole('dialog', { name: filterTexts.tagTitle, exact: true });
  }
  get newTagField() {
    return this.tagDialog.getByRole('textbox', { name: filterTexts.newTag });
  }
  async addTag(name: string) {
    await this.newTagField.fill(name);
    await this.tagDialog.getByRole('button', { name: filterTexts.add, exact: true }).click();
  }
}
