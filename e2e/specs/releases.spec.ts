// Releases (advanced.md §1, §2, §3): the side navigation leads to the releases page, which lists the release
// information newest first with version, date and message.
import { expect, test } from '../support/fixtures.ts';
import { DEMO } from '../support/accounts.ts';
import { AppShell } from '../pages/app-shell.ts';
import { logInAs } from '../pages/session.ts';

test('the side navigation opens the releases page, newest release first', async ({ page }) => {
  const shell = new AppShell(page);
  await logInAs(page, DEMO);

  await shell.sideNav.getByRole('link', { name: 'リリース情報', exact: true }).click();
  await expect(page).toHaveURL(/\/releases$/);
  await expect(shell.pageTitle).toHaveText('リリース情報');

  const releases = page.getByRole('list', { name: 'リリース一覧' }).getByRole('listitem');
  await expect(releases).toHaveCount(2);
  await expect(releases.getByRole('heading')).toHaveText(['バージョン 2.78.0', 'バージョン 2.77.0']);
  await expect(releases.nth(0)).toContainText('2026-11-01');
  await expect(releases.nth(0)).toContainText('カメラ一覧の表示を高速化しました。');
  await expect(releases.nth(1)).toContainText('2026-09-15');
  await expect(releases.nth(1)).toContainText('デバイス認証に対応しました。');
});
