// Page object of the camera list screen (list/{page}): tabs, rows, tiles, pager, notices, information dialog.
// Texts are copied from web/src/locales/ja.ts on purpose (see texts.ts).
import type { Page } from '@playwright/test';

export const cameraListTexts = {
  listTab: 'リスト',
  tileTab: 'タイル',
  listLabel: 'カメラ一覧',
  tileLabel: 'カメラのタイル',
  noMatchingCamera: '条件に一致するカメラがありません',
  clearConditions: '条件をクリア',
  showDown: '停止中のカメラを表示',
  downNotice: (count: number) => `停止中のカメラが${count}台あります`,
  downLabel: (name: string) => `${name}は停止しています`,
  menu: (name: string) => `${name}のメニュー`,
  info: 'カメラ情報',
  video: '映像を見る',
  infoTitle: 'カメラ情報',
};

export class CameraListPage {
  constructor(private readonly page: Page) {}

  async goto(path = '/list/1') {
    await this.page.goto(path);
  }
  tab(name: string) {
    return this.page.getByRole('tab', { name, exact: true });
  }
  get list() {
    return this.page.getByRole('list', { name: cameraListTexts.listLabel, exact: true });
  }
  get rows() {
    return this.list.getByRole('listitem');
  }
  row(name: string) {
    return this.list.getByRole('listitem', { name, exact: true });
  }
  get tiles() {
    return this.page
      .getByRole('list', { name: cameraListTexts.tileLabel, exact: true })
      .getByRole('listitem');
  }
  downIcon(name: string) {
    return this.page.getByRole('img', { name: cameraListTexts.downLabel(name), exact: true });
  }
  get downNotice() {
    return this.page.getByTestId('down-notice');
  }
  get emptyMessage() {
    return this.page.getByText(cameraListTexts.noMatchingCamera, { exact: true });
  }
  get clearConditions() {
    return this.page.getByRole('button', { name: cameraListTexts.clearConditions, exact: true });
  }
  get infoDialog() {
    return this.page.getByRole('dialog', { name: cameraListTexts.infoTitle });
  }
  /** The names of the rows, in order. */
  async rowNames() {
    return this.rows.evaluateAll((items) => items.map((item) => item.getAttribute('aria-label') ?? ''));
  }
  async openInfo(name: string) {
    await this.page.getByRole('button', { name: cameraListTexts.menu(name), exact: true }).click();
    await this.page.getByRole('menuitem', { name: cameraListTexts.info, exact: true }).click();
  }
}
