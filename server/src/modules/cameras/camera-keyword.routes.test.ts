// GET api/cameras keyword search (core.md §5): words split on ASCII space, ideographic space and commas;
// every word must match the camera name, location name, location address or a tag name, ignoring case;
// LIKE wildcards in a word are ordinary characters. `filter[]` carries search words too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_KEYWORDS } from './camera-filter.ts';
import { as, createTenant, createTestApp, login, type TestApp } from '../../../test/helpers/test-app.ts';
import { addCamera, addSite, addTag, codesOf, queryString } from './camera-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.app.close());

/** A tenant with a few cameras to search, and a function listing the codes a search finds. */
async function searchable() {
  const { user, customer } = await createTenant(t.db);
  const tokyo = await addSite(t.db, customer.id, { name: '渋谷店', address: '東京都渋谷区道玄坂2-1' });
  const osaka = await addSite(t.db, customer.id, { name: 'Umeda Store', address: 'Osaka, Kita-ku' });
  const gate = await addCamera(t.db, customer.id, { name: 'Gate camera', location_id: tokyo.id });
  const register = await addCamera(t.db, customer.id, { name: 'レジ上', location_id: tokyo.id });
  const dock = await addCamera(t.db, customer.id, { name: 'Loading dock', location_id: osaka.id });
  const loose = await addCamera(t.db, customer.id, { name: 'Spare' });
  await addTag(t.db, customer.id, 'Outdoor', [gate.id, dock.id]);
  await addTag(t.db, customer.id, '重要', [register.id]);
  const cookie = await login(t.app, user);
  const search = async (params: Parameters<typeof queryString>[0]) => {
    const res = await as(t.app, cookie, { method: 'GET', url: `/api/cameras?${queryString(params)}` });
    expect(res.statusCode, res.body).toBe(200);
    return codesOf(res.json()).sort();
  };
  const codes = (...cams: { code: string }[]) => cams.map((c) => c.code).sort();
  return { customer, cookie, search, codes, gate, register, dock, loose };
}

describe('GET api/cameras?keyword', () => {
  it('matches the camera name, location name, address and tag names, ignoring case', async () => {
    const { search, codes, gate, register, dock } = await searchable();
    expect(await search({ keyword: 'GATE' })).toEqual(codes(gate));
    expect(await search({ keyword: '渋谷店' })).toEqual(codes(gate, register));
    expect(await search({ keyword: '道玄坂' })).toEqual(codes(gate, register));
    expect(await search({ keyword: 'umeda' })).toEqual(codes(dock));
    expect(await search({ keyword: 'outdoor' })).toEqual(codes(dock, gate));
    expect(await search({ keyword: '重要' })).toEqual(codes(register));
    expect(await search({ keyword: 'nothing like this' })).toEqual([]);
  });

  it('core.md §5: splits on ASCII space, ideographic space and commas; every word must match', async () => {
    const { search, codes, gate, dock } = await searchable();
    expect(await search({ keyword: 'outdoor 東京' })).toEqual(codes(gate));
    expect(await search({ keyword: 'outdoor\u3000東京' })).toEqual(codes(gate));
    expect(await search({ keyword: 'outdoor,東京' })).toEqual(codes(gate));
    expect(await search({ keyword: 'outdoor\uFF0C東京' })).toEqual(codes(gate));
    expect(await search({ keyword: ' ,outdoor ,, \u3000 osaka, ' })).toEqual(codes(dock));
    // Each word matches some field, but no camera has both.
    expect(await search({ keyword: 'gate osaka' })).toEqual([]);
  });

  it('a blank keyword filters nothing', async () => {
    const { search, codes, gate, register, dock, loose } = await searchable();
    expect(await search({ keyword: ' \u3000 , ' })).toEqual(codes(gate, register, dock, loose));
    expect(await search({ keyword: '' })).toEqual(codes(gate, register, dock, loose));
  });

  it('% and _ and \\ in a word match themselves, not any text', async () => {
    const { customer, search, codes } = await searchable();
    const percent = await addCamera(t.db, customer.id, { name: 'Gauge 100% full' });
    const underscore = await addCamera(t.db, customer.id, { name: 'cam_01' });
    const backslash = await addCamera(t.db, customer.id, { name: 'share\\door' });
    await addCamera(t.db, customer.id, { name: 'camX01' });
    expect(await search({ keyword: '%' })).toEqual(codes(percent));
    expect(await search({ keyword: '100%' })).toEqual(codes(percent));
    expect(await search({ keyword: '_' })).toEqual(codes(underscore));
    expect(await search({ keyword: 'cam_0' })).toEqual(codes(underscore));
    expect(await search({ keyword: '\\' })).toEqual(codes(backslash));
    expect(await search({ keyword: 'e\\d' })).toEqual(codes(backslash));
  });

  it('filter[] entries are search words too, combined with the keyword', async () => {
    const { search, codes, gate, dock } = await searchable();
    expect(await search({ 'filter[]': ['outdoor', '東京'] })).toEqual(codes(gate));
    expect(await search({ 'filter[]': 'outdoor osaka' })).toEqual(codes(dock));
    expect(await search({ 'filter[]': 'outdoor', keyword: 'loading' })).toEqual(codes(dock));
    expect(await search({ 'filter[]': 'gate', keyword: 'osaka' })).toEqual([]);
  });

  it(`more than ${MAX_KEYWORDS} words -> 400 on the field that brought them`, async () => {
    const { cookie } = await searchable();
    const words = Array.from({ length: MAX_KEYWORDS + 1 }, (_, i) => `w${i}`);
    const byKeyword = await as(t.app, cookie, {
      method: 'GET',
      url: `/api/cameras?${queryString({ keyword: words.join(' ') })}`,
    });
    expect(byKeyword.statusCode).toBe(400);
    expect(byKeyword.json().errors.keyword).toBeDefined();
    const byFilter = await as(t.app, cookie, {
      method: 'GET',
      url: `/api/cameras?${queryString({ 'filter[]': words })}`,
    });
    expect(byFilter.statusCode).toBe(400);
    expect(byFilter.json().errors['filter[]']).toBeDefined();
    // Repeated words count once.
    const repeated = await as(t.app, cookie, {
      method: 'GET',
      url: `/api/cameras?${queryString({
        keyword: Array(MAX_KEYWORDS + 5)
          .fill('gate')
          .join(' '),
      })}`,
    });
    expect(repeated.statusCode).toBe(200);
  });

  it('tenancy: never finds another customer’s cameras, even by their names, sites or tags', async () => {
    const owner = await searchable();
    const secretSite = await addSite(t.db, owner.customer.id, { name: 'Secret lab', address: 'Hidden 9' });
    await addCamera(t.db, owner.customer.id, { name: 'Vault', location_id: secretSite.id });
    const outsider = await createTenant(t.db);
    await addTag(t.db, outsider.customer.id, 'Mine');
    const cookie = await login(t.app, outsider.user);
    for (const keyword of ['vault', 'secret lab', 'hidden', 'outdoor', 'gate', '重要']) {
      const res = await as(t.app, cookie, { method: 'GET', url: `/api/cameras?${queryString({ keyword })}` });
      expect(res.json().data, keyword).toMatchObject({ cameras: [], total: 0 });
    }
  });
});
