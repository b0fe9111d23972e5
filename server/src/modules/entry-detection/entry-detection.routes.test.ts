// Entry detection through the real app (advanced.md §1, §5; core.md §2 more-menu, §8 rights, §9 exports):
// the area links of a camera, entry detection on people tracked in real recorded clips (the tracks are what the
// vision job hands over), the alerts on the archive timeline and in the EnterAlert notifications (with their
// cooldown), a stay over a minute's end, and the CSV download. TLT environment modes and use_enter_alert cameras only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AreaLink, AreaLinkInput } from '@camwatch/contract/entry-detection';
import { everyRight } from '../../db/seed/demo-account.ts';
import type { Track } from '../../vision/types.ts';
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
  personDetectionThreshold: 0.3,
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
      [{ ...link, personDetectionThreshold: 1.5 }, 'personDetectionThreshold'],
      [{ ...link, personDetectionThreshold: -0.1 }, 'personDetectionThreshold'],
      [{ ...link, personDetectionThreshold: 'high' }, 'personDetectionThreshold'],
      [{ ...link, personDetectionThreshold: null }, 'personDetectionThreshold'],
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

  it('advanced.md §5 person detection threshold: kept as sent; the default when not sent or stored before it existed', async () => {
    const { camera, cookie } = await tltCamera();
    const strict = await createLink(cookie, camera.code, { ...link, personDetectionThreshold: 0.65 });
    expect(strict.personDetectionThreshold).toBe(0.65);
    const { personDetectionThreshold: _left, ...withoutIt } = link;
    const res = await as(t.app, cookie, {
      method: 'POST',
      url: linksUrl(camera.code),
      payload: { ...withoutIt, areaName: '既定' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as { data: AreaLink }).data.personDetectionThreshold).toBe(0.3);
    // A link stored by the version before the field: read with the default.
    await t.db
      .insertInto('enter_alert_area_links')
      .values({ camera_id: camera.id, setting: JSON.stringify({ ...withoutIt, areaName: '旧' }) })
      .execute();
    const links = await listOf(cookie, camera.code);
    expect(links.map((l) => [l.areaName, l.personDetectionThreshold])).toEqual([
      [link.areaName, 0.65],
      ['既定', 0.3],
      ['旧', 0.3],
    ]);
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

describe('entry detection on people: the timeline, the notifications and the CSV', () => {
  const MINUTE = 60_000;
  const recentMinute = () => new Date(Math.floor(Date.now() / MINUTE) * MINUTE - 2 * MINUTE);

  /** A person 0.3 of the picture tall whose feet stand at (0.75, 0.8), inside `link`'s area, at 2 frames a second. */
  const person = (fromSec: number, toSec: number, { id = 'p1', score = 0.8 } = {}): Track => {
    const points = [];
    for (let t2 = fromSec * 2; t2 <= toSec * 2; t2++)
      points.push({ t: t2 / 2, box: { x: 0.7, y: 0.5, w: 0.1, h: 0.3 }, score });
    return { id, points, maxScore: score, descriptor: null };
  };

  const eventsOf = async (clipId: number) =>
    (
      await t.db
        .selectFrom('clips')
        .select(['enter_alert_events', 'enter_alert_state'])
        .where('id', '=', clipId)
        .executeTakeFirstOrThrow()
    ).enter_alert_events;

  const entryNotes = async (cookie: string) =>
    (
      (await as(t.app, cookie, { method: 'GET', url: '/api/notifications?event=entry' })).json() as {
        data: { notifications: { message: string; url: string | null }[] };
      }
    ).data.notifications;

  const period = (start: Date) => ({
    from: new Date(start.getTime() - 3_600_000).toISOString(),
    to: new Date(start.getTime() + 3_600_000).toISOString(),
  });

  it('advanced.md §5: a person standing in the area is an alert; the timeline, the EnterAlert tab and the CSV show it', async () => {
    const { customer, camera, cookie } = await tltCamera('横浜 ライン1');
    await createLink(cookie, camera.code);
    // A second link whose area the person never enters, and one with a machine area where nothing moves.
    await createLink(cookie, camera.code, { ...link, areaName: '天井', entryArea: rect(0, 0, 1, 0.3) });
    await createLink(cookie, camera.code, {
      ...link,
      areaName: '停止中の機械',
      machineArea: rect(0, 0, 0.2, 0.2),
    });
    const start = recentMinute();
    const clip = await putClip(
      t,
      camera.id,
      start,
      await makeClip({ seconds: 10, scene: 'moving', motionFrom: 2, motionTo: 8 }),
      { durationMs: 10_000 },
    );
    const found = await t.services.enterAlerts.detectEntries({
      clipId: clip.id,
      tracks: [person(5, 8)],
      fps: 2,
      durationSec: 10,
    });
    expect(found.alerts).toEqual([{ startSec: 5, endSec: 8, areaName: 'プレス機前' }]);
    expect(found.notified).toBe(1);

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
    expect(minute?.events.enterAlert).toEqual([{ startSec: 5, endSec: 8 }]);
    const [alert] = minute!.events.enterAlert;

    const list = await entryNotes(cookie);
    expect(list).toHaveLength(1);
    expect(list[0]?.message).toBe('プレス機前');
    expect(list[0]?.url).toContain(`/detail/${camera.code}?date=`);

    const { from, to } = period(start);
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
    const time = (sec: number) =>
      new Date(start.getTime() + sec * 1000).toISOString().slice(0, 19).replace('T', ' ');
    expect(lines[1]).toBe(`横浜 ライン1,プレス機前,${time(alert!.startSec)},${time(alert!.endSec)},3`);

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
    expect(Date.parse(alerts[0]!.start_time)).toBe(start.getTime() + 5000);
    expect(Date.parse(alerts[0]!.end_time)).toBe(start.getTime() + 8000);

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

  it('advanced.md §5: something that moves but is no person (a car) raises nothing; the entry job never overwrites the people’s answer', async () => {
    const { camera, cookie } = await tltCamera();
    await createLink(cookie, camera.code, { ...link, entryArea: rect(0, 0.2, 1, 0.95) });
    const moving = await makeClip({ seconds: 10, scene: 'moving', motionFrom: 2, motionTo: 8 });
    const start = new Date(recentMinute().getTime() - 10 * MINUTE);
    const car = await putClip(t, camera.id, start, moving, { durationMs: 10_000 });
    await t.services.enterAlerts.enqueueFor(car.id);
    await t.services.jobs.runDue();
    expect(await eventsOf(car.id)).toEqual([]);
    // The vision job found nobody either (only the box moving).
    expect(
      (await t.services.enterAlerts.detectEntries({ clipId: car.id, tracks: [], fps: 2 })).alerts,
    ).toEqual([]);
    // A faint track (below the person detection threshold) is no person.
    const faint = await t.services.enterAlerts.detectEntries({
      clipId: car.id,
      tracks: [person(1, 6, { score: 0.2 })],
      fps: 2,
    });
    expect(faint.alerts).toEqual([]);
    expect(await entryNotes(cookie)).toEqual([]);

    const next = await putClip(t, camera.id, new Date(start.getTime() + MINUTE), moving, {
      durationMs: 10_000,
    });
    await t.services.enterAlerts.detectEntries({ clipId: next.id, tracks: [person(2, 4)], fps: 2 });
    await t.services.enterAlerts.enqueueFor(next.id);
    await t.services.jobs.runDue();
    expect(await eventsOf(next.id)).toEqual([{ startSec: 2, endSec: 4, areaName: 'プレス機前' }]);
  });

  it('advanced.md §5: a person staying over a minute’s end is one alert, notified once, one CSV row', async () => {
    const { camera, cookie } = await tltCamera('搬入口カメラ');
    await createLink(cookie, camera.code);
    const still = await makeClip({ seconds: 10 });
    const first = new Date(recentMinute().getTime() - 20 * MINUTE);
    const second = new Date(first.getTime() + MINUTE);
    const a = await putClip(t, camera.id, first, still, { durationMs: MINUTE });
    const b = await putClip(t, camera.id, second, still, { durationMs: MINUTE });
    const now = new Date(second.getTime() + 30_000);
    const one = await t.services.enterAlerts.detectEntries(
      { clipId: a.id, tracks: [person(57, 59.5, { id: 'p7' })], fps: 2, durationSec: 60 },
      new Date(first.getTime() + 61_000),
    );
    expect(one.alerts).toEqual([{ startSec: 57, endSec: 59.5, areaName: 'プレス機前' }]);
    expect(one.notified).toBe(1);
    const two = await t.services.enterAlerts.detectEntries(
      { clipId: b.id, tracks: [person(0, 4, { id: 'p7' })], fps: 2, durationSec: 60 },
      now,
    );
    expect(two.alerts).toEqual([{ startSec: 0, endSec: 4, areaName: 'プレス機前', continued: true }]);
    expect(two.notified).toBe(0);
    expect(await entryNotes(cookie)).toHaveLength(1);
    // The timeline shows the second minute's part as it is.
    const hourStart = new Date(Math.floor(second.getTime() / 3_600_000) * 3_600_000).toISOString();
    const archives = await as(t.app, cookie, {
      method: 'GET',
      url: `/api/cameras/${camera.code}/archives?start_date=${hourStart}&period=1`,
    });
    const minutes = (
      archives.json() as { data: { archives: { start_time: string; events: { enterAlert: unknown[] } }[] } }
    ).data.archives;
    expect(minutes.find((m) => Date.parse(m.start_time) === second.getTime())?.events.enterAlert).toEqual([
      { startSec: 0, endSec: 4 },
    ]);

    const { from, to } = period(first);
    const csv = await as(t.app, cookie, {
      method: 'GET',
      url: `/api/enter-alert/camera/${camera.code}/csv?start_datetime=${encodeURIComponent(from)}&end_datetime=${encodeURIComponent(to)}&lang=en`,
    });
    const rows = csv.rawPayload.subarray(3).toString('utf8').trim().split('\r\n').slice(1);
    const time = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
    expect(rows).toEqual([
      `搬入口カメラ,プレス機前,${time(first.getTime() + 57_000)},${time(second.getTime() + 4000)},7`,
    ]);

    // Without what the first minute handed on, the second would have been an alert of its own.
    await t.db.updateTable('clips').set({ enter_alert_state: null }).where('id', '=', a.id).execute();
    const alone = await t.services.enterAlerts.detectEntries(
      { clipId: b.id, tracks: [person(0, 4, { id: 'p7' })], fps: 2, durationSec: 60 },
      now,
    );
    expect(alone.alerts).toEqual([{ startSec: 0, endSec: 4, areaName: 'プレス機前' }]);
  });

  it('advanced.md §5: track times are seconds of the minute, also for a clip that began late in it', async () => {
    const { camera, cookie } = await tltCamera();
    await createLink(cookie, camera.code);
    const start = new Date(recentMinute().getTime() - 30 * MINUTE);
    const late = await putClip(t, camera.id, start, await makeClip({ seconds: 10 }), {
      offsetMs: 30_000,
      durationMs: 30_000,
    });
    const found = await t.services.enterAlerts.detectEntries(
      { clipId: late.id, tracks: [person(40, 43)], fps: 2 },
      new Date(start.getTime() + MINUTE),
    );
    expect(found.alerts).toEqual([{ startSec: 40, endSec: 43, areaName: 'プレス機前' }]);
    // What it hands on is in seconds of the clip: the alert ended 13 s after the clip began.
    const state = (
      await t.db
        .selectFrom('clips')
        .select('enter_alert_state')
        .where('id', '=', late.id)
        .executeTakeFirstOrThrow()
    ).enter_alert_state;
    expect(Object.values(state ?? {})).toEqual([{ lastAlertEndSec: 13, stay: null }]);
  });

  it('ENTRY_NOTIFICATION_COOLDOWN_MINUTES: one entry notification a camera per user within the cooldown', async () => {
    const app = await createMediaTestApp({
      ENVIRONMENT_MODE: 'TLT:3',
      ENTRY_NOTIFICATION_COOLDOWN_MINUTES: '5',
    });
    try {
      const tenant = await createTenant(app.db);
      const cameraOf = async (name: string) => {
        const { camera } = await createLocationAndCamera(app.db, tenant.customer.id, name);
        await app.db
          .updateTable('cameras')
          .set({ use_enter_alert: true })
          .where('id', '=', camera.id)
          .execute();
        return camera;
      };
      const [east, west] = [await cameraOf('East'), await cameraOf('West')];
      const cookie = await login(app.app, tenant.user);
      for (const camera of [east, west])
        expect(
          (await as(app.app, cookie, { method: 'POST', url: linksUrl(camera.code), payload: link }))
            .statusCode,
        ).toBe(200);
      await createUser(app.db, tenant.customer.id, { parentUserId: tenant.user.id });
      const locked = await createUser(app.db, tenant.customer.id);
      await app.db.updateTable('users').set({ lock_state: 'parent' }).where('id', '=', locked.id).execute();
      const still = await makeClip({ seconds: 10 });
      const base = new Date(recentMinute().getTime() - 60 * MINUTE);
      /** An entry 2–4 s into the minute `m` minutes after base, found 30 s later. */
      const entryAt = async (camera: { id: number }, m: number) => {
        const start = new Date(base.getTime() + m * MINUTE);
        const clip = await putClip(app, camera.id, start, still, { durationMs: MINUTE });
        return (
          await app.services.enterAlerts.detectEntries(
            { clipId: clip.id, tracks: [person(2, 4, { id: `m${m}` })], fps: 2, durationSec: 60 },
            new Date(start.getTime() + 30_000),
          )
        ).notified;
      };
      // The parent and the child; not the locked user.
      expect(await entryAt(east, 0)).toBe(2);
      // A new entry at the same camera within 5 minutes: stored, not notified.
      expect(await entryAt(east, 3)).toBe(0);
      // Another camera has its own cooldown.
      expect(await entryAt(west, 3)).toBe(2);
      // After the cooldown, the same camera notifies again.
      expect(await entryAt(east, 6)).toBe(2);
      const rows = await app.db
        .selectFrom('notifications')
        .select(['camera_id'])
        .where('customer_id', '=', tenant.customer.id)
        .where('event', '=', 'entry')
        .execute();
      expect(rows.filter((r) => r.camera_id === east.id)).toHaveLength(2 * 2);
      expect(rows.filter((r) => r.camera_id === west.id)).toHaveLength(2);
      const stored = await app.db
        .selectFrom('clips')
        .select('enter_alert_events')
        .where('camera_id', '=', east.id)
        .orderBy('start_time')
        .execute();
      expect(stored.map((r) => r.enter_alert_events?.length)).toEqual([1, 1, 1]);
    } finally {
      await app.cleanup();
    }
  });
});
