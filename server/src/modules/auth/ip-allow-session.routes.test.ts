// Issue 16 §7: the IP allow-list holds for every request of a session, not only at login: a session used
// from outside it, or left open when a rule that excludes it is added, ends with 401 ip_restricted.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTenant, createTestApp, createUser, type TestApp } from '../../../test/helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.app.close());

const OFFICE = '10.20.3.4';
const CAFE = '192.0.2.10';

async function loginFrom(user: { email: string; password: string }, remoteAddress: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress,
    payload: { email: user.email, password: user.password },
  });
  expect(res.statusCode).toBe(200);
  const cookie = res.cookies.find((c) => c.name === 'cw_session');
  return `cw_session=${cookie?.value}`;
}

const meFrom = (cookie: string, remoteAddress: string) =>
  as(t.app, cookie, { method: 'GET', url: '/api/auth/me', remoteAddress });

const sessionEnded = async (userId: number) =>
  (
    await t.db
      .selectFrom('sessions')
      .select('revoked_at')
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow()
  ).revoked_at !== null;

describe('IP allow-list on every request', () => {
  it('ends a session used from an address outside the list (401 ip_restricted), for good', async () => {
    const { user, customer } = await createTenant(t.db);
    await t.services.ipAllow.add(customer.id, null, '10.20.0.0/16', 'office');
    const cookie = await loginFrom(user, OFFICE);
    expect((await meFrom(cookie, OFFICE)).statusCode).toBe(200);

    const moved = await meFrom(cookie, CAFE);
    expect(moved.statusCode).toBe(401);
    expect(moved.json().error.code).toBe('ip_restricted');
    expect(await sessionEnded(user.id)).toBe(true);
    // Ended, not just refused: back at the office the session is gone too.
    expect((await meFrom(cookie, OFFICE)).json().error.code).toBe('unauthorized');
  });

  it('a rule added while a session is open ends it at its next request', async () => {
    const { user, customer } = await createTenant(t.db);
    const cookie = await loginFrom(user, CAFE);
    expect((await meFrom(cookie, CAFE)).statusCode).toBe(200); // the customer's (empty) list is now cached
    // Written straight to the database, as the operator CLI in another process would.
    await t.db
      .insertInto('ip_allow_rules')
      .values({ customer_id: customer.id, user_id: null, cidr: '10.20.0.0/16', note: 'office' })
      .execute();
    const res = await as(t.app, cookie, { method: 'GET', url: '/api/cameras', remoteAddress: CAFE });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('ip_restricted');
    expect(await sessionEnded(user.id)).toBe(true);
  });

  it('a removed rule lets the address in again', async () => {
    const { user, customer } = await createTenant(t.db);
    const rule = await t.services.ipAllow.add(customer.id, null, '10.20.0.0/16', 'office');
    const cookie = await loginFrom(user, OFFICE);
    expect((await meFrom(cookie, OFFICE)).statusCode).toBe(200);
    await t.services.ipAllow.add(customer.id, null, '192.0.2.0/24', 'cafe');
    await t.services.ipAllow.remove(customer.id, rule.id);
    expect((await meFrom(cookie, CAFE)).statusCode).toBe(200);
    expect((await meFrom(cookie, OFFICE)).json().error.code).toBe('ip_restricted');
  });

  it('a rule for one user leaves the customer’s other users alone', async () => {
    const { user, customer } = await createTenant(t.db);
    const child = await createUser(t.db, customer.id, { parentUserId: user.id });
    const parentCookie = await loginFrom(user, CAFE);
    const childCookie = await loginFrom(child, CAFE);
    await t.services.ipAllow.add(customer.id, child.id, '10.20.0.0/16', 'child at the office only');
    expect((await meFrom(parentCookie, CAFE)).statusCode).toBe(200);
    expect((await meFrom(childCookie, CAFE)).json().error.code).toBe('ip_restricted');
  });

  it('an IPv4 client on a dual-stack socket (::ffff:a.b.c.d) matches IPv4 rules', async () => {
    const { user, customer } = await createTenant(t.db);
    await t.services.ipAllow.add(customer.id, null, '10.20.0.0/16', 'office');
    const cookie = await loginFrom(user, `::ffff:${OFFICE}`);
    expect((await meFrom(cookie, `::ffff:${OFFICE}`)).statusCode).toBe(200);
  });

  it('a public call with a session that just ended answers as without one', async () => {
    const { user, customer } = await createTenant(t.db);
    await t.services.ipAllow.add(customer.id, null, '10.20.0.0/16', 'office');
    const cookie = await loginFrom(user, OFFICE);
    const res = await as(t.app, cookie, { method: 'GET', url: '/api/settings/env', remoteAddress: CAFE });
    expect(res.statusCode).toBe(200);
    expect(await sessionEnded(user.id)).toBe(true);
  });
});
