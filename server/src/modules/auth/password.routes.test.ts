// PUT api/auth/password (core.md §5, §6: modPassword; at least 6 characters).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTenant, createTestApp, login, type TestApp } from '../../../test/helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.app.close());

const change = (cookie: string, payload: object) =>
  as(t.app, cookie, { method: 'PUT', url: '/api/auth/password', payload });

describe('PUT api/auth/password', () => {
  it('changes the password, keeps this session and ends every other one', async () => {
    const { user } = await createTenant(t.db);
    const cookie = await login(t.app, user);
    const otherDevice = await login(t.app, user);
    const res = await change(cookie, { currentPassword: user.password, password: 'brand-new-1' });
    expect(res.statusCode).toBe(200);
    expect((await as(t.app, cookie, { method: 'GET', url: '/api/auth/me' })).statusCode).toBe(200);
    expect((await as(t.app, otherDevice, { method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
    await login(t.app, { email: user.email, password: 'brand-new-1' });
    const old = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: user.password },
    });
    expect(old.statusCode).toBe(401);
  });

  it('stores an argon2id hash, never the password', async () => {
    const { user } = await createTenant(t.db);
    await change(await login(t.app, user), { currentPassword: user.password, password: 'another-pw-2' });
    const row = await t.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(row.password_hash).not.toContain('another-pw-2');
  });

  it('403 without modPassword, and the password stays', async () => {
    const { user } = await createTenant(t.db, { live: true });
    const res = await change(await login(t.app, user), {
      currentPassword: user.password,
      password: 'brand-new-1',
    });
    expect(res.statusCode).toBe(403);
    await login(t.app, user);
  });

  it('400 on currentPassword when it is wrong, and nothing changes', async () => {
    const { user } = await createTenant(t.db);
    const cookie = await login(t.app, user);
    const res = await change(cookie, { currentPassword: 'not-it-at-all', password: 'brand-new-1' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      errors: { currentPassword: ['is incorrect'] },
      codes: { currentPassword: ['incorrect'] },
    });
    await login(t.app, user);
  });

  it('400 on password, coded same_as_current, when the new password is the current one', async () => {
    const { user } = await createTenant(t.db);
    const cookie = await login(t.app, user);
    const res = await change(cookie, { currentPassword: user.password, password: user.password });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      errors: { password: ['must differ from the current password'] },
      codes: { password: ['same_as_current'] },
    });
  });

  it.each([
    [{ currentPassword: 'x', password: '12345' }, 'password', 'too_short'],
    [{ currentPassword: 'x' }, 'password', 'required'],
    [{ password: 'long-enough' }, 'currentPassword', 'required'],
    [{ currentPassword: 'x', password: 123456 }, 'password', 'invalid_type'],
    [{ currentPassword: 'x', password: 'p'.repeat(200) }, 'password', 'too_long'],
  ])('%j -> 400 on %s coded %s', async (payload, field, reason) => {
    const { user } = await createTenant(t.db);
    const res = await change(await login(t.app, user), payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[field]).toHaveLength(1);
    expect(res.json().codes[field]).toEqual([reason]);
  });

  it('accepts exactly 6 characters (core.md §9 minimum)', async () => {
    const { user } = await createTenant(t.db);
    expect(
      (await change(await login(t.app, user), { currentPassword: user.password, password: '123456' }))
        .statusCode,
    ).toBe(200);
  });
});
