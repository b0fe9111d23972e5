// Every served call, fed malformed or wrong-shaped input, answers a clear 4xx and never a 500.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allCalls, callKey } from '@camwatch/contract/calls';
import type { CallDef } from '@camwatch/contract/call';
import { as, createTenant, createTestApp, login, type TestApp } from '../../test/helpers/test-app.ts';
import { bearer, deviceCamera, type DeviceCamera } from '../ingest/ingest-test-kit.ts';

let t: TestApp;
let cookie: string;
let device: DeviceCamera;
beforeAll(async () => {
  t = await createTestApp();
  cookie = await login(t.app, (await createTenant(t.db)).user);
  device = await deviceCamera(t);
});
afterAll(() => t.app.close());

const served = () => allCalls.filter((call) => t.routes.includes(callKey(call)));
/** Fill path parameters with values that exist nowhere. */
const urlOf = (path: string) => path.replace(/:([A-Za-z_]+)/g, 'no-such-id-0');

/**
 * A request with a body to a call, as its caller: device calls check their token before reading the body, so
 * they go out with a live token on that device's own camera (and a well-formed minute) to reach the body at all.
 */
const sendBody = (call: CallDef, headers: Record<string, string>, payload: string) =>
  call.access === 'device'
    ? t.app.inject({
        method: call.method,
        url: call.path
          .replace(':camera_code', device.code)
          .replace(':start_time', '2026-01-01T00:00:00Z')
          .replace(/:([A-Za-z_]+)/g, '0'),
        headers: { ...headers, ...bearer(device.token) },
        payload,
      })
    : as(t.app, cookie, { method: call.method, url: urlOf(call.path), headers, payload });

describe('bad input on every served call', () => {
  it('covers at least the auth and settings calls', () => {
    expect(served().length).toBeGreaterThanOrEqual(9);
  });

  it('malformed JSON -> 400 on body', async () => {
    for (const call of served().filter((c) => c.method !== 'GET')) {
      const res = await sendBody(call, { 'content-type': 'application/json' }, '{"a":');
      expect(res.statusCode, `${callKey(call)}: ${res.body}`).toBe(400);
      expect(res.json().errors.body).toBeDefined();
    }
  });

  it('a JSON array or a string where an object belongs -> 400, and wrong-typed fields -> 400', async () => {
    for (const call of served().filter((c) => c.body)) {
      for (const payload of [
        '[1,2,3]',
        '"text"',
        '{"email":1,"password":2,"name":3,"id":"x","appKey":4,"currentPassword":5}',
      ]) {
        const res = await sendBody(call, { 'content-type': 'application/json' }, payload);
        expect(res.statusCode, `${callKey(call)} ${payload}: ${res.body}`).toBe(400);
        expect(Object.keys(res.json().errors).length).toBeGreaterThan(0);
      }
    }
  });

  it('an oversized body -> 413', async () => {
    const payload = JSON.stringify({ pad: 'x'.repeat(t.config.bodyLimitBytes + 1) });
    for (const call of served().filter((c) => c.method !== 'GET')) {
      const res = await sendBody(call, { 'content-type': 'application/json' }, payload);
      expect(res.statusCode, callKey(call)).toBe(413);
    }
  });

  it('session calls without a session -> 401, never reaching the handler', async () => {
    for (const call of served().filter((c) => c.access === 'session')) {
      const res = await t.app.inject({
        method: call.method,
        url: urlOf(call.path),
        payload: call.method === 'GET' ? undefined : {},
      });
      expect([400, 401], `${callKey(call)}: ${res.statusCode}`).toContain(res.statusCode);
      if (res.statusCode === 400) continue; // the body is checked before the session; both refuse
      expect(res.json().error.code).toBe('unauthorized');
    }
  });

  it('unknown paths and methods -> 404 with a coded body', async () => {
    for (const [method, url] of [
      ['GET', '/api/nope'],
      ['DELETE', '/api/settings/env'],
      ['GET', '/api/auth/me/../../etc/passwd'],
    ] as const) {
      const res = await as(t.app, cookie, { method, url });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().error.code).toBe('not_found');
    }
  });
});
