// Issue 16 §4: behind a proxy, only the hops TRUST_PROXY names are believed, so a client cannot pick its own
// address in X-Forwarded-For to slip past the IP allow-list or the login rate limit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, createTestApp, TEST_PASSWORD, type TestApp } from '../../../test/helpers/test-app.ts';

/** The reverse proxy's own address, as the server's socket sees it. */
const PROXY = '10.0.0.2';

let oneHop: TestApp;
let listed: TestApp;
beforeAll(async () => {
  oneHop = await createTestApp({ TRUST_PROXY: '1', LOGIN_RATE_LIMIT_PER_MINUTE: '3' });
  listed = await createTestApp({ TRUST_PROXY: `${PROXY},10.9.0.0/16` });
});
afterAll(async () => {
  await oneHop.app.close();
  await listed.app.close();
});

const loginFrom = (t: TestApp, remoteAddress: string, xff: string, email: string, password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress,
    headers: { 'x-forwarded-for': xff },
    payload: { email, password },
  });

describe('TRUST_PROXY=1 (one reverse proxy)', () => {
  it('rate-limits logins by the address the proxy saw, whatever the client put before it', async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= 5; i++) {
      // The client sends its own X-Forwarded-For; the proxy appends the real address it connected from.
      const res = await loginFrom(
        oneHop,
        PROXY,
        `203.0.113.${i}, 198.51.100.7`,
        'x@y.example',
        TEST_PASSWORD,
      );
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
  });

  it('checks the IP allow-list against the real client address', async () => {
    const { user, customer } = await createTenant(oneHop.db);
    await oneHop.services.ipAllow.add(customer.id, null, '10.20.0.0/16', 'office');
    const forged = await loginFrom(oneHop, PROXY, '10.20.3.4, 192.0.2.10', user.email, user.password);
    expect(forged.json()).toEqual({ result: 'failed', data: { reason: 'ip_restricted' } });
    const real = await loginFrom(oneHop, PROXY, '10.20.3.4', user.email, user.password);
    expect(real.statusCode).toBe(200);
  });
});

describe('TRUST_PROXY as a list of proxy addresses', () => {
  it('believes X-Forwarded-For only from a listed proxy', async () => {
    const { user, customer } = await createTenant(listed.db);
    await listed.services.ipAllow.add(customer.id, null, '10.20.0.0/16', 'office');
    const direct = await loginFrom(listed, '192.0.2.5', '10.20.3.4', user.email, user.password);
    expect(direct.json()).toEqual({ result: 'failed', data: { reason: 'ip_restricted' } });
    const viaProxy = await loginFrom(listed, PROXY, '10.20.3.4', user.email, user.password);
    expect(viaProxy.statusCode).toBe(200);
    const viaSecondProxy = await loginFrom(
      listed,
      '10.9.1.1',
      `10.20.3.4, ${PROXY}`,
      user.email,
      user.password,
    );
    expect(viaSecondProxy.statusCode).toBe(200);
  });

  it('takes HTTPS from X-Forwarded-Proto only from a listed proxy (the session cookie is Secure)', async () => {
    const { user } = await createTenant(listed.db);
    const send = (remoteAddress: string) =>
      listed.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress,
        headers: { 'x-forwarded-proto': 'https' },
        payload: { email: user.email, password: user.password },
      });
    expect((await send(PROXY)).cookies.find((c) => c.name === 'cw_session')?.secure).toBe(true);
    expect((await send('192.0.2.5')).cookies.find((c) => c.name === 'cw_session')?.secure).toBeFalsy();
  });
});
