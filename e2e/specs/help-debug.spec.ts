// Help (core.md §2: public) in both languages with its table of contents and the #contact anchor the footer
// links to; the debug screen (core.md §2, §6: the debug right) with the customer's mail outbox and a client
// error the page itself reported; and a user without the right refused by the page and the server.
import { expect, test } from '../support/fixtures.ts';
import { account } from '../support/accounts.ts';
import { logInAs } from '../pages/session.ts';

test('help in Japanese: contents, sections, rights table, and /help#contact scrolls to the contact section', async ({
  page,
}) => {
  await page.goto('/help');
  await expect(page.getByRole('heading', { level: 1, name: 'ヘルプ' })).toBeVisible();
  const toc = page.getByRole('navigation', { name: '目次' });
  await expect(toc.getByRole('link', { name: 'ログイン' })).toBeVisible();
  await expect(toc.getByRole('link', { name: '権限の意味' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'ライブ映像と録画を見る' })).toBeVisible();
  const rights = page.getByRole('table', { name: '権限の意味' });
  await expect(rights.getByRole('row', { name: /batchDownload/ })).toContainText('一括ダウンロード');
  await expect(rights.getByRole('row', { name: /^debug/ })).toContainText('デバッグ画面');

  await page.goto('/help#contact');
  const contact = page.getByRole('heading', { level: 2, name: 'お問い合わせ' });
  await expect(contact).toBeInViewport();
  await expect(page.locator('section#contact')).toContainText('フィードバック');

  // A table-of-contents link jumps to its section.
  await toc.getByRole('link', { name: '端末認証' }).click();
  await expect(page).toHaveURL(/#device-auth$/);
  await expect(page.getByRole('heading', { level: 2, name: '端末認証' })).toBeInViewport();
});

test('help in English after choosing the language on the page', async ({ page }) => {
  await page.goto('/help');
  await page.getByRole('combobox', { name: '言語' }).selectOption('en');
  await expect(page.getByRole('heading', { level: 1, name: 'Help' })).toBeVisible();
  const toc = page.getByRole('navigation', { name: 'Contents' });
  await expect(toc.getByRole('link', { name: 'Notifications and push' })).toBeVisible();
  await page.goto('/help#contact');
  await expect(page.getByRole('heading', { level: 2, name: 'Contact' })).toBeInViewport();
  await expect(page.getByRole('table', { name: 'What each right means' })).toContainText(
    'Batch download of recordings and heat maps',
  );
  await page.screenshot({ path: test.info().outputPath('help-en.png') });
});

test('debug screen: environment, the outbox with the user’s own mail, and a client error the page reported', async ({
  page,
  consoleGuard,
}) => {
  const debugUser = account('debug');
  await logInAs(page, debugUser);
  const origin = new URL(page.url()).origin;
  // A password-reissue mail for this user, kept in the outbox (the e2e server has no SMTP).
  const sent = await page.request.post('/api/password/reset_request', {
    data: { email: debugUser.email, return_url: `${origin}/password_reissue` },
  });
  expect(sent.status()).toBe(200);

  await page.goto('/debug');
  await expect(page.getByRole('heading', { level: 1, name: 'デバッグ' })).toBeVisible();
  const facts = page.getByTestId('debug-facts');
  await expect(facts).toContainText('2.78.0');
  await expect(facts).toContainText('組み込み (PGlite)');
  await expect(page.getByRole('table', { name: '設定（環境変数）' })).toContainText(
    'MOTION_NOTIFICATION_COOLDOWN_MINUTES',
  );
  const mail = page.getByTestId('outbox-mail').filter({ hasText: debugUser.email });
  await expect(mail.first()).toContainText('パスワード再設定のご案内');
  await mail.first().getByText('本文').click();
  await expect(mail.first()).toContainText('/password_reissue?token=');

  // An error nobody catches: the app's global handler reports it.
  consoleGuard.allow(/E2E debug page boom/);
  const reported = page.waitForResponse(
    (r) => r.url().endsWith('/api/client-errors') && r.request().method() === 'POST',
  );
  await page.evaluate(() => {
    setTimeout(() => {
      throw new Error('E2E debug page boom');
    }, 0);
  });
  expect((await reported).status()).toBe(200);
  await page.getByRole('button', { name: '再読み込み' }).click();
  const error = page.getByTestId('client-error').filter({ hasText: 'E2E debug page boom' });
  await expect(error).toContainText('Error: E2E debug page boom');
  await expect(error).toContainText('画面: /debug');
  await expect(error).toContainText(debugUser.email);
  await page.screenshot({ path: test.info().outputPath('debug-page.png'), fullPage: true });
});

test('a user without the debug right is refused by the page and by the server', async ({
  page,
  consoleGuard,
}) => {
  consoleGuard.allow(/403/);
  await logInAs(page, account('feedback'));
  await page.goto('/debug');
  await expect(page.getByRole('alert').filter({ hasText: '権限がありません' })).toBeVisible();
  await expect(page.getByTestId('debug-facts')).toHaveCount(0);
  for (const path of ['/api/debug/environment', '/api/debug/mail-outbox', '/api/debug/client-errors'])
    expect((await page.request.get(path)).status(), path).toBe(403);
});
