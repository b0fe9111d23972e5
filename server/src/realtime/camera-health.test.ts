// Camera health: silence longer than the configured time makes a camera down, being heard again makes it
// normal; each change is recorded and notifies the camera's users (parent and children).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createLocationAndCamera,
  createTenant,
  createTestApp,
  createUser,
  type TestApp,
} from '../../test/helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ CAMERA_DOWN_AFTER_SECONDS: '120' });
});
afterAll(async () => {
  await t.app.close();
});

const statusOf = async (id: number) =>
  (await t.db.selectFrom('cameras').select('watch_status').where('id', '=', id).executeTakeFirstOrThrow())
    .watch_status;

describe('camera health watcher', () => {
  it('issue item 11: down after 120 s of silence, normal when heard again, history and notifications kept', async () => {
    const tenant = await createTenant(t.db);
    const child = await createUser(t.db, tenant.customer.id, { parentUserId: tenant.user.id });
    const { camera } = await createLocationAndCamera(t.db, tenant.customer.id);
    const quiet = await createLocationAndCamera(t.db, tenant.customer.id, 'Never connected');
    // Times in the past, so cameras other test files touch now are never affected.
    const start = new Date(Date.now() - 400_000);
    const at = (seconds: number) => new Date(start.getTime() + seconds * 1000);

    await t.services.cameraHealthRepository.touch(camera.id, start);
    await t.services.cameraHealth.check(at(119));
    expect(await statusOf(camera.id)).toBe('normal');

    const flips = await t.services.cameraHealth.check(at(121));
    expect(flips.filter((f) => f.cameraId === camera.id)).toEqual([
      { cameraId: camera.id, customerId: tenant.customer.id, status: 'down' },
    ]);
    expect(await statusOf(camera.id)).toBe('down');
    // A camera that never had an agent keeps its status rather than flapping.
    expect(await statusOf(quiet.camera.id)).toBe('normal');
    // Checking again changes nothing more.
    expect((await t.services.cameraHealth.check(at(180))).filter((f) => f.cameraId === camera.id)).toEqual(
      [],
    );

    await t.services.cameraHealthRepository.touch(camera.id, at(200));
    await t.services.cameraHealth.check(at(201));
    expect(await statusOf(camera.id)).toBe('normal');

    const history = await t.services.cameraHealthRepository.history(camera.id);
    expect(history.map((h) => [h.status, h.at.toISOString()])).toEqual([
      ['normal', at(201).toISOString()],
      ['down', at(121).toISOString()],
    ]);

    for (const userId of [tenant.user.id, child.id]) {
      const rows = await t.db
        .selectFrom('notifications')
        .select(['event', 'kind', 'camera_id'])
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute();
      expect(rows).toEqual([
        { event: 'down', kind: 'down', camera_id: camera.id },
        { event: 'down', kind: 'up', camera_id: camera.id },
      ]);
    }
  });

  it('touch writes at most every few seconds', async () => {
    const tenant = await createTenant(t.db);
    const { camera } = await createLocationAndCamera(t.db, tenant.customer.id);
    const start = new Date(Date.now() - 60_000);
    await t.services.cameraHealthRepository.touch(camera.id, start);
    await t.services.cameraHealthRepository.touch(camera.id, new Date(start.getTime() + 2_000));
    const seen = async () =>
      (
        await t.db
          .selectFrom('cameras')
          .select('last_seen_at')
          .where('id', '=', camera.id)
          .executeTakeFirstOrThrow()
      ).last_seen_at;
    expect((await seen())?.toISOString()).toBe(start.toISOString());
    await t.services.cameraHealthRepository.touch(camera.id, new Date(start.getTime() + 6_000));
    expect((await seen())?.getTime()).toBe(start.getTime() + 6_000);
  });
});
