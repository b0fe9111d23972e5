// The debug screen's calls (core.md §2, §6: the debug right) and client error reports: POST api/client-errors,
// GET api/debug/environment, api/debug/mail-outbox and api/debug/client-errors.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_ERROR_LIMITS } from '@camwatch/contract/client-errors';
import { noPermissions } from '@camwatch/contract/permissions';
import { expectForeignIdsRefused, expectNoLeak } from '../../../test/helpers/tenancy.ts';
import {
  as,
  createTenant,
  createTestApp,
  createUser,
  login,
  type TestApp,
} from '../../../test/helpers/test-app.ts';
import { DebugRepository } from './debug.repository.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ MOTION_NOTIFICATION_COOLDOWN_MINUTES: '7', SMTP_URL: '' });
});
afterAll(() => t.app.close());

const report = (cookie: string, payload: Record<string, unknown>) =>
  as(t.app, cookie, { method: 'POST', url: '/api/client-errors', payload });
const get = (cookie: string, url: string) => as(t.app, cookie, { method: 'GET', url });

const debugOnly = { ...noPermissions, live: true, debug: true };

describe('POST api/client-errors', () => {
  it('keeps the report with the user; a debug user of the customer reads it, newest first', async () => {
    const { customer, user } = await createTenant(t.db, { ...noPermissions, live: true });
    const developer = await createUser(t.db, customer.id, { permissions: debugOnly });
    const cookie = await login(t.app, user);
    const first = await report(cookie, {
      message: 'TypeError: x is undefined',
      stack: 'at CameraList (list.tsx:10)',
      page: '/list/1',
      userAgent: 'Chromium test',
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ data: { kept: true } });
    await report(cookie, { message: 'second' });

    const res = await get(await login(t.app, developer), '/api/debug/client-errors');
    expect(res.statusCode).toBe(200);
    const errors = res.json().data.errors;
    expect(errors).toHaveLength(2);
    expect(errors[0]).toMatchObject({ message: 'second', stack: '', page: '', userAgent: '' });
    expect(errors[1]).toMatchObject({
      message: 'TypeError: x is undefined',
      stack: 'at CameraList (list.tsx:10)',
      page: '/list/1',
      userAgent: 'Chromium test',
      userEmail: user.email,
    });
  });

  it.each([
    [{ message: '' }, 'message'],
    [{ message: '   ' }, 'message'],
    [{}, 'message'],
    [{ message: 'x'.repeat(CLIENT_ERROR_LIMITS.message + 1) }, 'message'],
    [{ message: 'm', stack: 's'.repeat(CLIENT_ERROR_LIMITS.stack + 1) }, 'stack'],
    [{ message: 'm', page: 5 }, 'page'],
  ])('%j -> 400 on %s, nothing kept', async (payload, field) => {
    const { customer, user } = await createTenant(t.db);
    const res = await report(await login(t.app, user), payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[field]).toBeDefined();
    const rows = await t.db
      .selectFrom('client_errors')
      .select('id')
      .where('customer_id', '=', customer.id)
      .execute();
    expect(rows).toEqual([]);
  });

  it('401 without a session; 413 for a body beyond the limit', async () => {
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/client-errors', payload: { message: 'x' } }))
        .statusCode,
    ).toBe(401);
    const { user } = await createTenant(t.db);
    const huge = await report(await login(t.app, user), { message: 'x', stack: 'y'.repeat(40_000) });
    expect(huge.statusCode).toBe(413);
  });

  it('keeps only the newest reports of a customer', async () => {
    const { customer, user } = await createTenant(t.db);
    const other = await createTenant(t.db);
    const repo = new DebugRepository(t.db);
    const entry = (customerId: number, userId: number, message: string) => ({
      customerId,
      userId,
      message,
      stack: '',
      page: '',
      userAgent: '',
    });
    await repo.insertClientError(entry(other.customer.id, other.user.id, 'other'), 3);
    for (let i = 1; i <= 5; i++) await repo.insertClientError(entry(customer.id, user.id, `e${i}`), 3);
    const kept = await repo.clientErrors(customer.id, 50);
    expect(kept.map((e) => e.message)).toEqual(['e5', 'e4', 'e3']);
    expect((await repo.clientErrors(other.customer.id, 50)).map((e) => e.message)).toEqual(['other']);
  });
});

describe('debug calls', () => {
  const debugUrls = ['/api/debug/environment', '/api/debug/mail-outbox', '/api/debug/client-errors'];

  it.each(debugUrls)('GET %s -> 403 without the debug right, 401 without a session', async (url) => {
    const { user } = await createTenant(t.db, { ...noPermissions, live: true, archive: true });
    const res = await get(await login(t.app, user), url);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('forbidden');
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });

  it('environment: version, database and blob store kinds, settings without secrets, job counts', async () => {
    await t.services.jobs.enqueue('motion', { clipId: 987_654 });
    const { user } = await createTenant(t.db, debugOnly);
    const res = await get(await login(t.app, user), '/api/debug/environment');
    expect(res.statusCode).toBe(200);
    const env = res.json().data;
    expect(env.version).toBe('2.78.0');
    expect(env.nodeVersion).toBe(process.version);
    expect(env.database).toBe('embedded');
    expect(env.blobStore).toBe('fs');
    const setting = (name: string) =>
      (env.settings as { name: string; value: string }[]).find((s) => s.name === name)?.value;
    expect(setting('MOTION_NOTIFICATION_COOLDOWN_MINUTES')).toBe('7');
    expect(setting('ENVIRONMENT_MODE')).toBe('normal');
    expect(setting('SMTP_URL')).toBe('unset');
    expect(setting('MEDIA_SIGNING_SECRET')).toMatch(/^(set|unset)$/);
    const motion = (env.jobs as { kind: string; queued: number }[]).find((j) => j.kind === 'motion');
    expect(motion?.queued).toBeGreaterThanOrEqual(1);
  });

  it('mail outbox: the customer’s mail only; bodies only of mail to the caller', async () => {
    const { customer, user } = await createTenant(t.db, debugOnly);
    const colleague = await createUser(t.db, customer.id, { permissions: { live: true } });
    const outsider = await createTenant(t.db, debugOnly);
    const resetFor = async (email: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/password/reset_request',
        headers: { host: 'localhost:8080' },
        payload: { email, return_url: 'http://localhost:8080/password_reissue' },
      });
      expect(res.statusCode).toBe(200);
    };
    await resetFor(user.email);
    await resetFor(colleague.email);
    await resetFor(outsider.user.email);
    // The mail is kept just after the answer, while the call is still in flight.
    expect(await t.inFlight.idle(10_000)).toBe(true);
    const cookie = await login(t.app, user);
    const mails: { recipient: string; body: string | null; subject: string; status: string }[] = (
      await get(cookie, '/api/debug/mail-outbox')
    ).json().data.mails;
    expect(mails.map((m) => m.recipient).sort()).toEqual([colleague.email, user.email].sort());
    const own = mails.find((m) => m.recipient === user.email)!;
    expect(own.status).toBe('kept');
    expect(own.body).toContain('/password_reissue?token=');
    expect(mails.find((m) => m.recipient === colleague.email)!.body).toBeNull();

    // Tenancy: the other customer's debug user sees none of it, and the first sees none of theirs.
    const outsiderCookie = await login(t.app, outsider.user);
    await expectNoLeak(t.app, outsiderCookie, { method: 'GET', url: '/api/debug/mail-outbox' }, [
      user.email,
      colleague.email,
    ]);
    await expectNoLeak(t.app, cookie, { method: 'GET', url: '/api/debug/mail-outbox' }, [
      outsider.user.email,
    ]);
  });

  it('tenancy: another customer’s client errors never show', async () => {
    const owner = await createTenant(t.db, debugOnly);
    await report(await login(t.app, owner.user), { message: 'owner secret failure', page: '/owner-page' });
    const outsider = await login(t.app, (await createTenant(t.db, debugOnly)).user);
    await expectNoLeak(t.app, outsider, { method: 'GET', url: '/api/debug/client-errors' }, [
      'owner secret failure',
      '/owner-page',
      owner.user.email,
    ]);
    // Without the right, the outsider is refused before anything is read.
    const plain = await login(t.app, (await createTenant(t.db, { ...noPermissions, live: true })).user);
    await expectForeignIdsRefused(t.app, plain, [
      {
        name: 'client errors',
        request: { method: 'GET', url: '/api/debug/client-errors' },
        expectStatus: 403,
      },
    ]);
  });

  it('client error reports are rate-limited per client (429)', async () => {
    const { user } = await createTenant(t.db);
    const cookie = await login(t.app, user);
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) statuses.push((await report(cookie, { message: `loop ${i}` })).statusCode);
    expect(statuses).toContain(429);
    expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(30);
  });
});
