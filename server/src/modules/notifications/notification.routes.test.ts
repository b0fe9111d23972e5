// GET api/notifications, GET api/notifications/read, PUT api/notifications/read/{event} (core.md §3, §7, §9).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import { NotificationRepository } from './notification.repository.ts';

let t: TestApp;
let repo: NotificationRepository;
beforeAll(async () => {
  t = await createTestApp();
  repo = new NotificationRepository(t.db);
});
afterAll(() => t.app.close());

const get = (cookie: string, url: string) => as(t.app, cookie, { method: 'GET', url });

describe('notifications', () => {
  it('lists the user’s notifications newest first, by event type, 20 a page', async () => {
    const { user, customer } = await createTenant(t.db);
    const { camera } = await createLocationAndCamera(t.db, customer.id, 'Gate');
    for (let i = 0; i < 23; i++)
      await repo.insertForUsers(customer.id, [user.id], {
        event: 'down',
        message: `down ${i}`,
        cameraId: camera.id,
      });
    await repo.insertForUsers(customer.id, [user.id], {
      event: 'announcement',
      message: 'maintenance tonight',
    });
    const cookie = await login(t.app, user);

    const first = (await get(cookie, '/api/notifications?event=down')).json().data;
    expect(first.total).toBe(23);
    expect(first.notifications).toHaveLength(20);
    expect(first.notifications[0]).toMatchObject({
      event: 'down',
      message: 'down 22',
      camera_code: camera.code,
      camera_name: 'Gate',
      read: false,
    });
    const second = (await get(cookie, '/api/notifications?event=down&page=2')).json().data;
    expect(second.notifications.map((n: { message: string }) => n.message)).toEqual([
      'down 2',
      'down 1',
      'down 0',
    ]);
    expect((await get(cookie, '/api/notifications')).json().data.total).toBe(24);
  });

  it('counts unread per event type and marks a type read', async () => {
    const { user, customer } = await createTenant(t.db);
    await repo.insertForUsers(customer.id, [user.id], { event: 'down', message: 'a' });
    await repo.insertForUsers(customer.id, [user.id], { event: 'down', message: 'b' });
    await repo.insertForUsers(customer.id, [user.id], {
      event: 'download',
      kind: 'archive',
      message: 'ready',
      url: '/downloads/1',
    });
    const cookie = await login(t.app, user);

    const reads = (await get(cookie, '/api/notifications/read')).json().data.reads as {
      event: string;
      unread: number;
      latest: { message: string } | null;
    }[];
    expect(reads.map((r) => r.event).sort()).toEqual([
      'announcement',
      'down',
      'download',
      'entry',
      'motion',
      'operation_analysis',
      'person_tracking',
    ]);
    expect(reads.find((r) => r.event === 'down')).toMatchObject({ unread: 2, latest: { message: 'b' } });
    expect(reads.find((r) => r.event === 'download')).toMatchObject({
      unread: 1,
      latest: { kind: 'archive', url: '/downloads/1' },
    });
    expect(reads.find((r) => r.event === 'motion')).toEqual({ event: 'motion', unread: 0, latest: null });

    const marked = await as(t.app, cookie, { method: 'PUT', url: '/api/notifications/read/down' });
    expect(marked.statusCode).toBe(200);
    expect(marked.json().data).toMatchObject({
      event: 'down',
      unread: 0,
      latest: { message: 'b', read: true },
    });
    const after = (await get(cookie, '/api/notifications/read')).json().data.reads as {
      event: string;
      unread: number;
    }[];
    expect(after.find((r) => r.event === 'download')?.unread).toBe(1);

    // A newer one: stamped explicitly just after the read mark (two statements can share the database clock's
    // stamp, so a row inserted now could read as older than the mark).
    const mark = await t.db
      .selectFrom('notification_reads')
      .select('last_read_at')
      .where('user_id', '=', user.id)
      .where('event', '=', 'down')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('notifications')
      .values({
        customer_id: customer.id,
        user_id: user.id,
        event: 'down',
        message: 'c',
        created_at: new Date(mark.last_read_at.getTime() + 1),
      })
      .execute();
    expect(
      (
        (await get(cookie, '/api/notifications/read')).json().data.reads as {
          event: string;
          unread: number;
        }[]
      ).find((r) => r.event === 'down')?.unread,
    ).toBe(1);
  });

  it('an announcement reaches every user of the customer, and no one else', async () => {
    const a = await createTenant(t.db);
    const colleague = await createUser(t.db, a.customer.id, { parentUserId: a.user.id });
    const b = await createTenant(t.db);
    expect(await t.services.notifications.announce(a.customer.id, 'Maintenance 02:00-03:00')).toBe(2);
    for (const u of [a.user, colleague]) {
      const list = (await get(await login(t.app, u), '/api/notifications?event=announcement')).json().data;
      expect(list.notifications.map((n: { message: string }) => n.message)).toEqual([
        'Maintenance 02:00-03:00',
      ]);
    }
    expect((await get(await login(t.app, b.user), '/api/notifications')).json().data.total).toBe(0);
  });

  it('tenancy: another customer’s user sees none of these notifications', async () => {
    const owner = await createTenant(t.db);
    const { camera } = await createLocationAndCamera(t.db, owner.customer.id, 'Owner secret camera');
    await repo.insertForUsers(owner.customer.id, [owner.user.id], {
      event: 'down',
      message: 'owner private event',
      cameraId: camera.id,
    });
    const outsider = await login(t.app, (await createTenant(t.db)).user);
    const leaks = ['owner private event', camera.code, 'Owner secret camera'];
    await expectNoLeak(t.app, outsider, { method: 'GET', url: '/api/notifications' }, leaks);
    await expectNoLeak(t.app, outsider, { method: 'GET', url: '/api/notifications/read' }, leaks);
  });

  it.each([
    ['GET', '/api/notifications?event=fire'],
    ['GET', '/api/notifications?limit=21'],
    ['GET', '/api/notifications?page=0'],
    ['PUT', '/api/notifications/read/fire'],
  ] as const)('%s %s -> 400', async (method, url) => {
    const { user } = await createTenant(t.db);
    const res = await as(t.app, await login(t.app, user), { method, url });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors).length).toBeGreaterThan(0);
  });
});
