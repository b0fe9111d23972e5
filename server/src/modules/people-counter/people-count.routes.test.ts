// The people counter's results through the real app and database (advanced.md §2 people counter screens, §5
// aggregation dates, §6 analytics right, §9 default range; core.md §3 archive events.peopleCounter): passes
// written by the repository the counting job uses, summed per hour/day/week/month of the reader's time zone, for
// a camera and for a site's people-counter cameras, as JSON and as CSV; rights, 404s and tenancy; bad input.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PeopleCounts } from '@camwatch/contract/people-counts';
import type { ArchiveEntry } from '@camwatch/contract/archives';
import { addDays, todayIn } from '@camwatch/contract/people-counts-rules';
import { createMediaTestApp, putClip } from '../../../test/helpers/recorded-media.ts';
import { expectForeignIdsRefused } from '../../../test/helpers/tenancy.ts';
import {
  as,
  createLocationAndCamera,
  createTenant,
  createUser,
  login,
  type TestApp,
} from '../../../test/helpers/test-app.ts';
import { PeopleCountRepository, replacePassesOfClip, type ClipPass } from './people-count.repository.ts';

let t: TestApp & { cleanup: () => Promise<void> };
beforeAll(async () => {
  t = await createMediaTestApp();
});
afterAll(() => t.cleanup());

const pass = (inOut: 'I' | 'O', endSec: number, fields: Partial<ClipPass> = {}): ClipPass => ({
  trackId: `t${Math.random().toString(36).slice(2, 8)}`,
  inOut,
  startSec: Math.max(0, endSec - 2),
  endSec,
  descriptor: [0.25, 0.75],
  ...fields,
});

/** Records a minute of the camera and writes its passes as the counting job would. */
async function passesAt(
  customerId: number,
  cameraId: number,
  minuteIso: string,
  passes: ClipPass[],
  offsetMs = 0,
) {
  const minute = new Date(minuteIso);
  const clip = await putClip(t, cameraId, minute, Buffer.from(`clip ${minuteIso} ${offsetMs}`), { offsetMs });
  await t.db
    .transaction()
    .execute((trx) =>
      replacePassesOfClip(trx, { customerId, cameraId, clipId: clip.id, minute, offsetMs, passes }),
    );
  return clip;
}

async function counterCamera(customerId: number, name = 'Front door', locationId?: number) {
  const { camera, location } = await createLocationAndCamera(t.db, customerId, name);
  await t.db
    .updateTable('cameras')
    .set({ use_people_counter: true, ...(locationId ? { location_id: locationId } : {}) })
    .where('id', '=', camera.id)
    .execute();
  return { camera, location };
}

async function shop() {
  const tenant = await createTenant(t.db);
  const { camera, location } = await counterCamera(tenant.customer.id);
  return { ...tenant, camera, location, cookie: await login(t.app, tenant.user) };
}

const cameraUrl = (code: string, query = '') => `/api/people-counter/camera/${code}/counts${query}`;
const locationUrl = (code: string, query = '') => `/api/people-counter/location/${code}/counts${query}`;

async function counts(cookie: string, url: string): Promise<PeopleCounts> {
  const res = await as(t.app, cookie, { method: 'GET', url });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: PeopleCounts }).data;
}

const nonZero = (c: PeopleCounts) =>
  c.buckets
    .filter((b) => b.in + b.out > 0)
    .map((b) => [b.start, b.in, b.out, b.staffIn, b.staffOut] as const);

describe('GET api/people-counter/camera/:cameraCode/counts', () => {
  it('sums entries and exits, staff apart, per day of the asked time zone, with every day and the totals', async () => {
    const s = await shop();
    const id = s.customer.id;
    await passesAt(id, s.camera.id, '2026-03-02T01:00:00Z', [
      pass('I', 5),
      pass('I', 20, { isStaff: true }),
      pass('O', 40),
    ]);
    await passesAt(id, s.camera.id, '2026-03-02T09:00:00Z', [pass('O', 10, { isStaff: true })]);
    // 15:30 UTC on the 3rd is already the 4th in Tokyo.
    await passesAt(id, s.camera.id, '2026-03-03T15:30:00Z', [pass('I', 1)]);
    // Outside the period.
    await passesAt(id, s.camera.id, '2026-02-28T23:00:00Z', [pass('I', 1)]);

    const utc = await counts(s.cookie, cameraUrl(s.camera.code, '?start=2026-03-01&end=2026-03-05&unit=day'));
    expect(utc).toMatchObject({ start: '2026-03-01', end: '2026-03-05', unit: 'day', time_zone: 'UTC' });
    expect(utc.cameras).toEqual([{ camera_code: s.camera.code, camera_name: 'Front door' }]);
    expect(utc.buckets.map((b) => b.start)).toEqual([
      '2026-03-01T00:00:00+00:00',
      '2026-03-02T00:00:00+00:00',
      '2026-03-03T00:00:00+00:00',
      '2026-03-04T00:00:00+00:00',
      '2026-03-05T00:00:00+00:00',
    ]);
    expect(nonZero(utc)).toEqual([
      ['2026-03-02T00:00:00+00:00', 2, 2, 1, 1],
      ['2026-03-03T00:00:00+00:00', 1, 0, 0, 0],
    ]);
    expect(utc.totals).toEqual({ in: 3, out: 2, staffIn: 1, staffOut: 1 });

    const tokyo = await counts(
      s.cookie,
      cameraUrl(s.camera.code, '?start=2026-03-01&end=2026-03-05&unit=day&time_zone=Asia/Tokyo'),
    );
    expect(nonZero(tokyo)).toEqual([
      // 2026-02-28T23:00Z is March 1st in Tokyo: inside the period there.
      ['2026-03-01T00:00:00+09:00', 1, 0, 0, 0],
      ['2026-03-02T00:00:00+09:00', 2, 2, 1, 1],
      ['2026-03-04T00:00:00+09:00', 1, 0, 0, 0],
    ]);
    expect(tokyo.totals).toEqual({ in: 4, out: 2, staffIn: 1, staffOut: 1 });
  });

  it('sums by the hour, the week (from Monday) and the month', async () => {
    const s = await shop();
    const id = s.customer.id;
    // Wednesday 2026-04-01 10:xx, Monday 2026-04-06 10:xx, 2026-05-04.
    await passesAt(id, s.camera.id, '2026-04-01T10:00:00Z', [pass('I', 3), pass('I', 50)]);
    await passesAt(id, s.camera.id, '2026-04-01T10:59:00Z', [pass('O', 59)]);
    await passesAt(id, s.camera.id, '2026-04-06T10:00:00Z', [pass('I', 1, { isStaff: true })]);
    await passesAt(id, s.camera.id, '2026-05-04T08:00:00Z', [pass('O', 1)]);

    const hours = await counts(
      s.cookie,
      cameraUrl(s.camera.code, '?start=2026-04-01&end=2026-04-02&unit=hour'),
    );
    expect(hours.buckets).toHaveLength(48);
    expect(nonZero(hours)).toEqual([['2026-04-01T10:00:00+00:00', 2, 1, 0, 0]]);

    const weeks = await counts(
      s.cookie,
      cameraUrl(s.camera.code, '?start=2026-04-01&end=2026-05-04&unit=week'),
    );
    // The first week begins on the Monday before the start; it counts from the start.
    expect(weeks.buckets[0]?.start).toBe('2026-03-30T00:00:00+00:00');
    expect(weeks.buckets.at(-1)?.start).toBe('2026-05-04T00:00:00+00:00');
    expect(nonZero(weeks)).toEqual([
      ['2026-03-30T00:00:00+00:00', 2, 1, 0, 0],
      ['2026-04-06T00:00:00+00:00', 1, 0, 1, 0],
      ['2026-05-04T00:00:00+00:00', 0, 1, 0, 0],
    ]);

    const months = await counts(
      s.cookie,
      cameraUrl(s.camera.code, '?start=2026-04-02&end=2026-05-31&unit=month'),
    );
    expect(months.buckets.map((b) => b.start)).toEqual([
      '2026-04-01T00:00:00+00:00',
      '2026-05-01T00:00:00+00:00',
    ]);
    // From the 2nd: the passes of April 1st are outside the period.
    expect(nonZero(months)).toEqual([
      ['2026-04-01T00:00:00+00:00', 1, 0, 1, 0],
      ['2026-05-01T00:00:00+00:00', 0, 1, 0, 0],
    ]);
    expect(months.totals).toEqual({ in: 1, out: 1, staffIn: 1, staffOut: 0 });
  });

  it('writes hour buckets with the offset the zone had then (daylight saving time)', async () => {
    const s = await shop();
    // New York moved to daylight saving time at 2026-03-08 02:00 local (07:00 UTC).
    await passesAt(s.customer.id, s.camera.id, '2026-03-08T12:00:00Z', [pass('I', 30)]);
    const c = await counts(
      s.cookie,
      cameraUrl(s.camera.code, '?start=2026-03-08&end=2026-03-08&unit=hour&time_zone=America/New_York'),
    );
    expect(c.buckets[0]?.start).toBe('2026-03-08T00:00:00-05:00');
    expect(c.buckets[10]?.start).toBe('2026-03-08T10:00:00-04:00');
    expect(nonZero(c)).toEqual([['2026-03-08T08:00:00-04:00', 1, 0, 0, 0]]);
  });

  it('counts a clip counted again (a re-run after a killed worker) once', async () => {
    const s = await shop();
    const minute = '2026-06-10T12:00:00Z';
    const clip = await passesAt(s.customer.id, s.camera.id, minute, [pass('I', 5), pass('O', 9)]);
    const again = [pass('I', 5, { isStaff: true }), pass('O', 9)];
    for (let run = 0; run < 2; run += 1)
      await t.db.transaction().execute((trx) =>
        replacePassesOfClip(trx, {
          customerId: s.customer.id,
          cameraId: s.camera.id,
          clipId: clip.id,
          minute: new Date(minute),
          offsetMs: 0,
          passes: again,
        }),
      );
    const c = await counts(s.cookie, cameraUrl(s.camera.code, '?start=2026-06-10&end=2026-06-10'));
    expect(c.totals).toEqual({ in: 1, out: 1, staffIn: 1, staffOut: 0 });
    // A transaction that fails leaves the passes as they were.
    await expect(
      t.db.transaction().execute(async (trx) => {
        await replacePassesOfClip(trx, {
          customerId: s.customer.id,
          cameraId: s.camera.id,
          clipId: clip.id,
          minute: new Date(minute),
          offsetMs: 0,
          passes: [],
        });
        throw new Error('worker killed');
      }),
    ).rejects.toThrow('worker killed');
    expect(
      (await counts(s.cookie, cameraUrl(s.camera.code, '?start=2026-06-10&end=2026-06-10'))).totals.in,
    ).toBe(1);
  });

  it('asks the database whether it knows a time zone, once per zone', async () => {
    const repo = new PeopleCountRepository(t.db);
    expect(await repo.knowsTimeZone('Asia/Tokyo')).toBe(true);
    expect(await repo.knowsTimeZone('Mars/Olympus')).toBe(false);
    expect(await repo.knowsTimeZone('Mars/Olympus')).toBe(false);
  });

  it('refuses to write passes of a camera under another customer', async () => {
    const s = await shop();
    const other = await createTenant(t.db);
    const clip = await putClip(t, s.camera.id, new Date('2026-06-11T00:00:00Z'), Buffer.from('x'));
    await expect(
      t.db.transaction().execute((trx) =>
        replacePassesOfClip(trx, {
          customerId: other.customer.id,
          cameraId: s.camera.id,
          clipId: clip.id,
          minute: clip.start_time,
          offsetMs: 0,
          passes: [pass('I', 1)],
        }),
      ),
    ).rejects.toThrow();
  });

  it('§9: without dates counts from 31 days ago to yesterday of the time zone', async () => {
    const s = await shop();
    const before = todayIn('Asia/Tokyo');
    const c = await counts(s.cookie, cameraUrl(s.camera.code, '?time_zone=Asia/Tokyo'));
    const after = todayIn('Asia/Tokyo');
    const today = c.end === addDays(before, -1) ? before : after;
    expect(c).toMatchObject({ start: addDays(today, -31), end: addDays(today, -1), unit: 'day' });
    expect(c.buckets).toHaveLength(31);
    expect(c.buckets.every((b) => b.start.endsWith('T00:00:00+09:00'))).toBe(true);
  });

  it('refuses bad periods with 400 naming the field', async () => {
    const s = await shop();
    const today = todayIn('UTC');
    const cases: [string, string, string][] = [
      ['?unit=year', 'unit', 'invalid_value'],
      ['?start=2026-02-30', 'start', 'invalid_format'],
      ['?start=1999-12-31&end=2000-01-01', 'start', 'invalid'],
      ['?time_zone=%2B09:00', 'time_zone', 'invalid'],
      [`?start=${today}&end=${addDays(today, 2)}`, 'end', 'bad_range'],
      ['?start=2026-03-10&end=2026-03-09', 'end', 'bad_range'],
      ['?start=2026-01-01&end=2026-04-01', 'end', 'bad_range'],
      ['?start=2026-01-01&end=2026-02-01&unit=hour', 'unit', 'bad_range'],
    ];
    for (const [query, field, reason] of cases) {
      const res = await as(t.app, s.cookie, { method: 'GET', url: cameraUrl(s.camera.code, query) });
      expect(res.statusCode, `${query}: ${res.body}`).toBe(400);
      const body = res.json() as { errors: Record<string, string[]>; codes: Record<string, string[]> };
      expect(Object.keys(body.errors), query).toEqual([field]);
      expect(body.codes[field]?.[0], query).toBe(reason);
    }
    // Three months less a day, and 31 days by the hour, are fine.
    expect(
      (
        await as(t.app, s.cookie, {
          method: 'GET',
          url: cameraUrl(s.camera.code, '?start=2026-01-01&end=2026-03-31'),
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await as(t.app, s.cookie, {
          method: 'GET',
          url: cameraUrl(s.camera.code, '?start=2026-01-01&end=2026-01-31&unit=hour'),
        })
      ).statusCode,
    ).toBe(200);
  });

  it('§6: needs the analytics right (403); a camera without the people counter is not found (404)', async () => {
    const s = await shop();
    const noAnalytics = await createUser(t.db, s.customer.id, {
      parentUserId: s.user.id,
      permissions: { archive: true, live: true },
    });
    const childCookie = await login(t.app, noAnalytics);
    for (const url of [
      cameraUrl(s.camera.code),
      `${cameraUrl(s.camera.code)}/csv`,
      locationUrl(s.location.code),
    ]) {
      const res = await as(t.app, childCookie, { method: 'GET', url });
      expect(res.statusCode, url).toBe(403);
    }
    const plain = (await createLocationAndCamera(t.db, s.customer.id, 'Back office')).camera;
    for (const url of [cameraUrl(plain.code), `${cameraUrl(plain.code)}/csv`, cameraUrl('no-such-camera')]) {
      const res = await as(t.app, s.cookie, { method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
    }
  });

  it("another customer's camera and site are not found", async () => {
    const owner = await shop();
    const outsider = await shop();
    await expectForeignIdsRefused(t.app, outsider.cookie, [
      { name: 'counts', request: { method: 'GET', url: cameraUrl(owner.camera.code) } },
      { name: 'csv', request: { method: 'GET', url: `${cameraUrl(owner.camera.code)}/csv` } },
      { name: 'site counts', request: { method: 'GET', url: locationUrl(owner.location.code) } },
      { name: 'site csv', request: { method: 'GET', url: `${locationUrl(owner.location.code)}/csv` } },
    ]);
  });
});

describe('GET api/people-counter/location/:locationCode/counts', () => {
  it("sums the site's people-counter cameras of the caller's customer only", async () => {
    const s = await shop();
    const id = s.customer.id;
    const second = (await counterCamera(id, 'Side door', s.location.id)).camera;
    const plain = (await createLocationAndCamera(t.db, id, 'Stock room')).camera;
    await t.db
      .updateTable('cameras')
      .set({ location_id: s.location.id })
      .where('id', '=', plain.id)
      .execute();
    // Another customer's camera wrongly placed at this site: never counted here.
    const other = await createTenant(t.db);
    const foreign = (await counterCamera(other.customer.id, 'Foreign')).camera;
    await t.db
      .updateTable('cameras')
      .set({ location_id: s.location.id })
      .where('id', '=', foreign.id)
      .execute();
    // A camera elsewhere.
    const elsewhere = (await counterCamera(id, 'Other shop')).camera;

    const minute = '2026-07-01T10:00:00Z';
    await passesAt(id, s.camera.id, minute, [pass('I', 1), pass('O', 2, { isStaff: true })]);
    await passesAt(id, second.id, minute, [pass('I', 3), pass('I', 4, { isStaff: true })]);
    await passesAt(id, plain.id, minute, [pass('I', 5)]);
    await passesAt(other.customer.id, foreign.id, minute, [pass('I', 6)]);
    await passesAt(id, elsewhere.id, minute, [pass('I', 7)]);

    const c = await counts(s.cookie, locationUrl(s.location.code, '?start=2026-07-01&end=2026-07-01'));
    expect(c.cameras.map((cam) => cam.camera_name).sort()).toEqual(['Front door', 'Side door']);
    expect(c.totals).toEqual({ in: 3, out: 1, staffIn: 1, staffOut: 1 });
    expect(nonZero(c)).toEqual([['2026-07-01T00:00:00+00:00', 3, 1, 1, 1]]);
  });

  it('a site without people-counter cameras is not found', async () => {
    const tenant = await createTenant(t.db);
    const { location } = await createLocationAndCamera(t.db, tenant.customer.id, 'No counter');
    const cookie = await login(t.app, tenant.user);
    expect((await as(t.app, cookie, { method: 'GET', url: locationUrl(location.code) })).statusCode).toBe(
      404,
    );
    expect((await as(t.app, cookie, { method: 'GET', url: locationUrl('no-such-site') })).statusCode).toBe(
      404,
    );
  });
});

const csvExports = (customerId: number) =>
  t.db
    .selectFrom('audit_events')
    .select(['camera_code', 'target'])
    .where('customer_id', '=', customerId)
    .where('kind', '=', 'csv_exported')
    .orderBy('id')
    .execute();

describe('GET api/people-counter/…/counts/csv', () => {
  it('core.md §9: UTF-8 with BOM, CRLF, one row per bucket with customers = total − staff, and a total row', async () => {
    const s = await shop();
    await passesAt(s.customer.id, s.camera.id, '2026-08-03T00:00:00Z', [
      pass('I', 1),
      pass('I', 2),
      pass('O', 3, { isStaff: true }),
    ]);
    const res = await as(t.app, s.cookie, {
      method: 'GET',
      url: `${cameraUrl(s.camera.code)}/csv?start=2026-08-02&end=2026-08-03&lang=en`,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain(
      `people-count_camera_${s.camera.code}_20260802-20260803_day.csv`,
    );
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(res.body).toBe(
      '\uFEFFPeriod start,In,Out,Staff in,Staff out,Customers in,Customers out\r\n' +
        '2026-08-02,0,0,0,0,0,0\r\n' +
        '2026-08-03,2,1,0,1,2,0\r\n' +
        'Total,2,1,0,1,2,0\r\n',
    );

    const ja = await as(t.app, s.cookie, {
      method: 'GET',
      url: `${locationUrl(s.location.code)}/csv?start=2026-08-03&end=2026-08-03&unit=hour&time_zone=Asia/Tokyo`,
    });
    expect(ja.statusCode, ja.body).toBe(200);
    const lines = ja.body.split('\r\n');
    expect(lines[0]).toBe('\uFEFF期間開始,入店,退店,スタッフ入店,スタッフ退店,来店客入店,来店客退店');
    expect(lines).toHaveLength(1 + 24 + 1 + 1);
    expect(lines[10]).toBe('2026-08-03 09:00,2,1,0,1,2,0');
    expect(lines[25]).toBe('合計,2,1,0,1,2,0');

    // Each export is in the audit log.
    const exports = await csvExports(s.customer.id);
    expect(exports.map((e) => [e.camera_code, e.target])).toEqual([
      [s.camera.code, `people-count_camera_${s.camera.code}_20260802-20260803_day.csv`],
      [null, `people-count_location_${s.location.code}_20260803-20260803_hour.csv`],
    ]);
  });

  it('refuses a bad period with 400 and records nothing', async () => {
    const s = await shop();
    const res = await as(t.app, s.cookie, {
      method: 'GET',
      url: `${cameraUrl(s.camera.code)}/csv?start=2026-03-10&end=2026-03-01`,
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys((res.json() as { errors: object }).errors)).toEqual(['end']);
    expect(await csvExports(s.customer.id)).toEqual([]);
  });
});

describe('archive events.peopleCounter (core.md §3)', () => {
  it('carries each pass of a minute, in seconds of the minute, on the archive list', async () => {
    const s = await shop();
    const id = s.customer.id;
    // A pass that began in the minute before starts at 0 on this minute's seek bar.
    await passesAt(id, s.camera.id, '2026-09-01T10:01:00Z', [
      pass('O', 30, { startSec: 25 }),
      pass('I', 2, { startSec: -3 }),
    ]);
    // A piece that began 20 s into its minute: its spans move by 20 s.
    await passesAt(id, s.camera.id, '2026-09-01T10:03:00Z', [pass('I', 5, { startSec: 1 })], 20_000);
    const res = await as(t.app, s.cookie, {
      method: 'GET',
      url: `/api/cameras/${s.camera.code}/archives?start_date=2026-09-01T10:00:00Z&period=1`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const archives = (res.json() as { data: { archives: ArchiveEntry[] } }).data.archives;
    expect(archives[0]?.events.peopleCounter).toEqual([]);
    expect(archives[1]?.events.peopleCounter).toEqual([
      { inOut: 'I', startSec: 0, endSec: 2 },
      { inOut: 'O', startSec: 25, endSec: 30 },
    ]);
    expect(archives[3]?.events.peopleCounter).toEqual([{ inOut: 'I', startSec: 21, endSec: 25 }]);
  });
});
