// Web push (core.md §3, §4, §7, §9): GET api/notifications/vapid, POST/DELETE api/notifications/subscription,
// and delivery: a stored notification reaches the user's live subscriptions as a real encrypted push that a
// local push service decrypts (RFC 8291), gone subscriptions are deleted, failures retried.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUSH_SUBSCRIPTION_EXPIRY_MS } from '@camwatch/contract/constants';
import { startPushReceiver, testBrowser, type PushReceiver } from '../../../test/helpers/push-receiver.ts';
import { expectNoLeak } from '../../../test/helpers/tenancy.ts';
import {
  as,
  createLocationAndCamera,
  createTenant,
  createTestApp,
  createUser,
  login,
  type TestApp,
} from '../../../test/helpers/test-app.ts';
import { NotificationRepository } from '../notifications/notification.repository.ts';
import type { PushPayload } from './push-messages.ts';

let t: TestApp;
let strict: TestApp;
let receiver: PushReceiver;
let notifications: NotificationRepository;

beforeAll(async () => {
  receiver = await startPushReceiver();
  t = await createTestApp({ PUSH_ALLOW_PRIVATE_ENDPOINTS: '1' });
  // The production rule: https to a public push service only.
  strict = await createTestApp();
  notifications = new NotificationRepository(t.db);
});
afterAll(async () => {
  await t.app.close();
  await strict.app.close();
  await receiver.close();
});

const subscribe = (app: TestApp, cookie: string, body: unknown, language = 'ja') =>
  as(app.app, cookie, {
    method: 'POST',
    url: '/api/notifications/subscription',
    payload: body as Record<string, unknown>,
    headers: { 'accept-language': language },
  });
const unsubscribe = (cookie: string, endpoint: string) =>
  as(t.app, cookie, { method: 'DELETE', url: '/api/notifications/subscription', payload: { endpoint } });
const subscriptionsOf = (userId: number) =>
  t.db.selectFrom('push_subscriptions').selectAll().where('user_id', '=', userId).execute();
const pushJobs = () =>
  t.db.selectFrom('jobs').select(['id', 'payload', 'status']).where('kind', '=', 'push-send').execute();
/** Runs the push queue's due jobs, as the worker does. */
const deliver = () => t.services.pushQueue.runDue();
const payloadOf = (browser: ReturnType<typeof testBrowser>, body: Buffer) =>
  JSON.parse(browser.decrypt(body).toString('utf8')) as PushPayload;
let nameCounter = 0;
const uniqueName = (label: string) => `${label}-${++nameCounter}-${Date.now()}`;

describe('GET api/notifications/vapid', () => {
  it('answers the VAPID public key kept in the database, the same after a restart', async () => {
    const { user } = await createTenant(t.db);
    const res = await as(t.app, await login(t.app, user), { method: 'GET', url: '/api/notifications/vapid' });
    expect(res.statusCode).toBe(200);
    const { publicKey } = res.json().data as { publicKey: string };
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
    expect(Buffer.from(publicKey, 'base64url')[0]).toBe(4);
    // Another app on the same database (another node, or a restart) signs with the same pair.
    const again = await as(strict.app, await login(strict.app, user), {
      method: 'GET',
      url: '/api/notifications/vapid',
    });
    expect(again.json().data.publicKey).toBe(publicKey);
  });

  it('VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY override the stored pair', async () => {
    const configured = await createTestApp({
      VAPID_PUBLIC_KEY:
        'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
      VAPID_PRIVATE_KEY: 'tUxbf-Mzn3W9Vv8Nh4bMz4cRzyZNHfLHc0CTcxG8TCw',
    });
    try {
      const { user } = await createTenant(configured.db);
      const res = await as(configured.app, await login(configured.app, user), {
        method: 'GET',
        url: '/api/notifications/vapid',
      });
      expect(res.json().data.publicKey).toBe(
        'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
      );
    } finally {
      await configured.app.close();
    }
  });

  it('needs a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/notifications/vapid' })).statusCode).toBe(401);
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: '/api/notifications/subscription',
          payload: { endpoint: 'https://fcm.googleapis.com/fcm/send/x' },
        })
      ).statusCode,
    ).toBe(401);
  });
});

describe('POST and DELETE api/notifications/subscription', () => {
  it('saves the subscription for the caller for 660000 ms, renews it in place, and removes it', async () => {
    const { user, customer } = await createTenant(t.db);
    const cookie = await login(t.app, user);
    const browser = testBrowser(receiver.endpoint(uniqueName('save')));
    const before = Date.now();
    const res = await subscribe(t, cookie, browser.subscription, 'en');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ endpoint: browser.subscription.endpoint });
    const [row] = await subscriptionsOf(user.id);
    expect(row).toMatchObject({
      customer_id: customer.id,
      endpoint: browser.subscription.endpoint,
      public_key: browser.subscription.publicKey,
      auth_secret: browser.subscription.authSecret,
      content_encoding: 'aes128gcm',
      language: 'en',
    });
    const lifetime = row!.expires_at.getTime() - before;
    expect(lifetime).toBeGreaterThanOrEqual(PUSH_SUBSCRIPTION_EXPIRY_MS - 50);
    expect(lifetime).toBeLessThanOrEqual(PUSH_SUBSCRIPTION_EXPIRY_MS + 5_000);

    // The browser's renewal (every 600000 ms) moves the expiry on; still one row per endpoint. The stored
    // expiry is set a minute back first, so that the renewal must have moved it (not the clock's resolution).
    const stale = new Date(row!.expires_at.getTime() - 60_000);
    await t.db
      .updateTable('push_subscriptions')
      .set({ expires_at: stale })
      .where('id', '=', row!.id)
      .execute();
    expect((await subscribe(t, cookie, browser.subscription)).statusCode).toBe(200);
    const renewed = await subscriptionsOf(user.id);
    expect(renewed).toHaveLength(1);
    expect(renewed[0]!.expires_at.getTime()).toBeGreaterThanOrEqual(row!.expires_at.getTime());
    expect(renewed[0]!.language).toBe('ja');

    // The push service's own expiry, when earlier, wins.
    const soon = Date.now() + 60_000;
    await subscribe(t, cookie, { ...browser.subscription, expires: soon });
    expect((await subscriptionsOf(user.id))[0]!.expires_at.getTime()).toBe(soon);

    const removed = await unsubscribe(cookie, browser.subscription.endpoint);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data).toEqual({ endpoint: browser.subscription.endpoint });
    expect(await subscriptionsOf(user.id)).toEqual([]);
    expect((await unsubscribe(cookie, browser.subscription.endpoint)).statusCode).toBe(404);
  });

  it.each([
    ['endpoint', { endpoint: 'not a url' }],
    ['endpoint', { endpoint: 'ftp://push.example.com/x' }],
    ['publicKey', { publicKey: '' }],
    ['publicKey', { publicKey: Buffer.alloc(65, 4).toString('base64url').replace(/^B/, 'A') }],
    ['publicKey', { publicKey: 'short' }],
    ['authSecret', { authSecret: Buffer.alloc(8).toString('base64url') }],
    ['contentEncoding', { contentEncoding: 'gzip' }],
    ['expires', { expires: 1_000 }],
    ['expires', { expires: -5 }],
  ])('400 naming %s for %j', async (field, change) => {
    const { user } = await createTenant(t.db);
    const browser = testBrowser(receiver.endpoint(uniqueName('bad')));
    const res = await subscribe(t, await login(t.app, user), { ...browser.subscription, ...change });
    expect(res.statusCode, res.body).toBe(400);
    expect(Object.keys(res.json().errors)).toContain(field);
    expect(await subscriptionsOf(user.id)).toEqual([]);
  });

  it.each([
    'http://push.example.com/send/1',
    'https://127.0.0.1/send/1',
    'https://localhost:8443/send/1',
    'https://10.1.2.3/send/1',
    'https://[::1]/send/1',
    'https://169.254.169.254/latest',
  ])('without PUSH_ALLOW_PRIVATE_ENDPOINTS, %s is refused (400 endpoint)', async (endpoint) => {
    const { user } = await createTenant(strict.db);
    const browser = testBrowser(endpoint);
    const res = await subscribe(strict, await login(strict.app, user), browser.subscription);
    expect(res.statusCode, res.body).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual(['endpoint']);
  });

  it('accepts a push service on https', async () => {
    const { user } = await createTenant(strict.db);
    const browser = testBrowser('https://fcm.googleapis.com/fcm/send/abc:def');
    const res = await subscribe(strict, await login(strict.app, user), browser.subscription);
    expect(res.statusCode, res.body).toBe(200);
  });

  it('tenancy: another customer cannot remove or see a subscription; the same browser moves to who subscribed last', async () => {
    const owner = await createTenant(t.db);
    const ownerCookie = await login(t.app, owner.user);
    const browser = testBrowser(receiver.endpoint(uniqueName('tenancy')));
    await subscribe(t, ownerCookie, browser.subscription);
    const outsider = await createTenant(t.db);
    const outsiderCookie = await login(t.app, outsider.user);

    expect((await unsubscribe(outsiderCookie, browser.subscription.endpoint)).statusCode).toBe(404);
    expect(await subscriptionsOf(owner.user.id)).toHaveLength(1);
    await expectNoLeak(t.app, outsiderCookie, { method: 'GET', url: '/api/notifications/vapid' }, [
      browser.subscription.endpoint,
      browser.subscription.authSecret,
    ]);

    // Another user logging in on that browser subscribes it with fresh keys: it is theirs now.
    const next = testBrowser(browser.subscription.endpoint);
    expect((await subscribe(t, outsiderCookie, next.subscription)).statusCode).toBe(200);
    expect(await subscriptionsOf(owner.user.id)).toEqual([]);
    expect(await subscriptionsOf(outsider.user.id)).toHaveLength(1);
    expect((await unsubscribe(ownerCookie, browser.subscription.endpoint)).statusCode).toBe(404);
  });
});

describe('delivery', () => {
  it('round trip: a stored notification arrives encrypted, signed and in the subscriber’s language', async () => {
    const { user, customer } = await createTenant(t.db);
    const cookie = await login(t.app, user);
    const { camera } = await createLocationAndCamera(t.db, customer.id, 'Loading bay');
    const name = uniqueName('roundtrip');
    const browser = testBrowser(receiver.endpoint(name));
    await subscribe(t, cookie, browser.subscription, 'en');
    const vapid = (await as(t.app, cookie, { method: 'GET', url: '/api/notifications/vapid' })).json().data
      .publicKey as string;

    await notifications.insertForUsers(customer.id, [user.id], {
      event: 'down',
      kind: 'down',
      message: 'カメラがダウンしました',
      cameraId: camera.id,
    });
    expect(await deliver()).toBeGreaterThanOrEqual(1);
    const [push] = await receiver.waitFor(1, `/push/${name}`);
    expect(push!.headers['content-encoding']).toBe('aes128gcm');
    expect(push!.vapidKey).toBe(vapid);
    expect(Number(push!.headers.ttl)).toBeGreaterThan(0);
    expect(push!.headers.urgency).toBe('high');
    // The body is ciphertext: the camera's name is not readable on the wire.
    expect(push!.body.toString('latin1')).not.toContain('Loading bay');
    const payload = payloadOf(browser, push!.body);
    expect(payload).toMatchObject({
      to: user.id,
      body: {
        event: 'down',
        kind: 'down',
        title: 'Camera down',
        text: 'Loading bay: The camera stopped.',
        url: '/notification?actTab=Monitor',
        camera_code: camera.code,
      },
    });
    expect(Date.parse(payload.dateTime)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('a camera going down pushes to every subscribed user of its customer, and only them', async () => {
    const tenant = await createTenant(t.db);
    const child = await createUser(t.db, tenant.customer.id, { parentUserId: tenant.user.id });
    const other = await createTenant(t.db);
    const { camera } = await createLocationAndCamera(t.db, tenant.customer.id, 'North gate');
    const prefix = uniqueName('health');
    const browsers = {
      parent: testBrowser(receiver.endpoint(`${prefix}-parent`)),
      child: testBrowser(receiver.endpoint(`${prefix}-child`)),
      other: testBrowser(receiver.endpoint(`${prefix}-other`)),
    };
    await subscribe(t, await login(t.app, tenant.user), browsers.parent.subscription);
    await subscribe(t, await login(t.app, child), browsers.child.subscription);
    await subscribe(t, await login(t.app, other.user), browsers.other.subscription);

    // The agent was last heard long ago (times in the past, as the health tests do).
    const start = new Date(Date.now() - 900_000);
    await t.services.cameraHealthRepository.touch(camera.id, start);
    const flips = await t.services.cameraHealth.check(new Date(start.getTime() + 200_000));
    expect(flips).toContainEqual({ cameraId: camera.id, customerId: tenant.customer.id, status: 'down' });
    await deliver();
    const pushes = await receiver.waitFor(2, `/push/${prefix}`);
    expect(pushes.map((p) => p.path).sort()).toEqual([`/push/${prefix}-child`, `/push/${prefix}-parent`]);
    for (const [who, browser] of [
      ['parent', browsers.parent],
      ['child', browsers.child],
    ] as const) {
      const payload = payloadOf(browser, pushes.find((p) => p.path.endsWith(who))!.body);
      expect(payload.body).toMatchObject({ event: 'down', kind: 'down', title: 'カメラ停止' });
      expect(payload.body.text).toBe('North gate: カメラが停止しました。');
    }
  });

  it('a subscription the push service answers 410 (or 404) for is deleted', async () => {
    const { user, customer } = await createTenant(t.db);
    const cookie = await login(t.app, user);
    const gone = testBrowser(receiver.endpoint(uniqueName('gone'), 410));
    const missing = testBrowser(receiver.endpoint(uniqueName('missing'), 404));
    const live = testBrowser(receiver.endpoint(uniqueName('live')));
    for (const b of [gone, missing, live]) await subscribe(t, cookie, b.subscription);
    await notifications.insertForUsers(customer.id, [user.id], { event: 'announcement', message: 'Hello' });
    await deliver();
    const remaining = await subscriptionsOf(user.id);
    expect(remaining.map((r) => r.endpoint)).toEqual([live.subscription.endpoint]);
  });

  it('a new push job is due at once, even to a claim made within the same millisecond', async () => {
    const { user, customer } = await createTenant(t.db);
    await subscribe(
      t,
      await login(t.app, user),
      testBrowser(receiver.endpoint(uniqueName('due'))).subscription,
    );
    await notifications.insertForUsers(customer.id, [user.id], { event: 'announcement', message: 'Now' });
    // The queue claims with run_at <= its clock in whole milliseconds: run_at must have no finer part.
    const rows = await sql<{ fraction: number }>`
      SELECT (extract(microseconds FROM run_at)::bigint % 1000)::int AS fraction FROM jobs
      WHERE kind = 'push-send' AND status = 'queued' ORDER BY id DESC LIMIT 1`.execute(t.db);
    expect(rows.rows[0]!.fraction).toBe(0);
    await deliver();
  });

  it('a failing push service is tried again later, for the failed subscription only, a limited number of times', async () => {
    const { user, customer } = await createTenant(t.db);
    const cookie = await login(t.app, user);
    const flakyName = uniqueName('flaky');
    const flaky = testBrowser(receiver.endpoint(flakyName, 503));
    const fine = testBrowser(receiver.endpoint(uniqueName('fine')));
    await subscribe(t, cookie, flaky.subscription);
    await subscribe(t, cookie, fine.subscription);
    const [flakyRow] = (await subscriptionsOf(user.id)).filter(
      (r) => r.endpoint === flaky.subscription.endpoint,
    );
    await notifications.insertForUsers(customer.id, [user.id], {
      event: 'announcement',
      message: 'Retry me',
    });
    const [stored] = await t.db
      .selectFrom('notifications')
      .select('id')
      .where('user_id', '=', user.id)
      .execute();
    const [job] = (await pushJobs()).filter(
      (j) =>
        j.status === 'queued' &&
        (j.payload as { notificationIds: number[] }).notificationIds.includes(Number(stored!.id)),
    );
    const notificationIds = (job!.payload as { notificationIds: number[] }).notificationIds;

    const first = await t.services.pushDelivery.run({ notificationIds, attempt: 1 });
    expect(first).toEqual({ sent: 1, gone: 0, failed: 1, retrying: 1 });
    await t.db.deleteFrom('jobs').where('id', '=', job!.id).execute();
    const [retry] = (await pushJobs()).filter((j) => j.status === 'queued');
    expect(retry!.payload).toEqual({ notificationIds, subscriptionIds: [flakyRow!.id], attempt: 2 });

    // The service recovers: the retry delivers to the flaky subscription alone.
    receiver.answer(flakyName, 201);
    const second = await t.services.pushDelivery.run({
      notificationIds,
      subscriptionIds: [flakyRow!.id],
      attempt: 2,
    });
    expect(second).toEqual({ sent: 1, gone: 0, failed: 0, retrying: 0 });
    const arrived = await receiver.waitFor(1, `/push/${flakyName}`);
    expect(payloadOf(flaky, arrived[0]!.body).body.text).toBe('Retry me');
    // The last attempt gives up without another job; the subscription stays (it was not reported gone).
    receiver.answer(flakyName, 500);
    await t.db.deleteFrom('jobs').where('id', '=', retry!.id).execute();
    const last = await t.services.pushDelivery.run({
      notificationIds,
      subscriptionIds: [flakyRow!.id],
      attempt: 3,
    });
    expect(last).toEqual({ sent: 0, gone: 0, failed: 1, retrying: 0 });
    expect((await pushJobs()).filter((j) => j.status === 'queued')).toEqual([]);
    expect(await subscriptionsOf(user.id)).toHaveLength(2);
  });

  it('expired subscriptions are not pushed to and are cleaned up; no job when nobody is subscribed', async () => {
    const { user, customer } = await createTenant(t.db);
    const cookie = await login(t.app, user);
    const name = uniqueName('expired');
    const browser = testBrowser(receiver.endpoint(name));
    await subscribe(t, cookie, browser.subscription);
    // The browser stopped renewing: its subscription's time ran out.
    await t.db
      .updateTable('push_subscriptions')
      .set({ expires_at: new Date(Date.now() - 1_000) })
      .where('user_id', '=', user.id)
      .execute();
    const jobsBefore = (await pushJobs()).length;
    await notifications.insertForUsers(customer.id, [user.id], { event: 'announcement', message: 'Nobody' });
    expect((await pushJobs()).length).toBe(jobsBefore);
    await deliver();
    expect(receiver.received.filter((r) => r.path === `/push/${name}`)).toEqual([]);

    await t.services.pushQueue.enqueue('push-cleanup');
    await deliver();
    expect(await subscriptionsOf(user.id)).toEqual([]);
  });

  it('one event to many subscribed users: one job, every push delivered', async () => {
    const { customer, user } = await createTenant(t.db);
    const prefix = uniqueName('fan');
    const users = [
      user,
      ...(await Promise.all(Array.from({ length: 24 }, () => createUser(t.db, customer.id)))),
    ];
    const browsers = users.map((u) => ({
      user: u,
      browser: testBrowser(receiver.endpoint(`${prefix}-${u.id}`)),
    }));
    for (const { user: u, browser } of browsers)
      await subscribe(t, await login(t.app, u), browser.subscription);
    const jobsBefore = (await pushJobs()).length;
    await t.services.notifications.announce(customer.id, 'Maintenance tonight');
    expect((await pushJobs()).length).toBe(jobsBefore + 1);
    await deliver();
    const pushes = await receiver.waitFor(users.length, `/push/${prefix}`);
    for (const { user: u, browser } of browsers) {
      const push = pushes.find((p) => p.path === `/push/${prefix}-${u.id}`)!;
      expect(payloadOf(browser, push.body)).toMatchObject({
        to: u.id,
        body: {
          event: 'announcement',
          text: 'Maintenance tonight',
          url: '/notification?actTab=Announcement',
        },
      });
    }
    expect(receiver.rejected).toEqual([]);
  });

  it('a thousand recipients: every subscription is found and pushed (ids travel as one array parameter)', async () => {
    const { customer } = await createTenant(t.db);
    const prefix = uniqueName('thousand');
    const rows = await t.db
      .insertInto('users')
      .values(
        Array.from({ length: 1000 }, (_, i) => ({
          customer_id: customer.id,
          parent_user_id: null,
          email: `${prefix}-${i}@test.example`,
          name: `${prefix}-${i}`,
          password_hash: 'not-used',
        })),
      )
      .returning('id')
      .execute();
    const browser = testBrowser('unused');
    await t.db
      .insertInto('push_subscriptions')
      .values(
        rows.map((r) => ({
          customer_id: customer.id,
          user_id: r.id,
          endpoint: receiver.endpoint(`${prefix}-${r.id}`),
          public_key: browser.subscription.publicKey,
          auth_secret: browser.subscription.authSecret,
          expires_at: new Date(Date.now() + 60_000),
        })),
      )
      .execute();
    await notifications.insertForUsers(
      customer.id,
      rows.map((r) => r.id),
      { event: 'announcement', message: 'To all' },
    );
    await deliver();
    const pushes = await receiver.waitFor(1000, `/push/${prefix}`, 60_000);
    expect(new Set(pushes.map((p) => p.path)).size).toBe(1000);
    expect(payloadOf(browser, pushes[0]!.body).body.text).toBe('To all');
  });
});
