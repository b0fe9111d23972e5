// Person tracking against the simulator's truth (issue 15, "Proof and figures"): consecutive one-minute clips of
// the demo line camera's scene (sim:factory: two workers at their stations who walk away now and then) are rendered
// at the demo's recording size and rate, encoded to H.264 MP4 as an agent records them, and analysed as a person
// tracking job analyses them: the engine with the options of the default setting (personTrackingEngineOptions), the
// tracker state carried from clip to clip, and the job's collector turning the tracks into tracked people.
// Compared with the renderer's truth (every visible person's id and box in every frame), CLEAR-MOT style at the
// analysed moments, a track box matching a truth box at IoU ≥ 0.3 (Hungarian-free greedy by IoU):
//   MOTA       1 − (missed + false boxes + id switches) / truth boxes
//   id switches a truth person matched to another track id than the one they were matched to before
//   people     tracked people of the result against the truth's
//   cost       wall and CPU seconds per camera-minute, and what an hour of one camera would take
// Usage: node --import tsx bench/person-tracking.bench.ts [--minutes N] [--seed N] [--scene factory|shop|street]
// (the shop and street scenes: people walking through, for the id switches the factory's two workers never cause)
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_PERSON_TRACKING_SETTING } from '@camwatch/contract/person-tracking-rules';
import { SimRenderer } from '../agent/src/sim/renderer.ts';
import {
  PersonTrackingCollector,
  personTrackingEngineOptions,
} from '../server/src/modules/person-tracking/person-tracking-analysis.ts';
import { DEMO_LIMITS } from '../server/src/sim/embedded-agents.ts';
import { analyzeVideo } from '../server/src/vision/analyze.ts';
import type { TrackerState } from '../server/src/vision/tracker-state.ts';
import type { NormBox } from '../server/src/vision/types.ts';
import { visionAnalysisOptions } from '../server/src/vision/vision-settings.ts';
import { renderMinute } from './vision-accuracy.bench.ts';

/** 12:00 in Tokyo (the simulator's default zone). */
const START = Date.UTC(2026, 10, 21, 3, 0, 0);
const MATCH_IOU = 0.3;

function iou(a: NormBox, b: NormBox): number {
  const x0 = Math.max(a.x, b.x);
  const y0 = Math.max(a.y, b.y);
  const x1 = Math.min(a.x + a.w, b.x + b.w);
  const y1 = Math.min(a.y + a.h, b.y + b.h);
  const inter = Math.max(0, x1 - x0) * Math.max(0, y1 - y0);
  const union = a.w * a.h + b.w * b.h - inter;
  return union > 0 ? inter / union : 0;
}

export interface PersonTrackingBench {
  scene: string;
  minutes: number;
  truthBoxes: number;
  missed: number;
  falseBoxes: number;
  idSwitches: number;
  mota: number;
  truthPeople: number;
  trackedPeople: number;
  wallSecondsPerMinute: number;
  cpuSecondsPerMinute: number;
}

export async function benchPersonTracking(
  minutes = 5,
  seed = 1,
  scene: 'factory' | 'shop' | 'street' = 'factory',
): Promise<PersonTrackingBench> {
  const width = DEMO_LIMITS.maxWidth;
  const height = DEMO_LIMITS.maxHeight;
  const fps = DEMO_LIMITS.maxFps;
  const renderer = new SimRenderer({ scene, seed, tzOffsetMinutes: 540 }, width, height);
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'cw-bench-person-tracking-'));
  const setting = { ...DEFAULT_PERSON_TRACKING_SETTING };
  const options = { ...visionAnalysisOptions(), ...personTrackingEngineOptions(setting) };
  const collector = new PersonTrackingCollector(setting, { startMs: START, endMs: START + minutes * 60_000 });
  const truthIds = new Set<string>();
  const lastMatch = new Map<string, string>();
  let state: TrackerState | undefined;
  let truthBoxes = 0;
  let missed = 0;
  let falseBoxes = 0;
  let idSwitches = 0;
  let wallMs = 0;
  let cpuSec = 0;
  try {
    for (let m = 0; m < minutes; m++) {
      const startMs = START + m * 60_000;
      const file = path.join(dir, `minute-${m}.mp4`);
      const truth = await renderMinute(renderer, startMs, fps, file);
      const began = performance.now();
      const result = await analyzeVideo(file, options, {
        idPrefix: `${Math.floor(startMs / 60_000).toString(36)}-`,
        state,
      });
      wallMs += performance.now() - began;
      cpuSec += result.cpuSeconds;
      state = result.state;
      collector.add({ clipId: m, beginsAtMs: startMs, durationMs: 60_000 }, result);
      // The tracks' boxes at each analysed moment.
      const boxesAt = new Map<number, { id: string; box: NormBox }[]>();
      for (const track of result.tracks)
        for (const point of track.points) {
          const key = Math.round(point.t * 100);
          const list = boxesAt.get(key) ?? [];
          list.push({ id: track.id, box: point.box });
          boxesAt.set(key, list);
        }
      for (const frame of truth) {
        const tracked = [...(boxesAt.get(Math.round(frame.t * 100)) ?? [])];
        const people = frame.persons.filter((p) => p.tall);
        for (const p of frame.persons) truthIds.add(p.id);
        truthBoxes += people.length;
        const pairs = people
          .flatMap((p) => tracked.map((t) => ({ p, t, iou: iou(p.box, t.box) })))
          .filter((pair) => pair.iou >= MATCH_IOU)
          .sort((a, b) => b.iou - a.iou);
        const usedTruth = new Set<string>();
        const usedTrack = new Set<string>();
        for (const pair of pairs) {
          if (usedTruth.has(pair.p.id) || usedTrack.has(pair.t.id)) continue;
          usedTruth.add(pair.p.id);
          usedTrack.add(pair.t.id);
          const before = lastMatch.get(pair.p.id);
          if (before !== undefined && before !== pair.t.id) idSwitches++;
          lastMatch.set(pair.p.id, pair.t.id);
        }
        missed += people.length - usedTruth.size;
        // A box on a person too small or cut by the edge to be asked for is not false.
        falseBoxes += tracked.filter(
          (t) => !usedTrack.has(t.id) && !frame.persons.some((p) => iou(p.box, t.box) >= MATCH_IOU),
        ).length;
      }
    }
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
  const { persons } = collector.finish();
  return {
    scene,
    minutes,
    truthBoxes,
    missed,
    falseBoxes,
    idSwitches,
    mota: truthBoxes > 0 ? 1 - (missed + falseBoxes + idSwitches) / truthBoxes : 0,
    truthPeople: truthIds.size,
    trackedPeople: persons.length,
    wallSecondsPerMinute: wallMs / 1000 / minutes,
    cpuSecondsPerMinute: cpuSec / minutes,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const arg = (name: string) => {
    const i = process.argv.indexOf(`--${name}`);
    return i >= 0 ? process.argv[i + 1] : undefined;
  };
  const r = await benchPersonTracking(
    Number(arg('minutes') ?? 5),
    Number(arg('seed') ?? 1),
    (arg('scene') ?? 'factory') as 'factory' | 'shop' | 'street',
  );
  console.log(JSON.stringify(r, null, 2));
  console.log(
    `MOTA ${(r.mota * 100).toFixed(1)} % (missed ${r.missed}, false ${r.falseBoxes}, id switches ${r.idSwitches} ` +
      `of ${r.truthBoxes} truth boxes); people ${r.trackedPeople} tracked / ${r.truthPeople} true; ` +
      `${r.wallSecondsPerMinute.toFixed(1)} s wall, ${r.cpuSecondsPerMinute.toFixed(1)} s CPU per camera-minute ` +
      `(an hour: ${((r.wallSecondsPerMinute * 60) / 60).toFixed(1)} min wall)`,
  );
}
