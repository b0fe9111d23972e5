// GET api/cameras filters (core.md §2, §7, §9): watch status, functions (TLT ones only in TLT modes), tags,
// and all of them together. Keyword search has its own file (camera-keyword.routes.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTenant, createTestApp, login, type TestApp } from '../../../test/helpers/test-app.ts';
import { addCamera, addSite, addTag, codesOf, queryString } from './camera-fixtures.ts';

let t: TestApp;
let tlt: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  tlt = await createTestApp({ ENVIRONMENT_MODE: 'TLT:3' });
});
afterAll(async () => {
  await t.app.close();
  await tlt.app.close();
});

async function list(cookie: string, params: Parameters<typeof queryString>[0] = {}, app = t.app) {
  const res = await as(app, cookie, { method: 'GET', url: `/api/cameras?${queryString(params)}` });
  return { status: res.statusCode, body: res.json() };
}

describe('GET api/cameras: filters', () => {
  it('watch_status keeps only down or only normal cameras', async () => {
    const { user, customer } = await createTenant(t.db);
    const down = await addCamera(t.db, customer.id, { name: 'a', watch_status: 'down' });
    const up = await addCamera(t.db, customer.id, { name: 'b' });
    const cookie = await login(t.app, user);
    expect(codesOf((await list(cookie, { watch_status: 'down' })).body)).toEqual([down.code]);
    expect(codesOf((await list(cookie, { watch_status: 'normal' })).body)).toEqual([up.code]);
  });

  it('core.md §9: each function maps to its use_* flag; live excludes no-live cameras and model L21', async () => {
    const { user, customer } = await createTenant(t.db);
    // Every camera is no-live unless said otherwise, so only the one meant matches `live`.
    const cam = (name: string, fields: Omit<Parameters<typeof addCamera>[2], 'name'>) =>
      addCamera(t.db, customer.id, { name, use_nolive: true, ...fields });
    const motion = await cam('motion', { use_motion: true });
    const heatmap = await cam('heatmap', { use_heatmap: true });
    const audio = await cam('audio', { use_audio: true });
    const counter = await cam('people_counter', { use_people_counter: true });
    const ptz = await cam('ptz', { use_ptz: true });
    const lapse = await cam('time_lapse', { use_time_lapse: true });
    const live = await cam('live', { use_nolive: false, model_code: 'CW-BOX2' });
    await cam('l21', { use_nolive: false, model_code: 'L21' });
    await cam('camera-motion only', { use_camera_motion: true });
    const cookie = await login(t.app, user);

    for (const [fn, expected] of [
      ['motion', motion],
      ['heatmap', heatmap],
      ['audio', audio],
      ['people_counter', counter],
      ['ptz', ptz],
      ['time_lapse', lapse],
      ['live', live],
    ] as const) {
      const { body } = await list(cookie, { 'func[]': fn });
      expect(codesOf(body), fn).toEqual([expected.code]);
      expect(body.data.total, fn).toBe(1);
    }
  });

  it('several functions: a camera must have every one of them', async () => {
    const { user, customer } = await createTenant(t.db);
    const both = await addCamera(t.db, customer.id, { name: 'both', use_motion: true, use_ptz: true });
    await addCamera(t.db, customer.id, { name: 'motion', use_motion: true });
    await addCamera(t.db, customer.id, { name: 'ptz', use_ptz: true });
    const { body } = await list(await login(t.app, user), { 'func[]': ['motion', 'ptz'] });
    expect(codesOf(body)).toEqual([both.code]);
  });

  it('TLT functions: 400 on func[] outside TLT modes, filtering in TLT mode', async () => {
    const { user, customer } = await createTenant(t.db);
    const enter = await addCamera(t.db, customer.id, { name: 'enter', use_enter_alert: true });
    const track = await addCamera(t.db, customer.id, { name: 'track', use_person_tracking: true });
    const ops = await addCamera(t.db, customer.id, { name: 'ops', use_operation_analysis: true });
    const dewarp = await addCamera(t.db, customer.id, { name: 'dewarp', use_dewarp: true });
    const cookie = await login(t.app, user);

    for (const fn of ['enter_alert', 'person_tracking', 'operation_analysis', 'dewarp']) {
      const refused = await list(cookie, { 'func[]': ['motion', fn] });
      expect(refused.status, fn).toBe(400);
      expect(refused.body.errors['func[]'][0]).toContain(fn);
    }
    const tltCookie = await login(tlt.app, user);
    for (const [fn, expected] of [
      ['enter_alert', enter],
      ['person_tracking', track],
      ['operation_analysis', ops],
      ['dewarp', dewarp],
    ] as const) {
      const { status, body } = await list(tltCookie, { 'func[]': fn }, tlt.app);
      expect(status, fn).toBe(200);
      expect(codesOf(body), fn).toEqual([expected.code]);
    }
  });

  it('tags[]: cameras carrying any of the tags, each once; unknown tag codes match nothing', async () => {
    const { user, customer } = await createTenant(t.db);
    const a = await addCamera(t.db, customer.id, { name: 'a' });
    const b = await addCamera(t.db, customer.id, { name: 'b' });
    const ab = await addCamera(t.db, customer.id, { name: 'ab' });
    await addCamera(t.db, customer.id, { name: 'untagged' });
    const red = await addTag(t.db, customer.id, 'Red', [a.id, ab.id]);
    const blue = await addTag(t.db, customer.id, 'Blue', [b.id, ab.id]);
    const cookie = await login(t.app, user);

    expect(codesOf((await list(cookie, { 'tags[]': red.code })).body)).toEqual([a.code, ab.code]);
    const either = await list(cookie, { 'tags[]': [red.code, blue.code] });
    expect(codesOf(either.body)).toEqual([a.code, ab.code, b.code]);
    expect(either.body.data.total).toBe(3);
    const unknown = await list(cookie, { 'tags[]': 'tag-nosuchtag' });
    expect(unknown.body.data).toMatchObject({ cameras: [], total: 0 });
  });

  it('combines filters: tags AND functions AND watch status AND keyword', async () => {
    const { user, customer } = await createTenant(t.db);
    const site = await addSite(t.db, customer.id, { name: 'Depot', address: 'Osaka' });
    const hit = await addCamera(t.db, customer.id, {
      name: 'Dock 1',
      location_id: site.id,
      use_ptz: true,
      watch_status: 'down',
    });
    const noPtz = await addCamera(t.db, customer.id, {
      name: 'Dock 2',
      location_id: site.id,
      watch_status: 'down',
    });
    const upCam = await addCamera(t.db, customer.id, { name: 'Dock 3', location_id: site.id, use_ptz: true });
    const elsewhere = await addCamera(t.db, customer.id, {
      name: 'Dock 4',
      use_ptz: true,
      watch_status: 'down',
    });
    await addCamera(t.db, customer.id, {
      name: 'Dock 5 (untagged)',
      location_id: site.id,
      use_ptz: true,
      watch_status: 'down',
    });
    const tag = await addTag(t.db, customer.id, 'Docks', [hit.id, noPtz.id, upCam.id, elsewhere.id]);
    const { body } = await list(await login(t.app, user), {
      'tags[]': tag.code,
      'func[]': 'ptz',
      watch_status: 'down',
      keyword: 'osaka dock',
    });
    expect(codesOf(body)).toEqual([hit.code]);
    expect(body.data.total).toBe(1);
  });
});
