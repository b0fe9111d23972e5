// Issue 16 §9: PUT api/auth/password limits guesses of the current password like login does: wrong ones
// count with wrong logins, and after LOGIN_MAX_FAILURES the account is locked for the lock period.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTenant, createTestApp, login, type TestApp } from '../../../test/helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_MAX_FAILURES: '3' });
});
afterAll(() => t.app.close());

const change = (app: TestApp, cookie: string, currentPassword: string, password = 'brand-new-1') =>
  as(app.app, cookie, { method: 'PUT', url: '/api/auth/password', payload: { currentPassword, password } });

const loginAnswer = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

const passwordHashOf = async (userId: number) =>
  (await t.db.selectFrom('users').select('password_hash').where('id', '=', userId).executeTakeFirstOrThrow())
    .password_hash;

describe('guessing the current password', () => {
  it('locks after LOGIN_MAX_FAILURES wrong tries: 429 even for the right one, and login is locked too', async () => {
    const { user } = await createTenant(t.db);
    const cookie = await login(t.app, user);
    const before = await passwordHashOf(user.id);
    for (let i = 0; i < 3; i++) {
      const res = await change(t, cookie, `guess-${i}-wrong`);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.currentPassword).toBeDefined();
    }
    const locked = await change(t, cookie, user.password);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error.code).toBe('too_many_attempts');
    expect(await passwordHashOf(user.id)).toBe(before);
    expect((await loginAnswer(user.email, user.password)).json().data.reason).toBe('system_locked');

    // The lock lapses with time.
    await t.db
      .updateTable('users')
      .set({ system_locked_until: sql`now() - interval '1 second'` })
      .where('id', '=', user.id)
      .execute();
    expect((await change(t, cookie, user.password)).statusCode).toBe(200);
  });

  it('the right current password resets the count', async () => {
    const { user } = await createTenant(t.db);
    const cookie = await login(t.app, user);
    await change(t, cookie, 'wrong-one-1');
    await change(t, cookie, 'wrong-one-2');
    expect((await change(t, cookie, user.password, 'second-pw-2')).statusCode).toBe(200);
    await change(t, cookie, 'wrong-one-3');
    await change(t, cookie, 'wrong-one-4');
    expect((await change(t, cookie, 'second-pw-2', 'third-pw-3')).statusCode).toBe(200);
  });

  it('is rate-limited per address like login', async () => {
    const limited = await createTestApp({ LOGIN_RATE_LIMIT_PER_MINUTE: '3', LOGIN_MAX_FAILURES: '100' });
    try {
      const { user } = await createTenant(limited.db);
      const cookie = await login(limited.app, user);
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++)
        statuses.push((await change(limited, cookie, `guess-${i}-wrong`)).statusCode);
      expect(statuses).toEqual([400, 400, 400, 429]);
    } finally {
      await limited.app.close();
    }
  });
});
