// Password reissue by mail (core.md §5, §7, §8) with a real SMTP conversation on loopback.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpInbox, type ReceivedMail, type SmtpInbox } from '../../../test/helpers/smtp-inbox.ts';
import { as, createTenant, createTestApp, login, type TestApp } from '../../../test/helpers/test-app.ts';

let t: TestApp;
let smtp: SmtpInbox;
let inbox: ReceivedMail[] = [];

beforeAll(async () => {
  smtp = await startSmtpInbox();
  inbox = smtp.mails;
  t = await createTestApp({ SMTP_URL: smtp.url });
});
afterAll(async () => {
  await t.app.close();
  await smtp.close();
});

const RETURN_URL = 'http://localhost:8080/password_reissue';
const request = (email: string, returnUrl = RETURN_URL) =>
  t.app.inject({
    method: 'POST',
    url: '/api/password/reset_request',
    headers: { host: 'localhost:8080' },
    payload: { email, return_url: returnUrl },
  });

async function mailFor(email: string): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const mail = inbox.find((m) => m.to.includes(email));
    if (mail) return mail.raw;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no mail for ${email}`);
}

/** Mails kept for an address (every mail is kept in the outbox before it goes to SMTP). */
const outboxFor = (email: string) =>
  t.db.selectFrom('mail_outbox').select('id').where('recipient', '=', email).execute();

/** The token of the link in a quoted-printable or plain mail body. */
const tokenIn = (raw: string) =>
  raw
    .replace(/=\r?\n/g, '')
    .match(/password_reissue\?token=3D([0-9a-f]{64})|password_reissue\?token=([0-9a-f]{64})/)
    ?.slice(1)
    .find(Boolean);

describe('password reissue by mail', () => {
  it('mails a single-use link; following it sets the password and ends the sessions', async () => {
    const { user } = await createTenant(t.db);
    const oldSession = await login(t.app, user);
    const res = await request(user.email);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { sent: true } });

    const raw = await mailFor(user.email);
    const token = tokenIn(raw);
    expect(token).toMatch(/^[0-9a-f]{64}$/);
    expect(raw).toContain('http://localhost:8080/password_reissue?token');

    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/password/reset',
      payload: { token, password: 'from-the-mail-1' },
    });
    expect(reset.statusCode).toBe(200);
    await login(t.app, { email: user.email, password: 'from-the-mail-1' });
    expect((await as(t.app, oldSession, { method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);

    const again = await t.app.inject({
      method: 'POST',
      url: '/api/password/reset',
      payload: { token, password: 'second-try-22' },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().errors.token).toBeDefined();
  });

  it('keeps every mail in the outbox, marked sent', async () => {
    const { user } = await createTenant(t.db);
    await request(user.email);
    await mailFor(user.email);
    const row = await t.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('recipient', '=', user.email)
      .executeTakeFirstOrThrow();
    await expect
      .poll(
        async () =>
          (
            await t.db
              .selectFrom('mail_outbox')
              .select('status')
              .where('id', '=', row.id)
              .executeTakeFirstOrThrow()
          ).status,
      )
      .toBe('sent');
  });

  it('answers the same for an unknown address and mails nothing', async () => {
    const email = `nobody-${Date.now()}@test.example`;
    const res = await request(email);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { sent: true } });
    // Whatever the call left running (a mail would be) has finished: absence now means none was sent.
    expect(await t.inFlight.idle(10_000)).toBe(true);
    expect(inbox.some((m) => m.to.includes(email))).toBe(false);
    expect(await outboxFor(email)).toEqual([]);
  });

  it('only the newest link works, and an expired one does not', async () => {
    const { user } = await createTenant(t.db);
    await request(user.email);
    const first = tokenIn(await mailFor(user.email));
    inbox.splice(0, inbox.length);
    await request(user.email);
    const second = tokenIn(await mailFor(user.email));
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/password/reset',
          payload: { token: first, password: 'abcdef-1' },
        })
      ).statusCode,
    ).toBe(400);

    await t.db
      .updateTable('password_reset_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', user.id)
      .execute();
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/password/reset',
          payload: { token: second, password: 'abcdef-1' },
        })
      ).statusCode,
    ).toBe(400);
    await login(t.app, user); // unchanged
  });

  it('refuses a return_url that is not this site’s reissue page, mailing nothing', async () => {
    const { user } = await createTenant(t.db);
    for (const url of ['https://evil.example/password_reissue', 'http://localhost:8080/elsewhere']) {
      const res = await request(user.email, url);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.return_url).toBeDefined();
    }
    expect(await t.inFlight.idle(10_000)).toBe(true);
    expect(inbox.some((m) => m.to.includes(user.email))).toBe(false);
    expect(await outboxFor(user.email)).toEqual([]);
  });

  it.each([
    [{ email: 'not-an-email', return_url: RETURN_URL }, 'email'],
    [{ email: 'a@b.example' }, 'return_url'],
    [{ token: 'x', password: '12345' }, 'password'],
  ])('%j -> 400 on %s', async (payload, field) => {
    const url = 'token' in payload ? '/api/password/reset' : '/api/password/reset_request';
    const res = await t.app.inject({ method: 'POST', url, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[field]).toBeDefined();
  });
});
