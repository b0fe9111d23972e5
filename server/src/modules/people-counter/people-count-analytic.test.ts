// The people counter as the vision job's analytic, on the real database (advanced.md §3 "People counter
// setting"): tracks counted through the saved entrance areas, a pass over the minute boundary counted once from
// the handed-on state, a clip counted again never counted twice, analysis periods, staff from the identity
// gallery, and the results read back through the real counts and archive calls.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ArchiveEntry } from '@camwatch/contract/archives';
import { defaultAnalysisPeriods, type AnalysisPeriods } from '@camwatch/contract/people-counter-rules';
import type { PeopleCounts } from '@camwatch/contract/people-counts';
import { createMediaTestApp, putClip } from '../../../test/helpers/recorded-media.ts';
import {
  as,
  createLocationAndCamera,
  createTenant,
  login,
  type TestApp,
} from '../../../test/helpers/test-app.ts';
import type { Track } from '../../vision/types.ts';
import { PeopleCountAnalytic, countingStateOf, inAnalysisPeriods } from './people-count-analytic.ts';
import { PeopleCountRepository } from './people-count.repository.ts';
import { PeopleCounterSettingRepository } from './people-counter-setting.repository.ts';
import { PeopleIdentityService } from './people-identity.service.ts';

let t: TestApp & { cleanup: () => Promise<void> };
let analytic: PeopleCountAnalytic;
beforeAll(async () => {
  t = await createMediaTestApp();
  /** Mean absolute difference: descriptors here are short vectors of 0..1. */
  const distance = (a: readonly number[], b: readonly number[]) =>
    a.reduce((sum, v, i) => sum + Math.abs(v - (b[i] ?? 0)), 0) / a.length;
  analytic = new PeopleCountAnalytic(
    new PeopleCountRepository(t.db),
    new PeopleIdentityService({ distance, threshold: 0.1 }),
  );
});
afterAll(() => t.cleanup());

const rect = (x0: number, y0: number, x1: number, y1: number) => [
  { x: x0, y: y0 },
  { x: x1, y: y0 },
  { x: x1, y: y1 },
  { x: x0, y: y1 },
];

const START = 0.85;
const BETWEEN = 0.5;
const END = 0.15;
const RED = [0.9, 0.1, 0.1, 0.2];
const BLUE = [0.1, 0.1, 0.9, 0.2];

/** A track whose feet are at these heights, one point a second from `from` (seconds of the minute). */
const track = (
  id: string,
  feet: readonly number[],
  from: number,
  descriptor: number[] | null = RED,
): Track => ({
  id,
  points: feet.map((y, i) => ({ t: from + i, box: { x: 0.4, y: y - 0.2, w: 0.2, h: 0.2 }, score: 0.9 })),
  maxScore: 0.9,
  descriptor,
});

async function counterCamera(periods: AnalysisPeriods = defaultAnalysisPeriods()) {
  const tenant = await createTenant(t.db);
  const { camera, location } = await createLocationAndCamera(t.db, tenant.customer.id, 'Door');
  await t.db.updateTable('cameras').set({ use_people_counter: true }).where('id', '=', camera.id).execute();
  await new PeopleCounterSettingRepository(t.db).save(tenant.customer.id, camera.id, {
    differenceArea: null,
    entranceStartArea: rect(0, 0.7, 1, 1),
    entranceEndArea: rect(0, 0, 1, 0.3),
    analysisPeriods: periods,
    staffJudgmentDays: 30,
    staffAdmissionThreshold: 1,
  });
  return { ...tenant, camera, location, cookie: await login(t.app, tenant.user) };
}

type Shop = Awaited<ReturnType<typeof counterCamera>>;

async function clipOf(shop: Shop, minuteIso: string) {
  const row = await putClip(t, shop.camera.id, new Date(minuteIso), Buffer.from(`clip ${minuteIso}`));
  return {
    id: row.id,
    cameraId: shop.camera.id,
    customerId: shop.customer.id,
    startTime: row.start_time,
    usePeopleCounter: true,
  };
}

async function totals(shop: Shop, day: string) {
  const res = await as(t.app, shop.cookie, {
    method: 'GET',
    url: `/api/people-counter/camera/${shop.camera.code}/counts?start=${day}&end=${day}&time_zone=Asia/Tokyo`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: PeopleCounts }).data.totals;
}

describe('PeopleCountAnalytic.countClip', () => {
  it('counts the entries and exits of a clip and carries a pass over the minute boundary into the next', async () => {
    const shop = await counterCamera();
    // 2026-10-05 12:00 and 12:01 in Tokyo.
    const first = await clipOf(shop, '2026-10-05T03:00:00Z');
    const second = await clipOf(shop, '2026-10-05T03:01:00Z');
    const state1 = await analytic.countClip(
      first,
      [
        track('a', [START, BETWEEN, END], 10),
        track('b', [END, BETWEEN, START], 20, BLUE),
        // Leaves the start area at 58 s; reaches the end area in the next minute.
        track('c', [START, BETWEEN], 58),
      ],
      null,
    );
    expect(state1).toMatchObject({ c: { lastArea: 'start' } });
    expect(await totals(shop, '2026-10-05')).toEqual({ in: 1, out: 1, staffIn: 0, staffOut: 0 });

    const stored = JSON.parse(JSON.stringify(state1)) as unknown;
    const secondTracks = [track('c', [BETWEEN, END], 0)];
    const state2 = await analytic.countClip(second, secondTracks, stored);
    expect(state2).toMatchObject({ c: { lastArea: 'end' } });
    expect(await totals(shop, '2026-10-05')).toEqual({ in: 2, out: 1, staffIn: 0, staffOut: 0 });

    // The job run again after a killed worker: the same clip, the same prior state, counted once.
    await analytic.countClip(second, secondTracks, stored);
    await analytic.countClip(first, [track('a', [START, BETWEEN, END], 10)], null);
    expect(await totals(shop, '2026-10-05')).toEqual({ in: 2, out: 0, staffIn: 0, staffOut: 0 });

    // On the archive timeline, the carried pass starts at the minute's beginning.
    const res = await as(t.app, shop.cookie, {
      method: 'GET',
      url: `/api/cameras/${shop.camera.code}/archives?start_date=2026-10-05T12:00:00%2B09:00&period=1`,
    });
    const archives = (res.json() as { data: { archives: ArchiveEntry[] } }).data.archives;
    expect(archives[0]?.events.peopleCounter).toEqual([{ inOut: 'I', startSec: 10, endSec: 12 }]);
    expect(archives[1]?.events.peopleCounter).toEqual([{ inOut: 'I', startSec: 0, endSec: 1 }]);
  });

  it('counts only inside the analysis periods of the day, and still hands on the state', async () => {
    // 09:00-10:00 every day, Tokyo time.
    const periods = Object.fromEntries(
      Object.keys(defaultAnalysisPeriods()).map((day) => [day, [{ from: 540, to: 600 }]]),
    ) as AnalysisPeriods;
    const shop = await counterCamera(periods);
    const outside = await clipOf(shop, '2026-10-06T03:00:00Z'); // 12:00 in Tokyo
    const inside = await clipOf(shop, '2026-10-06T00:30:00Z'); // 09:30 in Tokyo
    const state = await analytic.countClip(
      outside,
      [track('d', [START, END], 5), track('e', [START], 59)],
      null,
    );
    expect(state).toMatchObject({ d: { lastArea: 'end' }, e: { lastArea: 'start' } });
    await analytic.countClip(inside, [track('f', [END, START], 5)], null);
    expect(await totals(shop, '2026-10-06')).toEqual({ in: 0, out: 1, staffIn: 0, staffOut: 0 });
  });

  it('marks the passes of a person seen on more days than the admission threshold as staff', async () => {
    const shop = await counterCamera();
    await analytic.countClip(await clipOf(shop, '2026-10-07T03:00:00Z'), [track('g', [START, END], 5)], null);
    expect(await totals(shop, '2026-10-07')).toEqual({ in: 1, out: 0, staffIn: 0, staffOut: 0 });
    // The same clothes the next day: seen on 2 days, more than the threshold of 1.
    await analytic.countClip(
      await clipOf(shop, '2026-10-08T03:00:00Z'),
      [track('h', [START, END, START], 5), track('i', [START, END], 30, BLUE)],
      null,
    );
    expect(await totals(shop, '2026-10-08')).toEqual({ in: 2, out: 1, staffIn: 1, staffOut: 1 });
  });

  it('does not count a camera without the people counter or without a saved setting', async () => {
    const shop = await counterCamera();
    const clip = await clipOf(shop, '2026-10-09T03:00:00Z');
    const prior = { x: { lastArea: 'start', lastInMs: 1 } };
    expect(
      await analytic.countClip({ ...clip, usePeopleCounter: false }, [track('j', [START, END], 1)], prior),
    ).toEqual(prior);
    const bare = await createTenant(t.db);
    const { camera } = await createLocationAndCamera(t.db, bare.customer.id, 'No setting');
    const bareClip = await putClip(t, camera.id, new Date('2026-10-09T03:00:00Z'), Buffer.from('bare'));
    await analytic.countClip(
      {
        id: bareClip.id,
        cameraId: camera.id,
        customerId: bare.customer.id,
        startTime: bareClip.start_time,
        usePeopleCounter: true,
      },
      [track('k', [START, END], 1)],
      null,
    );
    const rows = await t.db
      .selectFrom('people_passes')
      .select('id')
      .where('camera_id', 'in', [shop.camera.id, camera.id])
      .execute();
    expect(rows).toEqual([]);
  });
});

describe('analysis periods and handed-on state', () => {
  it("reads the day and minute on the zone's clock", () => {
    const periods = { ...defaultAnalysisPeriods(), mon: [{ from: 540, to: 600 }] };
    // Monday 2026-10-05 09:30 in Tokyo is 00:30 UTC.
    expect(inAnalysisPeriods(periods, new Date('2026-10-05T00:30:00Z'), 'Asia/Tokyo')).toBe(true);
    expect(inAnalysisPeriods(periods, new Date('2026-10-05T01:00:00Z'), 'Asia/Tokyo')).toBe(false);
    expect(inAnalysisPeriods({ ...periods, sun: [] }, new Date('2026-10-04T03:00:00Z'), 'Asia/Tokyo')).toBe(
      false,
    );
  });

  it('keeps only well-formed entries of a stored state', () => {
    expect(
      countingStateOf({
        a: { lastArea: 'end', lastInMs: 5 },
        b: { lastArea: 'door', lastInMs: 5 },
        c: { lastArea: 'start' },
        d: null,
      }),
    ).toEqual({ a: { lastArea: 'end', lastInMs: 5 } });
    expect(countingStateOf(null)).toEqual({});
    expect(countingStateOf([1])).toEqual({});
  });
});
