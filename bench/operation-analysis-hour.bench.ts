// An operation analysis job's hour (issue 15: "a 1-hour analysis of one camera finishes in ≤ 5 minutes on this
// 2-core machine while the service keeps serving"): N one-minute clips of the simulator's factory line are rendered
// and encoded as the demo line camera records them (not timed), stored in a blob store, then analysed by the
// analysis job's own runner (modules/analysis-jobs/analysis-job-runner.ts with operation analysis' handler; the
// job's rows kept in memory instead of the database) through the engine's own processes at their background
// priority (unless --foreground): one, or with --processes 2 one per core at once, as the service does. Prints the
// wall time of the analysis, the engine's CPU seconds and each area's working time against the scene's truth.
// Usage: nice -n 19 node --import tsx bench/operation-analysis-hour.bench.ts [--minutes 60] [--processes 2]
//          [--foreground]
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_OPERATION_DETECTION_SETTING } from '@camwatch/contract/operation-analysis-rules';
import { factoryWorkIntervals, WORK_AREA_IDS } from '../agent/src/sim/factory.ts';
import { SimRenderer } from '../agent/src/sim/renderer.ts';
import { DEMO_FACTORY_LINE, demoOperationAreas } from '../server/src/db/seed/demo-analytics.ts';
import type { AnalysisJobRepository } from '../server/src/modules/analysis-jobs/analysis-job.repository.ts';
import { AnalysisJobRunner } from '../server/src/modules/analysis-jobs/analysis-job-runner.ts';
import type { StoredOperationAnalysis } from '../server/src/modules/operation-analysis/operation-analysis-job.ts';
import { operationAnalysisHandler } from '../server/src/modules/operation-analysis/operation-analysis.service.ts';
import { FsBlobStore } from '../server/src/storage/fs-blob-store.ts';
import type { AnalysisResult } from '../server/src/vision/analyze.ts';
import { DEMO_LIMITS } from '../server/src/sim/embedded-agents.ts';
import { VisionProcess } from '../server/src/vision/vision-process.ts';
import { renderMinute } from './vision-accuracy.bench.ts';

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const minutes = Number(arg('minutes') ?? 60);
const foreground = process.argv.includes('--foreground');
const processes = Number(arg('processes') ?? 1);
const load = () =>
  os
    .loadavg()
    .map((v) => v.toFixed(2))
    .join(' ');
const SEED = 7;
/** 12:00 in Tokyo. */
const START = Date.UTC(2026, 10, 21, 3, 0, 0);
const { maxWidth: W, maxHeight: H, maxFps: FPS } = DEMO_LIMITS;
const settings = {
  operationAreaList: demoOperationAreas[DEMO_FACTORY_LINE]!,
  detectionSetting: { ...DEFAULT_OPERATION_DETECTION_SETTING },
};

const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'cw-bench-operation-hour-'));
const visions = Array.from({ length: processes }, () => new VisionProcess({ background: !foreground }));
try {
  const renderer = new SimRenderer({ scene: 'factory', seed: SEED, tzOffsetMinutes: 540 }, W, H);
  for (let m = 0; m < minutes; m++)
    await renderMinute(renderer, START + m * 60_000, FPS, path.join(dir, `m${m}.mp4`));
  console.log(`rendered ${minutes} min; load average ${load()}`);
  // The job's rows, in memory.
  let stored: StoredOperationAnalysis | null = null;
  let cpu = 0;
  const jobs = {
    findForJob: async () => ({
      id: 1,
      customer_id: 1,
      camera_id: 1,
      kind: 'operation_analysis' as const,
      period_start: new Date(START),
      period_end: new Date(START + minutes * 60_000),
      settings,
      state: 'running' as const,
      requested_by: 1,
      use_person_tracking: false,
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
    begin: async () => {},
    progress: async () => {},
    complete: async (_id: number, result: unknown) => {
      stored = result as StoredOperationAnalysis;
    },
    fail: async (_id: number, failure: unknown) => {
      throw new Error(`the analysis failed: ${JSON.stringify(failure)}`);
    },
  } as unknown as AnalysisJobRepository;
  // The engine's CPU seconds of each recording.
  const counted = visions.map((vision) => ({
    analyze: async (req: Parameters<VisionProcess['analyze']>[0]): Promise<AnalysisResult> => {
      const result = await vision.analyze(req);
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
  runner.register(operationAnalysisHandler);
  const began = performance.now();
  await runner.run(1, { attempt: 1, maxAttempts: 1 });
  const wallSec = (performance.now() - began) / 1000;
  const truth = factoryWorkIntervals(SEED, START, START + minutes * 60_000, W, H);
  console.log(
    `analysis of ${minutes} min on ${processes} engine process(es): ${wallSec.toFixed(0)} s wall, engine ${cpu.toFixed(0)} CPU s (${((cpu / minutes) * 60).toFixed(0)} per camera-hour), ${foreground ? 'foreground' : 'background priority'}; load average ${load()}`,
  );
  for (const [k, id] of WORK_AREA_IDS.entries()) {
    const trueSec = truth[id].reduce((sum, [a, b]) => sum + (b - a) / 1000, 0);
    const area = stored!.areas[k]!;
    console.log(
      `${area.name}: working ${area.workingSec} s vs truth ${trueSec.toFixed(1)} s (${(((area.workingSec - trueSec) / trueSec) * 100).toFixed(1)} %), sessions ${area.sessions.length} vs ${truth[id].length}`,
    );
  }
} finally {
  await Promise.all(visions.map((vision) => vision.close()));
  await fs.rm(dir, { recursive: true, force: true });
}
