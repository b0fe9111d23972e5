// GET api/weather/{date}/{time}/{type} (core.md §2, §3, §4, §7, §8, §9) on data read by the real importer:
// the warnings in force at that minute in Japan as GeoJSON, by category; 404 for a date without data.
// Weather data is shared by every test of the worker's database, so each test uses days no other touches.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, createTestApp, login, as, type TestApp } from '../../../test/helpers/test-app.ts';
import { buildWeatherSample } from './sample/weather-sample.ts';
import { importWeather } from './weather-import.ts';

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp();
  const { user } = await createTenant(t.db);
  cookie = await login(t.app, user);
  // Reports on 2032-03-08 06:00, 03-09 05:00 and 14:00, 03-10 00:00 (Japan time).
  await importWeather(t.db, buildWeatherSample('2032-03-10'));
});
afterAll(() => t.app.close());

interface Feature {
  type: string;
  geometry: { type: string; coordinates: unknown };
  properties: {
    category: string;
    subtype: string;
    kind_code: string;
    area_code: string;
    area_name: string;
    reported_at: string;
  };
}

const get = async (path: string) => {
  const res = await as(t.app, cookie, { method: 'GET', url: `/api/weather/${path}` });
  return { status: res.statusCode, body: res.json() };
};
const warnings = (features: Feature[]) =>
  features.map((f) => `${f.properties.area_code} ${f.properties.kind_code} ${f.properties.category}`);

describe('GET api/weather/{date}/{time}/{type}', () => {
  it('core.md §3: a GeoJSON FeatureCollection of Polygon and MultiPolygon features with category and subtype', async () => {
    const { status, body } = await get('2032-03-10/12:00/all');
    expect(status).toBe(200);
    expect(body.type).toBe('FeatureCollection');
    const features = body.features as Feature[];
    // Every warning in force, advisories first and the special warning last (drawn on top).
    expect(warnings(features)).toEqual([
      '110010 10 advisory',
      '110030 21 advisory',
      '120010 10 advisory',
      '120030 16 advisory',
      '130010 18 advisory',
      '130020 15 advisory',
      '130020 16 advisory',
      '140010 14 advisory',
      '140020 10 advisory',
      '110010 04 warning',
      '120030 05 warning',
      '130010 03 warning',
      '140010 03 warning',
      '130020 33 special_warning',
    ]);
    const tokyo = features.find(
      (f) => f.properties.area_code === '130010' && f.properties.kind_code === '03',
    )!;
    expect(tokyo.type).toBe('Feature');
    expect(tokyo.properties).toEqual({
      category: 'warning',
      subtype: 'heavy_rain',
      kind_code: '03',
      area_code: '130010',
      area_name: '東京地方',
      reported_at: '2032-03-09T15:00:00.000Z',
    });
    expect(tokyo.geometry.type).toBe('Polygon');
    const ring = (tokyo.geometry.coordinates as number[][][])[0]!;
    expect(ring[0]).toEqual(ring[ring.length - 1]);
    expect(ring[0]).toEqual([138.94, 35.75]);
    const islands = features.find((f) => f.properties.category === 'special_warning')!;
    expect(islands.geometry.type).toBe('MultiPolygon');
    expect(islands.geometry.coordinates).toHaveLength(3);
    expect(islands.properties).toMatchObject({ subtype: 'heavy_rain', area_name: '伊豆諸島北部' });
  });

  it('core.md §9: the type narrows to one category', async () => {
    const special = await get('2032-03-10/12:00/special_warning');
    expect(warnings(special.body.features)).toEqual(['130020 33 special_warning']);
    const warning = await get('2032-03-10/12:00/warning');
    expect(warnings(warning.body.features)).toEqual([
      '110010 04 warning',
      '120030 05 warning',
      '130010 03 warning',
      '140010 03 warning',
    ]);
    const advisory = await get('2032-03-10/12:00/advisory');
    expect(advisory.body.features).toHaveLength(9);
    expect(new Set(advisory.body.features.map((f: Feature) => f.properties.category))).toEqual(
      new Set(['advisory']),
    );
  });

  it('the latest report naming an area decides: issued, continued and lifted within a day', async () => {
    // 03-09 05:00 issues a thunder advisory continued from 03-08; the 14:00 report lifts it.
    const before = await get('2032-03-09/13:59/advisory');
    expect(warnings(before.body.features)).toContain('130010 14 advisory');
    const lifted = await get('2032-03-09/14:00/advisory');
    expect(warnings(lifted.body.features)).not.toContain('130010 14 advisory');
    // Kanagawa's office did not report at 14:00: its 05:00 state still holds.
    expect(warnings(lifted.body.features)).toContain('140010 14 advisory');
    // A report during the chosen minute counts; one a minute later does not.
    const early = await get('2032-03-09/04:59/warning');
    expect(early.body.features).toEqual([]);
    const issued = await get('2032-03-09/05:00/warning');
    expect(warnings(issued.body.features)).toEqual([
      '110010 04 warning',
      '120030 05 warning',
      '130010 03 warning',
    ]);
  });

  it('a date with data but no report yet at that time answers an empty collection', async () => {
    await importWeather(t.db, buildWeatherSample('2003-01-10')); // first report 2003-01-08 06:00
    const { status, body } = await get('2003-01-08/05:59/all');
    expect(status).toBe(200);
    expect(body).toEqual({ type: 'FeatureCollection', features: [] });
  });

  it('core.md §8: 404 for a date no report was issued on', async () => {
    for (const path of ['2032-03-11/12:00/all', '2032-03-07/23:59/warning']) {
      const { status, body } = await get(path);
      expect(status, path).toBe(404);
      expect(body.error.code).toBe('not_found');
    }
  });

  it.each([
    ['2032-3-10/12:00/all', 'date'],
    ['2032-02-30/12:00/all', 'date'],
    ['today/12:00/all', 'date'],
    ['2032-03-10/24:00/all', 'time'],
    ['2032-03-10/9:00/all', 'time'],
    ['2032-03-10/12:00/rain', 'type'],
    ['2032-03-10/12:00/ALL', 'type'],
  ])('%s -> 400 on %s', async (path, field) => {
    const { status, body } = await get(path);
    expect(status).toBe(400);
    expect(body.errors[field], JSON.stringify(body)).toBeDefined();
  });

  it('401 without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/weather/2032-03-10/12:00/all' });
    expect(res.statusCode).toBe(401);
  });
});
