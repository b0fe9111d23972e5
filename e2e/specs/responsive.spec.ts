// Small screens (core.md §2, advanced.md §9 breakpoints): the side navigation hides behind a burger button
// with an accessible name, which opens it; on a PC-sized screen it is always shown and there is no burger.
import { expect, test } from '../support/fixtures.ts';
import { DEMO } from '../support/accounts.ts';
import { AppShell } from '../pages/app-shell.ts';
import { logInAs } from '../pages/session.ts';
import { ja } from '../pages/texts.ts';

test.describe('phone, 390x844', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the side navigation is hidden behind the burger button, which opens it', async ({ page }) => {
    const shell = new AppShell(page);
    await logInAs(page, DEMO);
    await expect(shell.burger).toBeVisible();
    await expect(shell.burger).toHaveAccessibleName(ja.nav.menu);
    await expect(shell.burger).toHaveAttribute('aria-expanded', 'false');
    await expect(shell.sideNav).not.toBeInViewport();

    await shell.burger.click();
    await expect(shell.burger).toHaveAttribute('aria-expanded', 'true');
    await expect(shell.sideNav).toBeInViewport();
    const setting = shell.sideNav.getByRole('link', { name: ja.nav.setting, exact: true });
    await expect(setting).toBeInViewport();

    // Choosing an entry navigates and closes the navigation again.
    await setting.click();
    await expect(page).toHaveURL(/\/setting$/);
    await expect(shell.sideNav).not.toBeInViewport();
    await expect(shell.burger).toHaveAttribute('aria-expanded', 'false');
  });
});

test.describe('PC, 1280x800', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the side navigation is shown and there is no burger button', async ({ page }) => {
    const shell = new AppShell(page);
    await logInAs(page, DEMO);
    await expect(shell.sideNav).toBeInViewport();
    await expect(shell.burger).toBeHidden();
  });
});
