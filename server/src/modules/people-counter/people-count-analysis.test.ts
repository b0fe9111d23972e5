// The people counter on real recorded video, through the real app, database and the vision engine's process: a
// factory worker (Intel IoT DevKit sample clip, CC BY 4.0: test/fixtures/real-video) walks from the entrance start
// area at the bottom of the picture into the end area above it, which is one entry in the counts call; the clip
// analysed again still counts one; outside the analysis periods, or with the end area where nobody walks, none.
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PeopleCounterSettingBody } from '@camwatch/contract/people-counter';
import { defaultAnalysisPeriods } from '@camwatch/contract/people-counter';
import type { PeopleCounts } from '@camwatch/contract/people-counts';
import { createMediaTestApp, putClip } from '../../../test/helpers/recorded-media.ts';
import {
  as,
  createLocationAndCamera,
  createTenant,
  login,
  type TestApp,
} from '../../../test/helpers/test-app.ts';
import { isInAnalysisPeriods, localMoment } from './people-count-analysis.service.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../../../test/fixtures/real-video');

let t: TestApp & { cleanup: () => Promise<void> };
beforeAll(async () => {
  t = await createMediaTestApp();
});
afterAll(() => t.cleanup());

const band = (y0: number, y1: number) => [
  { x: 0, y: y0 },
  { x: 1, y: y0 },
  { x: 1, y: y1 },
  { x: 0, y: y1 },
];

// The worker's feet go from the bottom edge (y ≈ 1.0) to y ≈ 0.78 over 4.7 s.
const factoryDoor: PeopleCounterSettingBody = {
  differenceArea: null,
  entranceStartArea: band(0.93, 1),
  entranceEndArea: band(0.7, 0.86),
  analysisPeriods: defaultAnalysisPeriods(),
  staffJudgmentDays: 30,
  staffAdmissionThreshold: 10,
};

// Wednesday 2026-11-18, 10:00 in Tokyo.
const minute = new Date('2026-11-18T01:00:00Z');

async function counterCamera(setting: PeopleCounterSettingBody) {
  const tenant = await createTenant(t.db);
  const { camera } = await createLocationAndCamera(t.db, tenant.customer.id, 'Factory door');
  await t.db.updateTable('cameras').set({ use_people_counter: true }).where('id', '=', camera.id).execute();
  const cookie = await login(t.app, tenant.user);
  const saved = await as(t.app, cookie, {
    method: 'PUT',
    url: `/api/people-counter/camera/${camera.code}/setting`,
    payload: setting,
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const data = await fs.readFile(path.join(FIXTURES, 'worker-zone-detection.mp4'));
  const clip = await putClip(t, camera.id, minute, data, { durationMs: 4_700 });
  return { camera, cookie, clip };
}

async function dayCounts(cookie: string, code: string): Promise<PeopleCounts> {
  const res = await as(t.app, cookie, {
    method: 'GET',
    url: `/api/people-counter/camera/${code}/counts?start=2026-11-18&end=2026-11-18&unit=day&time_zone=Asia/Tokyo`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: PeopleCounts }).data;
}

const passesOf = (cameraId: number) =>
  t.db.selectFrom('people_passes').selectAll().where('camera_id', '=', cameraId).execute();

describe('people counting on analysed clips', { timeout: 120_000 }, () => {
  it('counts the worker walking from the start area into the end area once, however often the clip is analysed', async () => {
    const { camera, cookie, clip } = await counterCamera(factoryDoor);
    await t.services.vision.analyse(clip.id);
    const passes = await passesOf(camera.id);
    expect(passes.map((p) => p.in_out)).toEqual(['I']);
    expect(passes[0]!.end_sec).toBeGreaterThan(1);
    expect(passes[0]!.end_sec).toBeLessThan(4.7);
    expect((await dayCounts(cookie, camera.code)).totals).toMatchObject({ in: 1, out: 0 });

    await t.services.vision.analyse(clip.id);
    expect(await passesOf(camera.id)).toHaveLength(1);
    expect((await dayCounts(cookie, camera.code)).totals).toMatchObject({ in: 1, out: 0 });
  });

  it('counts nothing outside the analysis periods, nor with an end area nobody reaches', async () => {
    const closed = await counterCamera({
      ...factoryDoor,
      analysisPeriods: { ...defaultAnalysisPeriods(), wed: [{ from: 0, to: 540 }] },
    });
    await t.services.vision.analyse(closed.clip.id);
    expect(await passesOf(closed.camera.id)).toHaveLength(0);

    const elsewhere = await counterCamera({ ...factoryDoor, entranceEndArea: band(0.1, 0.3) });
    await t.services.vision.analyse(elsewhere.clip.id);
    expect(await passesOf(elsewhere.camera.id)).toHaveLength(0);
  });
});

describe('analysis periods', () => {
  it('reads the day and minute in the time zone, and holidays before weekdays', () => {
    expect(localMoment(new Date('2026-11-18T15:30:00Z'), 'Asia/Tokyo')).toEqual({
      date: '2026-11-19',
      weekday: 4,
      minute: 30,
    });
    const periods = { ...defaultAnalysisPeriods(), mon: [{ from: 540, to: 1080 }], holiday: [] };
    // Monday 2026-11-16 10:00 JST is a working Monday; Monday 2026-11-23 (Labour Thanksgiving Day) a holiday.
    expect(isInAnalysisPeriods(periods, new Date('2026-11-16T01:00:00Z'), 'Asia/Tokyo')).toBe(true);
    expect(isInAnalysisPeriods(periods, new Date('2026-11-23T01:00:00Z'), 'Asia/Tokyo')).toBe(false);
    // 18:00 is the end of the period, not in it.
    expect(isInAnalysisPeriods(periods, new Date('2026-11-16T09:00:00Z'), 'Asia/Tokyo')).toBe(false);
  });
});
