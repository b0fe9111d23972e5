// A TLT analysis job's hour (issue 15: "a 1-hour analysis of one camera finishes in ≤ 5 minutes on this 2-core
// machine while the service keeps serving"): N one-minute clips of the simulator's factory line are rendered and
// encoded as the demo line camera records them (not timed), stored in a blob store, then analysed by the analysis
// job's own runner (modules/analysis-jobs/analysis-job-runner.ts with the kind's handler; the job's rows kept in
// memory instead of the database) through the engine's own processes at their background priority (unless
// --foreground): one, or with --processes 2 one per core at once, as the service does (operation analysis: the
// recordings two at once; person tracking: the two halves at once, stitched where the trackers agree).
//   --kind operation (default)  operation analysis with the demo line camera's areas and default setting; prints
//                               each area's working time against the scene's truth
//   --kind person               person tracking with a setting of its own (person detection threshold 0.45, so
//                               the per-clip vision job's stored tracks are not reused); prints the people
//   --sequential                then runs the same job again on one engine process and compares the two results
//                               (operation: every area's sessions; person: every person's points, ids included)
//   --probe                     starts the service (embedded database, demo data, no simulated cameras, the camera
//                               list's cache off) and asks it for the camera list (GET api/cameras as the demo
//                               user) four times a second while the analysis runs: p50, p95 and worst latency
//   --probe-url URL             the same against a service already running (demo data, e.g. started with
//                               SIMULATED_CAMERAS=0 CAMERA_LIST_CACHE_SECONDS=0; on a loaded machine it may take
//                               longer to start than --probe waits)
// Prints the wall time of the analysis, the engine's CPU seconds and the load average before and after. Run it at
// normal priority (the service it starts inherits it; the engine's processes lower their own, as in the service).
// Usage: node --import tsx bench/operation-analysis-hour.bench.ts [--minutes 60] [--processes 2]
//          [--kind operation|person] [--sequential] [--probe | --probe-url URL] [--foreground]
//          [--render-dir DIR]   keeps the rendered clips in DIR and reuses those already there (same scene, seed and
//                               start every run), so a second run only analyses
import fs from 'node:fs/promises';
import os from 'node:os';
import net from 'node:net';
import path from 'node:path';
import { DEFAULT_OPERATION_DETECTION_SETTING } from '@camwatch/contract/operation-analysis-rules';
import { DEFAULT_PERSON_TRACKING_SETTING } from '@camwatch/contract/person-tracking-rules';
import { factoryWorkIntervals, WORK_AREA_IDS } from '../agent/src/sim/factory.ts';
import { SimRenderer } from '../agent/src/sim/renderer.ts';
import { DEMO_FACTORY_LINE, demoOperationAreas } from '../server/src/db/seed/demo-analytics.ts';
import type { AnalysisJobRepository } from '../server/src/modules/analysis-jobs/analysis-job.repository.ts';
import { AnalysisJobRunner } from '../server/src/modules/analysis-jobs/analysis-job-runner.ts';
import type { StoredOperationAnalysis } from '../server/src/modules/operation-analysis/operation-analysis-job.ts';
import { operationAnalysisHandler } from '../server/src/modules/operation-analysis/operation-analysis.service.ts';
import type { StoredPersonTracking } from '../server/src/modules/person-tracking/person-tracking-analysis.ts';
import { personTrackingHandler } from '../server/src/modules/person-tracking/person-tracking.service.ts';
import { FsBlobStore } from '../server/src/storage/fs-blob-store.ts';
import type { AnalysisResult } from '../server/src/vision/analyze.ts';
import { DEMO_LIMITS } from '../server/src/sim/embedded-agents.ts';
import { VisionProcess, type VisionRunner } from '../server/src/vision/vision-process.ts';
import { demoSession, startServer } from './lib/server-process.ts';
import { renderMinute } from './vision-accuracy.bench.ts';

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const minutes = Number(arg('minutes') ?? 60);
const foreground = process.argv.includes('--foreground');
const processes = Number(arg('processes') ?? 1);
const kind = arg('kind') === 'person' ? 'person_tracking' : 'operation_analysis';
const sequential = process.argv.includes('--sequential');
const probeUrl = arg('probe-url');
const probe = process.argv.includes('--probe') || probeUrl !== undefined;
const load = () =>
  os
    .loadavg()
    .map((v) => v.toFixed(2))
    .join(' ');
const SEED = 7;
/** 12:00 in Tokyo. */
const START = Date.UTC(2026, 10, 21, 3, 0, 0);
const { maxWidth: W, maxHeight: H, maxFps: FPS } = DEMO_LIMITS;
const settings =
  kind === 'operation_analysis'
    ? {
        operationAreaList: demoOperationAreas[DEMO_FACTORY_LINE]!,
        detectionSetting: { ...DEFAULT_OPERATION_DETECTION_SETTING },
      }
    : // A setting of its own: the engine runs on every recording (no stored tracks of the per-clip job reused).
      { ...DEFAULT_PERSON_TRACKING_SETTING, personDetectionThreshold: 0.45 };

/** Runs the job once on the given engine processes: its stored result, wall seconds and engine CPU seconds. */
async function runJob(dir: string, pool: readonly VisionProcess[]) {
  let stored: unknown = null;
  let cpu = 0;
  const jobs = {
    findForJob: async () => ({
      id: 1,
      customer_id: 1,
      camera_id: 1,
      kind,
      period_start: new Date(START),
      period_end: new Date(START + minutes * 60_000),
      settings,
      state: 'running' as const,
      requested_by: 1,
      use_person_tracking: true,
      use_operation_analysis: true,
    }),
    clipsOf: async () =>
      Array.from({ length: minutes }, (_, m) => ({
        id: m,
        start_time: new Date(START + m * 60_000),
        offset_ms: 0,
        duration_ms: 60_000,
        blob_key: `m${m}.mp4`,
      })),
    storedTracks: async () => undefined,
    begin: async () => {},
    progress: async () => {},
    complete: async (_id: number, result: unknown) => {
      stored = result;
    },
    fail: async (_id: number, failure: unknown) => {
      throw new Error(`the analysis failed: ${JSON.stringify(failure)}`);
    },
  } as unknown as AnalysisJobRepository;
  // The engine's CPU seconds of each recording.
  const counted: VisionRunner[] = pool.map((vision) => ({
    analyze: async (req) => {
      const result: AnalysisResult = await vision.analyze(req);
      cpu += result.cpuSeconds;
      return result;
    },
    close: () => vision.close(),
  }));
  const runner = new AnalysisJobRunner({
    jobs,
    blobs: new FsBlobStore(dir),
    vision: counted[0]!,
    extraVision: counted.slice(1),
    environmentMode: 'TLT:3',
  });
  runner.register(kind === 'operation_analysis' ? operationAnalysisHandler : personTrackingHandler);
  const began = performance.now();
  await runner.run(1, { attempt: 1, maxAttempts: 1 });
  return { stored, wallSec: (performance.now() - began) / 1000, cpu };
}

/** Asks the service for the camera list four times a second until stopped: the latencies, ms. */
function probeCameraList(url: string, cookie: string) {
  const latencies: number[] = [];
  let failures = 0;
  let running = true;
  const done = (async () => {
    while (running) {
      const began = performance.now();
      const res = await fetch(`${url}/api/cameras`, { headers: { cookie } });
      await res.arrayBuffer();
      if (res.status === 200) latencies.push(performance.now() - began);
      else failures++;
      await new Promise((r) => setTimeout(r, 250));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await done;
      const sorted = [...latencies].sort((a, b) => a - b);
      const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
      return {
        count: sorted.length,
        failures,
        p50: at(0.5),
        p95: at(0.95),
        max: sorted[sorted.length - 1] ?? NaN,
      };
    },
  };
}

const renderDir = arg('render-dir');
const dir = renderDir ?? (await fs.mkdtemp(path.join(os.tmpdir(), 'cw-bench-analysis-hour-')));
if (renderDir) await fs.mkdir(renderDir, { recursive: true });
const visions = Array.from({ length: processes }, () => new VisionProcess({ background: !foreground }));
let server: Awaited<ReturnType<typeof startServer>> | null = null;
try {
  const renderer = new SimRenderer({ scene: 'factory', seed: SEED, tzOffsetMinutes: 540 }, W, H);
  let rendered = 0;
  for (let m = 0; m < minutes; m++) {
    const file = path.join(dir, `m${m}.mp4`);
    if (renderDir && (await fs.stat(file).catch(() => null))) continue;
    // Written under another name first: a run stopped mid-clip leaves no half clip to reuse.
    await renderMinute(renderer, START + m * 60_000, FPS, `${file}.part.mp4`);
    await fs.rename(`${file}.part.mp4`, file);
    rendered++;
  }
  console.log(`rendered ${rendered} min (${minutes - rendered} reused); load average ${load()}`);
  if (probe && !probeUrl) {
    process.env.SIMULATED_CAMERAS = '0';
    process.env.CAMERA_LIST_CACHE_SECONDS = '0';
    // A port nobody listens on (other sessions run servers on this machine).
    const port = await new Promise<number>((resolve) => {
      const probeServer = net.createServer().listen(0, '127.0.0.1', () => {
        const { port } = probeServer.address() as net.AddressInfo;
        probeServer.close(() => resolve(port));
      });
    });
    server = await startServer({ kind: 'embedded' }, port);
  }
  const serviceUrl = probeUrl ?? server?.url ?? null;
  const session = serviceUrl ? await demoSession(serviceUrl) : null;
  if (serviceUrl && session) {
    // The service's answer before the job, for comparison.
    const idle = probeCameraList(serviceUrl, session);
    await new Promise((r) => setTimeout(r, 15_000));
    const q = await idle.stop();
    console.log(
      `GET api/cameras before the job: ${q.count} requests, p50 ${q.p50.toFixed(1)} ms, p95 ${q.p95.toFixed(1)} ms, worst ${q.max.toFixed(1)} ms, ${q.failures} failed; load average ${load()}`,
    );
  }
  const probing = serviceUrl && session ? probeCameraList(serviceUrl, session) : null;
  const loadBefore = load();
  const split = await runJob(dir, visions);
  console.log(
    `${kind} of ${minutes} min on ${processes} engine process(es): ${split.wallSec.toFixed(0)} s wall, engine ${split.cpu.toFixed(0)} CPU s (${((split.cpu / minutes) * 60).toFixed(0)} per camera-hour), ${foreground ? 'foreground' : 'background priority'}; load average before ${loadBefore}, after ${load()}`,
  );
  if (probing) {
    const q = await probing.stop();
    console.log(
      `GET api/cameras during the job: ${q.count} requests, p50 ${q.p50.toFixed(1)} ms, p95 ${q.p95.toFixed(1)} ms, worst ${q.max.toFixed(1)} ms, ${q.failures} failed`,
    );
  }
  if (kind === 'operation_analysis') {
    const result = split.stored as StoredOperationAnalysis;
    const truth = factoryWorkIntervals(SEED, START, START + minutes * 60_000, W, H);
    for (const [k, id] of WORK_AREA_IDS.entries()) {
      const trueSec = truth[id].reduce((sum, [a, b]) => sum + (b - a) / 1000, 0);
      const area = result.areas[k]!;
      console.log(
        `${area.name}: working ${area.workingSec} s vs truth ${trueSec.toFixed(1)} s (${(((area.workingSec - trueSec) / trueSec) * 100).toFixed(1)} %), sessions ${area.sessions.length} vs ${truth[id].length}`,
      );
    }
  } else {
    const result = split.stored as StoredPersonTracking;
    for (const p of result.persons)
      console.log(
        `person ${p.id}: ${new Date(p.firstMs).toISOString()} to ${new Date(p.lastMs).toISOString()}, ${p.path.length} path points`,
      );
  }
  if (sequential) {
    const one = await runJob(dir, visions.slice(0, 1));
    console.log(
      `the same on 1 engine process: ${one.wallSec.toFixed(0)} s wall, engine ${one.cpu.toFixed(0)} CPU s; load average ${load()}`,
    );
    const same = JSON.stringify(one.stored) === JSON.stringify(split.stored);
    console.log(
      `results of the ${processes} processes and of 1 process: ${same ? 'identical' : 'DIFFERENT'}`,
    );
    if (!same) {
      await fs.writeFile('/tmp/analysis-hour-split.json', JSON.stringify(split.stored, null, 1));
      await fs.writeFile('/tmp/analysis-hour-sequential.json', JSON.stringify(one.stored, null, 1));
      console.log('written to /tmp/analysis-hour-split.json and /tmp/analysis-hour-sequential.json');
    }
  }
} finally {
  await Promise.all(visions.map((vision) => vision.close()));
  await server?.stop();
  if (!renderDir) await fs.rm(dir, { recursive: true, force: true });
}
