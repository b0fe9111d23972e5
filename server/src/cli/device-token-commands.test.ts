// `device-token issue|list|revoke` against the real database: an issued token works at the device API,
// a revoked one is refused.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  createLocationAndCamera,
  createTenant,
  createTestApp,
  type TestApp,
} from '../../test/helpers/test-app.ts';
import { DEVICE_AUTH_CACHE_MS } from '../ingest/device-auth.ts';
import { cliErrorMessage, runCli } from './run-cli.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.app.close());
afterEach(() => {
  vi.useRealTimers();
});

/**
 * The CLI is another process: a running server trusts a token it checked for up to DEVICE_AUTH_CACHE_MS, so
 * a revocation takes effect within that time. Move the clock past it.
 */
function afterCacheWindow() {
  vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + DEVICE_AUTH_CACHE_MS + 1_000 });
}

async function cli(args: string[]): Promise<{ lines: Record<string, unknown>[]; error: string | null }> {
  const out: string[] = [];
  try {
    await runCli(args, t.db, { out: (l) => out.push(l), readStdin: async () => '' });
    return { lines: out.map((l) => JSON.parse(l)), error: null };
  } catch (error) {
    const message = cliErrorMessage(error);
    if (message === null) throw error;
    return { lines: out.map((l) => JSON.parse(l)), error: message };
  }
}

async function camera() {
  const { customer } = await createTenant(t.db);
  return (await createLocationAndCamera(t.db, customer.id)).camera;
}

const whoAmI = (token: string) =>
  t.app.inject({ method: 'GET', url: '/api/ingest/device', headers: { authorization: `Bearer ${token}` } });

describe('device-token CLI', () => {
  it('issues a token that authenticates the camera at the device API, lists it, and revokes it', async () => {
    const cam = await camera();
    const issued = await cli(['device-token', 'issue', cam.code, '--label', 'gate agent']);
    expect(issued.error).toBeNull();
    const [line] = issued.lines;
    expect(line).toMatchObject({
      camera: cam.code,
      label: 'gate agent',
      token: expect.stringMatching(/^cwd_/),
    });
    const token = String(line!.token);
    const res = await whoAmI(token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().config.camera_code).toBe(cam.code);

    const listed = await cli(['device-token', 'list', cam.code]);
    expect(listed.lines).toEqual([
      expect.objectContaining({
        id: line!.id,
        label: 'gate agent',
        revoked_at: null,
        last_used_at: expect.any(String),
      }),
    ]);
    expect(JSON.stringify(listed.lines)).not.toContain(token);

    expect((await cli(['device-token', 'revoke', cam.code, String(line!.id)])).lines).toEqual([
      { ok: true, revoked: 1 },
    ]);
    afterCacheWindow();
    expect((await whoAmI(token)).statusCode).toBe(401);
    expect((await cli(['device-token', 'list', cam.code])).lines[0]!.revoked_at).not.toBeNull();
  });

  it('revokes every token of the camera when no id is given, and no other camera’s', async () => {
    const cam = await camera();
    const other = await camera();
    const tokens = [];
    for (let i = 0; i < 2; i++)
      tokens.push(String((await cli(['device-token', 'issue', cam.code])).lines[0]!.token));
    const kept = String((await cli(['device-token', 'issue', other.code])).lines[0]!.token);
    expect((await cli(['device-token', 'revoke', cam.code])).lines).toEqual([{ ok: true, revoked: 2 }]);
    afterCacheWindow();
    for (const token of tokens) expect((await whoAmI(token)).statusCode).toBe(401);
    expect((await whoAmI(kept)).statusCode).toBe(200);
  });

  it('explains mistakes', async () => {
    const cam = await camera();
    expect((await cli(['device-token', 'issue'])).error).toMatch(/give the camera code/);
    expect((await cli(['device-token', 'issue', 'cam-nope'])).error).toMatch(
      /no camera with code "cam-nope"/,
    );
    expect((await cli(['device-token', 'revoke', cam.code, 'x'])).error).toMatch(/positive number/);
    expect((await cli(['device-token', 'revoke', cam.code, '999999'])).error).toMatch(/no live token 999999/);
    expect((await cli(['device-token', 'list', cam.code, '3'])).error).toMatch(/unexpected "3"/);
  });
});
