// GET api/cameratags (core.md §7): the caller's tags with their cameras; never another customer's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newCode } from '../../lib/tokens.ts';
import { expectNoLeak } from '../../../test/helpers/tenancy.ts';
import {
  as,
  createLocationAndCamera,
  createTenant,
  createTestApp,
  login,
  type TestApp,
} from '../../../test/helpers/test-app.ts';
import { TagRepository } from './tag.repository.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.app.close());

describe('GET api/cameratags', () => {
  it('lists tags by name with their cameras, including tags without cameras', async () => {
    const { user, customer } = await createTenant(t.db);
    const tags = new TagRepository(t.db);
    const door = await createLocationAndCamera(t.db, customer.id, 'Door');
    const yard = await createLocationAndCamera(t.db, customer.id, 'Yard');
    const shop = await tags.insert(customer.id, newCode('tag'), 'Shop');
    const empty = await tags.insert(customer.id, newCode('tag'), 'Empty');
    await tags.link(customer.id, shop.id, [yard.camera.id, door.camera.id]);

    const res = await as(t.app, await login(t.app, user), { method: 'GET', url: '/api/cameratags' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.tags).toEqual([
      { tag_code: empty.code, tag_name: 'Empty', cameras: [] },
      { tag_code: shop.code, tag_name: 'Shop', cameras: [door.camera.code, yard.camera.code] },
    ]);
  });

  it('tenancy: shows none of another customer’s tags, and cannot link their cameras', async () => {
    const owner = await createTenant(t.db);
    const ownerCam = await createLocationAndCamera(t.db, owner.customer.id, 'Owner cam');
    const ownerTag = await new TagRepository(t.db).insert(
      owner.customer.id,
      newCode('tag'),
      'Owner secret tag',
    );
    await new TagRepository(t.db).link(owner.customer.id, ownerTag.id, [ownerCam.camera.id]);

    const outsider = await createTenant(t.db);
    const outsiderTag = await new TagRepository(t.db).insert(outsider.customer.id, newCode('tag'), 'Mine');
    // Linking a foreign camera to one's own tag is silently impossible at the repository level.
    await new TagRepository(t.db).link(outsider.customer.id, outsiderTag.id, [ownerCam.camera.id]);

    const cookie = await login(t.app, outsider.user);
    await expectNoLeak(t.app, cookie, { method: 'GET', url: '/api/cameratags' }, [
      ownerTag.code,
      'Owner secret tag',
      ownerCam.camera.code,
    ]);
    const res = await as(t.app, cookie, { method: 'GET', url: '/api/cameratags' });
    expect(res.json().data.tags).toEqual([{ tag_code: outsiderTag.code, tag_name: 'Mine', cameras: [] }]);
  });

  it('401 without a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/cameratags' })).statusCode).toBe(401);
  });
});
