// The vision job on real recorded video (Intel IoT DevKit sample clips, CC BY 4.0: test/fixtures/real-video),
// through the real app, database, blob store and the engine's own process: people found and tracked, the tracks
// stored once however often the job runs (a killed worker's clip is analysed again), a person keeping one id
// across the boundary between two clips, cameras without a people analytic skipped, and a clip that is not a
// video failing at once without retries.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultAnalysisPeriods } from '@camwatch/contract/people-counter';
import { PermanentJobError } from '../../jobs/queue.ts';
import { PeopleCounterSettingRepository } from '../people-counter/people-counter-setting.repository.ts';
import { FEET_CUT_AT } from '../../vision/heat-grid.ts';
import { decodeTracks } from '../../vision/track-codec.ts';
import { createMediaTestApp, putClip } from '../../../test/helpers/recorded-media.ts';
import { createLocationAndCamera, createTenant, type TestApp } from '../../../test/helpers/test-app.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../../../test/fixtures/real-video');

let t: TestApp & { cleanup: () => Promise<void> };
let workDir: string;
beforeAll(async () => {
  t = await createMediaTestApp();
  workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cw-vision-test-'));
});
afterAll(async () => {
  await t.cleanup();
  await fs.rm(workDir, { recursive: true, force: true });
});

const band = (x0: number, x1: number) => [
  { x: x0, y: 0 },
  { x: x1, y: 0 },
  { x: x1, y: 1 },
  { x: x0, y: 1 },
];

/** A camera with the people counter on and (unless told otherwise) its setting saved. */
async function peopleCounterCamera(name: string, { saved = true } = {}) {
  const tenant = await createTenant(t.db);
  const { camera } = await createLocationAndCamera(t.db, tenant.customer.id, name);
  await t.db.updateTable('cameras').set({ use_people_counter: true }).where('id', '=', camera.id).execute();
  if (saved)
    await new PeopleCounterSettingRepository(t.db).save(tenant.customer.id, camera.id, {
      differenceArea: null,
      entranceStartArea: band(0, 0.3),
      entranceEndArea: band(0.7, 1),
      analysisPeriods: defaultAnalysisPeriods(),
      staffJudgmentDays: 30,
      staffAdmissionThreshold: 10,
    });
  return camera;
}

const storedRows = (clipId: number) =>
  t.db.selectFrom('clip_tracks').selectAll().where('clip_id', '=', clipId).execute();

/** A part of a fixture as its own H.264 MP4 (the way an agent's clip is made: stream copy would cut mid-GOP). */
function cut(name: string, fromSec: number, lengthSec: number): Promise<Buffer> {
  const out = path.join(workDir, `${name}-${fromSec}-${lengthSec}.mp4`);
  execFileSync('ffmpeg', [
    ...['-v', 'error', '-y', '-ss', String(fromSec), '-t', String(lengthSec)],
    ...['-i', path.join(FIXTURES, `${name}.mp4`), '-an', '-c:v', 'libx264', '-g', '10', out],
  ]);
  return fs.readFile(out);
}

const minute = new Date('2026-11-20T01:00:00Z');

describe('vision job', { timeout: 120_000 }, () => {
  it('tracks the people of a real shop clip, and a second run replaces the first', async () => {
    const camera = await peopleCounterCamera('Shop aisle');
    const data = await fs.readFile(path.join(FIXTURES, 'store-aisle-detection.mp4'));
    const clip = await putClip(t, camera.id, minute, data, { durationMs: 4_500 });
    await t.services.vision.analyse(clip.id);
    const [first, ...others] = await storedRows(clip.id);
    expect(others).toHaveLength(0);
    const tracks = decodeTracks(first!.tracks);
    // Two shoppers stand in the aisle through the clip (a third, half hidden at the lower right, is not asked for).
    expect(
      tracks.filter((track) => track.maxScore >= 0.3 && track.points.length >= 4).length,
    ).toBeGreaterThanOrEqual(2);
    for (const track of tracks)
      for (const point of track.points) {
        expect(point.t).toBeGreaterThanOrEqual(0);
        expect(point.t).toBeLessThanOrEqual(4.6);
        expect(point.box.x).toBeGreaterThanOrEqual(0);
        expect(point.box.x + point.box.w).toBeLessThanOrEqual(1.001);
      }
    expect(first!.frames).toBe(9);
    expect(first!.detected_frames).toBeGreaterThan(0);

    // The job again (a worker killed after storing, before marking the job done): one row, the same people.
    await t.services.vision.analyse(clip.id);
    const again = await storedRows(clip.id);
    expect(again).toHaveLength(1);
    expect(decodeTracks(again[0]!.tracks).map((track) => track.id)).toEqual(tracks.map((track) => track.id));
  });

  it('feeds the heat map of a heatmap camera (no people counter needed) where the shoppers stand', async () => {
    const tenant = await createTenant(t.db);
    const { camera } = await createLocationAndCamera(t.db, tenant.customer.id, 'Aisle heat');
    await t.db.updateTable('cameras').set({ use_heatmap: true }).where('id', '=', camera.id).execute();
    const data = await fs.readFile(path.join(FIXTURES, 'store-aisle-detection.mp4'));
    const clip = await putClip(t, camera.id, minute, data, { durationMs: 4_500 });
    await t.services.vision.analyse(clip.id);
    const tracks = decodeTracks((await storedRows(clip.id))[0]!.tracks);
    const hours = await t.db
      .selectFrom('heatmap_hours')
      .selectAll()
      .where('camera_id', '=', camera.id)
      .execute();
    expect(hours).toHaveLength(1);
    expect(hours[0]!.hour.toISOString()).toBe('2026-11-20T01:00:00.000Z');
    expect(hours[0]!.clips).toBe(1);
    // Half a second per analysed moment of each shopper whose feet are in the picture (a person cut by its bottom
    // edge shows no feet and adds nothing); the two standing shoppers are followed through most of the 4.5 s.
    const seconds =
      tracks.flatMap((track) => track.points.filter((p) => p.box.y + p.box.h < FEET_CUT_AT)).length * 0.5;
    expect(hours[0]!.total).toBeGreaterThan(4);
    // Within one analysed moment: the stored boxes are rounded, so a foot right on the cut line (0.99 stored,
    // 0.9899 as analysed) may fall on the other side of it here.
    expect(Math.abs(hours[0]!.total - seconds)).toBeLessThanOrEqual(0.5 + 1e-9);
  });

  it('keeps a walking person on one id across the boundary between two clips', async () => {
    const camera = await peopleCounterCamera('Corridor');
    // Two people walk towards the camera for 3 s; the recording is split in two pieces of one minute, as an agent
    // restart splits it: 0–1.5 s and 1.5–3 s.
    const firstPiece = await putClip(t, camera.id, minute, await cut('face-demographics-walking', 0, 1.5), {
      durationMs: 1_500,
    });
    const secondPiece = await putClip(
      t,
      camera.id,
      minute,
      await cut('face-demographics-walking', 1.5, 1.5),
      {
        offsetMs: 1_500,
        durationMs: 1_500,
      },
    );
    await t.services.vision.analyse(firstPiece.id);
    await t.services.vision.analyse(secondPiece.id);
    const before = decodeTracks((await storedRows(firstPiece.id))[0]!.tracks);
    const after = decodeTracks((await storedRows(secondPiece.id))[0]!.tracks);
    expect(before.length).toBeGreaterThanOrEqual(2);
    const continued = after.filter((track) => before.some((b) => b.id === track.id));
    expect(continued.length).toBeGreaterThanOrEqual(2);
    // The second piece's times are seconds of the minute: they start where it began.
    for (const track of after) expect(track.points[0]!.t).toBeGreaterThanOrEqual(1.5);
  });

  it('skips cameras without an analytic that needs people, and people counters not set up', async () => {
    const tenant = await createTenant(t.db);
    const { camera } = await createLocationAndCamera(t.db, tenant.customer.id, 'Plain');
    const data = await fs.readFile(path.join(FIXTURES, 'people-detection.mp4'));
    const clip = await putClip(t, camera.id, minute, data, { durationMs: 2_000 });
    await t.services.vision.analyse(clip.id);
    expect(await storedRows(clip.id)).toHaveLength(0);
    // A people counter whose setting was never saved counts nothing: no analysis for it either.
    const unset = await peopleCounterCamera('Not set up', { saved: false });
    const unsetClip = await putClip(t, unset.id, minute, data, { durationMs: 2_000 });
    await t.services.vision.analyse(unsetClip.id);
    expect(await storedRows(unsetClip.id)).toHaveLength(0);
  });

  it('fails a clip that is not a video at once, with the reason, and stores nothing', async () => {
    const camera = await peopleCounterCamera('Broken');
    const clip = await putClip(t, camera.id, minute, Buffer.from('not a video at all'), {
      durationMs: 60_000,
    });
    const failure = await t.services.vision.analyse(clip.id).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(PermanentJobError);
    expect(String((failure as Error).message)).toMatch(/not a readable video/);
    expect(await storedRows(clip.id)).toHaveLength(0);
  });
});
