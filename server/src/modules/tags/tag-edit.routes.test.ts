// POST, PUT and DELETE api/cameratags (core.md §2, §5, §7, §8): add, rename and delete tags; name errors
// answer 400 under errors.tag_name, whose first message the client shows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TAG_NAME_MAX_LENGTH } from '@camwatch/contract/constants';
import { expectForeignIdsRefused, expectNoLeak } from '../../../test/helpers/tenancy.ts';
import { as, createTenant, createTestApp, login, type TestApp } from '../../../test/helpers/test-app.ts';
import { addCamera, addTag } from '../cameras/camera-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.app.close());

const tagsOf = async (cookie: string) =>
  (await as(t.app, cookie, { method: 'GET', url: '/api/cameratags' })).json().data.tags;

describe('POST api/cameratags', () => {
  it('adds a tag with a trimmed name and no cameras; it is then listed', async () => {
    const { user } = await createTenant(t.db);
    const cookie = await login(t.app, user);
    const res = await as(t.app, cookie, {
      method: 'POST',
      url: '/api/cameratags',
      payload: { tag_name: '  Parking lot \u3000' },
    });
    expect(res.statusCode).toBe(200);
    const tag = res.json().data;
    expect(tag).toEqual({
      tag_code: expect.stringMatching(/^tag-[a-z0-9]{10}$/),
      tag_name: 'Parking lot',
      cameras: [],
    });
    expect(await tagsOf(cookie)).toEqual([tag]);
  });

  it.each([
    ['', 'is required'],
    ['   ', 'is required'],
    ['x'.repeat(TAG_NAME_MAX_LENGTH + 1), `must be at most ${TAG_NAME_MAX_LENGTH} characters`],
  ])('tag_name %j -> 400 errors.tag_name [%s]', async (tag_name, message) => {
    const { user } = await createTenant(t.db);
    const cookie = await login(t.app, user);
    const res = await as(t.app, cookie, { method: 'POST', url: '/api/cameratags', payload: { tag_name } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.tag_name[0]).toBe(message);
    expect(await tagsOf(cookie)).toEqual([]);
  });

  it(`a name of exactly ${TAG_NAME_MAX_LENGTH} characters is fine`, async () => {
    const { user } = await createTenant(t.db);
    const tag_name = '名'.repeat(TAG_NAME_MAX_LENGTH);
    const res = await as(t.app, await login(t.app, user), {
      method: 'POST',
      url: '/api/cameratags',
      payload: { tag_name },
    });
    expect(res.statusCode).toBe(200);
  });

  it('a name already used in the customer, in any case, -> 400 with a clear message; other customers may', async () => {
    const { user } = await createTenant(t.db);
    const cookie = await login(t.app, user);
    await as(t.app, cookie, { method: 'POST', url: '/api/cameratags', payload: { tag_name: 'Entrance' } });
    for (const tag_name of ['Entrance', ' ENTRANCE ', 'entrance']) {
      const res = await as(t.app, cookie, { method: 'POST', url: '/api/cameratags', payload: { tag_name } });
      expect(res.statusCode, tag_name).toBe(400);
      expect(res.json()).toEqual({
        errors: { tag_name: ['a tag with this name already exists'] },
        codes: { tag_name: ['taken'] },
      });
    }
    expect(await tagsOf(cookie)).toHaveLength(1);
    const other = await createTenant(t.db);
    const res = await as(t.app, await login(t.app, other.user), {
      method: 'POST',
      url: '/api/cameratags',
      payload: { tag_name: 'Entrance' },
    });
    expect(res.statusCode).toBe(200);
  });

  it('400 without tag_name; 401 without a session', async () => {
    const { user } = await createTenant(t.db);
    const res = await as(t.app, await login(t.app, user), {
      method: 'POST',
      url: '/api/cameratags',
      payload: {},
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.tag_name).toBeDefined();
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/cameratags',
      payload: { tag_name: 'x' },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('PUT api/cameratags/:tag_code', () => {
  it('renames a tag, keeping its cameras', async () => {
    const { user, customer } = await createTenant(t.db);
    const cam = await addCamera(t.db, customer.id, { name: 'Door' });
    const tag = await addTag(t.db, customer.id, 'Frnt', [cam.id]);
    const cookie = await login(t.app, user);
    const res = await as(t.app, cookie, {
      method: 'PUT',
      url: `/api/cameratags/${tag.code}`,
      payload: { tag_name: ' Front ' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ tag_code: tag.code, tag_name: 'Front', cameras: [cam.code] });
    expect(await tagsOf(cookie)).toEqual([{ tag_code: tag.code, tag_name: 'Front', cameras: [cam.code] }]);
  });

  it('may change only the case of its own name; another tag’s name -> 400 and nothing changes', async () => {
    const { user, customer } = await createTenant(t.db);
    const shop = await addTag(t.db, customer.id, 'shop');
    await addTag(t.db, customer.id, 'Yard');
    const cookie = await login(t.app, user);
    const recased = await as(t.app, cookie, {
      method: 'PUT',
      url: `/api/cameratags/${shop.code}`,
      payload: { tag_name: 'Shop' },
    });
    expect(recased.statusCode).toBe(200);
    const clash = await as(t.app, cookie, {
      method: 'PUT',
      url: `/api/cameratags/${shop.code}`,
      payload: { tag_name: 'YARD' },
    });
    expect(clash.statusCode).toBe(400);
    expect(clash.json().errors.tag_name).toEqual(['a tag with this name already exists']);
    expect((await tagsOf(cookie)).map((tag: { tag_name: string }) => tag.tag_name)).toEqual(['Shop', 'Yard']);
  });

  it('400 for an empty name; 404 for an unknown code', async () => {
    const { user, customer } = await createTenant(t.db);
    const tag = await addTag(t.db, customer.id, 'Keep');
    const cookie = await login(t.app, user);
    const empty = await as(t.app, cookie, {
      method: 'PUT',
      url: `/api/cameratags/${tag.code}`,
      payload: { tag_name: ' ' },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors.tag_name).toEqual(['is required']);
    const unknown = await as(t.app, cookie, {
      method: 'PUT',
      url: '/api/cameratags/tag-nosuchtag',
      payload: { tag_name: 'New' },
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('DELETE api/cameratags/:tag_code', () => {
  it('deletes the tag and its links, not the cameras; a second delete is 404', async () => {
    const { user, customer } = await createTenant(t.db);
    const cam = await addCamera(t.db, customer.id, { name: 'Door' });
    const tag = await addTag(t.db, customer.id, 'Gone', [cam.id]);
    const kept = await addTag(t.db, customer.id, 'Kept', [cam.id]);
    const cookie = await login(t.app, user);
    const res = await as(t.app, cookie, { method: 'DELETE', url: `/api/cameratags/${tag.code}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { tag_code: tag.code } });
    expect(await tagsOf(cookie)).toEqual([{ tag_code: kept.code, tag_name: 'Kept', cameras: [cam.code] }]);
    const links = await t.db
      .selectFrom('camera_tags')
      .select('tag_id')
      .where('camera_id', '=', cam.id)
      .execute();
    expect(links).toEqual([{ tag_id: kept.id }]);
    const listed = await as(t.app, cookie, { method: 'GET', url: '/api/cameras' });
    expect(listed.json().data.cameras[0].tags).toEqual([{ tag_code: kept.code, tag_name: 'Kept' }]);
    expect(
      (await as(t.app, cookie, { method: 'DELETE', url: `/api/cameratags/${tag.code}` })).statusCode,
    ).toBe(404);
  });
});

describe('tenancy of tag editing', () => {
  it('another customer’s tag can be neither renamed nor deleted, and stays as it was', async () => {
    const owner = await createTenant(t.db);
    const cam = await addCamera(t.db, owner.customer.id, { name: 'Owner cam' });
    const tag = await addTag(t.db, owner.customer.id, 'Owner tag', [cam.id]);
    const outsider = await createTenant(t.db);
    const cookie = await login(t.app, outsider.user);
    await expectForeignIdsRefused(t.app, cookie, [
      {
        name: 'rename a foreign tag',
        request: { method: 'PUT', url: `/api/cameratags/${tag.code}`, payload: { tag_name: 'Hijacked' } },
      },
      { name: 'delete a foreign tag', request: { method: 'DELETE', url: `/api/cameratags/${tag.code}` } },
    ]);
    // The outsider may use the same name for a tag of their own, and still sees nothing of the owner.
    const own = await as(t.app, cookie, {
      method: 'POST',
      url: '/api/cameratags',
      payload: { tag_name: 'Owner tag' },
    });
    expect(own.statusCode).toBe(200);
    expect(own.json().data.tag_code).not.toBe(tag.code);
    await expectNoLeak(t.app, cookie, { method: 'GET', url: '/api/cameratags' }, [
      tag.code,
      cam.code,
      'Owner cam',
    ]);
    expect(await tagsOf(await login(t.app, owner.user))).toEqual([
      { tag_code: tag.code, tag_name: 'Owner tag', cameras: [cam.code] },
    ]);
  });
});
