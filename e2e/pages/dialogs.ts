// Page objects of the dialogs opened from the login screen and the header (Japanese texts).
import type { Page } from '@playwright/test';
import { ja } from './texts.ts';

/** A form field by its label; Mantine appends the required marker (" *") to the label's accessible name. */
const byLabel = (scope: ReturnType<Page['getByRole']>, label: string) =>
  scope.getByLabel(new RegExp(`^${label}\\s*\\*?$`));

export class ReissueDialog {
  constructor(private readonly page: Page) {}

  get root() {
    return this.page.getByRole('dialog', { name: ja.login.reissueTitle });
  }
  get email() {
    return this.root.getByRole('textbox', { name: ja.login.email });
  }
  get ok() {
    return this.root.getByRole('button', { name: ja.ok, exact: true });
  }
  get cancel() {
    return this.root.getByRole('button', { name: ja.cancel, exact: true });
  }
}

export class ChangePasswordDialog {
  constructor(private readonly page: Page) {}

  get root() {
    return this.page.getByRole('dialog', { name: ja.password.title });
  }
  get current() {
    return byLabel(this.root, ja.password.current);
  }
  get newPassword() {
    return byLabel(this.root, ja.password.new);
  }
  get confirmation() {
    return byLabel(this.root, ja.password.confirm);
  }
  get submit() {
    return this.root.getByRole('button', { name: ja.password.submit, exact: true });
  }

  async fill(current: string, password: string, confirmation = password) {
    await this.current.fill(current);
    await this.newPassword.fill(password);
    await this.confirmation.fill(confirmation);
  }
}

export class PrivilegesDialog {
  constructor(private readonly page: Page) {}

  get root() {
    return this.page.getByRole('dialog', { name: ja.privileges.title });
  }
  get rows() {
    return this.root.getByRole('row').filter({ has: this.page.getByRole('cell') });
  }
  /** The state cell ('利用可能' / '利用不可') of the right whose name is exactly `right`. */
  stateOf(right: string) {
    return this.rows
      .filter({ has: this.page.getByRole('cell', { name: right, exact: true }) })
      .getByRole('cell')
      .nth(1);
  }
}

export class FeedbackDialog {
  constructor(private readonly page: Page) {}

  get root() {
    return this.page.getByRole('dialog', { name: ja.feedback.title });
  }
  get message() {
    return this.root.getByRole('textbox', { name: ja.feedback.message });
  }
  get send() {
    return this.root.getByRole('button', { name: ja.send, exact: true });
  }
}
