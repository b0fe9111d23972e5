// GET api/cameras paging over a customer of more cameras than FROM_END_AFTER (issue 19): pages far into the
// list are read from the nearer end of the list order, and the unfiltered total is the customer's camera
// count kept by the database (migration 0025). Every page must be exactly the slice of the full order (name,
// then id for equal names), whichever way it was read, with the exact total, for a child user too.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cameraListCall } from '@camwatch/contract/cameras';
import {
  as,
  createTenant,
  createTestApp,
  createUser,
  login,
  type TestApp,
} from '../../../test/helpers/test-app.ts';
import { addCamera, addSite, addTag, codesOf, queryString } from './camera-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.app.close());

async function list(cookie: string, params: Parameters<typeof queryString>[0] = {}) {
  const res = await as(t.app, cookie, { method: 'GET', url: `/api/cameras?${queryString(params)}` });
  expect(res.statusCode).toBe(200);
  return res.json() as { data: { cameras: { camera_code: string }[]; total: number } };
}

/** `n` cameras in one insert, three to a name (ties), names given out of order; answered in list order. */
async function addCameras(customerId: number, n: number, prefix: string) {
  const rows = Array.from({ length: n }, (_, i) => ({
    customer_id: customerId,
    code: `${prefix}-${i}`,
    // i * 7919 mod n scatters the names over the insertion (id) order; / 3 makes three of each name.
    name: `N${String(Math.floor(((i * 7919) % n) / 3)).padStart(5, '0')}`,
  }));
  const inserted = await t.db.insertInto('cameras').values(rows).returning(['id', 'code', 'name']).execute();
  return inserted.sort((a, b) => (a.name === b.name ? a.id - b.id : a.name < b.name ? -1 : 1));
}

describe('GET api/cameras: paging thousands of cameras', () => {
  const N = 2_345;
  let cookie: string;
  let order: { id: number; code: string; name: string }[];
  let customerId: number;

  beforeAll(async () => {
    const { user, customer } = await createTenant(t.db);
    customerId = customer.id;
    order = await addCameras(customer.id, N, `pg${customer.id}`);
    cookie = await login(t.app, user);
  });

  it('every page, near either end or in the middle, is its slice of the order (ties by id), total exact', async () => {
    // 50 a page: 47 pages, the last one holding 45. Pages 41 on start past 2,000 cameras and nearer the end.
    for (const page of [1, 2, 23, 24, 25, 40, 41, 42, 46, 47]) {
      const body = await list(cookie, { page, count: 50 });
      expect(body.data.total).toBe(N);
      expect(codesOf(body), `page ${page}`).toEqual(
        order.slice((page - 1) * 50, page * 50).map((c) => c.code),
      );
    }
    // Other page sizes: a page straddling the end, a one-camera page, each tie kept together in id order.
    for (const [page, count] of [
      [48, 49],
      [2_345, 1],
      [2_001, 1],
      [1_173, 2],
      [157, 15],
    ] as const) {
      const body = await list(cookie, { page, count });
      expect(codesOf(body), `page ${page} of ${count}`).toEqual(
        order.slice((page - 1) * count, page * count).map((c) => c.code),
      );
    }
    const beyond = await list(cookie, { page: 48, count: 50 });
    expect(beyond.data).toMatchObject({ cameras: [], total: N });
  });

  it('pages read from the places earlier pages left (forwards, backwards, other sizes) are their slices; a rename drops them', async () => {
    const { user, customer } = await createTenant(t.db);
    const own = await login(t.app, user);
    let cams = await addCameras(customer.id, 2_400, `pk${customer.id}`);
    const expectPage = async (page: number, count: number) => {
      const body = await list(own, { page, count });
      expect(codesOf(body), `page ${page} of ${count}`).toEqual(
        cams.slice((page - 1) * count, page * count).map((c) => c.code),
      );
      expect(body.data.total).toBe(cams.length);
    };
    // Page by page into the middle, then around it: every read after the first starts at a known camera.
    for (const page of [20, 21, 22, 24, 23, 19, 18]) await expectPage(page, 50);
    for (const [page, count] of [
      [143, 7], // positions 994-1000, across page 20's last camera
      [1_051, 1], // position 1050, page 22's first camera itself
      [49, 21], // positions 1008-1028, between marks
      [3, 400], // 800-1199 (400 is over the page limit: refused below)
    ] as const)
      if (count <= 50) await expectPage(page, count);
    expect((await as(t.app, own, { method: 'GET', url: '/api/cameras?page=3&count=400' })).statusCode).toBe(
      400,
    );

    // Renaming the camera at position 1000 to sort first moves everyone before it one place down.
    const moved = cams[1_000]!;
    await t.db.updateTable('cameras').set({ name: 'A-first' }).where('id', '=', moved.id).execute();
    cams = [{ ...moved, name: 'A-first' }, ...cams.filter((c) => c.id !== moved.id)];
    for (const page of [21, 20, 22]) await expectPage(page, 50);
    // And removing cameras before the middle shifts it the other way.
    await t.db
      .deleteFrom('cameras')
      .where(
        'id',
        'in',
        cams.slice(1, 11).map((c) => c.id),
      )
      .execute();
    cams = [cams[0]!, ...cams.slice(11)];
    for (const page of [21, 22, 20]) await expectPage(page, 50);
  });

  it('a child user pages the same cameras with the same total', async () => {
    const child = await createUser(t.db, customerId, { permissions: { live: true } });
    const childCookie = await login(t.app, child);
    for (const page of [1, 45]) {
      const body = await list(childCookie, { page, count: 50 });
      expect(body.data.total).toBe(N);
      expect(codesOf(body)).toEqual(order.slice((page - 1) * 50, page * 50).map((c) => c.code));
    }
  });

  it('the total follows cameras added, removed and moved to another customer, in bulk or one by one', async () => {
    const { user, customer } = await createTenant(t.db);
    const own = await login(t.app, user);
    const other = await createTenant(t.db);
    const otherCookie = await login(t.app, other.user);
    const cams = await addCameras(customer.id, 2_100, `pm${customer.id}`);
    await addCamera(t.db, customer.id, { name: 'Single' });
    expect((await list(own)).data.total).toBe(2_101);

    // Removed in one statement (a site's cameras), and one camera moved to the other customer.
    const removed = cams.slice(0, 300).map((c) => c.id);
    await t.db.deleteFrom('cameras').where('id', 'in', removed).execute();
    await t.db
      .updateTable('cameras')
      .set({ customer_id: other.customer.id })
      .where('id', '=', cams[300]!.id)
      .execute();
    expect((await list(own)).data.total).toBe(1_800);
    expect((await list(otherCookie)).data.total).toBe(1);
    // The last page, read from the end, shows the cameras now last.
    const rest = [...cams.slice(301).map((c) => c.name), 'Single'].sort();
    const last = await list(own, { page: 36, count: 50 });
    expect(last.data.cameras.length).toBe(50);
    expect(last.data.total).toBe(1_800);
    expect(last.data.cameras.map((c) => (c as unknown as { camera_name: string }).camera_name)).toEqual(
      rest.slice(1_750),
    );
    // The stored count is the real count, whatever wrote the rows.
    const counted = await sql<{ n: number; kept: number }>`
      SELECT (SELECT count(*) FROM cameras WHERE customer_id = ${customer.id})::int AS n,
             (SELECT camera_count FROM customers WHERE id = ${customer.id})::int AS kept`.execute(t.db);
    expect(counted.rows[0]).toEqual({ n: 1_800, kept: 1_800 });
  });
});

describe('GET api/cameras: the answer as the contract writes it', () => {
  it('is byte for byte what the response schema encodes (keys in its order, nothing more), sites, tags and nulls included', async () => {
    const { user, customer } = await createTenant(t.db);
    const site = await addSite(t.db, customer.id, {
      name: '本社',
      address: '東京都千代田区1-1',
      latitude: 35.68,
      longitude: 139.76,
    });
    const gate = await addCamera(t.db, customer.id, {
      name: '入口 "A" \\ 1',
      location_id: site.id,
      watch_status: 'down',
      image_fps: 2.5,
      image_fps_default: 5,
      use_ptz: true,
      use_dewarp: true,
    });
    await addCamera(t.db, customer.id, { name: 'Spare' });
    await addTag(t.db, customer.id, '夜間', [gate.id]);
    await addTag(t.db, customer.id, 'Entrance', [gate.id]);
    for (const query of ['', 'keyword=入口', 'watch_status=down&func[]=ptz']) {
      const res = await as(t.app, await login(t.app, user), { method: 'GET', url: `/api/cameras?${query}` });
      expect(res.statusCode).toBe(200);
      const encoded = JSON.stringify(cameraListCall.responses[200].encode(res.json()));
      expect(res.body).toBe(encoded);
    }
  });
});
