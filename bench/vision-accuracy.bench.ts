// The vision engine against the simulator's ground truth (issue: vision engine, "Proof and figures"). For each
// scene and light, consecutive one-minute clips are rendered by the simulator at the demo's recording size and
// rate, encoded to H.264 MP4 by ffmpeg as an agent records them, and analysed by the engine exactly as the
// worker's jobs do (the same options, the tracker state carried from clip to clip). Compared with the renderer's
// truth (every visible person's id and box in every frame):
//   detection recall     truth people (≥ 48 px tall, whole in the picture) covered by a track box (IoU ≥ 0.3)
//                        at the analysed moments; also for every visible person
//   precision            track boxes that cover a truth person
//   on cars              track boxes that cover a car and no person
//   counting             passes through an entrance (start band → end band = in, back = out) counted by the
//                        same rules on the engine's tracks and on the truth tracks; a counted pass matches a
//                        true one of the same direction within ±3 s
//   heat map             person-seconds per cell of the heat map's grid (vision/heat-grid.ts) from the engine's
//                        tracks against the same from the truth's feet (people whose feet are in the
//                        picture): Pearson correlation
//                        over the whole run, and the share of the true person-seconds the tracks hold
//   entry alerts         the entry detection rule (server/src/video/entry-detection.ts) on a band across the
//                        middle of the picture, which walkers and (in the street) cars cross, applied alike to
//                        the engine's tracks and to the truth's people: recall of the true alerts (an alert
//                        matches when their spans meet within ±2 s), false alerts per camera-hour, and how many
//                        of those came while only a car stood in the band
//   cost                 CPU seconds (decoding + detection + tracking) per camera-hour of recording
// Usage: npm run bench -- vision-accuracy   (VISION_BENCH_MINUTES, default 5, per scene and light)
//        node --import tsx bench/vision-accuracy.bench.ts [--minutes N] [--scenes street,shop] [--light day,night]
//          [--baseline]
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { SimRenderer, type RenderView } from '../agent/src/sim/renderer.ts';
import type { SimScene } from '../agent/src/source/source-spec.ts';
import { DEMO_LIMITS } from '../server/src/sim/embedded-agents.ts';
import {
  entryAlertsFromTracks,
  isInsidePolygon,
  shiftCarry,
  type EntryAlert,
  type EntryCarry,
  type EntryRule,
} from '../server/src/video/entry-detection.ts';
import type { AnalysisOptions } from '../server/src/vision/analysis-options.ts';
import type { AnalysisProfile } from '../server/src/vision/analysis-profile.ts';
import { analyzeVideo } from '../server/src/vision/analyze.ts';
import {
  countPasses,
  feetOf,
  type CountingState,
  type EntranceAreas,
  type Pass,
} from '../server/src/vision/counting.ts';
import { addDwell, emptyCells, pearson } from '../server/src/vision/heat-grid.ts';
import type { TrackerState } from '../server/src/vision/tracker-state.ts';
import type { NormBox, Track } from '../server/src/vision/types.ts';
import { PASS_MIN_POINTS_IN_AREA, visionAnalysisOptions } from '../server/src/vision/vision-settings.ts';

const IOU = 0.3;
const MIN_HEIGHT_PX = 48;
/** 12:00 and 23:00 in Tokyo (the simulator's default zone). */
const START = { day: Date.UTC(2026, 10, 21, 3, 0, 0), night: Date.UTC(2026, 10, 21, 14, 0, 0) } as const;
const home: RenderView = { ptz: { pan: 0, tilt: 0, zoom: 1 }, isLightOn: false };

/** An entrance across each scene's walkways: people cross the picture sideways, so two vertical bands. */
const band = (x0: number, x1: number) => [
  { x: x0, y: 0 },
  { x: x1, y: 0 },
  { x: x1, y: 1 },
  { x: x0, y: 1 },
];
export const BENCH_ENTRANCE: EntranceAreas = { start: band(0.25, 0.4), end: band(0.6, 0.75) };

/**
 * Entry detection over the bench's scenes: a band across the middle of the picture (walkers cross it; in the
 * street, cars on the road too), the demo's thresholds (0.6 s in the area, 0.3 person score) with people at least
 * 40 px tall (0.15 of 270) and every stay its own alert (no vigilant time), so each can be matched.
 */
const BENCH_ENTRY_RULE: EntryRule = {
  entryArea: band(0.45, 0.55),
  machineArea: null,
  detectionFrameThreshold: 3,
  minimumDetectionSize: 0.15,
  personDetectionThreshold: 0.3,
  runningThreshold: 0.02,
  vigilantTime: 0,
};
const ENTRY_MATCH_SEC = 2;

export interface VisionAccuracyResult {
  scene: SimScene;
  light: 'day' | 'night';
  minutes: number;
  size: string;
  fps: number;
  truthPeople: number;
  tracks: number;
  recallTall: number;
  recallAll: number;
  precision: number;
  boxesOnCars: number;
  truthIn: number;
  truthOut: number;
  countedIn: number;
  countedOut: number;
  matchedPasses: number;
  extraPasses: number;
  cpuSecondsPerCameraHour: number;
  detectedShare: number;
  /**
   * Heat map: Pearson correlation of the person-seconds per cell from the engine's tracks with those from the
   * truth's feet (every visible person), and the engine's total over the truth's.
   */
  heatCorrelation: number;
  heatTotalRatio: number;
  /** Entry alerts (BENCH_ENTRY_RULE): true ones, the engine's, those matched, and the engine's false ones on cars. */
  entryTruth: number;
  entryRaised: number;
  entryMatched: number;
  /** The engine's alerts that match no true one, and of those the ones while only a car stood in the band. */
  entryFalse: number;
  entryFalseOnCars: number;
  /** Where the CPU went, summed over the clips (analysis-profile.ts AnalysisProfile). */
  profile: AnalysisProfile;
  frames: number;
}

function iou(a: NormBox, b: NormBox): number {
  const x0 = Math.max(a.x, b.x);
  const y0 = Math.max(a.y, b.y);
  const x1 = Math.min(a.x + a.w, b.x + b.w);
  const y1 = Math.min(a.y + a.h, b.y + b.h);
  const inter = Math.max(0, x1 - x0) * Math.max(0, y1 - y0);
  const union = a.w * a.h + b.w * b.h - inter;
  return union > 0 ? inter / union : 0;
}

interface TruthFrame {
  t: number;
  /** tall: ≥ 48 px and whole in the picture; feetInView: not cut by the picture's bottom edge. */
  persons: { id: string; box: NormBox; tall: boolean; feetInView: boolean }[];
  cars: NormBox[];
}

/** Renders one minute and encodes it as the agent does; answers the file and the truth of every frame. */
export async function renderMinute(
  renderer: SimRenderer,
  startMs: number,
  fps: number,
  file: string,
): Promise<TruthFrame[]> {
  const { width, height } = renderer;
  const ffmpeg = spawn(
    'ffmpeg',
    [
      ...['-v', 'error', '-y', '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-s', `${width}x${height}`],
      ...['-r', String(fps), '-i', 'pipe:0', '-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p'],
      ...['-g', String(fps), '-keyint_min', String(fps), '-sc_threshold', '0', file],
    ],
    { stdio: ['pipe', 'ignore', 'inherit'] },
  );
  const done = new Promise<void>((resolve, reject) =>
    ffmpeg.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`ffmpeg ${code}`)))),
  );
  const truth: TruthFrame[] = [];
  for (let i = 0; i < 60 * fps; i++) {
    const frame = renderer.render(startMs + (i * 1000) / fps, home);
    const norm = (b: { x: number; y: number; w: number; h: number }): NormBox => ({
      x: b.x / width,
      y: b.y / height,
      w: b.w / width,
      h: b.h / height,
    });
    truth.push({
      t: i / fps,
      persons: frame.persons.map((p) => ({
        id: p.id,
        box: norm(p.box),
        tall: p.box.h >= MIN_HEIGHT_PX && p.box.x > 0 && p.box.x + p.box.w < width && p.box.y > 0,
        feetInView: p.box.y + p.box.h < height,
      })),
      cars: frame.cars.map((c) => norm(c.box)),
    });
    if (!ffmpeg.stdin.write(frame.data)) await new Promise((r) => ffmpeg.stdin.once('drain', r));
  }
  ffmpeg.stdin.end();
  await done;
  return truth;
}

/** The truth people of a minute as tracks, at the analysed moments. */
function truthTracks(frames: TruthFrame[], analysedTimes: Set<number>): Track[] {
  const byId = new Map<string, Track>();
  for (const frame of frames) {
    if (!analysedTimes.has(Math.round(frame.t * 100))) continue;
    for (const person of frame.persons) {
      const track = byId.get(person.id) ?? { id: person.id, points: [], maxScore: 1, descriptor: null };
      track.points.push({ t: frame.t, box: person.box, score: 1 });
      byId.set(person.id, track);
    }
  }
  return [...byId.values()];
}

const DEBUG = process.env.VISION_BENCH_DEBUG === '1';

/** An alert's span in seconds of the run. */
interface Span {
  startSec: number;
  endSec: number;
}

/** A clip's new alerts (not those continuing the previous clip's) in seconds of the run; a continued one extends. */
function addAlerts(into: Span[], alerts: EntryAlert[], offset: number): void {
  for (const alert of alerts) {
    const last = into.at(-1);
    if (alert.continued && last) last.endSec = offset + alert.endSec;
    else into.push({ startSec: offset + alert.startSec, endSec: offset + alert.endSec });
  }
}

const spansMeet = (a: Span, b: Span) =>
  a.startSec <= b.endSec + ENTRY_MATCH_SEC && b.startSec <= a.endSec + ENTRY_MATCH_SEC;

/** Counted passes matched to true ones (same direction, within ±3 s), each used once. */
function matchPasses(truth: Pass[], counted: Pass[]): number {
  const used = new Set<number>();
  let matched = 0;
  for (const pass of counted) {
    const i = truth.findIndex(
      (p, k) => !used.has(k) && p.inOut === pass.inOut && Math.abs(p.endSec - pass.endSec) <= 3,
    );
    if (i >= 0) {
      used.add(i);
      matched++;
    }
  }
  return matched;
}

export async function benchVisionAccuracy(
  options: {
    minutes?: number;
    scenes?: SimScene[];
    lights?: ('day' | 'night')[];
    /** Options over the engine's (e.g. the former per-frame detection, to compare in one run). */
    analysis?: Partial<AnalysisOptions>;
  } = {},
): Promise<VisionAccuracyResult[]> {
  const minutes = options.minutes ?? Number(process.env.VISION_BENCH_MINUTES ?? 5);
  const width = DEMO_LIMITS.maxWidth;
  const height = DEMO_LIMITS.maxHeight;
  const fps = DEMO_LIMITS.maxFps;
  const analysis = { ...visionAnalysisOptions(), ...options.analysis };
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'cw-bench-vision-'));
  const results: VisionAccuracyResult[] = [];
  try {
    for (const scene of options.scenes ?? (['street', 'shop'] as const)) {
      for (const light of options.lights ?? (['day', 'night'] as const)) {
        const renderer = new SimRenderer({ scene, seed: 7, tzOffsetMinutes: 540 }, width, height);
        let state: TrackerState | undefined;
        let countState: CountingState = {};
        let truthCountState: CountingState = {};
        const truthIds = new Set<string>();
        const trackIds = new Set<string>();
        let tall = 0;
        let tallHit = 0;
        let all = 0;
        let allHit = 0;
        let boxes = 0;
        let boxesOnPeople = 0;
        let boxesOnCars = 0;
        let cpu = 0;
        let frames = 0;
        let detected = 0;
        const profile: Record<string, number> = {};
        const truthPasses: Pass[] = [];
        const countedPasses: Pass[] = [];
        const heat = emptyCells();
        const trackTruth = new Map<string, string[]>();
        const entryTruth: Span[] = [];
        const entryRaised: Span[] = [];
        let entryCarry: EntryCarry | null = null;
        let entryTruthCarry: EntryCarry | null = null;
        /** Minute seconds at which a car's feet stood in the entry band and no person's did. */
        const carOnlyInBand = new Set<number>();
        const truthHeat = emptyCells();
        for (let m = 0; m < minutes; m++) {
          const startMs = START[light] + m * 60_000;
          const file = path.join(dir, `${scene}-${light}-${m}.mp4`);
          const truth = await renderMinute(renderer, startMs, fps, file);
          const result = await analyzeVideo(file, analysis, { idPrefix: `${m}-`, state });
          state = result.state;
          cpu += result.cpuSeconds;
          frames += result.frames;
          detected += result.detectedFrames;
          for (const [key, value] of Object.entries(result.profile))
            profile[key] = (profile[key] ?? 0) + value;
          const analysedTimes = new Set<number>();
          for (let k = 0; k < result.frames; k++) analysedTimes.add(Math.round((k / analysis.fps) * 100));
          // Detection: at each analysed moment, the track boxes against the truth.
          for (const frame of truth) {
            const key = Math.round(frame.t * 100);
            if (!analysedTimes.has(key)) continue;
            const found = result.tracks.flatMap((track) =>
              track.points.filter((p) => Math.round(p.t * 100) === key).map((p) => p.box),
            );
            for (const person of frame.persons) {
              truthIds.add(person.id);
              const hit = found.some((box) => iou(box, person.box) >= IOU);
              all++;
              if (hit) allHit++;
              if (person.tall) {
                tall++;
                if (hit) tallHit++;
              }
            }
            for (const box of found) {
              boxes++;
              if (frame.persons.some((p) => iou(box, p.box) >= IOU)) boxesOnPeople++;
              else if (frame.cars.some((car) => iou(box, car) >= IOU)) boxesOnCars++;
            }
          }
          for (const track of result.tracks) trackIds.add(track.id);
          if (DEBUG)
            for (const track of result.tracks) {
              const seen = trackTruth.get(track.id) ?? [];
              for (const point of track.points) {
                const frame = truth.find((f) => Math.round(f.t * 100) === Math.round(point.t * 100));
                let best = '-';
                let bestIou = IOU;
                for (const person of frame?.persons ?? [])
                  if (iou(point.box, person.box) >= bestIou) {
                    bestIou = iou(point.box, person.box);
                    best = person.id;
                  }
                const tb = frame?.persons.find((p) => p.id === best)?.box;
                seen.push(
                  `${(m * 60 + point.t).toFixed(1)}:${best}${point.score > 0 ? '' : '~'}:x${(point.box.x + point.box.w / 2).toFixed(2)}${tb ? `/${(tb.x + tb.w / 2).toFixed(2)}` : ''}y${(point.box.y + point.box.h).toFixed(2)}${tb ? `/${(tb.y + tb.h).toFixed(2)}` : ''}`,
                );
              }
              trackTruth.set(track.id, seen);
            }
          addDwell(heat, result.tracks);
          // The truth's heat: where feet stood in the picture (people cut by its bottom edge show none).
          const feetInView = truth.map((f) => ({ ...f, persons: f.persons.filter((p) => p.feetInView) }));
          addDwell(truthHeat, truthTracks(feetInView, analysedTimes));
          const offset = m * 60;
          const counted = countPasses(result.tracks, BENCH_ENTRANCE, {
            prior: countState,
            minPointsInArea: PASS_MIN_POINTS_IN_AREA,
          });
          countState = counted.state;
          countedPasses.push(...counted.passes.map((p) => ({ ...p, endSec: p.endSec + offset })));
          const truthCounted = countPasses(truthTracks(truth, analysedTimes), BENCH_ENTRANCE, {
            prior: truthCountState,
            minPointsInArea: PASS_MIN_POINTS_IN_AREA,
          });
          truthCountState = truthCounted.state;
          if (DEBUG)
            for (const t of truthTracks(truth, analysedTimes))
              if (t.id === process.env.VISION_BENCH_TRUTH_ID)
                console.error(
                  `TRUTH ${m} ${t.id}: ${t.points.map((p) => `${p.t}:x${(p.box.x + p.box.w / 2).toFixed(2)}y${(p.box.y + p.box.h).toFixed(2)}`).join(' ')} prior ${JSON.stringify(truthCounted.state[t.id])}`,
                );
          truthPasses.push(...truthCounted.passes.map((p) => ({ ...p, endSec: p.endSec + offset })));
          const entry = entryAlertsFromTracks(result.tracks, BENCH_ENTRY_RULE, {
            fps: analysis.fps,
            durationSec: result.durationSec,
            carry: entryCarry ? shiftCarry(entryCarry, 60) : null,
          });
          entryCarry = entry.carry;
          addAlerts(entryRaised, entry.alerts, offset);
          const truthEntry = entryAlertsFromTracks(truthTracks(truth, analysedTimes), BENCH_ENTRY_RULE, {
            fps: analysis.fps,
            durationSec: result.durationSec,
            carry: entryTruthCarry ? shiftCarry(entryTruthCarry, 60) : null,
          });
          entryTruthCarry = truthEntry.carry;
          addAlerts(entryTruth, truthEntry.alerts, offset);
          const inBand = (box: NormBox) => {
            const feet = feetOf(box);
            return isInsidePolygon(feet.x, feet.y, BENCH_ENTRY_RULE.entryArea);
          };
          for (const frame of truth)
            if (frame.cars.some(inBand) && !frame.persons.some((p) => inBand(p.box)))
              carOnlyInBand.add(Math.round(offset + frame.t));
          await fs.rm(file, { force: true });
        }
        const matched = matchPasses(truthPasses, countedPasses);
        if (DEBUG) {
          console.error(
            'truth passes',
            truthPasses.map((p) => `${p.trackId}:${p.inOut}@${p.endSec}`).join(' '),
          );
          console.error(
            'counted passes',
            countedPasses.map((p) => `${p.trackId}:${p.inOut}@${p.endSec}`).join(' '),
          );
          for (const pass of countedPasses) {
            if (truthPasses.some((t) => t.inOut === pass.inOut && Math.abs(t.endSec - pass.endSec) <= 3))
              continue;
            console.error(
              `EXTRA ${pass.trackId} ${pass.inOut} ${pass.startSec}..${pass.endSec}: ${(trackTruth.get(pass.trackId) ?? []).join(' ')}`,
            );
          }
          const usedCounted = new Set<number>();
          for (const pass of truthPasses) {
            const c = countedPasses.findIndex(
              (c, k) =>
                !usedCounted.has(k) && c.inOut === pass.inOut && Math.abs(c.endSec - pass.endSec) <= 3,
            );
            if (c >= 0) {
              usedCounted.add(c);
              continue;
            }
            const covering = [...trackTruth.entries()]
              .filter(([, seen]) => seen.some((s) => s.includes(`:${pass.trackId}`)))
              .map(
                ([id, seen]) =>
                  `${id}[${seen
                    .filter((s) => s.includes(`:${pass.trackId}`))
                    .map((s) => s.split(':')[0])
                    .join(',')}]`,
              );
            console.error(
              `MISSED ${pass.trackId} ${pass.inOut} ${pass.startSec}..${pass.endSec}: tracks ${covering.join(' ')}`,
            );
          }
        }
        const entryMatched = entryTruth.filter((t) => entryRaised.some((r) => spansMeet(t, r))).length;
        const entryFalse = entryRaised.filter((r) => !entryTruth.some((t) => spansMeet(t, r)));
        const entryFalseOnCars = entryFalse.filter((r) => {
          for (let sec = Math.floor(r.startSec); sec <= Math.ceil(r.endSec); sec++)
            if (carOnlyInBand.has(sec)) return true;
          return false;
        }).length;
        const r3 = (v: number) => Math.round(v * 1000) / 1000;
        results.push({
          scene,
          light,
          minutes,
          size: `${width}x${height}`,
          fps,
          truthPeople: truthIds.size,
          tracks: trackIds.size,
          recallTall: r3(tall ? tallHit / tall : 0),
          recallAll: r3(all ? allHit / all : 0),
          precision: r3(boxes ? boxesOnPeople / boxes : 0),
          boxesOnCars,
          truthIn: truthPasses.filter((p) => p.inOut === 'I').length,
          truthOut: truthPasses.filter((p) => p.inOut === 'O').length,
          countedIn: countedPasses.filter((p) => p.inOut === 'I').length,
          countedOut: countedPasses.filter((p) => p.inOut === 'O').length,
          matchedPasses: matched,
          extraPasses: countedPasses.length - matched,
          cpuSecondsPerCameraHour: Math.round((cpu / minutes) * 60),
          detectedShare: r3(frames ? detected / frames : 0),
          heatCorrelation: r3(pearson(heat, truthHeat)),
          heatTotalRatio: r3(heat.reduce((a, b) => a + b, 0) / truthHeat.reduce((a, b) => a + b, 0)),
          entryTruth: entryTruth.length,
          entryRaised: entryRaised.length,
          entryMatched,
          entryFalse: entryFalse.length,
          entryFalseOnCars,
          profile: Object.fromEntries(
            Object.entries(profile).map(([key, value]) => [key, Math.round(value)]),
          ) as unknown as AnalysisProfile,
          frames,
        });
      }
    }
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
  return results;
}

export function visionAccuracyRows(results: VisionAccuracyResult[]): string[] {
  return results.map((r) => {
    const truth = r.truthIn + r.truthOut;
    const counted = r.countedIn + r.countedOut;
    const pct = (v: number) => `${(v * 100).toFixed(1)} %`;
    return (
      `| Vision: sim ${r.scene} ${r.light}, ${r.minutes} min at ${r.size} ${r.fps} fps | ` +
      `recall ${pct(r.recallTall)} (≥ 48 px), ${pct(r.recallAll)} (all) · precision ${pct(r.precision)} · ` +
      `${r.boxesOnCars} boxes on cars | counted ${r.countedIn} in / ${r.countedOut} out vs truth ${r.truthIn} / ${r.truthOut}: ` +
      `${truth ? pct(r.matchedPasses / truth) : 'n/a'} found, ${truth ? pct(r.extraPasses / truth) : 'n/a'} extra (${counted} counted) | ` +
      `heat map r = ${r.heatCorrelation.toFixed(3)}, ${pct(r.heatTotalRatio)} of the true person-seconds | ` +
      `entry alerts ${r.entryMatched} of ${r.entryTruth} (${r.entryTruth ? pct(r.entryMatched / r.entryTruth) : 'n/a'}), ` +
      `${(r.entryFalse / (r.minutes / 60)).toFixed(1)} false per camera-hour, ${r.entryFalseOnCars} on cars | ` +
      `${r.cpuSecondsPerCameraHour} CPU s per camera-hour (detector on ${pct(r.detectedShare)} of frames) |`
    );
  });
}

/** CPU milliseconds per analysed frame by stage, and the detector's passes per frame. */
export function visionProfileRows(results: VisionAccuracyResult[]): string[] {
  return results.map((r) => {
    const p = r.profile;
    const per = (v: number) => (r.frames ? v / r.frames : 0).toFixed(2);
    const cpu = p.decodeMs + p.readMs + p.gateMs + p.cropMs + p.detectorMs + p.describeMs + p.trackerMs;
    return (
      `| ${r.scene} ${r.light} | ${per(cpu)} | ${per(p.decodeMs)} | ${per(p.readMs)} | ${per(p.gateMs)} | ` +
      `${per(p.cropMs)} | ${per(p.detectorMs)} | ${per(p.describeMs)} | ${per(p.trackerMs)} | ` +
      `${per(p.detectorCalls)} (${per(p.wholePictureCalls)} whole) | ` +
      `${p.detectorCalls ? (p.detectorMs / p.detectorCalls).toFixed(1) : '-'} | ` +
      `${p.detectorCalls ? Math.round(p.detectorInputPixels / p.detectorCalls) : '-'} |`
    );
  });
}

export const VISION_PROFILE_HEADER = [
  '| scene | CPU ms/frame (stages) | decode (ffmpeg) | read | motion gate | crops | detector | appearance | tracker | detector passes/frame | ms/pass | input px/pass |',
  '|---|---|---|---|---|---|---|---|---|---|---|---|',
];

if (import.meta.url === `file://${process.argv[1]}`) {
  const arg = (name: string) => {
    const i = process.argv.indexOf(`--${name}`);
    return i >= 0 ? process.argv[i + 1] : undefined;
  };
  console.log(
    `load average ${os
      .loadavg()
      .map((v) => v.toFixed(2))
      .join(' ')}`,
  );
  const results = await benchVisionAccuracy({
    minutes: arg('minutes') ? Number(arg('minutes')) : undefined,
    scenes: arg('scenes')?.split(',') as SimScene[] | undefined,
    lights: arg('light')?.split(',') as ('day' | 'night')[] | undefined,
    // --baseline: the detector on every moving picture and everyone tracked (the engine before tracking between
    // detections), to compare costs in one run.
    // --options '{json}': analysis options over the engine's (to try settings).
    analysis: {
      ...(process.argv.includes('--baseline') ? { refreshSeconds: 0 } : {}),
      ...(arg('options') ? (JSON.parse(arg('options')!) as Partial<AnalysisOptions>) : {}),
    },
  });
  for (const line of visionAccuracyRows(results)) console.log(line);
  for (const line of [...VISION_PROFILE_HEADER, ...visionProfileRows(results)]) console.log(line);
  console.log(JSON.stringify(results));
  console.log(
    `load average ${os
      .loadavg()
      .map((v) => v.toFixed(2))
      .join(' ')}`,
  );
}
