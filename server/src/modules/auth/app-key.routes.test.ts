// GET/POST/DELETE api/auth/appkey: registering browsers for device authentication (core.md §4, §6, §7).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectForeignIdsRefused, expectNoLeak } from '../../../test/helpers/tenancy.ts';
import { as, createTenant, createTestApp, login, type TestApp } from '../../../test/helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.app.close());

describe('api/auth/appkey', () => {
  it('registers a browser, lists it without the key, and revokes it', async () => {
    const { user } = await createTenant(t.db);
    const cookie = await login(t.app, user);
    const created = await as(t.app, cookie, {
      method: 'POST',
      url: '/api/auth/appkey',
      payload: { name: '  Reception  ' },
    });
    expect(created.statusCode).toBe(200);
    const { id, appKey, name } = created.json().data;
    expect(name).toBe('Reception');
    expect(appKey).toMatch(/^[0-9a-f]{64}$/);

    const list = await as(t.app, cookie, { method: 'GET', url: '/api/auth/appkey' });
    expect(list.json().data).toMatchObject({
      enabled: false,
      keys: [{ id, name: 'Reception', lastUsedAt: null }],
    });
    expect(list.body).not.toContain(appKey);

    const del = await as(t.app, cookie, { method: 'DELETE', url: '/api/auth/appkey', payload: { id } });
    expect(del.statusCode).toBe(200);
    expect((await as(t.app, cookie, { method: 'GET', url: '/api/auth/appkey' })).json().data.keys).toEqual(
      [],
    );
    expect(
      (await as(t.app, cookie, { method: 'DELETE', url: '/api/auth/appkey', payload: { id } })).statusCode,
    ).toBe(404);
  });

  it('a revoked key no longer logs in', async () => {
    const { user } = await createTenant(t.db);
    const cookie = await login(t.app, user);
    const { id, appKey } = (
      await as(t.app, cookie, { method: 'POST', url: '/api/auth/appkey', payload: { name: 'Tablet' } })
    ).json().data;
    await t.services.users.setDeviceAuthentication(user.email, true);
    await login(t.app, user, appKey);
    await as(t.app, cookie, { method: 'DELETE', url: '/api/auth/appkey', payload: { id } });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: user.password, appKey },
    });
    expect(res.json().data.reason).toBe('devauth_failed');
  });

  it('403 without the modDevauth right, and nothing is stored', async () => {
    const { user } = await createTenant(t.db, { live: true });
    const cookie = await login(t.app, user);
    const res = await as(t.app, cookie, { method: 'POST', url: '/api/auth/appkey', payload: { name: 'x' } });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe('You do not have permission');
    expect(await t.db.selectFrom('app_keys').select('id').where('user_id', '=', user.id).execute()).toEqual(
      [],
    );
  });

  it.each([
    ['POST', { name: '' }, 'name'],
    ['POST', { name: 'x'.repeat(101) }, 'name'],
    ['POST', {}, 'name'],
    ['DELETE', { id: 'abc' }, 'id'],
    ['DELETE', { id: -1 }, 'id'],
  ] as const)('%s %j -> 400 on %s', async (method, payload, field) => {
    const { user } = await createTenant(t.db);
    const res = await as(t.app, await login(t.app, user), { method, url: '/api/auth/appkey', payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[field]).toBeDefined();
  });

  it('401 without a session', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      expect(
        (
          await t.app.inject({
            method,
            url: '/api/auth/appkey',
            payload: method === 'GET' ? undefined : { name: 'x', id: 1 },
          })
        ).statusCode,
      ).toBe(401);
    }
  });

  it('tenancy: another customer can neither see nor revoke these keys', async () => {
    const owner = await createTenant(t.db);
    const ownerCookie = await login(t.app, owner.user);
    const { id, appKey } = (
      await as(t.app, ownerCookie, { method: 'POST', url: '/api/auth/appkey', payload: { name: 'Owner PC' } })
    ).json().data;
    const outsider = await createTenant(t.db);
    const outsiderCookie = await login(t.app, outsider.user);

    await expectForeignIdsRefused(t.app, outsiderCookie, [
      {
        name: 'revoke a foreign key',
        request: { method: 'DELETE', url: '/api/auth/appkey', payload: { id } },
      },
    ]);
    await expectNoLeak(t.app, outsiderCookie, { method: 'GET', url: '/api/auth/appkey' }, ['Owner PC', id]);
    await expectNoLeak(t.app, outsiderCookie, { method: 'GET', url: '/api/auth/me' }, [
      owner.user.email,
      owner.customer.code,
    ]);

    await t.services.users.setDeviceAuthentication(owner.user.email, true);
    await login(t.app, owner.user, appKey); // still valid
  });
});

describe('PUT api/auth/devauth', () => {
  const setDevauth = (cookie: string, payload: object) =>
    as(t.app, cookie, { method: 'PUT', url: '/api/auth/devauth', payload });
  const me = async (cookie: string) =>
    (await as(t.app, cookie, { method: 'GET', url: '/api/auth/me' })).json().data;

  it('switches on only from a registered browser, then refuses unregistered logins; switches off again', async () => {
    const { user } = await createTenant(t.db);
    const cookie = await login(t.app, user);
    const refused = await setDevauth(cookie, { enabled: true });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors.appKey).toBeDefined();
    expect((await me(cookie)).devauthEnabled).toBe(false);

    const { appKey } = (
      await as(t.app, cookie, { method: 'POST', url: '/api/auth/appkey', payload: { name: 'This PC' } })
    ).json().data;
    const on = await setDevauth(cookie, { enabled: true, appKey });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toEqual({ data: { enabled: true } });
    expect((await me(cookie)).devauthEnabled).toBe(true);
    const check = await as(t.app, cookie, {
      method: 'POST',
      url: '/api/auth/checklogin',
      payload: { appKey },
    });
    expect(check.json().result).toBe('success');
    const noKey = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: user.password },
    });
    expect(noKey.json().data.reason).toBe('devauth_failed');

    expect((await setDevauth(cookie, { enabled: false })).statusCode).toBe(200);
    await login(t.app, user);
  });

  it('refuses another user’s key as this browser’s', async () => {
    const other = await createTenant(t.db);
    const otherCookie = await login(t.app, other.user);
    const { appKey } = (
      await as(t.app, otherCookie, { method: 'POST', url: '/api/auth/appkey', payload: { name: 'Theirs' } })
    ).json().data;
    const { user } = await createTenant(t.db);
    const res = await setDevauth(await login(t.app, user), { enabled: true, appKey });
    expect(res.statusCode).toBe(400);
  });

  it('403 without the modDevauth right; 400 on a non-boolean', async () => {
    const { user } = await createTenant(t.db, { live: true });
    const cookie = await login(t.app, user);
    expect((await setDevauth(cookie, { enabled: false })).statusCode).toBe(403);
    const full = await createTenant(t.db);
    expect(
      (await setDevauth(await login(t.app, full.user), { enabled: 'yes' })).json().errors.enabled,
    ).toBeDefined();
  });
});
