// Feedback mailed to the operator (FEEDBACK_MAIL_TO) through the outbox and a real SMTP conversation on
// loopback; without FEEDBACK_MAIL_TO nothing is mailed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpInbox, type ReceivedMail, type SmtpInbox } from '../../../test/helpers/smtp-inbox.ts';
import { as, createTenant, createTestApp, login, type TestApp } from '../../../test/helpers/test-app.ts';

const OPERATOR = 'support-desk@operator.example';
let t: TestApp;
let smtp: SmtpInbox;
let inbox: ReceivedMail[] = [];

beforeAll(async () => {
  smtp = await startSmtpInbox();
  inbox = smtp.mails;
  t = await createTestApp({ SMTP_URL: smtp.url, FEEDBACK_MAIL_TO: OPERATOR });
});
afterAll(async () => {
  await t.app.close();
  await smtp.close();
});

async function waitFor<T>(find: () => Promise<T | undefined> | T | undefined): Promise<T> {
  for (let i = 0; i < 100; i++) {
    const found = await find();
    if (found !== undefined) return found;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('timed out');
}

/** The body of a single-part mail, decoded (nodemailer picks quoted-printable or base64 for non-ASCII text). */
function decodedBody(raw: string): string {
  const split = raw.search(/\r?\n\r?\n/);
  const headers = raw.slice(0, split);
  const body = raw.slice(split).trim();
  if (/Content-Transfer-Encoding: base64/i.test(headers))
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (/Content-Transfer-Encoding: quoted-printable/i.test(headers)) {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

describe('feedback mail to the operator', () => {
  it('mails the message with the customer, user and page, kept in the outbox as sent', async () => {
    const { user, customer } = await createTenant(t.db);
    const message = 'E2E 録画の検索が速くなると助かります (feedback mail)';
    const res = await as(t.app, await login(t.app, user), {
      method: 'POST',
      url: '/api/feedback',
      payload: { message, page: '/list/1?view=tile' },
    });
    expect(res.statusCode).toBe(200);

    const mail = await waitFor(() =>
      inbox.find((m) => m.to.includes(OPERATOR) && m.raw.includes(customer.code)),
    );
    const text = decodedBody(mail.raw);
    expect(text).toContain(message);
    expect(text).toContain(user.email);
    expect(text).toContain('/list/1?view=tile');
    expect(text).toContain(customer.code);

    const kept = await waitFor(async () => {
      const row = await t.db
        .selectFrom('mail_outbox')
        .selectAll()
        .where('customer_id', '=', customer.id)
        .executeTakeFirst();
      return row?.status === 'sent' ? row : undefined;
    });
    expect(kept.recipient).toBe(OPERATOR);
    expect(kept.body).toContain(message);
  });

  it('without FEEDBACK_MAIL_TO the feedback is stored and nothing is mailed', async () => {
    const plain = await createTestApp();
    try {
      const { user, customer } = await createTenant(plain.db);
      const res = await as(plain.app, await login(plain.app, user), {
        method: 'POST',
        url: '/api/feedback',
        payload: { message: 'no operator configured' },
      });
      expect(res.statusCode).toBe(200);
      // Whatever the call left running (a mail would be) has finished: absence now means none was sent.
      expect(await plain.inFlight.idle(10_000)).toBe(true);
      expect(
        await plain.db
          .selectFrom('mail_outbox')
          .select('id')
          .where('customer_id', '=', customer.id)
          .execute(),
      ).toEqual([]);
      expect(
        await plain.db
          .selectFrom('feedback')
          .select('message')
          .where('customer_id', '=', customer.id)
          .execute(),
      ).toEqual([{ message: 'no operator configured' }]);
    } finally {
      await plain.app.close();
    }
  });
});
