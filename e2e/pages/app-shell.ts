// Page object of the logged-in layout: header menus, side navigation, footer, feedback.
import type { Page } from '@playwright/test';

export class AppShell {
  constructor(private readonly page: Page) {}

  get userMenu() {
    return this.page.getByRole('button', { name: /^(ユーザーメニュー|User menu):/ });
  }
  get languageMenu() {
    return this.page.getByRole('button', { name: /^(言語の切り替え|Change language)$/ });
  }
  get sideNav() {
    return this.page.getByRole('navigation', { name: /^(メニュー|Menu)$/ });
  }
  /** The burger button that opens the side navigation on small screens. */
  get burger() {
    return this.page.getByRole('button', { name: /^(メニュー|Menu)$/ });
  }
  get clock() {
    return this.page.getByTestId('clock');
  }
  get footer() {
    return this.page.getByRole('contentinfo').first();
  }
  get feedbackButton() {
    return this.page.getByRole('button', { name: /^(ご意見・ご要望|Feedback)$/ });
  }
  get dialog() {
    return this.page.getByRole('dialog');
  }
  get pageTitle() {
    return this.page.getByRole('heading', { level: 1 });
  }

  menuItem(name: RegExp | string) {
    return this.page.getByRole('menuitem', { name, exact: typeof name === 'string' ? true : undefined });
  }

  /** A toast message: successes are a polite status, failures an assertive alert. */
  toast(text: string | RegExp) {
    return this.page.getByRole('status').or(this.page.getByRole('alert')).filter({ hasText: text });
  }

  async openUserMenuItem(name: RegExp | string) {
    await this.userMenu.click();
    await this.menuItem(name).click();
  }

  async logOut() {
    await this.openUserMenuItem(/^(ログアウト|Log out)$/);
  }

  /** Picks a language in the header language menu by its visible label; the page then reloads. */
  async chooseLanguage(label: string) {
    await this.languageMenu.click();
    await this.menuItem(label).click();
  }
}
