// Camera health through the real app (issue 22): a camera whose agent falls silent goes down in the watcher, and its
// health says offline since then with an uptime under 100 %; heard again it is online since its return. The list
// puts it first while down; child users see it too; another customer's camera is 404; bad input is a 400 naming
// the field; no session is 401.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CameraHealthDetail, CameraHealthList } from '@camwatch/contract/camera-health';
import {
  as,
  createLocationAndCamera,
  createTenant,
  createTestApp,
  createUser,
  login,
  type TestApp,
} from '../../../test/helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ CAMERA_DOWN_AFTER_SECONDS: '120' });
});
afterAll(async () => {
  await t.app.close();
});

const get = async <T>(cookie: string, url: string) => {
  const res = await as(t.app, cookie, { method: 'GET', url });
  return {
    status: res.statusCode,
    body: JSON.parse(res.body) as { data: T; errors?: Record<string, string[]> },
  };
};

describe('camera health', () => {
  it('shows a camera that fell silent as offline since the flip with its uptime dropped, then online again', async () => {
    const tenant = await createTenant(t.db);
    const child = await createUser(t.db, tenant.customer.id, {
      parentUserId: tenant.user.id,
      permissions: {},
    });
    const { camera } = await createLocationAndCamera(t.db, tenant.customer.id, 'Loading dock');
    const { camera: steady } = await createLocationAndCamera(t.db, tenant.customer.id, 'Steady');
    const parent = await login(t.app, tenant.user);
    const childCookie = await login(t.app, child);
    const start = new Date(Date.now() - 400_000);
    const at = (seconds: number) => new Date(start.getTime() + seconds * 1000);

    await t.services.cameraHealthRepository.touch(camera.id, start);
    await t.services.cameraHealthRepository.touch(steady.id, start);
    await t.services.cameraHealthRepository.touch(steady.id, new Date());
    await t.services.cameraHealth.check(at(121));

    const down = await get<CameraHealthDetail>(parent, `/api/cameras/${camera.code}/health`);
    expect(down.status).toBe(200);
    expect(down.body.data).toMatchObject({
      camera_code: camera.code,
      camera_name: 'Loading dock',
      location_name: 'Loading dock site',
      watch_status: 'down',
      status_since: at(121).toISOString(),
      first_seen_at: start.toISOString(),
      last_clip_at: null,
      last_still_at: null,
      storage_bytes: 0,
      retention_days: expect.any(Number) as number,
      changes: [{ status: 'down', at: at(121).toISOString() }],
    });
    // Up 121 s of the ~400 s since it was first heard.
    expect(down.body.data.uptime_7d).toBeGreaterThan(0.2);
    expect(down.body.data.uptime_7d).toBeLessThan(0.35);
    expect(down.body.data.uptime_30d).toBeCloseTo(down.body.data.uptime_7d!, 3);

    // The child user sees the same, and the list puts the down camera first.
    expect((await get<CameraHealthDetail>(childCookie, `/api/cameras/${camera.code}/health`)).status).toBe(
      200,
    );
    const list = await get<CameraHealthList>(childCookie, '/api/camera-health');
    expect(list.status).toBe(200);
    expect(list.body.data).toMatchObject({ total: 2, down: 1, page: 1, count: 50 });
    expect(list.body.data.cameras.map((c) => [c.camera_code, c.watch_status])).toEqual([
      [camera.code, 'down'],
      [steady.code, 'normal'],
    ]);
    expect(list.body.data.cameras[1]?.uptime_7d).toBe(1);

    // Heard again: online since its return, the down spell still counted.
    await t.services.cameraHealthRepository.touch(camera.id, at(200));
    await t.services.cameraHealth.check(at(201));
    const back = await get<CameraHealthDetail>(parent, `/api/cameras/${camera.code}/health`);
    expect(back.body.data).toMatchObject({ watch_status: 'normal', status_since: at(201).toISOString() });
    expect(back.body.data.changes.map((c) => c.status)).toEqual(['normal', 'down']);
    expect(back.body.data.uptime_7d).toBeGreaterThan(0.75);
    expect(back.body.data.uptime_7d).toBeLessThan(0.85);

    // Back up, it still comes first for its lower uptime; the steady camera is on the second page of one.
    const page2 = await get<CameraHealthList>(parent, '/api/camera-health?page=2&count=1');
    expect(page2.body.data.cameras.map((c) => c.camera_code)).toEqual([steady.code]);
    expect(page2.body.data).toMatchObject({ total: 2, down: 0, page: 2, count: 1 });
  });

  it('answers 404 for another customer’s or an unknown camera, 400 naming the field, 401 without a session', async () => {
    const owner = await createTenant(t.db);
    const outsider = await createTenant(t.db);
    const { camera } = await createLocationAndCamera(t.db, owner.customer.id, 'Owner only');
    const cookie = await login(t.app, outsider.user);

    for (const code of [camera.code, 'no-such-camera']) {
      const res = await get(cookie, `/api/cameras/${code}/health`);
      expect(res.status, code).toBe(404);
    }
    const list = await get<CameraHealthList>(cookie, '/api/camera-health');
    expect(list.body.data).toMatchObject({ cameras: [], total: 0, down: 0 });

    for (const [query, field] of [
      ['count=0', 'count'],
      ['count=201', 'count'],
      ['count=ten', 'count'],
      ['page=0', 'page'],
      ['page=-1', 'page'],
    ] as const) {
      const res = await get(cookie, `/api/camera-health?${query}`);
      expect(res.status, query).toBe(400);
      expect(Object.keys(res.body.errors ?? {}), query).toEqual([field]);
    }
    const tooLong = await get(cookie, `/api/cameras/${'c'.repeat(65)}/health`);
    expect(tooLong.status).toBe(400);
    expect(Object.keys(tooLong.body.errors ?? {})).toEqual(['camera_code']);

    for (const url of [`/api/cameras/${camera.code}/health`, '/api/camera-health'])
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
  });
});
