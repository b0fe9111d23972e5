// Page object of the login screen.
import type { Page } from '@playwright/test';
import { en, ja } from './texts.ts';

export const loginTexts = {
  ja: {
    email: ja.login.email,
    password: ja.login.password,
    submit: ja.login.submit,
    lostPassword: ja.login.lostPassword,
    language: ja.language,
  },
  en: {
    email: en.login.email,
    password: en.login.password,
    submit: en.login.submit,
    lostPassword: 'Forgot your password?',
    language: en.language,
  },
};

export class LoginPage {
  constructor(
    private readonly page: Page,
    private readonly lang: 'ja' | 'en' = 'ja',
  ) {}

  get texts() {
    return loginTexts[this.lang];
  }
  get email() {
    return this.page.getByRole('textbox', { name: this.texts.email });
  }
  get password() {
    // Mantine appends the required marker (" *") to the label's accessible name.
    return this.page.getByLabel(new RegExp(`^${this.texts.password}\\s*\\*?$`));
  }
  get submit() {
    return this.page.getByRole('button', { name: this.texts.submit, exact: true });
  }
  get error() {
    return this.page.getByTestId('login-error');
  }
  get languageSelect() {
    return this.page.getByRole('combobox', { name: this.texts.language });
  }
  /** The lost-password link (a link-styled button) that opens the password-reissue dialog. */
  get lostPassword() {
    return this.page.getByRole('button', { name: this.texts.lostPassword, exact: true });
  }

  async goto(query = '') {
    await this.page.goto(`/login${query}`);
  }

  async fill(email: string, password: string) {
    await this.email.fill(email);
    await this.email.blur();
    await this.password.fill(password);
  }

  async logIn(user: { email: string; password: string }) {
    await this.fill(user.email, user.password);
    await this.submit.click();
  }

  /** Picks a language in the select by its visible label ('日本語' / 'English'); the page then reloads. */
  async chooseLanguage(label: string) {
    const select = this.languageSelect;
    const isNative = await select.evaluate((element) => element.tagName === 'SELECT');
    if (isNative) {
      await select.selectOption({ label });
    } else {
      await select.click();
      await this.page.getByRole('option', { name: label, exact: true }).click();
    }
  }
}
