// POST api/auth/login and the failure reasons of core.md §6/§8, through the real app and database.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  as,
  createTenant,
  createTestApp,
  createUser,
  login,
  TEST_PASSWORD,
  uniqueEmail,
  type TestApp,
} from '../../../test/helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_MAX_FAILURES: '3' });
});
afterAll(() => t.app.close());

const loginReq = (payload: unknown, extra: Record<string, unknown> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: payload as object, ...extra });

describe('POST api/auth/login', () => {
  it('logs in, sets an HttpOnly SameSite=Lax session cookie and answers the user info', async () => {
    const { user, customer } = await createTenant(t.db, { live: true, archive: true, modPassword: true });
    const res = await loginReq({ email: user.email.toUpperCase(), password: user.password });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.result).toBe('success');
    expect(body.data).toMatchObject({
      b_user_id: user.id,
      email: user.email,
      customer_code: customer.code,
      hasChildUser: false,
      isChild: false,
      permissions: { live: true, archive: true, modPassword: true, ptz: false, debug: false, admin: false },
    });
    const cookie = res.cookies.find((c) => c.name === 'cw_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.secure).toBeFalsy();
    expect(cookie?.value).toMatch(/^[0-9a-f]{64}$/);

    const me = await as(t.app, `cw_session=${cookie?.value}`, { method: 'GET', url: '/api/auth/me' });
    expect(me.statusCode).toBe(200);
    expect(me.json().data.b_user_id).toBe(user.id);
  });

  it('stores only a hash of the session token', async () => {
    const { user } = await createTenant(t.db);
    const cookie = await login(t.app, user);
    const token = cookie.split('=')[1] ?? '';
    const rows = await t.db
      .selectFrom('sessions')
      .select('token_hash')
      .where('user_id', '=', user.id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.token_hash).not.toBe(token);
    expect(rows[0]?.token_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('marks the cookie Secure when served over HTTPS behind a trusted proxy', async () => {
    const proxied = await createTestApp({ TRUST_PROXY: '1' });
    try {
      const { user } = await createTenant(proxied.db);
      const res = await proxied.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'x-forwarded-proto': 'https' },
        payload: { email: user.email, password: user.password },
      });
      expect(res.statusCode).toBe(200);
      expect(res.cookies.find((c) => c.name === 'cw_session')?.secure).toBe(true);
    } finally {
      await proxied.app.close();
    }
  });

  it('answers the same invalid_credentials for an unknown email and a wrong password', async () => {
    const { user } = await createTenant(t.db);
    const unknown = await loginReq({ email: uniqueEmail('nobody'), password: 'whatever1' });
    const wrong = await loginReq({ email: user.email, password: 'wrong-password' });
    for (const res of [unknown, wrong]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ result: 'failed', data: { reason: 'invalid_credentials' } });
      expect(res.cookies.find((c) => c.name === 'cw_session')).toBeUndefined();
    }
  });

  it('locks the account for a period after repeated failures (system_locked), even for the right password', async () => {
    const { user } = await createTenant(t.db);
    for (let i = 0; i < 3; i++)
      expect((await loginReq({ email: user.email, password: 'nope-nope' })).json().data.reason).toBe(
        'invalid_credentials',
      );
    const locked = await loginReq({ email: user.email, password: user.password });
    expect(locked.statusCode).toBe(401);
    expect(locked.json().data.reason).toBe('system_locked');

    // The lock lapses with time: move it into the past.
    await t.db
      .updateTable('users')
      .set({ system_locked_until: sql`now() - interval '1 second'` })
      .where('id', '=', user.id)
      .execute();
    expect((await loginReq({ email: user.email, password: user.password })).statusCode).toBe(200);
  });

  it('a success resets the failure counter', async () => {
    const { user } = await createTenant(t.db);
    await loginReq({ email: user.email, password: 'nope-nope' });
    await loginReq({ email: user.email, password: 'nope-nope' });
    expect((await loginReq({ email: user.email, password: user.password })).statusCode).toBe(200);
    await loginReq({ email: user.email, password: 'nope-nope' });
    await loginReq({ email: user.email, password: 'nope-nope' });
    expect((await loginReq({ email: user.email, password: user.password })).statusCode).toBe(200);
  });

  it('refuses an account locked by its parent or an administrator (locked) and ends its sessions', async () => {
    const { user, customer } = await createTenant(t.db);
    const child = await createUser(t.db, customer.id, { parentUserId: user.id });
    const cookie = await login(t.app, child);
    await t.services.users.lock(child.email, 'parent');

    expect((await as(t.app, cookie, { method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
    const res = await loginReq({ email: child.email, password: child.password });
    expect(res.json()).toEqual({ result: 'failed', data: { reason: 'locked' } });

    await t.services.users.unlock(child.email);
    expect((await loginReq({ email: child.email, password: child.password })).statusCode).toBe(200);
  });

  it('refuses a login from outside the IP allow-list (ip_restricted) and accepts one inside it', async () => {
    const { user, customer } = await createTenant(t.db);
    await t.services.ipAllow.add(customer.id, null, '10.20.0.0/16', 'office');
    const outside = await loginReq(
      { email: user.email, password: user.password },
      { remoteAddress: '192.0.2.10' },
    );
    expect(outside.json()).toEqual({ result: 'failed', data: { reason: 'ip_restricted' } });
    const inside = await loginReq(
      { email: user.email, password: user.password },
      { remoteAddress: '10.20.3.4' },
    );
    expect(inside.statusCode).toBe(200);
  });

  it('refuses a browser that is not registered when device authentication is on (devauth_failed)', async () => {
    const { user } = await createTenant(t.db);
    const cookie = await login(t.app, user);
    const created = await as(t.app, cookie, {
      method: 'POST',
      url: '/api/auth/appkey',
      payload: { name: 'Front desk PC' },
    });
    expect(created.statusCode).toBe(200);
    const appKey: string = created.json().data.appKey;
    await t.services.users.setDeviceAuthentication(user.email, true);

    expect((await loginReq({ email: user.email, password: user.password })).json().data.reason).toBe(
      'devauth_failed',
    );
    expect(
      (await loginReq({ email: user.email, password: user.password, appKey: 'f'.repeat(64) })).json().data
        .reason,
    ).toBe('devauth_failed');
    expect((await loginReq({ email: user.email, password: user.password, appKey })).statusCode).toBe(200);
  });

  it('does not reveal lock or device state to someone without the password', async () => {
    const { user } = await createTenant(t.db);
    await t.services.users.lock(user.email, 'admin');
    const res = await loginReq({ email: user.email, password: 'wrong-password' });
    expect(res.json().data.reason).toBe('invalid_credentials');
  });
});

describe('POST api/auth/login with bad input', () => {
  it.each([
    ['missing fields', {}, ['email', 'password']],
    ['email not an address', { email: 'not-an-email', password: 'x' }, ['email']],
    ['wrong types', { email: 42, password: ['a'] }, ['email', 'password']],
    ['empty password', { email: 'a@b.example', password: '' }, ['password']],
  ])('%s -> 400 naming the fields', async (_name, payload, fields) => {
    const res = await loginReq(payload);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors).sort()).toEqual([...fields].sort());
  });

  it('malformed JSON -> 400 on body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ errors: { body: ['is not valid JSON'] } });
  });

  it('oversized body -> 413', async () => {
    const res = await loginReq({ email: 'a@b.example', password: 'x'.repeat(2 * 1024 * 1024) });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('payload_too_large');
  });

  it('not JSON -> 415', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'text/plain' },
      payload: 'email=a',
    });
    expect(res.statusCode).toBe(415);
  });

  it('too-long password -> 400, never hashed', async () => {
    const res = await loginReq({ email: 'a@b.example', password: 'x'.repeat(500) });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.password).toBeDefined();
  });
});

describe('login rate limit', () => {
  it('answers 429 past the per-minute limit for one address', async () => {
    const limited = await createTestApp({ LOGIN_RATE_LIMIT_PER_MINUTE: '3' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        const res = await limited.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          remoteAddress: '198.51.100.7',
          payload: { email: 'x@y.example', password: TEST_PASSWORD },
        });
        statuses.push(res.statusCode);
      }
      expect(statuses).toEqual([401, 401, 401, 429]);
    } finally {
      await limited.app.close();
    }
  });
});
