// The person tracking analysis job on real recorded video (Intel IoT DevKit sample clips, CC BY 4.0:
// test/fixtures/real-video), through the real app, database, blob store and the engine's own process: a request
// becomes a job that goes through the period's recordings in order (a person keeping one id across two pieces),
// with progress, and ends completed with every tracked person stored at once and the user told (PersonTracking
// notification, which pushes); a worker killed part-way leaves nothing stored and the rerun gives the same
// result; the setting changes what is found; nothing to analyse is request_failed; a last failed attempt failed.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_PERSON_TRACKING_SETTING,
  type PersonTrackingResult,
  type PersonTrackingSetting,
} from '@camwatch/contract/person-tracking';
import { AnalysisJobRunner } from '../analysis-jobs/analysis-job-runner.ts';
import { personTrackingHandler } from './person-tracking.service.ts';
import { createMediaTestApp, putClip, putThumbnail } from '../../../test/helpers/recorded-media.ts';
import {
  as,
  createLocationAndCamera,
  createTenant,
  login,
  type TestApp,
} from '../../../test/helpers/test-app.ts';
import type { VisionRunner } from '../../vision/vision-process.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../../../test/fixtures/real-video');

let t: TestApp & { cleanup: () => Promise<void> };
let workDir: string;
beforeAll(async () => {
  t = await createMediaTestApp({ ENVIRONMENT_MODE: 'TLT:3' });
  workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cw-person-tracking-test-'));
});
afterAll(async () => {
  await t.cleanup();
  await fs.rm(workDir, { recursive: true, force: true });
});

/** A part of a fixture as its own H.264 MP4 (as an agent's clip is made). */
function cut(name: string, fromSec: number, lengthSec: number): Promise<Buffer> {
  const out = path.join(workDir, `${name}-${fromSec}-${lengthSec}.mp4`);
  execFileSync('ffmpeg', [
    ...['-v', 'error', '-y', '-ss', String(fromSec), '-t', String(lengthSec)],
    ...['-i', path.join(FIXTURES, `${name}.mp4`), '-an', '-c:v', 'libx264', '-g', '10', out],
  ]);
  return fs.readFile(out);
}

/** A frame of a fixture as JPEG (the camera's picture). */
function still(name: string): Promise<Buffer> {
  const out = path.join(workDir, `${name}.jpg`);
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-i',
    path.join(FIXTURES, `${name}.mp4`),
    '-frames:v',
    '1',
    out,
  ]);
  return fs.readFile(out);
}

const minute = new Date('2026-11-20T01:00:00Z');
const period = { start: '2026-11-20T01:00:00.000Z', end: '2026-11-20T01:10:00.000Z' };

/**
 * A tracking camera of a new customer whose shop aisle recording (two shoppers, a third entering about 2 s in) is
 * split into two pieces of one minute, 0-2.5 s and 2.5-4.5 s, as an agent restart splits it.
 */
async function shopCamera(setting?: PersonTrackingSetting) {
  const tenant = await createTenant(t.db);
  const { camera } = await createLocationAndCamera(t.db, tenant.customer.id, 'Shop aisle');
  await t.db.updateTable('cameras').set({ use_person_tracking: true }).where('id', '=', camera.id).execute();
  const cookie = await login(t.app, tenant.user);
  if (setting) {
    const res = await as(t.app, cookie, {
      method: 'PUT',
      url: `/api/person-tracking/camera/${camera.code}/setting`,
      payload: setting,
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  await putClip(t, camera.id, minute, await cut('store-aisle-detection', 0, 2.5), { durationMs: 2_500 });
  await putClip(t, camera.id, minute, await cut('store-aisle-detection', 2.5, 2), {
    offsetMs: 2_500,
    durationMs: 2_000,
  });
  await putThumbnail(t, camera.id, minute, await still('store-aisle-detection'));
  return { tenant, camera, cookie };
}

async function request(cookie: string, code: string, body = period): Promise<string> {
  const res = await as(t.app, cookie, {
    method: 'POST',
    url: `/api/person-tracking/camera/${code}/analyses`,
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.analysis.id as string;
}

const run = (id: string, attempt = 1) =>
  t.services.analysisJobs.run({ analysisId: Number(id) }, { id: 0, attempt });

async function result(cookie: string, id: string): Promise<PersonTrackingResult> {
  const res = await as(t.app, cookie, { method: 'GET', url: `/api/person-tracking/analyses/${id}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as PersonTrackingResult;
}

const notificationsOf = (userId: number) =>
  t.db.selectFrom('notifications').select(['event', 'kind', 'url']).where('user_id', '=', userId).execute();

describe('person tracking job', { timeout: 180_000 }, () => {
  it('tracks the shoppers of the period across both pieces, stores them at once and tells the user', async () => {
    const { tenant, camera, cookie } = await shopCamera();
    const id = await request(cookie, camera.code);
    await run(id);
    const done = await result(cookie, id);
    expect(done.analysis).toMatchObject({ state: 'completed', clips_done: 2, clips_total: 2, error: null });
    expect(done.clips_skipped).toBe(0);
    expect(done.picture_url).toMatch(/^\/api\/media\//);
    const persons = done.persons!;
    // Two shoppers through the recording, a third entering from the lower right (one may be missed: edge-cut).
    expect(persons.length).toBeGreaterThanOrEqual(2);
    expect(persons.length).toBeLessThanOrEqual(4);
    // Someone seen in both pieces keeps one id: their time runs over the 2.5 s boundary.
    const boundary = minute.getTime() + 2_500;
    const across = persons.filter(
      (p) => Date.parse(p.first_at) < boundary - 500 && Date.parse(p.last_at) > boundary + 500,
    );
    expect(across.length).toBeGreaterThanOrEqual(1);
    for (const p of persons) {
      expect(Date.parse(p.first_at)).toBeGreaterThanOrEqual(minute.getTime());
      expect(Date.parse(p.last_at)).toBeLessThanOrEqual(minute.getTime() + 4_600);
      expect(p.path.length).toBeGreaterThanOrEqual(1);
      for (const point of p.path) {
        expect(point.x).toBeGreaterThanOrEqual(0);
        expect(point.x).toBeLessThanOrEqual(1);
        expect(point.y).toBeGreaterThanOrEqual(0);
      }
      // Shoppers standing in an aisle carry nothing across the picture.
      expect(p.is_transport).toBe(false);
      expect(p.area_seconds).toEqual([]);
    }
    expect(await notificationsOf(tenant.user.id)).toEqual([
      { event: 'person_tracking', kind: 'completed', url: `/person-tracking/results/${id}` },
    ]);
    const csv = await as(t.app, cookie, {
      method: 'GET',
      url: `/api/person-tracking/analyses/${id}/csv?lang=en`,
    });
    expect(csv.statusCode).toBe(200);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Person ID,First seen,Last seen,Seconds,Transport');
    expect(lines).toHaveLength(persons.length + 1);
    expect(lines[1]).toContain('2026-11-20 10:00:0');

    // Run again (a queue job delivered twice): nothing changes, nobody is told twice.
    await run(id);
    expect((await result(cookie, id)).persons).toEqual(persons);
    expect(await notificationsOf(tenant.user.id)).toHaveLength(1);
  });

  it('leaves nothing stored when the worker dies part-way, and the rerun gives the whole result', async () => {
    const { tenant, camera, cookie } = await shopCamera();
    const id = await request(cookie, camera.code);
    // The engine's process dies on the second recording (as when the worker is killed).
    let calls = 0;
    const dying: VisionRunner = {
      analyze: (req) => {
        calls++;
        if (calls === 2) return Promise.reject(new Error('the vision process ended (SIGKILL)'));
        return t.services.visionRunner.analyze(req);
      },
      close: async () => {},
    };
    const runner = new AnalysisJobRunner({
      jobs: t.services.analysisJobs.repository,
      blobs: t.services.blobs,
      vision: dying,
      environmentMode: 'TLT:3',
    });
    runner.register(personTrackingHandler);
    await expect(runner.run(Number(id), { attempt: 1, maxAttempts: 2 })).rejects.toThrow(/SIGKILL/);
    const half = await result(cookie, id);
    expect(half.analysis).toMatchObject({ state: 'running', clips_done: 1, clips_total: 2 });
    expect(half.persons).toBeNull();
    expect(
      await t.db.selectFrom('analysis_results').selectAll().where('job_id', '=', Number(id)).execute(),
    ).toEqual([]);
    expect(await notificationsOf(tenant.user.id)).toEqual([]);

    await run(id, 2);
    const whole = await result(cookie, id);
    expect(whole.analysis).toMatchObject({ state: 'completed', clips_done: 2, clips_total: 2 });
    expect(whole.persons!.length).toBeGreaterThanOrEqual(2);

    // The last attempt failing marks it failed and says so (a new request: this one has completed).
    const failing = await request(cookie, camera.code);
    calls = 1;
    await expect(runner.run(Number(failing), { attempt: 2, maxAttempts: 2 })).rejects.toThrow(/SIGKILL/);
    const failed = await result(cookie, failing);
    expect(failed.analysis).toMatchObject({ state: 'failed', error: 'analysis_failed' });
    expect(failed.persons).toBeNull();
    const told = await notificationsOf(tenant.user.id);
    expect(told).toContainEqual({
      event: 'person_tracking',
      kind: 'failed',
      url: `/person-tracking/results/${failing}`,
    });
  });

  it('follows the setting: a tracking range away from everyone and a high detection threshold find no one', async () => {
    const corner = [
      { x: 0.0, y: 0.0 },
      { x: 0.05, y: 0.0 },
      { x: 0.05, y: 0.05 },
      { x: 0.0, y: 0.05 },
    ];
    const ranged = await shopCamera({
      ...DEFAULT_PERSON_TRACKING_SETTING,
      trackingRange: [{ name: 'Corner', points: corner }],
    });
    const rangedId = await request(ranged.cookie, ranged.camera.code);
    await run(rangedId);
    const rangedResult = await result(ranged.cookie, rangedId);
    expect(rangedResult.analysis.state).toBe('completed');
    expect(rangedResult.persons).toEqual([]);

    const whole = [
      { x: 0, y: 0 },
      { x: 1, y: 0 },
      { x: 1, y: 1 },
      { x: 0, y: 1 },
    ];
    const strict = await shopCamera({
      ...DEFAULT_PERSON_TRACKING_SETTING,
      personDetectionThreshold: 0.95,
      trackingRange: [{ name: 'Floor', points: whole }],
    });
    const strictId = await request(strict.cookie, strict.camera.code);
    await run(strictId);
    const strictResult = await result(strict.cookie, strictId);
    expect(strictResult.analysis.state).toBe('completed');
    expect(strictResult.persons!.length).toBe(0);
  });

  it('ends as request_failed when the period has no recording', async () => {
    const { tenant, camera, cookie } = await shopCamera();
    const id = await request(cookie, camera.code, {
      start: '2026-11-19T01:00:00.000Z',
      end: '2026-11-19T02:00:00.000Z',
    });
    await run(id);
    const ended = await result(cookie, id);
    expect(ended.analysis).toMatchObject({ state: 'request_failed', error: 'no_recordings', clips_total: 0 });
    expect(await notificationsOf(tenant.user.id)).toEqual([
      { event: 'person_tracking', kind: 'failed', url: `/person-tracking/results/${id}` },
    ]);
  });

  it('fails an analysis whose worker stopped on its last attempt, once its queue job is no longer live', async () => {
    const { tenant, camera, cookie } = await shopCamera();
    const id = await request(cookie, camera.code);
    const later = new Date(Date.now() + 5 * 60_000);
    // Queued: nothing to do.
    expect(await t.services.analysisJobs.runner.failStranded(later)).toBe(0);
    // The queue failed the job when its lease ran out on the last attempt (jobs.failAbandoned).
    await t.db
      .updateTable('jobs')
      .set({ status: 'failed' })
      .where('dedupe_key', '=', `analysis:${id}`)
      .execute();
    expect(await t.services.analysisJobs.runner.failStranded(later)).toBe(1);
    const ended = await result(cookie, id);
    expect(ended.analysis).toMatchObject({ state: 'failed', error: 'analysis_failed' });
    expect(await notificationsOf(tenant.user.id)).toEqual([
      { event: 'person_tracking', kind: 'failed', url: `/person-tracking/results/${id}` },
    ]);
    expect(await t.services.analysisJobs.runner.failStranded(later)).toBe(0);
  });

  it('uses the tracks the vision job stored when the setting is the engine own, and the engine otherwise', async () => {
    // The same recordings analysed by the engine through the job (a camera the vision job does not analyse)…
    const fresh = await shopCamera();
    const freshId = await request(fresh.cookie, fresh.camera.code);
    await run(freshId);
    const byEngine = (await result(fresh.cookie, freshId)).persons!;
    // …and on a heat map camera, whose clips the per-clip vision job has already tracked.
    const { camera, cookie } = await shopCamera();
    await t.db.updateTable('cameras').set({ use_heatmap: true }).where('id', '=', camera.id).execute();
    const clips = await t.db
      .selectFrom('clips')
      .select('id')
      .where('camera_id', '=', camera.id)
      .orderBy('offset_ms')
      .execute();
    for (const clip of clips) await t.services.vision.analyse(clip.id);
    let engineCalls = 0;
    const counting: VisionRunner = {
      analyze: (req) => {
        engineCalls++;
        return t.services.visionRunner.analyze(req);
      },
      close: async () => {},
    };
    const runner = new AnalysisJobRunner({
      jobs: t.services.analysisJobs.repository,
      blobs: t.services.blobs,
      vision: counting,
      environmentMode: 'TLT:3',
    });
    runner.register(personTrackingHandler);
    const id = await request(cookie, camera.code);
    await runner.run(Number(id), { attempt: 1, maxAttempts: 2 });
    const reused = await result(cookie, id);
    expect(reused.analysis).toMatchObject({ state: 'completed', clips_done: 2, clips_total: 2 });
    expect(engineCalls).toBe(0);
    // The same people as the engine finds (the same engine, options and carried state made them).
    expect(reused.persons!.map((p) => [p.id, p.first_at, p.last_at])).toEqual(
      byEngine.map((p) => [p.id, p.first_at, p.last_at]),
    );

    // A setting of its own: the engine runs on every recording.
    const res = await as(t.app, cookie, {
      method: 'PUT',
      url: `/api/person-tracking/camera/${camera.code}/setting`,
      payload: { ...DEFAULT_PERSON_TRACKING_SETTING, personDetectionThreshold: 0.5 },
    });
    expect(res.statusCode).toBe(200);
    const ownId = await request(cookie, camera.code);
    await runner.run(Number(ownId), { attempt: 1, maxAttempts: 2 });
    expect((await result(cookie, ownId)).analysis.state).toBe('completed');
    expect(engineCalls).toBe(2);
  });

  it('analyses the two halves at once on two engine processes with the result of one process in order', async () => {
    const { camera, cookie } = await shopCamera();
    // Three more pieces of the aisle: one continuing the first two (4.5-6 s), then after a gap of 2.5 s two more
    // in a row (8.5-10 s, 10-11.5 s).
    const pieces = [
      [0, 4_500],
      [1.5, 8_500],
      [3, 10_000],
    ] as const;
    for (const [from, offsetMs] of pieces)
      await putClip(t, camera.id, minute, await cut('store-aisle-detection', from, 1.5), {
        offsetMs,
        durationMs: 1_500,
      });
    const calls: string[] = [];
    const named = (name: string): VisionRunner => ({
      analyze: (req) => {
        calls.push(name);
        return t.services.visionRunner.analyze(req);
      },
      close: async () => {},
    });
    const personsOf = async (pool: VisionRunner[], end: string) => {
      calls.length = 0;
      const runner = new AnalysisJobRunner({
        jobs: t.services.analysisJobs.repository,
        blobs: t.services.blobs,
        vision: pool[0]!,
        extraVision: pool.slice(1),
        environmentMode: 'TLT:3',
      });
      runner.register(personTrackingHandler);
      const id = await request(cookie, camera.code, { start: period.start, end });
      await runner.run(Number(id), { attempt: 1, maxAttempts: 2 });
      const done = await result(cookie, id);
      expect(done.analysis.state).toBe('completed');
      expect(done.clips_skipped).toBe(0);
      return done.persons!;
    };
    const count = (name: string) => calls.filter((c) => c === name).length;
    // Five recordings, the second half (the fourth and fifth) after the gap: the second process's new tracker
    // starts where the sequential run's starts anew too, so each process analyses its half only.
    const inOrder = await personsOf([named('first')], period.end);
    expect(calls).toHaveLength(5);
    expect(inOrder.length).toBeGreaterThanOrEqual(2);
    const split = await personsOf([named('first'), named('second')], period.end);
    expect([count('first'), count('second')]).toEqual([3, 2]);
    expect(split).toEqual(inOrder);
    // The first three (no gap): people are in view at the middle, and the second process's new tracker does not
    // agree with the carried one, so the first process goes on through the third recording itself.
    const before = new Date(minute.getTime() + 7_000).toISOString();
    const threeInOrder = await personsOf([named('first')], before);
    const threeSplit = await personsOf([named('first'), named('second')], before);
    expect([count('first'), count('second')]).toEqual([3, 1]);
    expect(threeSplit).toEqual(threeInOrder);
  });
});
