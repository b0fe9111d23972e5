// Entry detection through the real app (advanced.md §1, §5; core.md §2 more-menu, §8 rights, §9 exports):
// the area links of a camera, the entry job on a real recorded clip, the alerts on the archive timeline and in
// the EnterAlert notifications, and the CSV download. TLT environment modes and use_enter_alert cameras only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AreaLink, AreaLinkInput } from '@camwatch/contract/enter-alerts';
import { everyRight } from '../../db/seed/demo-data.ts';
import { makeClip } from '../../../test/helpers/media-fixtures.ts';
import { createMediaTestApp, putClip } from '../../../test/helpers/recorded-media.ts';
import { expectForeignIdsRefused } from '../../../test/helpers/tenancy.ts';
import {
  as,
  createLocationAndCamera,
  createTenant,
  createTestApp,
  createUser,
  login,
  type TestApp,
} from '../../../test/helpers/test-app.ts';

let t: TestApp & { cleanup: () => Promise<void> };
beforeAll(async () => {
  t = await createMediaTestApp({ ENVIRONMENT_MODE: 'TLT:3' });
});
afterAll(() => t.cleanup());

const rect = (x0: number, y0: number, x1: number, y1: number) => [
  { x: x0, y: y0 },
  { x: x1, y: y0 },
  { x: x1, y: y1 },
  { x: x0, y: y1 },
];

const link: AreaLinkInput = {
  areaName: 'プレス機前',
  entryArea: rect(0.5, 0.5, 1, 0.9),
  machineArea: null,
  detectionFrameThreshold: 3,
  minimumDetectionSize: 0.2,
  runningThreshold: 0.02,
  vigilantTime: 10,
};

async function tltCamera(name = 'Press line') {
  const tenant = await createTenant(t.db);
  const { camera } = await createLocationAndCamera(t.db, tenant.customer.id, name);
  await t.db.updateTable('cameras').set({ use_enter_alert: true }).where('id', '=', camera.id).execute();
  return { ...tenant, camera, cookie: await login(t.app, tenant.user) };
}

const linksUrl = (code: string) => `/api/enter-alert/camera/${code}/area-links`;
const linkUrl = (code: string, id: string) => `${linksUrl(code)}/${id}`;

async function createLink(cookie: string, code: string, input: AreaLinkInput = link) {
  const res = await as(t.app, cookie, { method: 'POST', url: linksUrl(code), payload: input });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: AreaLink }).data;
}

const listOf = async (cookie: string, code: string) =>
  (
    (await as(t.app, cookie, { method: 'GET', url: linksUrl(code) })).json() as {
      data: { areaLinks: AreaLink[] };
    }
  ).data.areaLinks;

describe('api/enter-alert/camera/:cameraCode/area-links', () => {
  it('advanced.md §5: none at first; configEnterAlert adds, reads, changes and deletes a link', async () => {
    const { camera, cookie } = await tltCamera();
    expect(await listOf(cookie, camera.code)).toEqual([]);

    const created = await createLink(cookie, camera.code);
    expect(created).toEqual({ id: expect.stringMatching(/^\d+$/), ...link });
    expect(await listOf(cookie, camera.code)).toEqual([created]);
    const one = await as(t.app, cookie, { method: 'GET', url: linkUrl(camera.code, created.id) });
    expect(one.json()).toEqual({ data: created });

    const changed = { ...link, areaName: '搬入口', machineArea: rect(0, 0, 0.3, 0.3), vigilantTime: 30 };
    const put = await as(t.app, cookie, {
      method: 'PUT',
      url: linkUrl(camera.code, created.id),
      payload: changed,
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(await listOf(cookie, camera.code)).toEqual([{ id: created.id, ...changed }]);

    const del = await as(t.app, cookie, { method: 'DELETE', url: linkUrl(camera.code, created.id) });
    expect(del.json()).toEqual({ data: { id: created.id } });
    expect(await listOf(cookie, camera.code)).toEqual([]);
    const gone = await as(t.app, cookie, { method: 'GET', url: linkUrl(camera.code, created.id) });
    expect(gone.statusCode).toBe(404);
  });

  it('advanced.md §5: at most 5 links a camera (409), names unique (400); nothing changes', async () => {
    const { camera, cookie } = await tltCamera();
    for (let i = 1; i <= 5; i++) await createLink(cookie, camera.code, { ...link, areaName: `エリア${i}` });
    const sixth = await as(t.app, cookie, {
      method: 'POST',
      url: linksUrl(camera.code),
      payload: { ...link, areaName: 'エリア6' },
    });
    expect(sixth.statusCode).toBe(409);
    expect((sixth.json() as { error: { code: string; reason?: string } }).error).toMatchObject({
      code: 'limit_reached',
      reason: 'limit_reached',
    });
    const links = await listOf(cookie, camera.code);
    expect(links).toHaveLength(5);
    const rename = await as(t.app, cookie, {
      method: 'PUT',
      url: linkUrl(camera.code, links[1]!.id),
      payload: { ...link, areaName: 'エリア1' },
    });
    expect(rename.statusCode).toBe(400);
    expect(rename.json()).toEqual({
      errors: { areaName: [expect.stringContaining('already used')] },
      codes: { areaName: ['taken'] },
    });
    // Keeping its own name is fine.
    const same = await as(t.app, cookie, {
      method: 'PUT',
      url: linkUrl(camera.code, links[1]!.id),
      payload: { ...link, areaName: 'エリア2', vigilantTime: 5 },
    });
    expect(same.statusCode, same.body).toBe(200);
    expect((await listOf(cookie, camera.code)).map((l) => l.areaName)).toEqual([
      'エリア1',
      'エリア2',
      'エリア3',
      'エリア4',
      'エリア5',
    ]);
  });

  it('core.md §8: 403 without configEnterAlert; 400 names the field; neither changes anything', async () => {
    const { customer, camera, cookie } = await tltCamera();
    const created = await createLink(cookie, camera.code);
    const viewer = await createUser(t.db, customer.id, {
      permissions: { ...everyRight, configEnterAlert: false },
    });
    const viewerCookie = await login(t.app, viewer);
    for (const request of [
      { method: 'POST' as const, url: linksUrl(camera.code), payload: { ...link, areaName: 'x' } },
      { method: 'PUT' as const, url: linkUrl(camera.code, created.id), payload: { ...link, areaName: 'x' } },
      { method: 'DELETE' as const, url: linkUrl(camera.code, created.id) },
    ]) {
      const res = await as(t.app, viewerCookie, request);
      expect(res.statusCode, request.method).toBe(403);
    }
    // Reading needs a session only: the player draws the areas for everyone who watches.
    expect(await listOf(viewerCookie, camera.code)).toEqual([created]);

    const crossing = [
      { x: 0, y: 0 },
      { x: 1, y: 1 },
      { x: 1, y: 0 },
      { x: 0, y: 1 },
    ];
    const bad: [Record<string, unknown>, string][] = [
      [{ ...link, entryArea: crossing }, 'entryArea'],
      [{ ...link, entryArea: null }, 'entryArea'],
      [
        { ...link, machineArea: Array.from({ length: 11 }, (_, i) => ({ x: i / 20, y: (i % 2) / 2 })) },
        'machineArea',
      ],
      [{ ...link, areaName: '  ' }, 'areaName'],
      [{ ...link, detectionFrameThreshold: 0 }, 'detectionFrameThreshold'],
      [{ ...link, minimumDetectionSize: 2 }, 'minimumDetectionSize'],
      [{ ...link, vigilantTime: 601 }, 'vigilantTime'],
    ];
    for (const [payload, field] of bad) {
      const res = await as(t.app, cookie, { method: 'PUT', url: linkUrl(camera.code, created.id), payload });
      expect(res.statusCode, field).toBe(400);
      expect(Object.keys((res.json() as { errors: Record<string, unknown> }).errors).join(), field).toContain(
        field,
      );
    }
    const badId = await as(t.app, cookie, { method: 'GET', url: linkUrl(camera.code, 'abc') });
    expect(badId.statusCode).toBe(400);
    expect(await listOf(cookie, camera.code)).toEqual([created]);
  });

  it('advanced.md §1: 404 for a camera without use_enter_alert, unknown, another customer’s, or outside TLT', async () => {
    const owner = await tltCamera();
    const ownLink = await createLink(owner.cookie, owner.camera.code);
    const outsider = await tltCamera();
    const outsiderLink = await createLink(outsider.cookie, outsider.camera.code);
    await expectForeignIdsRefused(t.app, outsider.cookie, [
      { name: 'foreign list', request: { method: 'GET', url: linksUrl(owner.camera.code) } },
      { name: 'foreign get', request: { method: 'GET', url: linkUrl(owner.camera.code, ownLink.id) } },
      {
        name: 'foreign create',
        request: { method: 'POST', url: linksUrl(owner.camera.code), payload: { ...link, areaName: 'x' } },
      },
      {
        name: 'foreign update',
        request: { method: 'PUT', url: linkUrl(owner.camera.code, ownLink.id), payload: link },
      },
      { name: 'foreign delete', request: { method: 'DELETE', url: linkUrl(owner.camera.code, ownLink.id) } },
      // Another camera's link id through one's own camera.
      {
        name: 'link of another camera',
        request: { method: 'GET', url: linkUrl(outsider.camera.code, ownLink.id) },
      },
      {
        name: 'foreign alerts',
        request: {
          method: 'GET',
          url: `/api/enter-alert/camera/${owner.camera.code}/alerts?start_datetime=2026-11-20T00:00:00Z&end_datetime=2026-11-21T00:00:00Z`,
        },
      },
      {
        name: 'foreign CSV',
        request: {
          method: 'GET',
          url: `/api/enter-alert/camera/${owner.camera.code}/csv?start_datetime=2026-11-20T00:00:00Z&end_datetime=2026-11-21T00:00:00Z`,
        },
      },
    ]);
    expect(await listOf(owner.cookie, owner.camera.code)).toEqual([ownLink]);
    expect(await listOf(outsider.cookie, outsider.camera.code)).toEqual([outsiderLink]);

    const { customer: plainCustomer, user: plainUser } = await createTenant(t.db);
    const { camera: plain } = await createLocationAndCamera(t.db, plainCustomer.id);
    const plainCookie = await login(t.app, plainUser);
    for (const url of [linksUrl('no-such-camera'), linksUrl(plain.code)]) {
      expect((await as(t.app, plainCookie, { method: 'GET', url })).statusCode, url).toBe(404);
    }
    const normal = await createTestApp({ ENVIRONMENT_MODE: 'normal' });
    try {
      const res = await as(normal.app, await login(normal.app, owner.user), {
        method: 'GET',
        url: linksUrl(owner.camera.code),
      });
      expect(res.statusCode, 'no entry detection outside TLT modes').toBe(404);
    } finally {
      await normal.app.close();
    }
  });
});

describe('the entry job, the timeline and the CSV', () => {
  const MINUTE = 60_000;
  const recentMinute = () => new Date(Math.floor(Date.now() / MINUTE) * MINUTE - 2 * MINUTE);

  it('advanced.md §5: finds the entry in a recorded clip; the timeline, the EnterAlert tab and the CSV show it', async () => {
    const { customer, camera, cookie } = await tltCamera('横浜 ライン1');
    await createLink(cookie, camera.code);
    // A second link whose area the box never enters, and one with a machine area where nothing moves.
    await createLink(cookie, camera.code, { ...link, areaName: '天井', entryArea: rect(0, 0, 1, 0.3) });
    await createLink(cookie, camera.code, {
      ...link,
      areaName: '停止中の機械',
      machineArea: rect(0, 0, 0.2, 0.2),
    });
    // A box a third of the picture tall crosses from left to right during seconds 2..8.
    const start = recentMinute();
    const clip = await putClip(
      t,
      camera.id,
      start,
      await makeClip({ seconds: 10, scene: 'moving', motionFrom: 2, motionTo: 8 }),
      { durationMs: 10_000 },
    );
    await t.services.enterAlerts.enqueueFor(clip.id);
    await t.services.jobs.runDue();

    const hourStart = new Date(Math.floor(start.getTime() / 3_600_000) * 3_600_000).toISOString();
    const archives = await as(t.app, cookie, {
      method: 'GET',
      url: `/api/cameras/${camera.code}/archives?start_date=${hourStart}&period=1`,
    });
    expect(archives.statusCode, archives.body).toBe(200);
    const minute = (
      archives.json() as {
        data: {
          archives: { start_time: string; events: { enterAlert: { startSec: number; endSec: number }[] } }[];
        };
      }
    ).data.archives.find((a) => Date.parse(a.start_time) === start.getTime());
    expect(minute?.events.enterAlert).toHaveLength(1);
    const [alert] = minute!.events.enterAlert;
    expect(alert!.startSec).toBeGreaterThan(4);
    expect(alert!.startSec).toBeLessThan(6.5);

    const notes = await as(t.app, cookie, { method: 'GET', url: '/api/notifications?event=entry' });
    expect(notes.statusCode, notes.body).toBe(200);
    const list = (notes.json() as { data: { notifications: { message: string; url: string | null }[] } }).data
      .notifications;
    expect(list[0]?.message).toBe('プレス機前');
    expect(list[0]?.url).toContain(`/detail/${camera.code}?date=`);

    const from = new Date(start.getTime() - 3_600_000).toISOString();
    const to = new Date(start.getTime() + 3_600_000).toISOString();
    const csv = await as(t.app, cookie, {
      method: 'GET',
      url: `/api/enter-alert/camera/${camera.code}/csv?start_datetime=${encodeURIComponent(from)}&end_datetime=${encodeURIComponent(to)}&lang=ja`,
    });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="enter-alert_/);
    expect(csv.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = csv.rawPayload.subarray(3).toString('utf8').split('\r\n');
    expect(lines[0]).toBe('カメラ名,エリア名,開始日時,終了日時,継続時間(秒)');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(
      /^横浜 ライン1,プレス機前,\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d+(\.\d)?$/,
    );
    const startCell = lines[1]!.split(',')[2]!;
    const expected = new Date(start.getTime() + alert!.startSec * 1000)
      .toISOString()
      .slice(0, 19)
      .replace('T', ' ');
    expect(startCell).toBe(expected);

    // The report's data: the same alert, its times in the asked offset.
    const report = await as(t.app, cookie, {
      method: 'GET',
      url: `/api/enter-alert/camera/${camera.code}/alerts?start_datetime=${encodeURIComponent(from.replace('Z', '+09:00'))}&end_datetime=${encodeURIComponent(to)}`,
    });
    expect(report.statusCode, report.body).toBe(200);
    const { alerts } = (
      report.json() as { data: { alerts: { areaName: string; start_time: string; end_time: string }[] } }
    ).data;
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.areaName).toBe('プレス機前');
    expect(alerts[0]!.start_time).toMatch(/\+09:00$/);
    // Written to the second, like the CSV.
    expect(Date.parse(alerts[0]!.start_time)).toBe(
      Math.floor((start.getTime() + alert!.startSec * 1000) / 1000) * 1000,
    );
    expect(Date.parse(alerts[0]!.end_time)).toBeGreaterThan(Date.parse(alerts[0]!.start_time));

    // Rights and bad periods.
    const viewer = await createUser(t.db, customer.id, {
      permissions: { ...everyRight, configEnterAlert: false },
    });
    const csvUrl = (f: string, e: string) =>
      `/api/enter-alert/camera/${camera.code}/csv?start_datetime=${encodeURIComponent(f)}&end_datetime=${encodeURIComponent(e)}`;
    const viewerCookie = await login(t.app, viewer);
    const denied = await as(t.app, viewerCookie, { method: 'GET', url: csvUrl(from, to) });
    expect(denied.statusCode).toBe(403);
    const deniedReport = await as(t.app, viewerCookie, {
      method: 'GET',
      url: csvUrl(from, to).replace('/csv?', '/alerts?'),
    });
    expect(deniedReport.statusCode).toBe(403);
    const tooLong = await as(t.app, cookie, {
      method: 'GET',
      url: csvUrl('2026-01-01T00:00:00Z', '2026-03-01T00:00:00Z'),
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toEqual({
      errors: { end_datetime: [expect.stringContaining('31 days')] },
      codes: { end_datetime: ['bad_range'] },
    });
    const backwards = await as(t.app, cookie, { method: 'GET', url: csvUrl(to, from) });
    expect(backwards.statusCode).toBe(400);
    const garbage = await as(t.app, cookie, { method: 'GET', url: csvUrl('yesterday', to) });
    expect(garbage.statusCode).toBe(400);
    expect(Object.keys((garbage.json() as { errors: object }).errors)).toContain('start_datetime');
  });

  it('advanced.md §5: without area links nothing is decoded and no alert is stored', async () => {
    const { camera } = await tltCamera();
    const clip = await putClip(
      t,
      camera.id,
      new Date(recentMinute().getTime() - 10 * MINUTE),
      await makeClip({ seconds: 10, scene: 'moving', motionFrom: 2, motionTo: 8 }),
      { durationMs: 10_000 },
    );
    await t.services.enterAlerts.enqueueFor(clip.id);
    await t.services.jobs.runDue();
    const row = await t.db
      .selectFrom('clips')
      .select('enter_alert_events')
      .where('id', '=', clip.id)
      .executeTakeFirst();
    expect(row?.enter_alert_events).toEqual([]);
  });
});
