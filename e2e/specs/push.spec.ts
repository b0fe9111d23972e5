// Web push in real Chromium (core.md §4, §9): the setting screen's state (receive / no receive / blocked)
// and switch, the offer after login and its dismissal kept in the browser, the service worker showing a
// push, and logout. Headless Chromium has no push service (PushManager.subscribe answers "Registration
// failed"), so switching on shows the clear failure instead of a subscription; the server side of delivery
// is proven by server/src/modules/push/push.routes.test.ts against a local push service.
import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { account } from '../support/accounts.ts';
import { logInAs } from '../pages/session.ts';

/** Notifications denied for the site in this test's browser context (what the user's "Block" does). */
async function denyNotifications(page: Page, context: BrowserContext) {
  const cdp = await context.newCDPSession(page);
  const { targetInfo } = await cdp.send('Target.getTargetInfo');
  await cdp.send('Browser.setPermission', {
    permission: { name: 'notifications' },
    setting: 'denied',
    origin: new URL(page.url()).origin,
    browserContextId: targetInfo.browserContextId,
  });
}

const pushSection = (page: Page) => page.getByRole('region', { name: 'リアルタイム通知' });

test.describe('setting screen', () => {
  test('shows "no receive" with the switch off while notifications are not decided', async ({ page }) => {
    await logInAs(page, account('settings'));
    await page.goto('/setting');
    await expect(pushSection(page).getByTestId('push-state')).toHaveText('受信しない');
    const toggle = page.getByRole('switch', { name: 'プッシュ通知を受け取る' });
    await expect(toggle).not.toBeChecked();
    await expect(toggle).toBeEnabled();
    await page.screenshot({ path: 'test-results/push-settings-no-receive.png', fullPage: true });
  });

  test('shows "blocked" with the switch disabled when notifications are denied', async ({
    page,
    context,
  }) => {
    await logInAs(page, account('settings'));
    await denyNotifications(page, context);
    await page.goto('/setting');
    expect(await page.evaluate(() => Notification.permission)).toBe('denied');
    await expect(pushSection(page).getByTestId('push-state')).toHaveText('ブロック中');
    await expect(page.getByRole('switch', { name: 'プッシュ通知を受け取る' })).toBeDisabled();
    await expect(pushSection(page)).toContainText('ブラウザーのサイト設定で通知を許可してください');
  });

  test('with notifications granted, switching on asks the browser to subscribe with the server’s VAPID key', async ({
    page,
    context,
    consoleGuard,
  }) => {
    // Chromium's own words when PushManager.subscribe cannot work in this (incognito-like) context.
    consoleGuard.allow(/does not support the Push API in incognito mode/);
    await context.grantPermissions(['notifications']);
    await logInAs(page, account('settings'));
    await page.goto('/setting');
    await expect(pushSection(page).getByTestId('push-state')).toHaveText('受信しない');
    const vapid = page.waitForResponse((r) => r.url().endsWith('/api/notifications/vapid'));
    await page.getByRole('switch', { name: 'プッシュ通知を受け取る' }).click({ force: true });
    expect((await vapid).status()).toBe(200);
    // Headless Chromium cannot reach a push service: the subscription fails and the screen says so.
    await expect(pushSection(page).getByTestId('push-failure')).toContainText(
      'ブラウザーのプッシュサービスに登録できませんでした',
    );
    await expect(pushSection(page).getByTestId('push-state')).toHaveText('受信しない');
    await expect(page.getByRole('switch', { name: 'プッシュ通知を受け取る' })).not.toBeChecked();
    await page.screenshot({ path: 'test-results/push-settings-subscribe-failed.png', fullPage: true });
  });

  test('in English', async ({ page }) => {
    await logInAs(page, account('settings'));
    await page.evaluate(() => localStorage.setItem('camwatch.language', JSON.stringify('en')));
    await page.goto('/setting');
    const section = page.getByRole('region', { name: 'Real-time notifications' });
    await expect(section.getByTestId('push-state')).toHaveText('Not receiving');
    await expect(page.getByRole('switch', { name: 'Receive push notifications' })).toBeVisible();
  });
});

test.describe('offer after login', () => {
  test.use({ showPushOffer: true });

  test('appears once after login; "not now" keeps it away, also after a reload', async ({ page }) => {
    await logInAs(page, account('feedback'));
    const offer = page.getByRole('dialog', { name: 'リアルタイム通知' });
    await expect(offer).toBeVisible({ timeout: 20_000 });
    await page.screenshot({ path: 'test-results/push-offer.png' });
    await offer.getByRole('button', { name: 'あとで' }).click();
    await expect(offer).toBeHidden();
    const until = Number(await page.evaluate(() => localStorage.getItem('camwatch.pushDialogExpiresAt')));
    expect(until - Date.now()).toBeGreaterThan(6 * 86_400_000);
    await page.reload();
    await expect(page.getByRole('navigation', { name: 'メニュー' })).toBeVisible();
    await expect(page.locator('[data-push-offer]')).toHaveAttribute('data-push-offer', 'not-offered');
    await expect(offer).toBeHidden();
  });

  test('is not offered when notifications are blocked', async ({ page, context }) => {
    await page.goto('/login');
    await denyNotifications(page, context);
    await logInAs(page, account('feedback'));
    await expect(page.getByRole('navigation', { name: 'メニュー' })).toBeVisible();
    await expect(page.locator('[data-push-offer]')).toHaveAttribute('data-push-offer', 'not-offered');
    await expect(page.getByRole('dialog', { name: 'リアルタイム通知' })).toBeHidden();
  });
});

test('the service worker shows a push as a notification linking to its page', async ({ page, context }) => {
  await context.grantPermissions(['notifications']);
  await logInAs(page, account('settings'));
  // The push event itself, delivered to our service worker by the browser (as a push service would).
  const cdp = await context.newCDPSession(page);
  // Listening before enabling: the registrations are reported as the domain is enabled.
  const registration = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((r) => r.scopeURL.endsWith('/') && !r.isDeleted);
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  const registrationId = await registration;
  const origin = new URL(page.url()).origin;
  // A push sent before the worker is active is dropped: wait until it is.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  const push = {
    origin,
    registrationId,
    data: JSON.stringify({
      to: 1,
      dateTime: '2026-11-21T01:30:00.000Z',
      body: {
        event: 'down',
        kind: 'down',
        notificationId: 7,
        title: 'カメラ停止',
        text: '正面入口: カメラが停止しました。',
        url: '/notification?actTab=Monitor',
        camera_code: 'cam-1',
      },
    }),
  };
  await cdp.send('ServiceWorker.deliverPushMessage', push);
  let asked = 1;
  await expect
    .poll(async () => {
      const shown = await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.ready;
        return (await registration.getNotifications()).map((n) => ({
          title: n.title,
          body: n.body,
          data: n.data,
        }));
      });
      // Delivered again while none shows (the notification's tag is the camera: a repeat replaces it).
      if (shown.length === 0 && asked < 5) {
        asked += 1;
        await cdp.send('ServiceWorker.deliverPushMessage', push);
      }
      return shown;
    })
    .toEqual([
      {
        title: 'カメラ停止',
        body: expect.stringContaining('正面入口: カメラが停止しました。') as unknown as string,
        data: { url: `${origin}/notification?actTab=Monitor`, event: 'down' },
      },
    ]);
});
