// POST api/cameratags/assign (core.md §2, §7): set and unset tags on several cameras at once, in one
// transaction; any unknown or foreign code answers 404 and changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectForeignIdsRefused } from '../../../test/helpers/tenancy.ts';
import { as, createTenant, createTestApp, login, type TestApp } from '../../../test/helpers/test-app.ts';
import { addCamera, addTag } from '../cameras/camera-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.app.close());

const assign = (cookie: string, payload: object) =>
  as(t.app, cookie, { method: 'POST', url: '/api/cameratags/assign', payload });
const tagsOf = async (cookie: string) =>
  (await as(t.app, cookie, { method: 'GET', url: '/api/cameratags' })).json().data.tags;

/** A tenant with cameras a, b, c and tags Red (on a) and Blue (on a and b). */
async function tagged() {
  const { user, customer } = await createTenant(t.db);
  const a = await addCamera(t.db, customer.id, { name: 'a' });
  const b = await addCamera(t.db, customer.id, { name: 'b' });
  const c = await addCamera(t.db, customer.id, { name: 'c' });
  const red = await addTag(t.db, customer.id, 'Red', [a.id]);
  const blue = await addTag(t.db, customer.id, 'Blue', [a.id, b.id]);
  const green = await addTag(t.db, customer.id, 'Green');
  return { user, customer, a, b, c, red, blue, green, cookie: await login(t.app, user) };
}

describe('POST api/cameratags/assign', () => {
  it('sets and unsets tags on every given camera and answers the whole updated tag list', async () => {
    const { cookie, a, b, c, red, blue, green } = await tagged();
    const res = await assign(cookie, {
      camera_code: [b.code, c.code],
      set_tag_code: [red.code, green.code],
      unset_tag_code: [blue.code],
    });
    expect(res.statusCode).toBe(200);
    const expected = [
      { tag_code: blue.code, tag_name: 'Blue', cameras: [a.code] },
      { tag_code: green.code, tag_name: 'Green', cameras: [b.code, c.code] },
      { tag_code: red.code, tag_name: 'Red', cameras: [a.code, b.code, c.code] },
    ];
    expect(res.json().data.tags).toEqual(expected);
    expect(await tagsOf(cookie)).toEqual(expected);
  });

  it('setting a tag already there and unsetting one that is not are harmless; repeated codes count once', async () => {
    const { cookie, a, c, red, blue } = await tagged();
    const res = await assign(cookie, {
      camera_code: [a.code, a.code, c.code],
      set_tag_code: [red.code, red.code],
      unset_tag_code: [],
    });
    expect(res.statusCode).toBe(200);
    const again = await assign(cookie, { camera_code: [c.code], unset_tag_code: [blue.code] });
    expect(again.statusCode).toBe(200);
    expect(
      again.json().data.tags.find((tag: { tag_code: string }) => tag.tag_code === red.code).cameras,
    ).toEqual([a.code, c.code]);
  });

  it('with neither set nor unset, changes nothing and answers the list', async () => {
    const { cookie, a } = await tagged();
    const before = await tagsOf(cookie);
    const res = await assign(cookie, { camera_code: [a.code] });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.tags).toEqual(before);
  });

  it.each([
    [{ camera_code: [] }, 'camera_code'],
    [{}, 'camera_code'],
    [{ camera_code: 'cam-x' }, 'camera_code'],
    [{ camera_code: ['cam-x'], set_tag_code: ['t1'], unset_tag_code: ['t1'] }, 'unset_tag_code'],
  ])('%j -> 400 on %s', async (payload, field) => {
    const { cookie } = await tagged();
    const res = await assign(cookie, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[field]).toBeDefined();
  });

  it('an unknown camera or tag code -> 404, and nothing changes', async () => {
    const { cookie, a, red, green } = await tagged();
    const before = await tagsOf(cookie);
    for (const payload of [
      { camera_code: [a.code, 'cam-nosuchcam'], set_tag_code: [green.code] },
      { camera_code: [a.code], set_tag_code: [green.code, 'tag-nosuchtag'] },
      { camera_code: [a.code], set_tag_code: [green.code], unset_tag_code: [red.code, 'tag-nosuchtag'] },
    ]) {
      const res = await assign(cookie, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(404);
    }
    expect(await tagsOf(cookie)).toEqual(before);
  });

  it('401 without a session', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/cameratags/assign',
      payload: { camera_code: ['x'] },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('tenancy of assign', () => {
  it('one foreign camera or tag code among the caller’s own -> 404; nothing changes on either side', async () => {
    const owner = await tagged();
    const outsider = await tagged();
    const ownerBefore = await tagsOf(owner.cookie);
    const outsiderBefore = await tagsOf(outsider.cookie);

    await expectForeignIdsRefused(t.app, outsider.cookie, [
      {
        name: 'tag a foreign camera with an own tag',
        request: {
          method: 'POST',
          url: '/api/cameratags/assign',
          payload: { camera_code: [outsider.c.code, owner.c.code], set_tag_code: [outsider.green.code] },
        },
      },
      {
        name: 'set a foreign tag on an own camera',
        request: {
          method: 'POST',
          url: '/api/cameratags/assign',
          payload: { camera_code: [outsider.c.code], set_tag_code: [outsider.green.code, owner.green.code] },
        },
      },
      {
        name: 'unset a foreign tag from a foreign camera',
        request: {
          method: 'POST',
          url: '/api/cameratags/assign',
          payload: { camera_code: [owner.a.code], unset_tag_code: [owner.red.code] },
        },
      },
    ]);
    expect(await tagsOf(owner.cookie)).toEqual(ownerBefore);
    expect(await tagsOf(outsider.cookie)).toEqual(outsiderBefore);
  });
});
