// The heat map through the real app and database (advanced.md heat map, heatmap right, §9 default range): the
// vision engine's tracks of analysed clips, written by the heat map's analytic as the vision job does, summed per
// cell over a period of the reader's days, hours of the day and weekdays, with a picture to draw over; rights,
// 404s and tenancy; bad input.
import { HEATMAP_COLS } from '@camwatch/contract/heatmap-rules';
import type { Heatmap } from '@camwatch/contract/heatmap';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blobKeys } from '../../storage/blob-keys.ts';
import type { Track } from '../../vision/types.ts';
import { createMediaTestApp, putClip, putThumbnail } from '../../../test/helpers/recorded-media.ts';
import { makeJpeg } from '../../../test/helpers/media-fixtures.ts';
import { expectForeignIdsRefused } from '../../../test/helpers/tenancy.ts';
import {
  as,
  createLocationAndCamera,
  createTenant,
  createUser,
  login,
  type TestApp,
} from '../../../test/helpers/test-app.ts';
import type { AnalysedClip } from '../vision/vision.service.ts';
import { HeatmapAnalysis } from './heatmap-analysis.ts';
import { HeatmapRepository } from './heatmap.repository.ts';

let t: TestApp & { cleanup: () => Promise<void> };
let analysis: HeatmapAnalysis;
beforeAll(async () => {
  t = await createMediaTestApp();
  analysis = new HeatmapAnalysis(new HeatmapRepository(t.db));
});
afterAll(() => t.cleanup());

/** A person whose feet stand at (x, y) for `seconds` from `from`, one point every half second. */
const stander = (id: string, x: number, y: number, seconds: number, from = 0): Track => ({
  id,
  points: Array.from({ length: seconds * 2 }, (_, i) => ({
    t: from + i / 2,
    box: { x: x - 0.03, y: y - 0.25, w: 0.06, h: 0.25 },
    score: 0.8,
  })),
  maxScore: 0.8,
  descriptor: null,
});

async function heatmapCamera(customerId: number, name = 'Sales floor') {
  const { camera } = await createLocationAndCamera(t.db, customerId, name);
  await t.db.updateTable('cameras').set({ use_heatmap: true }).where('id', '=', camera.id).execute();
  return camera;
}

async function shop() {
  const tenant = await createTenant(t.db);
  const camera = await heatmapCamera(tenant.customer.id);
  return { ...tenant, camera, cookie: await login(t.app, tenant.user) };
}

/** Records a minute of the camera and hands its tracks to the heat map's analytic, as the vision job does. */
async function analysed(customerId: number, cameraId: number, minuteIso: string, tracks: Track[]) {
  const minute = new Date(minuteIso);
  const clip = await putClip(t, cameraId, minute, Buffer.from(`clip ${minuteIso} ${Math.random()}`));
  const analysedClip: AnalysedClip = {
    id: clip.id,
    cameraId,
    customerId,
    startTime: minute,
    offsetMs: 0,
    durationMs: 60_000,
    blobKey: clip.blob_key,
    usePeopleCounter: false,
    useEnterAlert: false,
    useHeatmap: true,
  };
  await analysis.consume(analysedClip, tracks);
  return { clip, analysedClip };
}

const url = (code: string, query = '') => `/api/heatmap/camera/${code}${query}`;

async function heatmap(cookie: string, code: string, query: string): Promise<Heatmap> {
  const res = await as(t.app, cookie, { method: 'GET', url: url(code, query) });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: Heatmap }).data;
}

// Monday 2 November 2026, 10:30 in Tokyo.
const MONDAY_MORNING = '2026-11-02T01:30:00Z';
const WEEK = '?start=2026-11-01&end=2026-11-07';
/** The centre of a grid cell, where feet count wholly in that cell (the heat is shared near a cell's edges). */
const at = (col: number, row: number) => [(col + 0.5) / HEATMAP_COLS, (row + 0.5) / 18] as const;
const cellOf = (col: number, row: number) => row * HEATMAP_COLS + col;

describe('GET /api/heatmap/camera/:cameraCode (advanced.md heat map)', () => {
  it('gives person-seconds in the cells where the feet stood, the analysed hours and the period’s picture', async () => {
    const s = await shop();
    await analysed(s.customer.id, s.camera.id, MONDAY_MORNING, [
      stander('a', ...at(8, 13), 10),
      stander('b', ...at(22, 9), 4, 20),
    ]);
    const jpeg = await makeJpeg();
    await putThumbnail(t, s.camera.id, new Date('2026-10-01T01:00:00Z'), jpeg);
    await putThumbnail(t, s.camera.id, new Date(MONDAY_MORNING), jpeg);
    const heat = await heatmap(s.cookie, s.camera.code, WEEK);
    expect(heat).toMatchObject({
      camera_code: s.camera.code,
      camera_name: 'Sales floor',
      start: '2026-11-01',
      end: '2026-11-07',
      hour_from: 0,
      hour_to: 24,
      weekdays: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'],
      time_zone: 'Asia/Tokyo',
      cols: HEATMAP_COLS,
      rows: 18,
      analysed_hours: 1,
      max: 10,
      total: 14,
    });
    expect(heat.cells).toHaveLength(32 * 18);
    expect(heat.cells[cellOf(8, 13)]).toBe(10);
    expect(heat.cells[cellOf(22, 9)]).toBe(4);
    expect(heat.cells.filter((v) => v > 0)).toHaveLength(2);
    // The newest thumbnail inside the period, signed.
    const picture = await as(t.app, s.cookie, { method: 'GET', url: heat.picture_url! });
    expect(picture.statusCode).toBe(200);
    expect(heat.picture_url).not.toBe(
      (await heatmap(s.cookie, s.camera.code, '?start=2026-10-01&end=2026-10-01')).picture_url,
    );
  });

  it('counts a clip analysed again once, adds the clips of one hour, and an analysed clip with nobody is an analysed hour', async () => {
    const s = await shop();
    const first = await analysed(s.customer.id, s.camera.id, '2026-11-03T02:00:00Z', [
      stander('a', 0.5, 0.5, 6),
    ]);
    await analysis.consume(first.analysedClip, [stander('a', ...at(16, 9), 6)]);
    await analysed(s.customer.id, s.camera.id, '2026-11-03T02:01:00Z', [stander('b', ...at(16, 9), 3)]);
    await analysed(s.customer.id, s.camera.id, '2026-11-03T05:00:00Z', []);
    const heat = await heatmap(s.cookie, s.camera.code, WEEK);
    expect(heat.cells[cellOf(16, 9)]).toBe(9);
    expect(heat.total).toBe(9);
    expect(heat.analysed_hours).toBe(2);
    // A second run that finds less replaces the first run's grid.
    await analysis.consume(first.analysedClip, [stander('a', ...at(16, 9), 1)]);
    expect((await heatmap(s.cookie, s.camera.code, WEEK)).total).toBe(4);
  });

  it('keeps only the asked hours of the day and weekdays, on the reader’s wall clock', async () => {
    const s = await shop();
    // Monday 10:30 and Saturday 21:10 in Tokyo; Saturday 21:10 is Saturday 13:10 in London.
    await analysed(s.customer.id, s.camera.id, MONDAY_MORNING, [stander('a', 0.2, 0.5, 5)]);
    await analysed(s.customer.id, s.camera.id, '2026-11-07T12:10:00Z', [stander('b', 0.8, 0.5, 7)]);
    const mornings = await heatmap(s.cookie, s.camera.code, `${WEEK}&hour_from=9&hour_to=12`);
    expect([mornings.total, mornings.analysed_hours]).toEqual([5, 1]);
    const saturdays = await heatmap(s.cookie, s.camera.code, `${WEEK}&weekdays=sat,sun`);
    expect(saturdays.weekdays).toEqual(['sat', 'sun']);
    expect(saturdays.total).toBe(7);
    const london = await heatmap(
      s.cookie,
      s.camera.code,
      `${WEEK}&hour_from=12&hour_to=14&time_zone=Europe%2FLondon`,
    );
    expect(london.total).toBe(7);
    const empty = await heatmap(s.cookie, s.camera.code, '?start=2026-10-01&end=2026-10-31');
    expect([empty.total, empty.max, empty.analysed_hours]).toEqual([0, 0, 0]);
  });

  it('keeps the heat after retention removed the clip', async () => {
    const s = await shop();
    const { clip } = await analysed(s.customer.id, s.camera.id, MONDAY_MORNING, [stander('a', 0.4, 0.6, 8)]);
    await t.db.deleteFrom('clips').where('id', '=', clip.id).execute();
    expect((await heatmap(s.cookie, s.camera.code, WEEK)).total).toBe(8);
  });

  it('needs the heatmap right (403); a camera without the heat map, or unknown, is not found (404)', async () => {
    const s = await shop();
    const child = await createUser(t.db, s.customer.id, {
      parentUserId: s.user.id,
      permissions: { archive: true, live: true, analytics: true },
    });
    const res = await as(t.app, await login(t.app, child), { method: 'GET', url: url(s.camera.code) });
    expect(res.statusCode).toBe(403);
    const plain = (await createLocationAndCamera(t.db, s.customer.id, 'Back office')).camera;
    for (const code of [plain.code, 'no-such-camera'])
      expect((await as(t.app, s.cookie, { method: 'GET', url: url(code) })).statusCode, code).toBe(404);
  });

  it("another customer's camera is not found", async () => {
    const owner = await shop();
    const outsider = await shop();
    await expectForeignIdsRefused(t.app, outsider.cookie, [
      { name: 'heat map', request: { method: 'GET', url: url(owner.camera.code) } },
    ]);
  });

  it('refuses a future, reversed or too long period, empty hours and unknown weekdays with the field (400)', async () => {
    const s = await shop();
    const cases: [string, string][] = [
      ['?end=2999-01-01', 'end'],
      ['?start=2026-11-05&end=2026-11-01', 'end'],
      ['?start=2026-01-01&end=2026-06-01', 'end'],
      ['?hour_from=12&hour_to=12', 'hour_to'],
      ['?hour_from=25', 'hour_from'],
      ['?weekdays=mon,funday', 'weekdays'],
      ['?time_zone=%2B09%3A00', 'time_zone'],
    ];
    for (const [query, field] of cases) {
      const res = await as(t.app, s.cookie, { method: 'GET', url: url(s.camera.code, query) });
      expect(res.statusCode, query).toBe(400);
      expect(Object.keys((res.json() as { errors: Record<string, unknown> }).errors), query).toContain(field);
    }
  });

  it('answers no picture before the camera has a thumbnail', async () => {
    const s = await shop();
    expect((await heatmap(s.cookie, s.camera.code, WEEK)).picture_url).toBeNull();
    // (The key naming is the thumbnails'.)
    expect(blobKeys.thumbnail(s.camera.id, new Date(MONDAY_MORNING))).toContain(String(s.camera.id));
  });
});
