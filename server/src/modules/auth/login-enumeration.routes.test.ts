// Issue 16 §6: the failed-login lock must not tell which addresses have an account. After LOGIN_MAX_FAILURES
// wrong passwords an existing account and an unknown address answer exactly the same.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMaintenance } from '../../jobs/maintenance.ts';
import {
  createTenant,
  createTestApp,
  createUser,
  uniqueEmail,
  type TestApp,
} from '../../../test/helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_MAX_FAILURES: '3' });
});
afterAll(() => t.app.close());

const attempt = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

/** What a client can see of an answer. */
const seen = (res: Awaited<ReturnType<typeof attempt>>) => ({
  status: res.statusCode,
  body: res.json(),
  cookie: res.cookies.some((c) => c.name === 'cw_session'),
});

describe('failed-login lock and account enumeration', () => {
  it('answers the same for an existing account and an unknown address, before and after the lock', async () => {
    const { user } = await createTenant(t.db);
    const unknown = uniqueEmail('nobody');
    for (let i = 0; i < 3; i++) {
      expect(seen(await attempt(unknown, 'wrong-pass-1'))).toEqual(
        seen(await attempt(user.email, 'wrong-pass-1')),
      );
    }
    const lockedKnown = seen(await attempt(user.email, 'wrong-pass-1'));
    const lockedUnknown = seen(await attempt(unknown, 'wrong-pass-1'));
    expect(lockedKnown).toEqual({
      status: 401,
      body: { result: 'failed', data: { reason: 'system_locked' } },
      cookie: false,
    });
    expect(lockedUnknown).toEqual(lockedKnown);
    // Another spelling of the same address is the same address.
    expect(seen(await attempt(unknown.toUpperCase(), 'wrong-pass-1'))).toEqual(lockedKnown);
  });

  it('the unknown address’s lock lapses like an account’s', async () => {
    const unknown = uniqueEmail('nobody');
    for (let i = 0; i < 3; i++) await attempt(unknown, 'wrong-pass-1');
    expect((await attempt(unknown, 'wrong-pass-1')).json().data.reason).toBe('system_locked');
    await t.db
      .updateTable('unknown_login_failures')
      .set({ locked_until: sql`now() - interval '1 second'` })
      .where('email', '=', unknown)
      .execute();
    expect((await attempt(unknown, 'wrong-pass-1')).json().data.reason).toBe('invalid_credentials');
  });

  it('an account created for a locked address logs in: only addresses without an account use the count', async () => {
    const unknown = uniqueEmail('later');
    for (let i = 0; i < 3; i++) await attempt(unknown, 'wrong-pass-1');
    const { customer } = await createTenant(t.db);
    const user = await createUser(t.db, customer.id, { email: unknown });
    expect((await attempt(user.email, user.password)).statusCode).toBe(200);
  });

  it('maintenance forgets counts not tried for a day once their lock has passed', async () => {
    const stale = uniqueEmail('stale');
    const locked = uniqueEmail('locked');
    await attempt(stale, 'wrong-pass-1');
    for (let i = 0; i < 3; i++) await attempt(locked, 'wrong-pass-1');
    await t.db
      .updateTable('unknown_login_failures')
      .set({ updated_at: sql`now() - interval '2 days'` })
      .where('email', 'in', [stale, locked])
      .execute();
    await runMaintenance(t.db);
    const left = await t.db
      .selectFrom('unknown_login_failures')
      .select('email')
      .where('email', 'in', [stale, locked])
      .execute();
    expect(left).toEqual([{ email: locked }]);
  });
});
