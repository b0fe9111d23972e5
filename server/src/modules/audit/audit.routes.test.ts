// The audit log through the real app (issue 16 "Audit log"): each kind of event is recorded with its user,
// client address and camera when the user acts through the API; the parent reads its own customer's events
// (filtered, paged, as CSV); a child user is refused; no call changes or deletes an event; old events go.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allCalls } from '@camwatch/contract/calls';
import type { AuditEvent } from '@camwatch/contract/audit';
import { AUDIT_KINDS } from '@camwatch/contract/audit-rules';
import type { ServerToDeviceMessage } from '@camwatch/contract/device';
import type { AgentChannel } from '../../realtime/agent-hub.ts';
import {
  as,
  createLocationAndCamera,
  createTenant,
  createUser,
  login,
  sessionCookieOf,
  type TestApp,
  createTestApp,
} from '../../../test/helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ EXPERIMENTAL_FEATURES: 'lighting' });
});
afterAll(() => t.app.close());

const UA = 'AuditTest/1.0';
const client = (ip: string) => ({ remoteAddress: ip, headers: { 'user-agent': UA } });

/** A customer with a parent, a child and a camera; the parent logged in from 203.0.113.7. */
async function family() {
  const tenant = await createTenant(t.db);
  const child = await createUser(t.db, tenant.customer.id, { parentUserId: tenant.user.id });
  const { camera } = await createLocationAndCamera(t.db, tenant.customer.id, 'Front door');
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: tenant.user.email, password: tenant.user.password },
    ...client('203.0.113.7'),
  });
  expect(res.statusCode, res.body).toBe(200);
  return { ...tenant, child, camera, cookie: sessionCookieOf(res) };
}

type Family = Awaited<ReturnType<typeof family>>;

/** The same request from the parent's address and browser. */
const act = (f: Family, options: Parameters<typeof as>[2]) =>
  as(t.app, f.cookie, { ...options, ...client('203.0.113.7') });

async function events(cookie: string, query: Record<string, string | number> = {}) {
  const res = await as(t.app, cookie, { method: 'GET', url: '/api/audit-log', query: stringify(query) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { events: AuditEvent[]; total: number; page: number; pageSize: number };
}

const stringify = (query: Record<string, string | number>) =>
  Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)]));

const ofKind = async (f: Family, kind: string) => (await events(f.cookie, { kind })).events;

describe('recording', () => {
  it('sign-ins: success and failure with user, address and browser; an unknown address is nobody’s', async () => {
    const f = await family();
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: f.user.email, password: 'wrong-password-1' },
      ...client('198.51.100.20'),
    });
    expect(wrong.statusCode).toBe(401);
    const unknownEmail = `nobody-${f.customer.code}@test.example`;
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: unknownEmail, password: 'whatever-1' },
      ...client('198.51.100.21'),
    });
    expect(unknown.statusCode).toBe(401);

    const [ok] = await ofKind(f, 'login_succeeded');
    expect(ok).toMatchObject({
      user_id: f.user.id,
      user_email: f.user.email,
      ip: '203.0.113.7',
      user_agent: UA,
      via: 'api',
    });
    const failed = await ofKind(f, 'login_failed');
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({
      user_id: f.user.id,
      ip: '198.51.100.20',
      detail: { reason: 'invalid_credentials' },
    });
    // The unknown address is kept for the operator only, without the address typed.
    const nobody = await t.db
      .selectFrom('audit_events')
      .select(['customer_id', 'user_email', 'detail'])
      .where('ip', '=', '198.51.100.21')
      .execute();
    expect(nobody).toEqual([{ customer_id: null, user_email: null, detail: { reason: 'unknown_user' } }]);
    expect(JSON.stringify(await events(f.cookie))).not.toContain(unknownEmail);
  });

  it('logout and password change', async () => {
    const f = await family();
    const changed = await act(f, {
      method: 'PUT',
      url: '/api/auth/password',
      payload: { currentPassword: f.user.password, password: 'another-pass-2' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await ofKind(f, 'password_changed')).toMatchObject([{ user_id: f.user.id, ip: '203.0.113.7' }]);
    const reader = await login(t.app, { email: f.user.email, password: 'another-pass-2' });
    expect((await act(f, { method: 'POST', url: '/api/auth/logout' })).statusCode).toBe(200);
    expect((await events(reader, { kind: 'logout' })).events).toMatchObject([{ user_id: f.user.id }]);
  });

  it('a session the login check ends is recorded as a logout with the reason', async () => {
    const f = await family();
    await t.db.updateTable('users').set({ devauth_enabled: true }).where('id', '=', f.user.id).execute();
    const res = await act(f, { method: 'POST', url: '/api/auth/checklogin', payload: {} });
    expect(res.json()).toMatchObject({ result: 'failed', data: { reason: 'devauth_failed' } });
    await t.db.updateTable('users').set({ devauth_enabled: false }).where('id', '=', f.user.id).execute();
    const reader = await login(t.app, f.user);
    expect((await events(reader, { kind: 'logout' })).events).toMatchObject([
      { user_id: f.user.id, ip: '203.0.113.7', detail: { reason: 'devauth_failed' } },
    ]);
  });

  it('live: one event however often the player renews it, with the camera’s code and name', async () => {
    const f = await family();
    for (let i = 0; i < 3; i++) {
      const res = await act(f, { method: 'PUT', url: `/api/cameras/${f.camera.code}/live` });
      expect(res.statusCode, res.body).toBe(200);
    }
    expect(await ofKind(f, 'live_viewed')).toMatchObject([
      { camera_code: f.camera.code, camera_name: 'Front door', user_id: f.user.id, ip: '203.0.113.7' },
    ]);
  });

  it('camera control: PTZ once while steering, each lighting switch', async () => {
    const f = await family();
    await t.db
      .updateTable('cameras')
      .set({ use_ptz: true, can_pan: true })
      .where('id', '=', f.camera.id)
      .execute();
    // A connected agent that carries out every command.
    const channel: AgentChannel = {
      send: (message: ServerToDeviceMessage) => {
        if (message.type === 'command')
          t.services.hub.receive(f.camera.id, {
            type: 'result',
            id: message.id,
            ok: true,
            ptz: { pan: 0.1, tilt: 0, zoom: 1 },
            lighting: true,
          });
      },
      close: () => {},
    };
    t.services.hub.attach(f.camera.id, channel, {
      camera_code: f.camera.code,
      fps: 5,
      width: 160,
      height: 90,
      live_interval_sec: 1,
      motion_area: [],
      can_pan: true,
      can_tilt: false,
      can_zoom: false,
    });
    try {
      for (let i = 0; i < 3; i++) {
        const res = await act(f, {
          method: 'POST',
          url: `/api/cameras/${f.camera.code}/ptz`,
          payload: { pan: 0.1 },
        });
        expect(res.json(), res.body).toHaveProperty('data.ptz');
      }
      const light = await act(f, {
        method: 'PUT',
        url: `/api/cameras/${f.camera.code}/lighting`,
        payload: { on: true },
      });
      expect(light.json(), light.body).toEqual({ data: { lighting: true } });
    } finally {
      t.services.hub.detach(f.camera.id, channel);
    }
    const controlled = await ofKind(f, 'camera_controlled');
    expect(controlled.map((e) => e.detail)).toEqual([{ control: 'lighting', on: true }, { control: 'ptz' }]);
    expect(controlled.every((e) => e.camera_code === f.camera.code && e.ip === '203.0.113.7')).toBe(true);
  });

  it('settings: tags, motion notification, device keys', async () => {
    const f = await family();
    const created = await act(f, { method: 'POST', url: '/api/cameratags', payload: { tag_name: 'Lobby' } });
    const code = created.json().data.tag_code as string;
    await act(f, { method: 'PUT', url: `/api/cameratags/${code}`, payload: { tag_name: 'Hall' } });
    await act(f, {
      method: 'POST',
      url: '/api/cameratags/assign',
      payload: { camera_code: [f.camera.code], set_tag_code: [code] },
    });
    await act(f, { method: 'DELETE', url: `/api/cameratags/${code}` });
    const motion = await act(f, {
      method: 'PUT',
      url: `/api/cameras/${f.camera.code}/motion-notification`,
      payload: { enabled: true },
    });
    expect(motion.statusCode, motion.body).toBe(200);
    const key = await act(f, { method: 'POST', url: '/api/auth/appkey', payload: { name: 'Office PC' } });
    expect(key.statusCode, key.body).toBe(200);
    await act(f, { method: 'DELETE', url: '/api/auth/appkey', payload: { id: key.json().data.id } });

    expect(await ofKind(f, 'tag_created')).toMatchObject([{ target: 'Lobby', detail: { tag_code: code } }]);
    expect(await ofKind(f, 'tag_renamed')).toMatchObject([{ target: 'Hall', detail: { from: 'Lobby' } }]);
    expect(await ofKind(f, 'tags_assigned')).toMatchObject([
      { detail: { cameras: [f.camera.code], set: ['Hall'], unset: [] } },
    ]);
    expect(await ofKind(f, 'tag_deleted')).toMatchObject([{ target: 'Hall' }]);
    expect(await ofKind(f, 'motion_notification_changed')).toMatchObject([
      { camera_code: f.camera.code, detail: { enabled: true } },
    ]);
    expect(await ofKind(f, 'appkey_registered')).toMatchObject([{ target: 'Office PC' }]);
    expect(await ofKind(f, 'appkey_revoked')).toHaveLength(1);
    for (const kind of ['tag_created', 'tag_deleted', 'appkey_registered'])
      expect(await ofKind(f, kind)).toMatchObject([
        { user_id: f.user.id, ip: '203.0.113.7', user_agent: UA },
      ]);
  });

  it('child users: lock and rights, device keys cleared', async () => {
    const f = await family();
    const res = await act(f, {
      method: 'PUT',
      url: `/api/childusers/${f.child.id}`,
      payload: { locked: true, modPassword: false },
    });
    expect(res.statusCode, res.body).toBe(200);
    await act(f, { method: 'DELETE', url: `/api/childusers/${f.child.id}/appkey` });
    expect(await ofKind(f, 'child_user_changed')).toMatchObject([
      { target: f.child.email, detail: { user_id: f.child.id, locked: true, modPassword: false } },
    ]);
    expect(await ofKind(f, 'child_appkeys_cleared')).toMatchObject([{ target: f.child.email }]);
  });

  it('a refused action is not recorded', async () => {
    const f = await family();
    const res = await act(f, { method: 'PUT', url: `/api/cameratags/tag-none`, payload: { tag_name: 'X' } });
    expect(res.statusCode).toBe(404);
    expect(await ofKind(f, 'tag_renamed')).toEqual([]);
  });

  it('a failure to record never fails the request, and is only missing from the log', async () => {
    const f = await family();
    // A real database error on this one insert: a trigger refusing events of this target.
    await sql
      .raw(
        `CREATE FUNCTION audit_test_refuse() RETURNS trigger LANGUAGE plpgsql AS $$
         BEGIN IF NEW.target = 'Refused-${f.customer.code}' THEN RAISE EXCEPTION 'refused'; END IF; RETURN NEW; END $$`,
      )
      .execute(t.db);
    await sql
      .raw(
        `CREATE TRIGGER audit_test_refuse BEFORE INSERT ON audit_events FOR EACH ROW EXECUTE FUNCTION audit_test_refuse()`,
      )
      .execute(t.db);
    try {
      const res = await act(f, {
        method: 'POST',
        url: '/api/cameratags',
        payload: { tag_name: `Refused-${f.customer.code}` },
      });
      expect(res.statusCode, res.body).toBe(200);
      const tags = await act(f, { method: 'GET', url: '/api/cameratags' });
      expect(tags.json().data.tags).toMatchObject([{ tag_name: `Refused-${f.customer.code}` }]);
      expect(await ofKind(f, 'tag_created')).toEqual([]);
    } finally {
      await sql.raw('DROP TRIGGER audit_test_refuse ON audit_events').execute(t.db);
      await sql.raw('DROP FUNCTION audit_test_refuse()').execute(t.db);
    }
  });
});

describe('reading', () => {
  it('filters by user, camera, kind and period; pages newest first', async () => {
    const f = await family();
    const childCookie = await login(t.app, f.child);
    await as(t.app, childCookie, { method: 'PUT', url: `/api/cameras/${f.camera.code}/live` });
    const other = await createLocationAndCamera(t.db, f.customer.id, 'Back door');
    await act(f, { method: 'PUT', url: `/api/cameras/${other.camera.code}/live` });

    const byChild = await events(f.cookie, { user_id: f.child.id });
    expect(byChild.events.map((e) => e.kind).sort()).toEqual(['live_viewed', 'login_succeeded']);
    const byCamera = await events(f.cookie, { camera_code: other.camera.code });
    expect(byCamera.events).toMatchObject([
      { kind: 'live_viewed', user_id: f.user.id, camera_name: 'Back door' },
    ]);
    const live = await events(f.cookie, { kind: 'live_viewed' });
    expect(live.total).toBe(2);
    // Newest first: the parent's view came after the child's.
    expect(live.events.map((e) => e.user_id)).toEqual([f.user.id, f.child.id]);

    const future = new Date(Date.now() + 3_600_000).toISOString();
    expect((await events(f.cookie, { from: future })).total).toBe(0);
    expect((await events(f.cookie, { to: future })).total).toBeGreaterThanOrEqual(4);
    expect((await events(f.cookie, { to: new Date(Date.now() - 86_400_000).toISOString() })).total).toBe(0);
  });

  it('pages of 50 with the total', async () => {
    const f = await family();
    await t.db
      .insertInto('audit_events')
      .values(
        Array.from({ length: 60 }, (_, i) => ({
          customer_id: f.customer.id,
          kind: 'tag_created',
          target: `tag ${i}`,
          occurred_at: new Date(Date.now() - (60 - i) * 1000),
          detail: '{}',
        })),
      )
      .execute();
    const first = await events(f.cookie, { kind: 'tag_created' });
    expect(first).toMatchObject({ total: 60, page: 1, pageSize: 50 });
    expect(first.events).toHaveLength(50);
    expect(first.events[0]?.target).toBe('tag 59');
    const second = await events(f.cookie, { kind: 'tag_created', page: 2 });
    expect(second.events.map((e) => e.target)).toEqual(Array.from({ length: 10 }, (_, i) => `tag ${9 - i}`));
  });

  it('another customer’s events never appear, whatever the filter', async () => {
    const f = await family();
    await act(f, { method: 'PUT', url: `/api/cameras/${f.camera.code}/live` });
    const outsider = await family();
    const seen = await events(outsider.cookie);
    expect(seen.events.every((e) => e.user_id === outsider.user.id)).toBe(true);
    const probes: Record<string, string | number>[] = [
      { user_id: f.user.id },
      { camera_code: f.camera.code },
      { kind: 'live_viewed' },
    ];
    for (const query of probes) {
      const res = await as(t.app, outsider.cookie, {
        method: 'GET',
        url: '/api/audit-log',
        query: stringify(query),
      });
      expect(res.statusCode).toBe(200);
      for (const value of [f.user.email, f.camera.code]) expect(res.body).not.toContain(value);
      expect(res.json().data.events.every((e: AuditEvent) => e.user_id === outsider.user.id)).toBe(true);
    }
    const options = await as(t.app, outsider.cookie, { method: 'GET', url: '/api/audit-log/options' });
    expect(options.body).not.toContain(f.user.email);
    expect(options.body).not.toContain(f.camera.code);
    const csv = await as(t.app, outsider.cookie, { method: 'GET', url: '/api/audit-log/csv' });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).not.toContain(f.user.email);
    expect(csv.body).not.toContain(f.camera.code);
  });

  it('offers the customer’s own users and cameras to filter by', async () => {
    const f = await family();
    const res = await act(f, { method: 'GET', url: '/api/audit-log/options' });
    expect(res.statusCode).toBe(200);
    const { users, cameras, retentionDays } = res.json().data;
    expect(retentionDays).toBe(365);
    expect(users.map((u: { id: number }) => u.id).sort()).toEqual([f.user.id, f.child.id].sort());
    expect(cameras).toEqual([{ code: f.camera.code, name: 'Front door' }]);
  });

  it('a child user is refused (403) on every audit call, even with every right', async () => {
    const f = await family();
    const childCookie = await login(t.app, f.child);
    for (const url of ['/api/audit-log', '/api/audit-log/csv', '/api/audit-log/options']) {
      const res = await as(t.app, childCookie, { method: 'GET', url });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().error.code).toBe('forbidden');
    }
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/audit-log' });
    expect(anonymous.statusCode).toBe(401);
  });

  it.each([
    [{ kind: 'dance' }, 'kind'],
    [{ user_id: 'me' }, 'user_id'],
    [{ user_id: '0' }, 'user_id'],
    [{ page: '0' }, 'page'],
    [{ from: 'yesterday' }, 'from'],
    [{ from: '2026-11-02T00:00:00Z', to: '2026-11-01T00:00:00Z' }, 'to'],
    [{ camera_code: 'x'.repeat(65) }, 'camera_code'],
  ])('refuses %j with 400 on %s', async (query, field) => {
    const f = await family();
    const res = await act(f, { method: 'GET', url: '/api/audit-log', query });
    expect(res.statusCode, res.body).toBe(400);
    expect(Object.keys(res.json().errors)).toContain(field);
  });

  it('refuses a bad CSV offset or language with 400', async () => {
    const f = await family();
    const queries: Record<string, string>[] = [{ utc_offset: '9' }, { lang: 'fr' }];
    for (const query of queries) {
      const res = await act(f, { method: 'GET', url: '/api/audit-log/csv', query });
      expect(res.statusCode, res.body).toBe(400);
    }
  });
});

describe('CSV', () => {
  it('is UTF-8 with a byte-order mark, in the asked language and offset, filtered, and is itself recorded', async () => {
    const f = await family();
    await act(f, { method: 'PUT', url: `/api/cameras/${f.camera.code}/live` });
    const res = await act(f, {
      method: 'GET',
      url: '/api/audit-log/csv',
      query: { kind: 'live_viewed', lang: 'ja', utc_offset: '+09:00' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="audit-log_\d{8}\.csv"/);
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('日時,種類,ユーザー,IPアドレス,カメラコード,カメラ名,対象,詳細,経路,ブラウザー');
    expect(lines).toHaveLength(2);
    const [when, kind, user, ip, code, name] = (lines[1] ?? '').split(',');
    expect([kind, user, ip, code, name]).toEqual([
      'ライブ視聴',
      f.user.email,
      '203.0.113.7',
      f.camera.code,
      'Front door',
    ]);
    // Written in +09:00: nine hours ahead of the stored UTC time.
    const [stored] = await ofKind(f, 'live_viewed');
    const utc = new Date(stored!.occurred_at).getTime();
    expect(when).toBe(new Date(utc + 9 * 3_600_000).toISOString().slice(0, 19).replace('T', ' '));

    expect(await ofKind(f, 'csv_exported')).toMatchObject([
      { target: 'audit-log', detail: { export: 'audit_log', kind: 'live_viewed' } },
    ]);
    const en = await act(f, { method: 'GET', url: '/api/audit-log/csv', query: { lang: 'en' } });
    expect(en.body.split('\r\n')[0]).toBe(
      '\uFEFFTime,Kind,User,IP address,Camera code,Camera,Target,Detail,Via,Browser',
    );
    expect(en.body).toContain('Watched live');
  });

  it('writes every matching event, beyond one read batch', async () => {
    const f = await family();
    await t.db
      .insertInto('audit_events')
      .values(
        Array.from({ length: 1205 }, (_, i) => ({
          customer_id: f.customer.id,
          kind: 'tags_assigned',
          target: `row ${i}`,
          occurred_at: new Date(Date.now() - 10_000_000 + Math.floor(i / 3) * 1000),
          detail: '{}',
        })),
      )
      .execute();
    const res = await act(f, { method: 'GET', url: '/api/audit-log/csv', query: { kind: 'tags_assigned' } });
    const rows = res.body.trimEnd().split('\r\n').slice(1);
    expect(rows).toHaveLength(1205);
    expect(new Set(rows.map((row) => row.split(',')[6])).size).toBe(1205);
  });
});

describe('never editable', () => {
  it('the contract has no call that writes the audit log, and the server answers none', async () => {
    const auditCalls = allCalls.filter((call) => call.path.startsWith('/api/audit-log'));
    expect(auditCalls.map((call) => call.method)).toEqual(['GET', 'GET', 'GET']);
    const f = await family();
    const [one] = (await events(f.cookie)).events;
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH'] as const)
      for (const url of ['/api/audit-log', `/api/audit-log/${one!.id}`]) {
        const res = await act(f, { method, url, payload: {} });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
      }
    expect((await events(f.cookie)).events[0]).toEqual(one);
  });

  it('the database refuses to change an event, even for the service itself', async () => {
    const f = await family();
    await expect(
      t.db
        .updateTable('audit_events')
        .set({ kind: 'logout' })
        .where('customer_id', '=', f.customer.id)
        .execute(),
    ).rejects.toThrow(/cannot be changed/);
  });
});

describe('retention', () => {
  it('the audit-retention job deletes events older than AUDIT_RETENTION_DAYS and keeps the rest', async () => {
    const f = await family();
    const day = 86_400_000;
    await t.db
      .insertInto('audit_events')
      .values([
        {
          customer_id: f.customer.id,
          kind: 'logout',
          target: 'old',
          occurred_at: new Date(Date.now() - 366 * day),
          detail: '{}',
        },
        {
          customer_id: f.customer.id,
          kind: 'logout',
          target: 'kept',
          occurred_at: new Date(Date.now() - 364 * day),
          detail: '{}',
        },
      ])
      .execute();
    await t.services.jobs.enqueue('audit-retention');
    await t.services.jobs.runDue();
    const left = (await events(f.cookie, { kind: 'logout' })).events.map((e) => e.target);
    expect(left).toEqual(['kept']);

    // A shorter period from the configuration.
    const short = await createTestApp({ AUDIT_RETENTION_DAYS: '30' });
    try {
      expect(await short.services.auditRetention.run()).toBeGreaterThanOrEqual(1);
      expect((await events(f.cookie, { kind: 'logout' })).events).toEqual([]);
      expect((await events(f.cookie, { kind: 'login_succeeded' })).total).toBe(1);
    } finally {
      await short.app.close();
    }
  });

  it('every kind has its label in both CSV languages', async () => {
    const { AUDIT_KIND_LABELS } = await import('./audit-csv.ts');
    expect(Object.keys(AUDIT_KIND_LABELS).sort()).toEqual([...AUDIT_KINDS].sort());
  });
});
