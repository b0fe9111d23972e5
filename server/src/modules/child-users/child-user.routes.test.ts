// GET api/childusers, PUT api/childusers/{userId}, DELETE api/childusers/{userId}/appkey (advanced.md §3, §6,
// §7): a parent manages its own children only; a child manages nobody.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectForeignIdsRefused, expectNoLeak } from '../../../test/helpers/tenancy.ts';
import {
  as,
  createTenant,
  createTestApp,
  createUser,
  login,
  type TestApp,
  type TestUser,
} from '../../../test/helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.app.close());

/** A customer with a parent and two children (every right, as createUser gives by default). */
async function family() {
  const { customer, user: parent } = await createTenant(t.db);
  const first = await createUser(t.db, customer.id, { parentUserId: parent.id });
  const second = await createUser(t.db, customer.id, {
    parentUserId: parent.id,
    permissions: { live: true, modPassword: false, modDevauth: false },
  });
  return { customer, parent, first, second, cookie: await login(t.app, parent) };
}

const list = (cookie: string) => as(t.app, cookie, { method: 'GET', url: '/api/childusers' });
const update = (cookie: string, userId: number | string, payload: unknown) =>
  as(t.app, cookie, { method: 'PUT', url: `/api/childusers/${userId}`, payload: payload as object });
const clearKeys = (cookie: string, userId: number | string) =>
  as(t.app, cookie, { method: 'DELETE', url: `/api/childusers/${userId}/appkey` });
const loginReq = (user: TestUser) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: user.email, password: user.password },
  });
const registerKey = async (cookie: string, name: string) => {
  const res = await as(t.app, cookie, { method: 'POST', url: '/api/auth/appkey', payload: { name } });
  expect(res.statusCode, res.body).toBe(200);
};

describe('GET api/childusers', () => {
  it('lists the parent’s children with lock, authorities and device authentication', async () => {
    const { parent, first, second, cookie } = await family();
    await registerKey(await login(t.app, first), 'Phone');
    const res = await list(cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      data: {
        childUsers: [
          {
            userId: first.id,
            email: first.email,
            user_name: first.email.split('@')[0],
            locked: false,
            lockedBy: null,
            modPassword: true,
            modDevauth: true,
            hasAppKey: true,
          },
          {
            userId: second.id,
            email: second.email,
            user_name: second.email.split('@')[0],
            locked: false,
            lockedBy: null,
            modPassword: false,
            modDevauth: false,
            hasAppKey: false,
          },
        ],
      },
    });
    expect(res.body).not.toContain(parent.email);
  });

  it('a parent without children gets an empty list', async () => {
    const { user } = await createTenant(t.db);
    const res = await list(await login(t.app, user));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { childUsers: [] } });
  });

  it('a child user gets 403', async () => {
    const { first } = await family();
    const res = await list(await login(t.app, first));
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('forbidden');
  });

  it('401 without a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/childusers' })).statusCode).toBe(401);
  });
});

describe('PUT api/childusers/:userId', () => {
  it('sets the password-change and device-authentication authorities and answers the updated child', async () => {
    const { second, cookie } = await family();
    const res = await update(cookie, second.id, { modPassword: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ userId: second.id, modPassword: true, modDevauth: false });

    const both = await update(cookie, second.id, { modPassword: false, modDevauth: true });
    expect(both.json().data).toMatchObject({ modPassword: false, modDevauth: true, locked: false });
    const row = await t.db
      .selectFrom('users')
      .select(['perm_mod_password', 'perm_mod_devauth'])
      .where('id', '=', second.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ perm_mod_password: false, perm_mod_devauth: true });

    // The child's own session sees the new rights.
    const me = await as(t.app, await login(t.app, second), { method: 'GET', url: '/api/auth/me' });
    expect(me.json().data.permissions).toMatchObject({ modPassword: false, modDevauth: true });
  });

  it('locking ends the child’s sessions at once and login says locked; unlocking lets it in again', async () => {
    const { first, second, cookie } = await family();
    const childCookie = await login(t.app, first);
    const siblingCookie = await login(t.app, second);
    expect((await as(t.app, childCookie, { method: 'GET', url: '/api/auth/me' })).statusCode).toBe(200);

    const locked = await update(cookie, first.id, { locked: true });
    expect(locked.statusCode, locked.body).toBe(200);
    expect(locked.json().data).toMatchObject({ userId: first.id, locked: true, lockedBy: 'parent' });

    expect((await as(t.app, childCookie, { method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
    const session = await t.db
      .selectFrom('sessions')
      .select('revoked_at')
      .where('user_id', '=', first.id)
      .execute();
    expect(session.length).toBeGreaterThan(0);
    expect(session.every((s) => s.revoked_at !== null)).toBe(true);
    const refused = await loginReq(first);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ result: 'failed', data: { reason: 'locked' } });
    // The sibling and the parent are untouched.
    expect((await as(t.app, siblingCookie, { method: 'GET', url: '/api/auth/me' })).statusCode).toBe(200);
    expect((await list(cookie)).json().data.childUsers[0]).toMatchObject({
      locked: true,
      lockedBy: 'parent',
    });

    const unlocked = await update(cookie, first.id, { locked: false });
    expect(unlocked.json().data).toMatchObject({ locked: false, lockedBy: null });
    expect((await loginReq(first)).statusCode).toBe(200);
    // The old session stays ended.
    expect((await as(t.app, childCookie, { method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
  });

  it('unlocking also lifts the temporary lock after repeated failed logins', async () => {
    const { first, cookie } = await family();
    await t.db
      .updateTable('users')
      .set({ system_locked_until: new Date(Date.now() + 600_000), failed_login_count: 2 })
      .where('id', '=', first.id)
      .execute();
    expect((await loginReq(first)).json().data.reason).toBe('system_locked');
    expect((await update(cookie, first.id, { locked: false })).statusCode).toBe(200);
    expect((await loginReq(first)).statusCode).toBe(200);
  });

  it('a parent cannot lift an administrator’s lock, and locking keeps it the administrator’s', async () => {
    const { first, cookie } = await family();
    await t.services.users.lock(first.email, 'admin');
    expect((await list(cookie)).json().data.childUsers[0]).toMatchObject({ locked: true, lockedBy: 'admin' });

    const lift = await update(cookie, first.id, { locked: false, modPassword: false });
    expect(lift.statusCode).toBe(403);
    const row = await t.db
      .selectFrom('users')
      .select(['lock_state', 'perm_mod_password'])
      .where('id', '=', first.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ lock_state: 'admin', perm_mod_password: true });

    const relock = await update(cookie, first.id, { locked: true });
    expect(relock.json().data).toMatchObject({ locked: true, lockedBy: 'admin' });
    // Authorities can still be set while the administrator's lock stays.
    const rights = await update(cookie, first.id, { modDevauth: false });
    expect(rights.json().data).toMatchObject({ locked: true, lockedBy: 'admin', modDevauth: false });
    expect((await loginReq(first)).json().data.reason).toBe('locked');
  });

  it('a parent cannot reach another parent’s child in the same customer (404)', async () => {
    const { customer, first, cookie } = await family();
    const otherParent = await createUser(t.db, customer.id);
    const otherChild = await createUser(t.db, customer.id, { parentUserId: otherParent.id });
    await expectForeignIdsRefused(t.app, cookie, [
      {
        name: 'lock another parent’s child',
        request: { method: 'PUT', url: `/api/childusers/${otherChild.id}`, payload: { locked: true } },
      },
      {
        name: 'clear its keys',
        request: { method: 'DELETE', url: `/api/childusers/${otherChild.id}/appkey` },
      },
      {
        name: 'lock the other parent',
        request: { method: 'PUT', url: `/api/childusers/${otherParent.id}`, payload: { locked: true } },
      },
    ]);
    const otherCookie = await login(t.app, otherParent);
    await expectForeignIdsRefused(t.app, otherCookie, [
      {
        name: 'lock the first family’s child',
        request: { method: 'PUT', url: `/api/childusers/${first.id}`, payload: { locked: true } },
      },
    ]);
    expect((await list(otherCookie)).json().data.childUsers.map((c: { userId: number }) => c.userId)).toEqual(
      [otherChild.id],
    );
    expect((await loginReq(otherChild)).statusCode).toBe(200);
    expect((await loginReq(first)).statusCode).toBe(200);
  });

  it('a parent cannot change itself through the child route (404)', async () => {
    const { parent, cookie } = await family();
    expect((await update(cookie, parent.id, { locked: true })).statusCode).toBe(404);
    expect((await list(cookie)).statusCode).toBe(200);
  });

  it('a child cannot manage its siblings or itself (403)', async () => {
    const { first, second } = await family();
    const childCookie = await login(t.app, first);
    await expectForeignIdsRefused(t.app, childCookie, [
      {
        name: 'lock a sibling',
        request: { method: 'PUT', url: `/api/childusers/${second.id}`, payload: { locked: true } },
        expectStatus: 403,
      },
      {
        name: 'grant itself rights',
        request: { method: 'PUT', url: `/api/childusers/${first.id}`, payload: { modDevauth: true } },
        expectStatus: 403,
      },
      {
        name: 'clear a sibling’s keys',
        request: { method: 'DELETE', url: `/api/childusers/${second.id}/appkey` },
        expectStatus: 403,
      },
    ]);
    expect((await loginReq(second)).statusCode).toBe(200);
  });

  it('an unknown user id is 404', async () => {
    const { cookie } = await family();
    expect((await update(cookie, 2_000_000_000, { locked: true })).statusCode).toBe(404);
    expect((await clearKeys(cookie, 2_000_000_000)).statusCode).toBe(404);
  });

  it.each([
    ['no field', {}],
    ['only unknown fields', { admin: true }],
    ['locked as text', { locked: 'yes' }],
    ['modPassword as a number', { modPassword: 1 }],
    ['modDevauth null', { modDevauth: null }],
  ])('%s -> 400, nothing changed', async (_name, payload) => {
    const { first, cookie } = await family();
    const res = await update(cookie, first.id, payload);
    expect(res.statusCode, res.body).toBe(400);
    expect(Object.keys(res.json().errors).length).toBeGreaterThan(0);
    expect((await list(cookie)).json().data.childUsers[0]).toMatchObject({
      locked: false,
      modPassword: true,
      modDevauth: true,
    });
  });

  it('an unknown field beside a known one is ignored, never applied', async () => {
    const { first, cookie } = await family();
    const res = await update(cookie, first.id, { modPassword: false, admin: false, perm_live: false });
    expect(res.statusCode, res.body).toBe(200);
    const row = await t.db
      .selectFrom('users')
      .select(['is_admin', 'perm_live', 'perm_mod_password'])
      .where('id', '=', first.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ is_admin: true, perm_live: true, perm_mod_password: false });
  });

  it.each(['abc', '0', '-3', '1.5'])('userId %s -> 400', async (userId) => {
    const { cookie } = await family();
    const put = await update(cookie, userId, { locked: true });
    expect(put.statusCode, put.body).toBe(400);
    expect(put.json().errors.userId).toBeDefined();
    const del = await clearKeys(cookie, userId);
    expect(del.statusCode, del.body).toBe(400);
    expect(del.json().errors.userId).toBeDefined();
  });

  it('401 without a session', async () => {
    const { first } = await family();
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/childusers/${first.id}`,
      payload: { locked: true },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('DELETE api/childusers/:userId/appkey', () => {
  it('revokes every browser the child registered and answers the updated child', async () => {
    const { first, second, cookie } = await family();
    const childCookie = await login(t.app, first);
    await registerKey(childCookie, 'Phone');
    await registerKey(childCookie, 'Tablet');
    await registerKey(
      await login(t.app, await createUser(t.db, (await createTenant(t.db)).customer.id)),
      'x',
    );

    const res = await clearKeys(cookie, first.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ userId: first.id, hasAppKey: false, locked: false });
    const keys = await as(t.app, childCookie, { method: 'GET', url: '/api/auth/appkey' });
    expect(keys.json().data.keys).toEqual([]);
    // Device authentication is off again, so the child can log in without a key and register anew.
    await t.services.users.setDeviceAuthentication(second.email, true);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: second.email, password: second.password },
    });
    expect(refused.json().data.reason).toBe('devauth_failed');
    await clearKeys(cookie, second.id);
    await login(t.app, second);
    // Clearing a child without keys is fine too.
    expect((await clearKeys(cookie, second.id)).json().data).toMatchObject({ hasAppKey: false });
  });

  it('401 without a session', async () => {
    const { first } = await family();
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/childusers/${first.id}/appkey` })).statusCode,
    ).toBe(401);
  });
});

describe('tenancy', () => {
  it('a parent of another customer neither sees nor changes these children (404)', async () => {
    const owner = await family();
    await registerKey(await login(t.app, owner.first), 'Phone');
    const outsider = await family();
    await expectNoLeak(t.app, outsider.cookie, { method: 'GET', url: '/api/childusers' }, [
      owner.first.email,
      owner.second.email,
      owner.first.id,
      owner.second.id,
    ]);
    await expectForeignIdsRefused(t.app, outsider.cookie, [
      {
        name: 'lock',
        request: { method: 'PUT', url: `/api/childusers/${owner.first.id}`, payload: { locked: true } },
      },
      {
        name: 'rights',
        request: { method: 'PUT', url: `/api/childusers/${owner.second.id}`, payload: { modPassword: true } },
      },
      { name: 'clear keys', request: { method: 'DELETE', url: `/api/childusers/${owner.first.id}/appkey` } },
      {
        name: 'the owner parent',
        request: { method: 'PUT', url: `/api/childusers/${owner.parent.id}`, payload: { locked: true } },
      },
    ]);
    expect((await list(owner.cookie)).json().data.childUsers).toMatchObject([
      { userId: owner.first.id, locked: false, hasAppKey: true },
      { userId: owner.second.id, locked: false, modPassword: false },
    ]);
  });
});
