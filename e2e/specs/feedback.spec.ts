// Feedback (core.md §2, §5, §7, §8): the floating button opens the dialog, send is disabled while the message is
// empty, sending thanks the user and closes.
import { expect, test } from '../support/fixtures.ts';
import { account } from '../support/accounts.ts';
import { AppShell } from '../pages/app-shell.ts';
import { FeedbackDialog } from '../pages/dialogs.ts';
import { logInAs } from '../pages/session.ts';
import { ja } from '../pages/texts.ts';

test('send is disabled while empty; sending thanks and closes', async ({ page }) => {
  const shell = new AppShell(page);
  const dialog = new FeedbackDialog(page);
  await logInAs(page, account('feedback'));

  await shell.feedbackButton.click();
  await expect(dialog.root).toBeVisible();
  await expect(dialog.message).toHaveValue('');
  await expect(dialog.send).toBeDisabled();
  await dialog.message.fill('   ');
  await expect(dialog.send).toBeDisabled();

  const message = 'E2E: カメラ一覧がとても見やすいです。';
  await dialog.message.fill(message);
  await expect(dialog.send).toBeEnabled();
  const request = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/feedback'));
  await dialog.send.click();
  expect((await request).postDataJSON()).toMatchObject({ message });

  await expect(shell.toast(ja.messages.feedbackThanks)).toBeVisible();
  await expect(dialog.root).toBeHidden();

  // Opened again, the message field is empty.
  await shell.feedbackButton.click();
  await expect(dialog.message).toHaveValue('');
  await page.keyboard.press('Escape');
  await expect(dialog.root).toBeHidden();
});
