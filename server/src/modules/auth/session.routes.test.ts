// Sessions: me, logout, login check, idle and absolute expiry, same-origin guard (core.md §4, §7).
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTenant, createTestApp, login, type TestApp } from '../../../test/helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SESSION_IDLE_MINUTES: '30', SESSION_MAX_DAYS: '2' });
});
afterAll(() => t.app.close());

const me = (cookie: string) => as(t.app, cookie, { method: 'GET', url: '/api/auth/me' });

describe('GET api/auth/me', () => {
  it('401 without a session, with a made-up token and with a malformed cookie', async () => {
    for (const cookie of [
      '',
      `cw_session=${'a'.repeat(64)}`,
      'cw_session=%%%',
      `cw_session=${'b'.repeat(5000)}`,
    ]) {
      const res = await me(cookie);
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe('unauthorized');
    }
  });

  it('answers hasChildUser for a parent and the parent link for a child', async () => {
    const { user, customer } = await createTenant(t.db);
    const parentCookie = await login(t.app, user);
    expect((await me(parentCookie)).json().data.hasChildUser).toBe(false);
    const { createUser } = await import('../../../test/helpers/test-app.ts');
    const child = await createUser(t.db, customer.id, { parentUserId: user.id, permissions: { live: true } });
    expect((await me(parentCookie)).json().data.hasChildUser).toBe(true);
    const childInfo = (await me(await login(t.app, child))).json().data;
    expect(childInfo).toMatchObject({ isChild: true, parentUserId: user.id, hasChildUser: false });
    expect(childInfo.permissions.live).toBe(true);
    expect(childInfo.permissions.archive).toBe(false);
  });
});

describe('session expiry', () => {
  it('ends a session idle for longer than the idle timeout', async () => {
    const { user } = await createTenant(t.db);
    const cookie = await login(t.app, user);
    expect((await me(cookie)).statusCode).toBe(200);
    await t.db
      .updateTable('sessions')
      .set({ last_seen_at: sql`now() - interval '31 minutes'` })
      .where('user_id', '=', user.id)
      .execute();
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it('keeps an active session alive by touching it', async () => {
    const { user } = await createTenant(t.db);
    const cookie = await login(t.app, user);
    await t.db
      .updateTable('sessions')
      .set({ last_seen_at: sql`now() - interval '29 minutes'` })
      .where('user_id', '=', user.id)
      .execute();
    expect((await me(cookie)).statusCode).toBe(200);
    const row = await t.db
      .selectFrom('sessions')
      .select(sql<boolean>`last_seen_at > now() - interval '1 minute'`.as('fresh'))
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.fresh).toBe(true);
  });

  it('ends a session past its absolute expiry however active', async () => {
    const { user } = await createTenant(t.db);
    const cookie = await login(t.app, user);
    await t.db
      .updateTable('sessions')
      .set({ expires_at: sql`now() - interval '1 second'` })
      .where('user_id', '=', user.id)
      .execute();
    expect((await me(cookie)).statusCode).toBe(401);
  });
});

describe('POST api/auth/logout', () => {
  it('revokes the session and clears the cookie', async () => {
    const { user } = await createTenant(t.db);
    const cookie = await login(t.app, user);
    const other = await login(t.app, user);
    const res = await as(t.app, cookie, { method: 'POST', url: '/api/auth/logout' });
    expect(res.statusCode).toBe(200);
    const cleared = res.cookies.find((c) => c.name === 'cw_session');
    expect(cleared?.value).toBe('');
    expect((await me(cookie)).statusCode).toBe(401);
    expect((await me(other)).statusCode).toBe(200);
  });

  it('answers 200 without a session (nothing to end)', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout' })).statusCode).toBe(200);
  });
});

describe('POST api/auth/checklogin', () => {
  it('401 without a session', async () => {
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/auth/checklogin', payload: {} })).statusCode,
    ).toBe(401);
  });

  it('answers success with the user info for a valid session', async () => {
    const { user } = await createTenant(t.db);
    const res = await as(t.app, await login(t.app, user), {
      method: 'POST',
      url: '/api/auth/checklogin',
      payload: {},
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ result: 'success', data: { b_user_id: user.id } });
  });

  it('answers failed with devauth_failed when device authentication was turned on since, and ends the session', async () => {
    const { user } = await createTenant(t.db);
    const cookie = await login(t.app, user);
    const key = (
      await as(t.app, cookie, { method: 'POST', url: '/api/auth/appkey', payload: { name: 'Office' } })
    ).json().data.appKey;
    await t.services.users.setDeviceAuthentication(user.email, true);

    const ok = await as(t.app, cookie, {
      method: 'POST',
      url: '/api/auth/checklogin',
      payload: { appKey: key },
    });
    expect(ok.json().result).toBe('success');
    const res = await as(t.app, cookie, {
      method: 'POST',
      url: '/api/auth/checklogin',
      payload: { appKey: null },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ result: 'failed', data: { reason: 'devauth_failed' } });
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it('ends the session with 401 ip_restricted when the allow-list no longer covers the client', async () => {
    const { user, customer } = await createTenant(t.db);
    const cookie = await login(t.app, user);
    await t.services.ipAllow.add(customer.id, user.id, '203.0.113.0/24', '');
    // Every call checks the list now (issue 16 §7), so the session ends before the check's own handler.
    const res = await as(t.app, cookie, { method: 'POST', url: '/api/auth/checklogin', payload: {} });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('ip_restricted');
    expect((await me(cookie)).statusCode).toBe(401);
  });
});

describe('same-origin guard for state-changing calls', () => {
  it('refuses a foreign Origin with 403 and changes nothing', async () => {
    const { user } = await createTenant(t.db);
    const cookie = await login(t.app, user);
    const res = await as(t.app, cookie, {
      method: 'POST',
      url: '/api/auth/logout',
      headers: { origin: 'https://evil.example', host: 'localhost:8080' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('bad_origin');
    expect((await me(cookie)).statusCode).toBe(200);
  });

  it('refuses a cross-site fetch without Origin', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'sec-fetch-site': 'cross-site' },
      payload: { email: 'a@b.example', password: 'x' },
    });
    expect(res.statusCode).toBe(403);
  });

  it('accepts our own origin, and programs that send no Origin', async () => {
    const { user } = await createTenant(t.db);
    const same = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { origin: 'http://localhost:8080', host: 'localhost:8080', 'sec-fetch-site': 'same-origin' },
      payload: { email: user.email, password: user.password },
    });
    expect(same.statusCode).toBe(200);
    const program = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: user.password },
    });
    expect(program.statusCode).toBe(200);
  });

  it('does not apply to reads', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/settings/env',
      headers: { origin: 'https://elsewhere.example' },
    });
    expect(res.statusCode).toBe(200);
  });
});
