// `audit list` and the CLI's own changes in the audit log, against the real database: what the operator did
// shows as `via: cli` in the customer's log (and the parent reads it through the API), filters narrow, and a
// bad option is a message naming it.
import { beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, login, uniqueEmail, type TestApp } from '../../test/helpers/test-app.ts';
import { cliErrorMessage, runCli } from './run-cli.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

async function cli(
  args: string[],
  stdin = '',
): Promise<{ lines: Record<string, unknown>[]; error: string | null }> {
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

const uniqueCode = () => `a${Math.random().toString(36).slice(2, 10)}`;

async function customerWithParent() {
  const code = uniqueCode();
  await cli(['customers', 'create', '--name', 'Audit Co', '--code', code]);
  const parent = uniqueEmail('boss');
  await cli([
    'users',
    'create',
    '--customer',
    code,
    '--email',
    parent,
    '--password',
    'boss-pass-1',
    '--rights',
    'all',
  ]);
  return { code, parent };
}

describe('audit list', () => {
  it('shows the operator’s account and IP allow-list changes, newest first, and the parent sees them too', async () => {
    const { code, parent } = await customerWithParent();
    const kid = uniqueEmail('kid');
    await cli([
      'users',
      'create',
      '--customer',
      code,
      '--email',
      kid,
      '--password',
      'kid-pass-1',
      '--parent',
      parent,
      '--rights',
      'live',
    ]);
    await cli(['users', 'rights', '--email', kid, '--rights', 'live,archive']);
    await cli(['users', 'lock', '--email', kid, '--by', 'parent']);
    await cli(['users', 'unlock', '--email', kid]);
    const rule = (await cli(['ip-allow', 'add', '--customer', code, '--cidr', '192.0.2.0/24'])).lines[0];
    await cli(['ip-allow', 'remove', '--customer', code, '--id', String(rule?.id)]);

    const { lines, error } = await cli(['audit', 'list', '--customer', code]);
    expect(error).toBeNull();
    expect(lines.map((l) => l.kind)).toEqual([
      'ip_allow_removed',
      'ip_allow_added',
      'user_unlocked',
      'user_locked',
      'user_rights_changed',
      'user_created',
      'user_created',
    ]);
    expect(lines.every((l) => l.via === 'cli' && l.user === null && l.ip === null)).toBe(true);
    expect(lines[1]).toMatchObject({ target: '192.0.2.0/24' });
    expect(lines[4]).toMatchObject({ target: kid, detail: { rights: ['live', 'archive'] } });

    const cookie = await login(t.app, { email: parent, password: 'boss-pass-1' });
    const res = await as(t.app, cookie, {
      method: 'GET',
      url: '/api/audit-log',
      query: { kind: 'user_locked' },
    });
    expect(res.json().data.events).toMatchObject([{ via: 'cli', target: kid, detail: { by: 'parent' } }]);
  });

  it('filters by kind, user, period and limit; another customer’s events never show', async () => {
    const { code, parent } = await customerWithParent();
    const other = await customerWithParent();
    await cli(['users', 'lock', '--email', other.parent]);
    const cookie = await login(t.app, { email: parent, password: 'boss-pass-1' });
    await as(t.app, cookie, { method: 'POST', url: '/api/cameratags', payload: { tag_name: 'Gate' } });

    const created = await cli([
      'audit',
      'list',
      '--customer',
      code,
      '--kind',
      'tag_created',
      '--user',
      parent,
    ]);
    expect(created.lines).toMatchObject([{ kind: 'tag_created', user: parent, target: 'Gate', via: 'api' }]);
    const all = await cli(['audit', 'list', '--customer', code]);
    expect(all.lines.map((l) => l.kind)).toEqual(['tag_created', 'login_succeeded', 'user_created']);
    expect(JSON.stringify(all.lines)).not.toContain(other.parent);
    expect((await cli(['audit', 'list', '--customer', code, '--limit', '1'])).lines).toHaveLength(1);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    expect((await cli(['audit', 'list', '--customer', code, '--since', tomorrow])).lines).toEqual([]);
    expect((await cli(['audit', 'list', '--customer', code, '--until', tomorrow])).lines).toHaveLength(3);
  });

  it('lists sign-ins naming no user with --customer -', async () => {
    const email = uniqueEmail('ghost');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: 'nope-nope-1' },
      remoteAddress: '198.51.100.99',
    });
    expect(res.statusCode).toBe(401);
    const { lines } = await cli(['audit', 'list', '--customer', '-', '--kind', 'login_failed']);
    expect(lines).toContainEqual(
      expect.objectContaining({ ip: '198.51.100.99', user: null, detail: { reason: 'unknown_user' } }),
    );
    expect(JSON.stringify(lines)).not.toContain(email);
  });

  it.each([
    [['audit', 'list'], '--customer is required'],
    [['audit', 'list', '--customer', 'no-such-customer'], '--customer: no customer'],
    [['audit', 'list', '--customer', '-', '--kind', 'dance'], '--kind'],
    [['audit', 'list', '--customer', '-', '--since', 'last week'], '--since'],
    [['audit', 'list', '--customer', '-', '--limit', '0'], '--limit'],
  ])('%j is refused: %s', async (args, message) => {
    const { error } = await cli(args);
    expect(error).toContain(message);
  });
});
