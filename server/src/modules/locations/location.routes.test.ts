// Map calls (core.md §3, §4, §7): api/locations/area, /city, /range and /:location_code, all honouring the
// camera list's filters, and none ever showing another customer's sites or cameras.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectForeignIdsRefused, expectNoLeak } from '../../../test/helpers/tenancy.ts';
import { as, createTenant, createTestApp, login, type TestApp } from '../../../test/helpers/test-app.ts';
import { addCamera, addSite, addTag, queryString } from '../cameras/camera-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.app.close());

const get = async (cookie: string, path: string, params: Parameters<typeof queryString>[0] = {}) => {
  const res = await as(t.app, cookie, { method: 'GET', url: `${path}?${queryString(params)}` });
  return { status: res.statusCode, body: res.json() };
};

/**
 * Tokyo: Shibuya (2 cameras, one PTZ), Chuo (1), a site without cameras and one without coordinates (1).
 * Osaka: a Chuo of its own (1 PTZ camera, down).
 */
async function mapTenant() {
  const { user, customer } = await createTenant(t.db);
  const site = (
    name: string,
    area: string,
    city: string,
    latitude: number | null,
    longitude: number | null,
  ) =>
    addSite(t.db, customer.id, {
      name,
      address: `${area}${city}`,
      area_jp: area,
      city_jp: city,
      latitude,
      longitude,
    });
  const shibuya = await site('Shibuya shop', '東京都', '渋谷区', 35.66, 139.7);
  const chuo = await site('Ginza shop', '東京都', '中央区', 35.67, 139.77);
  const empty = await site('Empty lot', '東京都', '中央区', 35.68, 139.78);
  const unplaced = await site('Unplaced', '東京都', '渋谷区', null, null);
  const osaka = await site('Namba shop', '大阪府', '中央区', 34.67, 135.5);
  const cam = (name: string, locationId: number, fields: object = {}) =>
    addCamera(t.db, customer.id, { name, location_id: locationId, ...fields });
  const shibuyaDoor = await cam('Shibuya door', shibuya.id, { use_ptz: true });
  const shibuyaDesk = await cam('Shibuya desk', shibuya.id);
  const ginza = await cam('Ginza door', chuo.id);
  await cam('Unplaced cam', unplaced.id, { use_ptz: true });
  const namba = await cam('Namba door', osaka.id, { use_ptz: true, watch_status: 'down' });
  return {
    customer,
    cookie: await login(t.app, user),
    sites: { shibuya, chuo, empty, unplaced, osaka },
    cams: { shibuyaDoor, shibuyaDesk, ginza, namba },
  };
}

describe('GET api/locations/area and /city', () => {
  it('per area: matching cameras at located sites; position = mean of its sites with a camera', async () => {
    const { cookie } = await mapTenant();
    const { status, body } = await get(cookie, '/api/locations/area');
    expect(status).toBe(200);
    expect(body.data.areas).toEqual([
      { area_jp: '大阪府', camera_count: 1, latitude: 34.67, longitude: 135.5 },
      {
        area_jp: '東京都',
        camera_count: 3,
        latitude: expect.closeTo(35.665, 9),
        longitude: expect.closeTo(139.735, 9),
      },
    ]);
  });

  it('per city, keeping same-named cities of different areas apart', async () => {
    const { cookie } = await mapTenant();
    const { body } = await get(cookie, '/api/locations/city');
    expect(body.data.cities).toEqual([
      { city_jp: '中央区', camera_count: 1, latitude: 34.67, longitude: 135.5 },
      { city_jp: '中央区', camera_count: 1, latitude: 35.67, longitude: 139.77 },
      { city_jp: '渋谷区', camera_count: 2, latitude: 35.66, longitude: 139.7 },
    ]);
  });

  it('honour the filters: functions, watch status, tags and keyword', async () => {
    const { customer, cookie, cams } = await mapTenant();
    const ptz = await get(cookie, '/api/locations/area', { 'func[]': 'ptz' });
    expect(ptz.body.data.areas).toEqual([
      { area_jp: '大阪府', camera_count: 1, latitude: 34.67, longitude: 135.5 },
      { area_jp: '東京都', camera_count: 1, latitude: 35.66, longitude: 139.7 },
    ]);
    const down = await get(cookie, '/api/locations/city', { watch_status: 'down' });
    expect(down.body.data.cities).toEqual([
      { city_jp: '中央区', camera_count: 1, latitude: 34.67, longitude: 135.5 },
    ]);
    const tag = await addTag(t.db, customer.id, 'Doors', [cams.shibuyaDoor.id, cams.ginza.id]);
    const tagged = await get(cookie, '/api/locations/area', { 'tags[]': tag.code, keyword: 'ginza' });
    expect(tagged.body.data.areas).toEqual([
      { area_jp: '東京都', camera_count: 1, latitude: 35.67, longitude: 139.77 },
    ]);
    const none = await get(cookie, '/api/locations/city', { keyword: 'nothing at all' });
    expect(none.body.data.cities).toEqual([]);
  });

  it('TLT functions outside TLT modes -> 400; 401 without a session', async () => {
    const { cookie } = await mapTenant();
    for (const path of ['/api/locations/area', '/api/locations/city']) {
      const res = await get(cookie, path, { 'func[]': 'person_tracking' });
      expect(res.status, path).toBe(400);
      expect(res.body.errors['func[]']).toBeDefined();
      expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(401);
    }
  });
});

describe('GET api/locations/range', () => {
  const tokyoBox = { lat_min: 35.6, lat_max: 35.7, lng_min: 139.6, lng_max: 139.8 };

  it('sites inside the box by name with their cameras by name; without filters, empty sites too', async () => {
    const { cookie, sites, cams } = await mapTenant();
    const { status, body } = await get(cookie, '/api/locations/range', tokyoBox);
    expect(status).toBe(200);
    const located = body.data.locations;
    expect(located.map((l: { location_code: string }) => l.location_code)).toEqual([
      sites.empty.code,
      sites.chuo.code,
      sites.shibuya.code,
    ]);
    expect(located[0]).toEqual({
      location_code: sites.empty.code,
      location_name: 'Empty lot',
      location_address: '東京都中央区',
      latitude: 35.68,
      longitude: 139.78,
      camera_count: 0,
      cameras: [],
    });
    expect(located[2]).toMatchObject({ camera_count: 2, latitude: 35.66, longitude: 139.7 });
    expect(located[2].cameras.map((c: { camera_code: string }) => c.camera_code)).toEqual([
      cams.shibuyaDesk.code,
      cams.shibuyaDoor.code,
    ]);
    // Only what the marker needs; the site's own call has the full list items.
    expect(located[2].cameras[0]).toEqual({
      camera_code: cams.shibuyaDesk.code,
      camera_name: 'Shibuya desk',
      watch_status: 'normal',
    });
  });

  it('with filters, only sites with a matching camera, and only those cameras; bounds are inclusive', async () => {
    const { cookie, sites, cams } = await mapTenant();
    const { body } = await get(cookie, '/api/locations/range', { ...tokyoBox, 'func[]': 'ptz' });
    expect(body.data.locations).toHaveLength(1);
    expect(body.data.locations[0]).toMatchObject({ location_code: sites.shibuya.code, camera_count: 1 });
    expect(body.data.locations[0].cameras.map((c: { camera_code: string }) => c.camera_code)).toEqual([
      cams.shibuyaDoor.code,
    ]);
    const exact = await get(cookie, '/api/locations/range', {
      lat_min: 34.67,
      lat_max: 34.67,
      lng_min: 135.5,
      lng_max: 135.5,
    });
    expect(exact.body.data.locations.map((l: { location_code: string }) => l.location_code)).toEqual([
      sites.osaka.code,
    ]);
  });

  it.each([
    [{ lat_min: 36, lat_max: 35, lng_min: 139, lng_max: 140 }, 'lat_max'],
    [{ lat_min: 35, lat_max: 36, lng_min: 140, lng_max: 139 }, 'lng_max'],
    [{ lat_min: 35, lat_max: 91, lng_min: 139, lng_max: 140 }, 'lat_max'],
    [{ lat_min: 35, lat_max: 36, lng_min: -181, lng_max: 140 }, 'lng_min'],
    [{ lat_min: 'north', lat_max: 36, lng_min: 139, lng_max: 140 }, 'lat_min'],
    [{ lat_max: 36, lng_min: 139, lng_max: 140 }, 'lat_min'],
  ])('%j -> 400 on %s', async (params, field) => {
    const { cookie } = await mapTenant();
    const { status, body } = await get(cookie, '/api/locations/range', params);
    expect(status).toBe(400);
    expect(body.errors[field], JSON.stringify(body)).toBeDefined();
  });
});

describe('GET api/locations/:location_code', () => {
  it('the site with its matching cameras; a site without camera has an empty list', async () => {
    const { cookie, sites, cams } = await mapTenant();
    const all = await get(cookie, `/api/locations/${sites.shibuya.code}`);
    expect(all.status).toBe(200);
    expect(all.body.data).toMatchObject({
      location_code: sites.shibuya.code,
      location_name: 'Shibuya shop',
      location_address: '東京都渋谷区',
      camera_count: 2,
      latitude: 35.66,
      longitude: 139.7,
    });
    const filtered = await get(cookie, `/api/locations/${sites.shibuya.code}`, { keyword: 'desk' });
    expect(filtered.body.data.cameras.map((c: { camera_code: string }) => c.camera_code)).toEqual([
      cams.shibuyaDesk.code,
    ]);
    expect(filtered.body.data.camera_count).toBe(1);
    const empty = await get(cookie, `/api/locations/${sites.empty.code}`);
    expect(empty.body.data).toMatchObject({ camera_count: 0, cameras: [] });
  });

  it('404 for an unknown code and for a site without coordinates (it has no marker)', async () => {
    const { cookie, sites } = await mapTenant();
    expect((await get(cookie, '/api/locations/loc-nosuchloc')).status).toBe(404);
    expect((await get(cookie, `/api/locations/${sites.unplaced.code}`)).status).toBe(404);
  });
});

describe('tenancy of the map calls', () => {
  it('another customer’s site is 404 and no answer holds their sites, cameras or names', async () => {
    const owner = await mapTenant();
    const secret = await addSite(t.db, owner.customer.id, {
      name: 'Owner secret site',
      address: 'Owner secret address',
      area_jp: 'Owner area',
      city_jp: 'Owner city',
      latitude: 35.65,
      longitude: 139.65,
    });
    await addCamera(t.db, owner.customer.id, { name: 'Owner secret cam', location_id: secret.id });
    const outsider = await mapTenant();
    await expectForeignIdsRefused(t.app, outsider.cookie, [
      {
        name: 'a foreign site',
        request: { method: 'GET', url: `/api/locations/${owner.sites.shibuya.code}` },
      },
    ]);
    const ownerValues = [
      'Owner secret',
      'Owner area',
      'Owner city',
      secret.code,
      ...Object.values(owner.sites).map((s) => s.code),
      ...Object.values(owner.cams).map((c) => c.code),
    ];
    for (const url of [
      '/api/locations/area',
      '/api/locations/city',
      `/api/locations/range?${queryString({ lat_min: 30, lat_max: 40, lng_min: 130, lng_max: 140 })}`,
      `/api/locations/${outsider.sites.shibuya.code}`,
    ])
      await expectNoLeak(t.app, outsider.cookie, { method: 'GET', url }, ownerValues);
    // The outsider's counts are their own: the same layout, counted once.
    const { body } = await get(outsider.cookie, '/api/locations/area');
    expect(body.data.areas.map((a: { camera_count: number }) => a.camera_count)).toEqual([1, 3]);
  });
});
