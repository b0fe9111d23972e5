// Motion notifications (core.md §3, advanced.md §3): the per-camera switch (GET/PUT
// api/cameras/{code}/motion-notification) and the motion job notifying switched-on users once per cooldown.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeClip } from '../../../test/helpers/media-fixtures.ts';
import { createMediaTestApp, putClip } from '../../../test/helpers/recorded-media.ts';
import { expectForeignIdsRefused, expectNoLeak } from '../../../test/helpers/tenancy.ts';
import {
  as,
  createLocationAndCamera,
  createTenant,
  createUser,
  login,
  type TestApp,
} from '../../../test/helpers/test-app.ts';
import { MOTION_NOTIFY_MAX_AGE_MS } from './motion-alert.service.ts';

let t: TestApp & { cleanup: () => Promise<void> };
beforeAll(async () => {
  t = await createMediaTestApp();
});
afterAll(() => t.cleanup());

const settingUrl = (code: string) => `/api/cameras/${code}/motion-notification`;
const setMotion = (cookie: string, code: string, enabled: unknown) =>
  as(t.app, cookie, { method: 'PUT', url: settingUrl(code), payload: { enabled } });
const motionNotifications = async (cookie: string) =>
  (await as(t.app, cookie, { method: 'GET', url: '/api/notifications?event=motion' })).json().data as {
    total: number;
    notifications: { message: string; camera_code: string; url: string; kind: null }[];
  };

/** A camera with motion detection on. */
async function motionCamera(customerId: number, name: string) {
  const { camera } = await createLocationAndCamera(t.db, customerId, name);
  await t.db.updateTable('cameras').set({ use_motion: true }).where('id', '=', camera.id).execute();
  return camera;
}

/** The minute that started `minutesAgo` minutes ago. */
const minuteAgo = (minutesAgo: number) => {
  const d = new Date(Date.now() - minutesAgo * 60_000);
  d.setUTCSeconds(0, 0);
  return d;
};

describe('motion notification switch', () => {
  it('is off until switched on, and remembered per user and camera', async () => {
    const { customer, user } = await createTenant(t.db);
    const camera = await motionCamera(customer.id, 'Door');
    const { camera: other } = await createLocationAndCamera(t.db, customer.id, 'Yard');
    const cookie = await login(t.app, user);

    const initial = await as(t.app, cookie, { method: 'GET', url: settingUrl(camera.code) });
    expect(initial.statusCode).toBe(200);
    expect(initial.json()).toEqual({ data: { enabled: false, available: true, cooldownMinutes: 10 } });

    expect((await setMotion(cookie, camera.code, true)).json().data.enabled).toBe(true);
    expect(
      (await as(t.app, cookie, { method: 'GET', url: settingUrl(camera.code) })).json().data.enabled,
    ).toBe(true);
    // A camera without motion detection says so: switching it on would never notify anything.
    expect((await as(t.app, cookie, { method: 'GET', url: settingUrl(other.code) })).json().data).toEqual({
      enabled: false,
      available: false,
      cooldownMinutes: 10,
    });
    const colleague = await login(t.app, await createUser(t.db, customer.id));
    expect(
      (await as(t.app, colleague, { method: 'GET', url: settingUrl(camera.code) })).json().data.enabled,
    ).toBe(false);

    expect((await setMotion(cookie, camera.code, false)).json().data.enabled).toBe(false);
    expect(
      (await as(t.app, cookie, { method: 'GET', url: settingUrl(camera.code) })).json().data.enabled,
    ).toBe(false);
  });

  it.each([[{ enabled: 'yes' }], [{}], [{ enabled: null }]])('PUT %j -> 400 on enabled', async (payload) => {
    const { customer, user } = await createTenant(t.db);
    const { camera } = await createLocationAndCamera(t.db, customer.id);
    const res = await as(t.app, await login(t.app, user), {
      method: 'PUT',
      url: settingUrl(camera.code),
      payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.enabled).toBeDefined();
  });

  it('401 without a session; unknown camera 404', async () => {
    const { customer, user } = await createTenant(t.db);
    const { camera } = await createLocationAndCamera(t.db, customer.id);
    expect((await t.app.inject({ method: 'GET', url: settingUrl(camera.code) })).statusCode).toBe(401);
    const res = await as(t.app, await login(t.app, user), { method: 'GET', url: settingUrl('cam-nope') });
    expect(res.statusCode).toBe(404);
  });

  it('tenancy: another customer’s camera answers 404 and nothing is stored', async () => {
    const owner = await createTenant(t.db);
    const camera = await motionCamera(owner.customer.id, 'Owner camera');
    const outsider = await createTenant(t.db);
    const cookie = await login(t.app, outsider.user);
    await expectForeignIdsRefused(t.app, cookie, [
      { name: 'read', request: { method: 'GET', url: settingUrl(camera.code) } },
      {
        name: 'switch on',
        request: { method: 'PUT', url: settingUrl(camera.code), payload: { enabled: true } },
      },
    ]);
    expect(
      await t.db
        .selectFrom('motion_notification_settings')
        .select('user_id')
        .where('camera_id', '=', camera.id)
        .execute(),
    ).toEqual([]);
  });
});

describe('motion notifications from the motion job', () => {
  it('a clip with motion notifies the users who switched it on, once per cooldown', async () => {
    const { customer, user } = await createTenant(t.db);
    const child = await createUser(t.db, customer.id, { parentUserId: user.id, permissions: { live: true } });
    const bystander = await createUser(t.db, customer.id);
    const camera = await motionCamera(customer.id, 'Shop floor');
    const parentCookie = await login(t.app, user);
    const childCookie = await login(t.app, child);
    const bystanderCookie = await login(t.app, bystander);
    await setMotion(parentCookie, camera.code, true);
    await setMotion(childCookie, camera.code, true);

    const moving = await makeClip({ seconds: 4, scene: 'moving', motionFrom: 1, motionTo: 2 });
    const first = await putClip(t, camera.id, minuteAgo(3), moving);
    await t.services.motion.enqueueFor(first.id);
    await t.services.jobs.runDue();

    for (const cookie of [parentCookie, childCookie]) {
      const list = await motionNotifications(cookie);
      expect(list.total).toBe(1);
      expect(list.notifications[0]).toMatchObject({
        event: 'motion',
        kind: null,
        camera_code: camera.code,
        camera_name: 'Shop floor',
        read: false,
      });
      expect(list.notifications[0]!.url).toMatch(new RegExp(`^/detail/${camera.code}\\?date=`));
    }
    expect((await motionNotifications(bystanderCookie)).total).toBe(0);
    const reads = (await as(t.app, parentCookie, { method: 'GET', url: '/api/notifications/read' })).json()
      .data.reads as { event: string; unread: number }[];
    expect(reads.find((r) => r.event === 'motion')?.unread).toBe(1);

    // More motion within the cooldown: stored in the archive, but nobody is notified again.
    const second = await putClip(t, camera.id, minuteAgo(2), moving);
    await t.services.motion.enqueueFor(second.id);
    await t.services.jobs.runDue();
    const row = await t.db
      .selectFrom('clips')
      .select('motion_state')
      .where('id', '=', second.id)
      .executeTakeFirstOrThrow();
    expect(row.motion_state).toBe(true);
    expect((await motionNotifications(parentCookie)).total).toBe(1);

    // Once the cooldown has passed (moved back in the database), the next motion notifies again.
    await t.db
      .updateTable('motion_notification_settings')
      .set({ last_notified_at: new Date(Date.now() - 11 * 60_000) })
      .where('camera_id', '=', camera.id)
      .where('user_id', '=', user.id)
      .execute();
    const third = await putClip(t, camera.id, minuteAgo(1), moving);
    await t.services.motion.enqueueFor(third.id);
    await t.services.jobs.runDue();
    expect((await motionNotifications(parentCookie)).total).toBe(2);
    expect((await motionNotifications(childCookie)).total).toBe(1); // still in its own cooldown
  });

  it('a still clip, a switched-off user, a locked user and an old clip notify nobody', async () => {
    const { customer, user } = await createTenant(t.db);
    const locked = await createUser(t.db, customer.id);
    const camera = await motionCamera(customer.id, 'Quiet');
    const cookie = await login(t.app, user);
    const lockedCookie = await login(t.app, locked);
    await setMotion(cookie, camera.code, true);
    await setMotion(lockedCookie, camera.code, true);
    await t.db.updateTable('users').set({ lock_state: 'admin' }).where('id', '=', locked.id).execute();

    const still = await putClip(t, camera.id, minuteAgo(4), await makeClip({ seconds: 4, scene: 'still' }));
    await t.services.motion.enqueueFor(still.id);
    await t.services.jobs.runDue();
    expect((await motionNotifications(cookie)).total).toBe(0);

    // Motion in a clip recorded long ago (an agent's spool emptied after an outage) is history.
    const moving = await makeClip({ seconds: 4, scene: 'moving', motionFrom: 1, motionTo: 2 });
    const old = await putClip(t, camera.id, minuteAgo(MOTION_NOTIFY_MAX_AGE_MS / 60_000 + 5), moving);
    await t.services.motion.enqueueFor(old.id);
    await t.services.jobs.runDue();
    expect((await motionNotifications(cookie)).total).toBe(0);

    await setMotion(cookie, camera.code, false);
    const recent = await putClip(t, camera.id, minuteAgo(1), moving);
    await t.services.motion.enqueueFor(recent.id);
    await t.services.jobs.runDue();
    expect((await motionNotifications(cookie)).total).toBe(0);
    const lockedRows = await t.db
      .selectFrom('notifications')
      .select('id')
      .where('user_id', '=', locked.id)
      .execute();
    expect(lockedRows).toEqual([]);
  });

  it('two claims at the same moment notify once (the cooldown claim is atomic)', async () => {
    const { customer, user } = await createTenant(t.db);
    const camera = await motionCamera(customer.id, 'Busy');
    const cookie = await login(t.app, user);
    await setMotion(cookie, camera.code, true);
    const found = { cameraId: camera.id, startTime: minuteAgo(1), offsetMs: 0, firstSec: 3 };
    const counts = await Promise.all([
      t.services.motionAlerts.motionFound(found),
      t.services.motionAlerts.motionFound(found),
      t.services.motionAlerts.motionFound(found),
    ]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(1);
    expect((await motionNotifications(cookie)).total).toBe(1);
  });

  it('tenancy: another customer never sees the motion notifications or the camera', async () => {
    const owner = await createTenant(t.db);
    const camera = await motionCamera(owner.customer.id, 'Owner private cam');
    await setMotion(await login(t.app, owner.user), camera.code, true);
    await t.services.motionAlerts.motionFound({
      cameraId: camera.id,
      startTime: minuteAgo(1),
      offsetMs: 0,
      firstSec: 1,
    });
    const outsider = await login(t.app, (await createTenant(t.db)).user);
    await expectNoLeak(t.app, outsider, { method: 'GET', url: '/api/notifications?event=motion' }, [
      camera.code,
      'Owner private cam',
    ]);
  });
});
