// Operation analysis against the simulator's truth (issue 15, "Proof and figures"): consecutive one-minute clips
// of the factory scene (sim:factory) are rendered at the demo's recording size and rate, encoded to H.264 MP4 as an
// agent records them, and analysed by the vision engine with the detector on every moving picture (refreshSeconds
// 0: each picture gets its people's wrists); the measuring rules (server/src/vision/operation-time.ts) turn the
// analysed pictures into work sessions per operation area with the demo's areas of the line camera and the default
// detection setting. Compared with the truth (factory.ts: when a hand of the station's worker is inside its area):
//   working time per area   measured seconds against true seconds (target: within 5 %)
//   sessions                measured against true; a true session is found when a measured one overlaps it
//   pictures                analysed pictures whose judgement after the frame threshold (in a session or not)
//                           agrees with the truth at that moment
//   cost                    CPU seconds of the engine (decode, detector, tracker) and of the rules
// Usage: npm run bench -- operation-accuracy   (OPERATION_BENCH_MINUTES, default 3)
//        node --import tsx bench/operation-accuracy.bench.ts [--minutes N] [--light day|night] [--seed N]
//          [--options '{"refreshSeconds":1.5}']   (analysis options over refreshSeconds 0)
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  DEFAULT_OPERATION_DETECTION_SETTING,
  type DetectionSettingValues,
} from '@camwatch/contract/operation-analysis-rules';
import { factoryWorkAreas, factoryWorkIntervals, WORK_AREA_IDS } from '../agent/src/sim/factory.ts';
import { SimRenderer } from '../agent/src/sim/renderer.ts';
import { DEMO_FACTORY_LINE, demoOperationAreas } from '../server/src/db/seed/demo-analytics.ts';
import { DEMO_LIMITS, demoSceneOf } from '../server/src/sim/embedded-agents.ts';
import type { AnalysisOptions } from '../server/src/vision/analysis-options.ts';
import { analyzeVideo } from '../server/src/vision/analyze.ts';
import {
  measureOperationTime,
  type AnalysedPicture,
  type WorkSession,
} from '../server/src/vision/operation-time.ts';
import type { TrackerState } from '../server/src/vision/tracker-state.ts';
import { visionAnalysisOptions } from '../server/src/vision/vision-settings.ts';
import { renderMinute } from './vision-accuracy.bench.ts';

/** 12:00 and 23:00 in Tokyo (the simulator's default zone). */
const START = { day: Date.UTC(2026, 10, 21, 3, 0, 0), night: Date.UTC(2026, 10, 21, 14, 0, 0) } as const;

export interface OperationAreaAccuracy {
  area: string;
  trueSec: number;
  measuredSec: number;
  /** (measured − true) / true. */
  error: number;
  trueSessions: number;
  measuredSessions: number;
  /** True sessions overlapped by a measured one. */
  foundSessions: number;
  /** Analysed pictures whose judgement (in a session or not) agrees with the truth. */
  pictureAgreement: number;
}

export interface OperationAccuracyResult {
  light: 'day' | 'night';
  refreshSeconds: number;
  seed: number;
  minutes: number;
  size: string;
  fps: number;
  setting: DetectionSettingValues;
  areas: OperationAreaAccuracy[];
  pictures: number;
  detectedPictures: number;
  engineCpuSec: number;
  rulesCpuMs: number;
}

const overlaps = (s: WorkSession, [a, b]: [number, number]) => s.startSec < b && a < s.endSec;

export async function benchOperationAccuracy(
  options: {
    minutes?: number;
    light?: 'day' | 'night';
    seed?: number;
    /** Analysis options over the engine's with refreshSeconds 0 (e.g. the jobs' default tracking between detections). */
    analysis?: Partial<AnalysisOptions>;
  } = {},
): Promise<OperationAccuracyResult> {
  const minutes = options.minutes ?? Number(process.env.OPERATION_BENCH_MINUTES ?? 3);
  const light = options.light ?? 'day';
  const seed = options.seed ?? 7;
  const width = DEMO_LIMITS.maxWidth;
  const height = DEMO_LIMITS.maxHeight;
  const fps = DEMO_LIMITS.maxFps;
  const areas = demoOperationAreas[DEMO_FACTORY_LINE]!;
  if (demoSceneOf(DEMO_FACTORY_LINE, 0) !== 'factory')
    throw new Error('the demo line camera draws no factory');
  // The demo's areas are the scene's work areas (A, B in that order).
  const sceneAreas = factoryWorkAreas(width, height);
  if (JSON.stringify(areas.map((a) => a.points)) !== JSON.stringify(sceneAreas.map((a) => a.points)))
    throw new Error("the demo's operation areas are not the factory scene's work areas");
  const setting = { ...DEFAULT_OPERATION_DETECTION_SETTING };
  const analysis = { ...visionAnalysisOptions(), refreshSeconds: 0, ...options.analysis };
  const renderer = new SimRenderer({ scene: 'factory', seed, tzOffsetMinutes: 540 }, width, height);
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'cw-bench-operation-'));
  const pictures: AnalysedPicture[] = [];
  let state: TrackerState | undefined;
  let engineCpuSec = 0;
  let detectedPictures = 0;
  const start = START[light];
  try {
    for (let m = 0; m < minutes; m++) {
      const file = path.join(dir, `factory-${m}.mp4`);
      await renderMinute(renderer, start + m * 60_000, fps, file);
      const result = await analyzeVideo(file, analysis, {
        idPrefix: `${m}-`,
        state,
        onFrame: (frame, detections) => pictures.push({ t: m * 60 + frame.t, detections }),
      });
      state = result.state;
      engineCpuSec += result.cpuSeconds;
      detectedPictures += result.detectedFrames;
      await fs.rm(file, { force: true });
    }
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
  const c0 = process.cpuUsage();
  const measured = measureOperationTime(pictures, areas, setting, { periodSec: minutes * 60 });
  const c = process.cpuUsage(c0);
  const truth = factoryWorkIntervals(seed, start, start + minutes * 60_000, width, height);
  const r3 = (v: number) => Math.round(v * 1000) / 1000;
  return {
    light,
    refreshSeconds: analysis.refreshSeconds,
    seed,
    minutes,
    size: `${width}x${height}`,
    fps,
    setting,
    areas: WORK_AREA_IDS.map((id, k) => {
      const trueSessions = truth[id].map(
        ([a, b]) => [(a - start) / 1000, (b - start) / 1000] as [number, number],
      );
      const area = measured.areas[k]!;
      const trueSec = trueSessions.reduce((sum, [a, b]) => sum + b - a, 0);
      const inSession = (sessions: [number, number][], t: number) =>
        sessions.some(([a, b]) => t >= a && t < b);
      const measuredSessions = area.sessions.map((s) => [s.startSec, s.endSec] as [number, number]);
      const agree = pictures.filter(
        (p) => inSession(measuredSessions, p.t) === inSession(trueSessions, p.t),
      ).length;
      return {
        area: area.operationAreaName,
        trueSec: r3(trueSec),
        measuredSec: r3(area.workingSec),
        error: r3((area.workingSec - trueSec) / trueSec),
        trueSessions: trueSessions.length,
        measuredSessions: area.sessionCount,
        foundSessions: trueSessions.filter((t) => area.sessions.some((s) => overlaps(s, t))).length,
        pictureAgreement: r3(agree / pictures.length),
      };
    }),
    pictures: pictures.length,
    detectedPictures,
    engineCpuSec: Math.round(engineCpuSec * 10) / 10,
    rulesCpuMs: Math.round((c.user + c.system) / 100) / 10,
  };
}

export function operationAccuracyRows(r: OperationAccuracyResult): string[] {
  const pct = (v: number) => `${(v * 100).toFixed(1)} %`;
  return r.areas.map(
    (a) =>
      `| Operation analysis: sim factory ${r.light} (seed ${r.seed}), ${r.minutes} min at ${r.size} ${r.fps} fps, refreshSeconds ${r.refreshSeconds}, area ${a.area} | ` +
      `working ${a.measuredSec.toFixed(1)} s vs truth ${a.trueSec.toFixed(1)} s (${a.error >= 0 ? '+' : ''}${pct(a.error)}) | ` +
      `sessions ${a.measuredSessions} vs ${a.trueSessions} (${a.foundSessions} found) · pictures agreeing ${pct(a.pictureAgreement)} | ` +
      `engine ${r.engineCpuSec} CPU s (${Math.round((r.engineCpuSec / r.minutes) * 60)} per camera-hour; detector on ${pct(r.detectedPictures / r.pictures)} of ${r.pictures} pictures), rules ${r.rulesCpuMs} ms | target within 5 % |`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const arg = (name: string) => {
    const i = process.argv.indexOf(`--${name}`);
    return i >= 0 ? process.argv[i + 1] : undefined;
  };
  const load = () =>
    os
      .loadavg()
      .map((v) => v.toFixed(2))
      .join(' ');
  console.log(`load average ${load()}`);
  const result = await benchOperationAccuracy({
    minutes: arg('minutes') ? Number(arg('minutes')) : undefined,
    light: arg('light') as 'day' | 'night' | undefined,
    seed: arg('seed') ? Number(arg('seed')) : undefined,
    // --options '{json}': analysis options over refreshSeconds 0 (e.g. '{"refreshSeconds":1.5}', the jobs' default).
    analysis: arg('options') ? (JSON.parse(arg('options')!) as Partial<AnalysisOptions>) : undefined,
  });
  for (const line of operationAccuracyRows(result)) console.log(line);
  console.log(JSON.stringify(result));
  console.log(`load average ${load()}`);
}
