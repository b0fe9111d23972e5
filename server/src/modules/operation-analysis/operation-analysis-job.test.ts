// The operation analysis job on real recorded video of the simulator's factory line (sim:factory, the demo line
// camera's scene, with the truth of when each worker's hand is in their station's work area), through the real
// app, database, blob store and the engine's own process: a request with the demo's operation areas becomes a job
// that goes through the period's recordings in order with progress, measures each area's work sessions, working
// and idle time close to the truth (a gap in the recordings ends a session), stores them at once and tells the
// user (OperationAnalysis notification, which pushes); a worker killed part-way leaves nothing stored and the rerun
// gives the whole result; a second delivery changes nothing; the hand threshold changes the result.
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_OPERATION_DETECTION_SETTING,
  type OperationAnalysisResult,
} from '@camwatch/contract/operation-analysis';
import { factoryWorkIntervals } from '../../../../agent/src/sim/factory.ts';
import { SimRenderer, type RenderView } from '../../../../agent/src/sim/renderer.ts';
import { DEMO_FACTORY_LINE, demoOperationAreas } from '../../db/seed/demo-analytics.ts';
import { DEMO_LIMITS } from '../../sim/embedded-agents.ts';
import type { VisionRunner } from '../../vision/vision-process.ts';
import { AnalysisJobRunner } from '../analysis-jobs/analysis-job-runner.ts';
import { createMediaTestApp, putClip } from '../../../test/helpers/recorded-media.ts';
import {
  as,
  createLocationAndCamera,
  createTenant,
  login,
  type TestApp,
} from '../../../test/helpers/test-app.ts';
import { operationAnalysisHandler } from './operation-analysis.service.ts';

const W = DEMO_LIMITS.maxWidth;
const H = DEMO_LIMITS.maxHeight;
const FPS = DEMO_LIMITS.maxFps;
const SEED = 7;
const home: RenderView = { ptz: { pan: 0, tilt: 0, zoom: 1 }, isLightOn: false };
/** 12:00 in Tokyo (the simulator's default zone). */
const NOON = Date.UTC(2026, 10, 21, 3, 0, 0);
const areas = demoOperationAreas[DEMO_FACTORY_LINE]!;
/** The recordings: two 20 s pieces of the first minute, then 20 s of the next after a gap of 20 s. */
const PIECES = [
  { fromSec: 0, seconds: 20 },
  { fromSec: 20, seconds: 20 },
  { fromSec: 60, seconds: 20 },
] as const;
const period = { start: new Date(NOON).toISOString(), end: new Date(NOON + 90_000).toISOString() };

let t: TestApp & { cleanup: () => Promise<void> };
let dir: string;
const videos: Buffer[] = [];

/** Renders and encodes seconds of the factory as an agent records them (H.264, a keyframe a second). */
async function record(fromSec: number, seconds: number): Promise<Buffer> {
  const renderer = new SimRenderer({ scene: 'factory', seed: SEED, tzOffsetMinutes: 540 }, W, H);
  const frames = Array.from(
    { length: seconds * FPS },
    (_, i) => renderer.render(NOON + fromSec * 1000 + (i * 1000) / FPS, home).data,
  );
  const file = path.join(dir, `factory-${fromSec}.mp4`);
  const ffmpeg = spawn(
    'ffmpeg',
    [
      ...['-v', 'error', '-y', '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-s', `${W}x${H}`, '-r', String(FPS)],
      ...['-i', 'pipe:0', '-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p', '-g', String(FPS)],
      file,
    ],
    { stdio: ['pipe', 'ignore', 'inherit'] },
  );
  const done = new Promise<void>((resolve, reject) =>
    ffmpeg.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`ffmpeg ${code}`)))),
  );
  ffmpeg.stdin.end(Buffer.concat(frames));
  await done;
  return fs.readFile(file);
}

beforeAll(async () => {
  t = await createMediaTestApp({ ENVIRONMENT_MODE: 'TLT:3' });
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'cw-operation-job-'));
  for (const piece of PIECES) videos.push(await record(piece.fromSec, piece.seconds));
}, 120_000);
afterAll(async () => {
  await t.cleanup();
  await fs.rm(dir, { recursive: true, force: true });
});

/** The demo line camera's twin for a new customer: the function on, the demo's areas, the pieces recorded. */
async function lineCamera() {
  const tenant = await createTenant(t.db);
  const { camera } = await createLocationAndCamera(t.db, tenant.customer.id, 'ライン1');
  await t.db
    .updateTable('cameras')
    .set({ use_operation_analysis: true })
    .where('id', '=', camera.id)
    .execute();
  const cookie = await login(t.app, tenant.user);
  const saved = await as(t.app, cookie, {
    method: 'PUT',
    url: `/api/operation-analysis/camera/${camera.code}/setting/area-setting`,
    payload: { operationAreaList: areas },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  for (const [i, piece] of PIECES.entries()) {
    const minuteMs = Math.floor(piece.fromSec / 60) * 60_000;
    await putClip(t, camera.id, new Date(NOON + minuteMs), videos[i]!, {
      offsetMs: piece.fromSec * 1000 - minuteMs,
      durationMs: piece.seconds * 1000,
    });
  }
  return { tenant, camera, cookie };
}

async function request(cookie: string, code: string, body: object = period): Promise<string> {
  const res = await as(t.app, cookie, {
    method: 'POST',
    url: `/api/operation-analysis/camera/${code}/analyses`,
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.analysis.id as string;
}

const run = (id: string, attempt = 1) =>
  t.services.analysisJobs.run({ analysisId: Number(id) }, { id: 0, attempt });

async function result(cookie: string, id: string): Promise<OperationAnalysisResult> {
  const res = await as(t.app, cookie, { method: 'GET', url: `/api/operation-analysis/analyses/${id}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as OperationAnalysisResult;
}

const notificationsOf = (userId: number) =>
  t.db.selectFrom('notifications').select(['event', 'kind', 'url']).where('user_id', '=', userId).execute();

/** The true working seconds of the area inside the recorded pieces. */
function trueSeconds(id: 'A' | 'B'): number {
  const truth = factoryWorkIntervals(SEED, NOON, NOON + 90_000, W, H)[id];
  let ms = 0;
  for (const piece of [
    [0, 40],
    [60, 80],
  ])
    for (const [a, b] of truth)
      ms += Math.max(0, Math.min(b, NOON + piece[1]! * 1000) - Math.max(a, NOON + piece[0]! * 1000));
  return ms / 1000;
}

describe('operation analysis job', { timeout: 300_000 }, () => {
  it('measures each area close to the truth over the recordings, once, after a worker killed part-way', async () => {
    const { tenant, camera, cookie } = await lineCamera();
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
    runner.register(operationAnalysisHandler);
    await expect(runner.run(Number(id), { attempt: 1, maxAttempts: 2 })).rejects.toThrow(/SIGKILL/);
    const half = await result(cookie, id);
    expect(half.analysis).toMatchObject({ state: 'running', clips_done: 1, clips_total: 3 });
    expect(half.result).toBeNull();
    expect(
      await t.db.selectFrom('analysis_results').selectAll().where('job_id', '=', Number(id)).execute(),
    ).toEqual([]);
    expect(await notificationsOf(tenant.user.id)).toEqual([]);

    // The queue's second attempt: the whole period again.
    await run(id, 2);
    const done = await result(cookie, id);
    expect(done.analysis).toMatchObject({ state: 'completed', clips_done: 3, clips_total: 3, error: null });
    expect(done.clips_skipped).toBe(0);
    expect(done.setting).toEqual({
      operationAreaList: areas,
      detectionSetting: DEFAULT_OPERATION_DETECTION_SETTING,
    });
    const r = done.result!;
    // The recorded stretches: the first 40 s (two pieces that continue each other) and 60-80 s.
    expect(r.recorded).toEqual([
      { start: new Date(NOON).toISOString(), end: new Date(NOON + 40_000).toISOString() },
      { start: new Date(NOON + 60_000).toISOString(), end: new Date(NOON + 80_000).toISOString() },
    ]);
    expect(r.recorded_sec).toBe(60);
    expect(r.areas.map((a) => a.name)).toEqual(areas.map((a) => a.operationAreaName));
    for (const [k, id] of (['A', 'B'] as const).entries()) {
      const area = r.areas[k]!;
      const truth = trueSeconds(id);
      expect(truth).toBeGreaterThan(10);
      // Within 5 % of the truth, and a second and a half at most (session edges at 2 pictures a second).
      expect(
        Math.abs(area.working_sec - truth),
        `${id}: ${area.working_sec} vs ${truth}`,
      ).toBeLessThanOrEqual(Math.max(1.5, truth * 0.05));
      expect(area.idle_sec).toBeCloseTo(60 - area.working_sec, 1);
      expect(area.session_count).toBe(area.sessions.length);
      expect(area.session_count).toBeGreaterThanOrEqual(2);
      // No session runs over the time without recordings.
      for (const s of area.sessions) {
        const a = Date.parse(s.start);
        const b = Date.parse(s.end);
        expect(b).toBeGreaterThan(a);
        expect(a >= NOON + 60_000 || b <= NOON + 40_000, `${s.start}-${s.end}`).toBe(true);
      }
    }
    expect(await notificationsOf(tenant.user.id)).toEqual([
      { event: 'operation_analysis', kind: 'completed', url: `/operation-analysis/results/${id}` },
    ]);

    // The CSV: a row per session, then each area's totals.
    const csv = await as(t.app, cookie, {
      method: 'GET',
      url: `/api/operation-analysis/analyses/${id}/csv?lang=en`,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toContain(
      `operation-analysis-${camera.code}-2026-11-21-${id}.csv`,
    );
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Operation area,Start,End,Working seconds,Idle seconds,Sessions');
    const sessions = r.areas.reduce((sum, a) => sum + a.session_count, 0);
    expect(lines).toHaveLength(1 + sessions + r.areas.length);
    expect(lines[1]).toMatch(/^ライン A 作業台,2026-11-21 12:00:/);
    expect(lines.at(-1)).toBe(
      `ライン B 検査台 (Total),2026-11-21 12:00:00,2026-11-21 12:01:30,${r.areas[1]!.working_sec},${r.areas[1]!.idle_sec},${r.areas[1]!.session_count}`,
    );

    // Delivered again: nothing changes, nobody is told twice.
    await run(id);
    expect((await result(cookie, id)).result).toEqual(r);
    expect(await notificationsOf(tenant.user.id)).toHaveLength(1);

    // The list shows it completed.
    const list = await as(t.app, cookie, { method: 'GET', url: '/api/operation-analysis/analyses' });
    expect(list.json().data.analyses).toEqual([expect.objectContaining({ id, state: 'completed' })]);

    // On two engine processes at once (one per core): both take recordings, the result is the same.
    const used: string[] = [];
    const counted = (name: string): VisionRunner => ({
      analyze: (req) => {
        used.push(name);
        return t.services.visionRunner.analyze(req);
      },
      close: async () => {},
    });
    const twoAtOnce = new AnalysisJobRunner({
      jobs: t.services.analysisJobs.repository,
      blobs: t.services.blobs,
      vision: counted('first'),
      extraVision: [counted('second')],
      environmentMode: 'TLT:3',
    });
    twoAtOnce.register(operationAnalysisHandler);
    const again = await request(cookie, camera.code);
    await twoAtOnce.run(Number(again), { attempt: 1, maxAttempts: 2 });
    expect(new Set(used)).toEqual(new Set(['first', 'second']));
    expect(used).toHaveLength(3);
    const twice = await result(cookie, again);
    expect(twice.analysis).toMatchObject({ state: 'completed', clips_done: 3, clips_total: 3 });
    expect(twice.result).toEqual(r);
  });

  it('follows the detection setting: a hand threshold no wrist reaches finds no work', async () => {
    const { camera, cookie } = await lineCamera();
    const id = await request(cookie, camera.code, {
      start: new Date(NOON).toISOString(),
      end: new Date(NOON + 20_000).toISOString(),
      detectionSetting: { ...DEFAULT_OPERATION_DETECTION_SETTING, keypointDetectionThreshold: 1 },
    });
    await run(id);
    const done = await result(cookie, id);
    expect(done.analysis).toMatchObject({ state: 'completed', clips_done: 1, clips_total: 1 });
    expect(done.result!.recorded_sec).toBe(20);
    for (const area of done.result!.areas) {
      expect(area).toMatchObject({ working_sec: 0, idle_sec: 20, session_count: 0, sessions: [] });
    }
  });

  it('ends as request_failed when the period has no recording, telling the user', async () => {
    const { tenant, camera, cookie } = await lineCamera();
    const id = await request(cookie, camera.code, {
      start: new Date(NOON - 3_600_000).toISOString(),
      end: new Date(NOON - 1_800_000).toISOString(),
    });
    await run(id);
    const ended = await result(cookie, id);
    expect(ended.analysis).toMatchObject({ state: 'request_failed', error: 'no_recordings', clips_total: 0 });
    expect(ended.result).toBeNull();
    expect(await notificationsOf(tenant.user.id)).toEqual([
      { event: 'operation_analysis', kind: 'failed', url: `/operation-analysis/results/${id}` },
    ]);
  });
});
