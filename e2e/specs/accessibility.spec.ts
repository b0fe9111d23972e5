// Every control has an accessible name in the current language (issue 3, Accessibility).
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { DEMO } from '../support/accounts.ts';
import { LoginPage } from '../pages/login-page.ts';

/** Buttons, links, text fields, selects and checkboxes on the page that have no accessible name. */
async function unnamedControls(page: Page): Promise<string[]> {
  const snapshot = await page.locator('body').ariaSnapshot();
  return snapshot
    .split('\n')
    .map((line) => line.trim())
    .filter((line) =>
      /^- (button|link|textbox|combobox|checkbox|menuitem|switch)( \[[^\]]*\])?:?$/.test(line),
    );
}

/** Latin-only names in the Japanese UI, other than the product name and language names. */
async function untranslatedNames(page: Page): Promise<string[]> {
  const snapshot = await page.locator('body').ariaSnapshot();
  return [...snapshot.matchAll(/- (?:button|link|textbox|combobox|menuitem) "([^"]+)"/g)]
    .map((m) => m[1] ?? '')
    .filter((name) => /^[\x20-\x7e]+$/.test(name) && !/^(CamWatch|English|[\d\s:/.]+)$/.test(name));
}

test('the login screen: every control is named, in Japanese', async ({ page }) => {
  await page.goto('/login');
  await expect(new LoginPage(page).email).toBeVisible();
  expect(await unnamedControls(page)).toEqual([]);
  expect(await untranslatedNames(page)).toEqual([]);
});

test('the logged-in layout and its open menus: every control is named, in Japanese', async ({ page }) => {
  await page.goto('/login');
  await new LoginPage(page).logIn(DEMO);
  await expect(page).toHaveURL(/\/list\/1$/);
  await expect(page.getByRole('link', { name: '店舗' })).toBeVisible();
  expect(await unnamedControls(page)).toEqual([]);
  expect(await untranslatedNames(page)).toEqual([]);
  await page.getByRole('button', { name: /^ユーザーメニュー:/ }).click();
  await expect(page.getByRole('menuitem', { name: 'ログアウト' })).toBeVisible();
  expect(await unnamedControls(page)).toEqual([]);
  expect(await untranslatedNames(page)).toEqual([]);
});
