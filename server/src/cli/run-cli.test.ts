// The operator CLI against the real database: what an operator does to set up and look after accounts.
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, uniqueEmail, type TestApp } from '../../test/helpers/test-app.ts';
import { cliErrorMessage, runCli } from './run-cli.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

async function cli(args: string[], stdin = ''): Promise<{ lines: unknown[]; error: string | null }> {
  const out: string[] = [];
  try {
    await runCli(args, t.db, { out: (l) => out.push(l), readStdin: async () => stdin });
    return { lines: out.map((l) => JSON.parse(l)), error: null };
  } catch (error) {
    const message = cliErrorMessage(error);
    if (message === null) throw error;
    return { lines: out.map((l) => JSON.parse(l)), error: message };
  }
}

const uniqueCode = () => `c${Math.random().toString(36).slice(2, 10)}`;

describe('operator CLI', () => {
  it('creates a customer, a parent with rights and a child, who can then log in with those rights', async () => {
    const code = uniqueCode();
    expect((await cli(['customers', 'create', '--name', 'Acme', '--code', code])).lines[0]).toMatchObject({
      code,
      name: 'Acme',
    });
    const parentEmail = uniqueEmail('boss');
    await cli([
      'users',
      'create',
      '--customer',
      code,
      '--email',
      parentEmail,
      '--password',
      'boss-pass',
      '--rights',
      'live,archive,modPassword',
      '--partner',
    ]);
    const childEmail = uniqueEmail('kid');
    const child = await cli(
      [
        'users',
        'create',
        '--customer',
        code,
        '--email',
        childEmail,
        '--password',
        '-',
        '--parent',
        parentEmail,
        '--rights',
        'live',
      ],
      'kid-pass\n',
    );
    expect(child.error).toBeNull();

    const parentCookie = await login(t.app, { email: parentEmail, password: 'boss-pass' });
    const me = (
      await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: parentCookie } })
    ).json().data;
    expect(me).toMatchObject({
      customer_code: code,
      hasChildUser: true,
      permissions: { live: true, archive: true, modPassword: true, partner: true, ptz: false, admin: false },
    });
    await login(t.app, { email: childEmail, password: 'kid-pass' });
  });

  it('creates locations and cameras with features, and lists them', async () => {
    const code = uniqueCode();
    await cli(['customers', 'create', '--name', 'Shop', '--code', code]);
    await cli([
      'locations',
      'create',
      '--customer',
      code,
      '--name',
      'Store 1',
      '--lat',
      '35.1',
      '--lng',
      '139.2',
      '--area',
      '東京都',
      '--city',
      '港区',
      '--code',
      `${code}-l1`,
    ]);
    const cam = await cli([
      'cameras',
      'create',
      '--customer',
      code,
      '--name',
      'Door',
      '--location',
      `${code}-l1`,
      '--features',
      'motion,ptz',
      '--fps',
      '10',
    ]);
    expect(cam.error).toBeNull();
    const row = await t.db
      .selectFrom('cameras')
      .selectAll()
      .where('code', '=', (cam.lines[0] as { code: string }).code)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      use_motion: true,
      use_ptz: true,
      can_pan: true,
      image_fps: 10,
      use_heatmap: false,
    });
    expect((await cli(['cameras', 'list', '--customer', code])).lines).toEqual([
      expect.objectContaining({ name: 'Door', location_name: 'Store 1' }),
    ]);
  });

  it('resets a password (ending sessions), locks and unlocks', async () => {
    const code = uniqueCode();
    await cli(['customers', 'create', '--name', 'Lock test', '--code', code]);
    const email = uniqueEmail();
    await cli([
      'users',
      'create',
      '--customer',
      code,
      '--email',
      email,
      '--password',
      'first-pass',
      '--rights',
      'all',
    ]);
    const cookie = await login(t.app, { email, password: 'first-pass' });

    await cli(['users', 'reset-password', '--email', email, '--password', 'second-pass']);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } })).statusCode).toBe(
      401,
    );
    await login(t.app, { email, password: 'second-pass' });

    await cli(['users', 'lock', '--email', email, '--by', 'admin']);
    const locked = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: 'second-pass' },
    });
    expect(locked.json().data.reason).toBe('locked');
    await cli(['users', 'unlock', '--email', email]);
    await login(t.app, { email, password: 'second-pass' });
  });

  it.each([
    [
      ['users', 'create', '--customer', 'nope-none', '--email', 'a@b.example', '--password', '123456'],
      '--customer: no customer',
    ],
    [['customers', 'create'], '--name is required'],
    [['customers', 'create', '--name', 'X', '--code', 'Bad Code!'], '--code:'],
    [
      ['users', 'reset-password', '--email', 'not-an-email', '--password', '123456'],
      '--email: must be an email address',
    ],
    [['users', 'devauth', '--email', 'a@b.example'], 'exactly one of --on or --off'],
    [['locations', 'create', '--customer', 'x', '--name', 'y', '--lat', '95', '--lng', '1'], '--customer'],
    [
      ['releases', 'add', '--version', 'v1', '--date', '2026-01-01', '--message', 'x'],
      '--version: must look like 2.78.0',
    ],
    [['frobnicate'], 'unknown command'],
    [['users', 'list', '--bogus'], "Unknown option '--bogus'"],
  ])('%j -> a clear error', async (args, message) => {
    const result = await cli(args);
    expect(result.error).toContain(message);
  });

  it('refuses a short password and a duplicate email without changing anything', async () => {
    const code = uniqueCode();
    await cli(['customers', 'create', '--name', 'Dup', '--code', code]);
    const email = uniqueEmail();
    expect(
      (await cli(['users', 'create', '--customer', code, '--email', email, '--password', '12345'])).error,
    ).toContain('--password: must be at least 6');
    await cli(['users', 'create', '--customer', code, '--email', email, '--password', '123456']);
    expect(
      (
        await cli([
          'users',
          'create',
          '--customer',
          code,
          '--email',
          email.toUpperCase(),
          '--password',
          '654321',
        ])
      ).error,
    ).toContain('--email: is already registered');
    await login(t.app, { email, password: '123456' });
  });

  it('adds, lists and removes IP allow rules, refusing bad ranges', async () => {
    const code = uniqueCode();
    await cli(['customers', 'create', '--name', 'IP', '--code', code]);
    expect((await cli(['ip-allow', 'add', '--customer', code, '--cidr', '300.1.1.0/24'])).error).toContain(
      '--cidr',
    );
    const added = (
      await cli(['ip-allow', 'add', '--customer', code, '--cidr', '192.0.2.0/24', '--note', 'office'])
    ).lines[0] as { id: number };
    expect((await cli(['ip-allow', 'list', '--customer', code])).lines).toEqual([
      expect.objectContaining({ cidr: '192.0.2.0/24', note: 'office' }),
    ]);
    expect(
      (await cli(['ip-allow', 'remove', '--customer', code, '--id', String(added.id)])).error,
    ).toBeNull();
    expect((await cli(['ip-allow', 'remove', '--customer', code, '--id', String(added.id)])).error).toContain(
      'no such rule',
    );
  });
});
