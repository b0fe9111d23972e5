// Issue 16 §3: a reset link carries a live token, so it may point only at the configured address, never at
// whatever Host, X-Forwarded-Host or return_url a request names.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { resetLinkOrigins } from './reset-link-origins.ts';

const apps: TestApp[] = [];
let plain: TestApp;
let proxied: TestApp;
let withPublicOrigin: TestApp;
beforeAll(async () => {
  plain = await createTestApp();
  proxied = await createTestApp({ TRUST_PROXY: '1' });
  withPublicOrigin = await createTestApp({ PUBLIC_ORIGIN: 'https://cams.example.com' });
  apps.push(plain, proxied, withPublicOrigin);
});
afterAll(async () => {
  for (const t of apps) await t.app.close();
});

const ask = (t: TestApp, email: string, returnUrl: string, headers: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/password/reset_request',
    headers,
    payload: { email, return_url: returnUrl },
  });

/** Nothing was issued or mailed for this user: the refusal came before the token. */
async function expectNothingSent(t: TestApp, user: { id: number; email: string }) {
  const tokens = await t.db
    .selectFrom('password_reset_tokens')
    .select('user_id')
    .where('user_id', '=', user.id)
    .execute();
  const mails = await t.db
    .selectFrom('mail_outbox')
    .select('id')
    .where('recipient', '=', user.email)
    .execute();
  expect(tokens).toEqual([]);
  expect(mails).toEqual([]);
}

describe('reset links point only at the configured address', () => {
  it('refuses Host: evil.example with a return_url on that host (400 return_url, nothing mailed)', async () => {
    const { user } = await createTenant(plain.db);
    const res = await ask(plain, user.email, 'http://evil.example/password_reissue', {
      host: 'evil.example',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.return_url).toBeDefined();
    await expectNothingSent(plain, user);
  });

  it('refuses an X-Forwarded-Host chosen by the client behind a trusted proxy', async () => {
    const { user } = await createTenant(proxied.db);
    const res = await ask(proxied, user.email, 'https://evil.example/password_reissue', {
      host: 'localhost:8080',
      'x-forwarded-host': 'evil.example',
      'x-forwarded-proto': 'https',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.return_url).toBeDefined();
    await expectNothingSent(proxied, user);
  });

  it('with PUBLIC_ORIGIN, refuses every other origin, even the Host the request came to', async () => {
    const { user } = await createTenant(withPublicOrigin.db);
    for (const [url, host] of [
      ['http://evil.example/password_reissue', 'evil.example'],
      ['http://localhost:8080/password_reissue', 'localhost:8080'],
    ] as const) {
      const res = await ask(withPublicOrigin, user.email, url, { host });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.return_url).toBeDefined();
    }
    await expectNothingSent(withPublicOrigin, user);
  });

  it('with PUBLIC_ORIGIN, mails a link on it whatever Host the request named', async () => {
    const { user } = await createTenant(withPublicOrigin.db);
    const res = await ask(withPublicOrigin, user.email, 'https://cams.example.com/password_reissue', {
      host: 'evil.example',
    });
    expect(res.statusCode).toBe(200);
    await expect
      .poll(async () => {
        const row = await withPublicOrigin.db
          .selectFrom('mail_outbox')
          .select('body')
          .where('recipient', '=', user.email)
          .executeTakeFirst();
        return row?.body ?? '';
      })
      .toContain('https://cams.example.com/password_reissue?token=');
    const mail = await withPublicOrigin.db
      .selectFrom('mail_outbox')
      .select('body')
      .where('recipient', '=', user.email)
      .executeTakeFirstOrThrow();
    expect(mail.body).not.toContain('evil.example');
  });

  it('without PUBLIC_ORIGIN, accepts the server’s own address (loopback on PORT)', async () => {
    const { user } = await createTenant(plain.db);
    const res = await ask(plain, user.email, 'http://127.0.0.1:8080/password_reissue', {
      host: 'evil.example',
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('resetLinkOrigins', () => {
  it('is PUBLIC_ORIGIN alone when set', () => {
    expect(
      resetLinkOrigins({ publicOrigin: 'https://cams.example.com', host: '0.0.0.0', port: 8080 }),
    ).toEqual(new Set(['https://cams.example.com']));
  });

  it('is loopback on PORT, plus HOST when it names one address', () => {
    expect(resetLinkOrigins({ publicOrigin: null, host: '0.0.0.0', port: 8080 })).toEqual(
      new Set(['http://localhost:8080', 'http://127.0.0.1:8080', 'http://[::1]:8080']),
    );
    expect(resetLinkOrigins({ publicOrigin: null, host: '192.168.1.5', port: 80 })).toEqual(
      new Set(['http://localhost', 'http://127.0.0.1', 'http://[::1]', 'http://192.168.1.5']),
    );
  });
});
