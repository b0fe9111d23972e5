// GET api/cameras (core.md §2, §3, §7, §9): list items, order, paging, filters and the camera-down counts.
// Filters and keyword search have their own files (camera-filters, camera-keyword).
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTenant, createTestApp, login, type TestApp } from '../../../test/helpers/test-app.ts';
import { addCamera, addSite, addTag, codesOf, queryString } from './camera-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.app.close());

async function list(cookie: string, params: Parameters<typeof queryString>[0] = {}) {
  const res = await as(t.app, cookie, { method: 'GET', url: `/api/cameras?${queryString(params)}` });
  return { status: res.statusCode, body: res.json() };
}

describe('GET api/cameras: items and order', () => {
  it('core.md §3: answers every list field, tags by name, thumb_url null until there is a thumbnail', async () => {
    const { user, customer } = await createTenant(t.db);
    const site = await addSite(t.db, customer.id, {
      name: 'Head office',
      address: 'Tokyo, Chiyoda 1-1',
      latitude: 35.68,
      longitude: 139.76,
    });
    const cam = await addCamera(t.db, customer.id, {
      name: 'Gate',
      location_id: site.id,
      model_code: 'CW-PTZ1',
      watch_status: 'down',
      image_fps: 2.5,
      image_fps_default: 5,
      image_rs_width: 1920,
      image_rs_height: 1080,
      archive_force_raw: true,
      use_motion: true,
      use_ptz: true,
      use_streaming: true,
    });
    const night = await addTag(t.db, customer.id, 'Night', [cam.id]);
    const entrance = await addTag(t.db, customer.id, 'Entrance', [cam.id]);

    const { status, body } = await list(await login(t.app, user));
    expect(status).toBe(200);
    expect(body.data).toEqual({
      cameras: [
        {
          camera_code: cam.code,
          camera_name: 'Gate',
          thumb_url: null,
          location_name: 'Head office',
          location_address: 'Tokyo, Chiyoda 1-1',
          location_latitude: 35.68,
          location_longitude: 139.76,
          watch_status: 'down',
          tags: [
            { tag_code: entrance.code, tag_name: 'Entrance' },
            { tag_code: night.code, tag_name: 'Night' },
          ],
          image_fps: 2.5,
          image_fps_default: 5,
          image_rs_width: 1920,
          image_rs_height: 1080,
          archive_force_raw: true,
          model_code: 'CW-PTZ1',
          use_motion: true,
          use_camera_motion: false,
          use_heatmap: false,
          use_nolive: false,
          use_audio: false,
          use_people_counter: false,
          use_ptz: true,
          use_time_lapse: false,
          use_parking_detect: false,
          use_streaming: true,
          use_enter_alert: false,
          use_person_tracking: false,
          use_operation_analysis: false,
          use_dewarp: false,
        },
      ],
      total: 1,
      watch: { down: 1, downLocation: 1 },
    });
  });

  it('a camera without a location has null location fields and no tags', async () => {
    const { user, customer } = await createTenant(t.db);
    await addCamera(t.db, customer.id, { name: 'Loose' });
    const { body } = await list(await login(t.app, user));
    expect(body.data.cameras[0]).toMatchObject({
      location_name: null,
      location_address: null,
      location_latitude: null,
      location_longitude: null,
      tags: [],
    });
  });

  it('orders by camera name, then by creation (id) for equal names', async () => {
    const { user, customer } = await createTenant(t.db);
    const bravo1 = await addCamera(t.db, customer.id, { name: 'Bravo' });
    const charlie = await addCamera(t.db, customer.id, { name: 'Charlie' });
    const alpha = await addCamera(t.db, customer.id, { name: 'Alpha' });
    const bravo2 = await addCamera(t.db, customer.id, { name: 'Bravo' });
    const { body } = await list(await login(t.app, user));
    expect(codesOf(body)).toEqual([alpha.code, bravo1.code, bravo2.code, charlie.code]);
  });
});

describe('GET api/cameras: paging', () => {
  it('core.md §9: pages of `count`, 1-based; a page past the end is empty but keeps the total', async () => {
    const { user, customer } = await createTenant(t.db);
    const codes: string[] = [];
    for (const name of ['c1', 'c2', 'c3', 'c4', 'c5'])
      codes.push((await addCamera(t.db, customer.id, { name })).code);
    const cookie = await login(t.app, user);

    expect(codesOf((await list(cookie, { page: 1, count: 2 })).body)).toEqual(codes.slice(0, 2));
    expect(codesOf((await list(cookie, { page: 2, count: 2 })).body)).toEqual(codes.slice(2, 4));
    const last = await list(cookie, { page: 3, count: 2 });
    expect(codesOf(last.body)).toEqual(codes.slice(4));
    expect(last.body.data.total).toBe(5);
    const beyond = await list(cookie, { page: 4, count: 2 });
    expect(beyond.body.data).toMatchObject({ cameras: [], total: 5 });
    const farBeyond = await list(cookie, { page: Number.MAX_SAFE_INTEGER, count: 50 });
    expect(farBeyond.status).toBe(200);
    expect(farBeyond.body.data).toMatchObject({ cameras: [], total: 5 });
    // The same with a filter, whose total is counted differently.
    const filteredBeyond = await list(cookie, { page: 4, count: 2, keyword: 'c', watch_status: 'normal' });
    expect(filteredBeyond.body.data).toMatchObject({ cameras: [], total: 5 });
    expect(codesOf((await list(cookie, { page: 2, count: 3, keyword: 'c' })).body)).toEqual(codes.slice(3));
    // Without page and count: page 1 of 50.
    expect(codesOf((await list(cookie)).body)).toEqual(codes);
  });

  it.each([
    [{ count: 51 }, 'count'],
    [{ count: 0 }, 'count'],
    [{ count: 'ten' }, 'count'],
    [{ page: 0 }, 'page'],
    [{ page: -1 }, 'page'],
    [{ page: 1.5 }, 'page'],
    [{ page: '1e400' }, 'page'],
    [{ watch_status: 'up' }, 'watch_status'],
    [{ 'func[]': 'parking' }, 'func[]'],
    [{ keyword: 'x'.repeat(201) }, 'keyword'],
  ])('%j -> 400 naming %s', async (params, field) => {
    const { user } = await createTenant(t.db);
    const { status, body } = await list(await login(t.app, user), params);
    expect(status).toBe(400);
    expect(
      Object.keys(body.errors).some((key) => key.startsWith(field)),
      JSON.stringify(body),
    ).toBe(true);
  });

  it('401 without a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/cameras' })).statusCode).toBe(401);
  });
});

describe('GET api/cameras: watch counts', () => {
  it('counts the account’s down cameras and their distinct locations, whatever the filters', async () => {
    const { user, customer } = await createTenant(t.db);
    const east = await addSite(t.db, customer.id, { name: 'East' });
    const west = await addSite(t.db, customer.id, { name: 'West' });
    await addCamera(t.db, customer.id, { name: 'e1', location_id: east.id, watch_status: 'down' });
    await addCamera(t.db, customer.id, { name: 'e2', location_id: east.id, watch_status: 'down' });
    await addCamera(t.db, customer.id, { name: 'w1', location_id: west.id, watch_status: 'down' });
    await addCamera(t.db, customer.id, { name: 'w2', location_id: west.id });
    await addCamera(t.db, customer.id, { name: 'nowhere', watch_status: 'down' });
    // Another customer's down camera counts for nobody else.
    const other = await createTenant(t.db);
    await addCamera(t.db, other.customer.id, { name: 'theirs', watch_status: 'down' });
    const cookie = await login(t.app, user);

    const all = await list(cookie);
    expect(all.body.data.watch).toEqual({ down: 4, downLocation: 2 });
    expect(all.body.data.total).toBe(5);
    const normal = await list(cookie, { watch_status: 'normal' });
    expect(normal.body.data).toMatchObject({ total: 1, watch: { down: 4, downLocation: 2 } });
    const none = await list(cookie, { keyword: 'no such camera' });
    expect(none.body.data).toMatchObject({ cameras: [], total: 0, watch: { down: 4, downLocation: 2 } });
  });

  it('zero when nothing is down', async () => {
    const { user, customer } = await createTenant(t.db);
    await addCamera(t.db, customer.id, { name: 'fine' });
    expect((await list(await login(t.app, user))).body.data.watch).toEqual({ down: 0, downLocation: 0 });
  });
});

describe('GET api/cameras: answers kept in memory (CAMERA_LIST_CACHE_SECONDS)', () => {
  it('shows a rename, a tag, a camera going down and a new camera on the very next request', async () => {
    const { user, customer } = await createTenant(t.db);
    const cookie = await login(t.app, user);
    const gate = await addCamera(t.db, customer.id, { name: 'Gate' });
    const first = await list(cookie);
    expect(first.body.data.cameras.map((c: { camera_name: string }) => c.camera_name)).toEqual(['Gate']);

    await t.db.updateTable('cameras').set({ name: 'Main gate' }).where('id', '=', gate.id).execute();
    expect((await list(cookie)).body.data.cameras[0].camera_name).toBe('Main gate');

    const tag = await addTag(t.db, customer.id, 'Outdoor', [gate.id]);
    expect((await list(cookie)).body.data.cameras[0].tags).toEqual([
      { tag_code: tag.code, tag_name: 'Outdoor' },
    ]);

    await t.db.updateTable('cameras').set({ watch_status: 'down' }).where('id', '=', gate.id).execute();
    const down = await list(cookie);
    expect(down.body.data.cameras[0].watch_status).toBe('down');
    expect(down.body.data.watch.down).toBe(1);

    await addCamera(t.db, customer.id, { name: 'Annex' });
    const grown = await list(cookie);
    expect(grown.body.data.total).toBe(2);
  });

  it('keeps the answer while only heartbeats and thumbnails change; each customer has its own', async () => {
    const { user, customer } = await createTenant(t.db);
    const { user: otherUser, customer: other } = await createTenant(t.db);
    const cookie = await login(t.app, user);
    const cam = await addCamera(t.db, customer.id, { name: 'Yard' });
    await addCamera(t.db, other.id, { name: 'Elsewhere' });
    const before = await list(cookie);
    expect(before.body.data.cameras[0].thumb_url).toBeNull();
    // Not shown as data: the kept answer stands (its thumbnail address lags by at most the cache's life).
    await t.db
      .updateTable('cameras')
      .set({ latest_thumb_at: new Date(), last_seen_at: new Date() })
      .where('id', '=', cam.id)
      .execute();
    expect((await list(cookie)).body).toEqual(before.body);
    // The same query from another customer is not answered from this one's entry.
    const theirs = await list(await login(t.app, otherUser));
    expect(theirs.body.data.cameras.map((c: { camera_name: string }) => c.camera_name)).toEqual([
      'Elsewhere',
    ]);
  });

  it('answers Brotli or gzip as the browser accepts, compressed once and the same JSON as uncompressed', async () => {
    const { user, customer } = await createTenant(t.db);
    const cookie = await login(t.app, user);
    for (let i = 0; i < 30; i++) await addCamera(t.db, customer.id, { name: `入口カメラ ${i}` });
    const get = (acceptEncoding?: string) =>
      as(t.app, cookie, {
        method: 'GET',
        url: '/api/cameras?count=50',
        headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
      });
    const plain = await get();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(plain.json().data.total).toBe(30);

    const br = await get('gzip, deflate, br, zstd'); // what Chromium sends
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(zlib.brotliDecompressSync(br.rawPayload).equals(plain.rawPayload)).toBe(true);
    // A kept answer is sent as the very bytes compressed the first time.
    expect((await get('br')).rawPayload.equals(br.rawPayload)).toBe(true);

    const gzip = await get('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).equals(plain.rawPayload)).toBe(true);
    expect((await get('br;q=0, gzip;q=0')).headers['content-encoding']).toBeUndefined();
  });

  it('with CAMERA_LIST_CACHE_SECONDS=0 every request reads the database', async () => {
    const fresh = await createTestApp({ CAMERA_LIST_CACHE_SECONDS: '0' });
    try {
      const { user, customer } = await createTenant(fresh.db);
      const cookie = await login(fresh.app, user);
      const cam = await addCamera(fresh.db, customer.id, { name: 'Dock' });
      const read = async () =>
        (await as(fresh.app, cookie, { method: 'GET', url: '/api/cameras' })).json().data.cameras[0]
          .thumb_url;
      expect(await read()).toBeNull();
      await fresh.db
        .updateTable('cameras')
        .set({ latest_thumb_at: new Date() })
        .where('id', '=', cam.id)
        .execute();
      expect(await read()).not.toBeNull();
    } finally {
      await fresh.app.close();
    }
  });
});
