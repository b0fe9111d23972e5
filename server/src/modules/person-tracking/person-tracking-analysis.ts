// Person tracking's part of an analysis job (analysis-jobs/analysis-job-runner.ts): how its settings set the
// vision engine, and how the engine's tracks of the period's recordings become the tracked people of the result.
// Pure (no I/O), unit-tested. What each setting changes (docs/features/person-tracking.md):
//   engine    personDetectionThreshold → tracker.highScore (a person is found and followed from this score;
//             weaker detections only extend a followed person), movementThreshold → motionShare (change needed
//             before a picture is searched for someone new), allowedUndetectedFrames → tracker.maxMissSeconds,
//             rectangleMagnification → the margins of the crops around a followed person and moving blobs, and
//             how far a followed person may jump between pictures, trackingThreshold → tracker.maxCost,
//             backgroundFollowThreshold → regions.pixelThreshold (grey levels of change that count as movement)
//   after     detectionProcessingRange: a person never detected with their feet inside it is left out;
//             trackingRange: the path is kept only inside it, time is measured per area, a person never inside
//             is left out; transportJudgment: isTransport (contract person-tracking-rules.ts).
import {
  DEFAULT_PERSON_TRACKING_SETTING,
  isTransport,
  type PersonTrackingArea,
  type PersonTrackingSetting,
} from '@camwatch/contract/person-tracking';
import { pointInPolygon } from '@camwatch/contract/people-counter-rules';
import type { Point } from '@camwatch/contract/polygon-rules';
import type { AnalysisOptions } from '../../vision/analysis-options.ts';
import type { AnalysisResult } from '../../vision/analyze.ts';
import { defaultRegionOptions } from '../../vision/regions.ts';
import { DEFAULT_TRACKER_OPTIONS } from '../../vision/tracker-options.ts';
import type { AnalysedRecording, AnalysisCollector } from '../analysis-jobs/analysis-job-runner.ts';

/** One point of a person as stored: ms since the epoch, feet x and y, box width and height, detector score. */
type StoredPoint = [number, number, number, number, number, number];

export interface StoredPerson {
  id: string;
  firstMs: number;
  lastMs: number;
  /** [ms, x, y] of the feet, about one a second. */
  path: [number, number, number][];
  /** Seconds in each area of the tracking range, in the setting's order. */
  areaSeconds: number[];
  isTransport: boolean;
  maxScore: number;
}

export interface StoredPersonTracking {
  persons: StoredPerson[];
  areaNames: string[];
}

/** Analysed pictures a second (the service's engine: analysis-options.ts). */
const ENGINE_FPS = 2;
/** A gap between two points longer than this (the person unseen, a recording missing) counts this much at most. */
const MAX_STEP_MS = 2_000;
/** The path keeps a point at most this often. */
const PATH_STEP_MS = 1_000;

export function personTrackingEngineOptions(setting: PersonTrackingSetting): Partial<AnalysisOptions> {
  const m = setting.rectangleMagnification;
  return {
    motionShare: setting.movementThreshold,
    tracker: {
      highScore: setting.personDetectionThreshold,
      lowScore: Math.min(DEFAULT_TRACKER_OPTIONS.lowScore, setting.personDetectionThreshold),
      maxMissSeconds: setting.allowedUndetectedFrames / ENGINE_FPS,
      maxCost: setting.trackingThreshold,
      maxJump: DEFAULT_TRACKER_OPTIONS.maxJump * m,
    },
    regions: {
      pixelThreshold: setting.backgroundFollowThreshold,
      margin: defaultRegionOptions.margin * m,
      trackedMargin: defaultRegionOptions.trackedMargin * m,
    },
  };
}

/** A stored setting (or anything) read as a setting: the defaults under what it has. */
export function settingOf(value: unknown): PersonTrackingSetting {
  const stored = (typeof value === 'object' && value !== null ? value : {}) as Partial<PersonTrackingSetting>;
  return {
    ...DEFAULT_PERSON_TRACKING_SETTING,
    ...stored,
    transportJudgment: { ...DEFAULT_PERSON_TRACKING_SETTING.transportJudgment, ...stored.transportJudgment },
  } as PersonTrackingSetting;
}

const round = (v: number) => Math.round(v * 10_000) / 10_000;
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? 0 : sorted[Math.floor(sorted.length / 2)]!;
};
const inAny = (p: Point, areas: readonly PersonTrackingArea[]) =>
  areas.some((a) => pointInPolygon(p, a.points));

/** One person's result from their points (time order), or null when the ranges leave them out. */
export function personOf(
  id: string,
  points: readonly StoredPoint[],
  setting: PersonTrackingSetting,
): StoredPerson | null {
  const feet = (p: StoredPoint): Point => ({ x: p[1], y: p[2] });
  const detected = points.filter((p) => p[5] > 0);
  if (detected.length === 0) return null;
  if (
    setting.detectionProcessingRange.length > 0 &&
    !detected.some((p) => inAny(feet(p), setting.detectionProcessingRange))
  )
    return null;
  const tracked = setting.trackingRange.length > 0;
  const kept = tracked ? points.filter((p) => inAny(feet(p), setting.trackingRange)) : points;
  if (kept.length === 0) return null;
  const areaSeconds = setting.trackingRange.map((area) => {
    let ms = 0;
    for (let i = 0; i + 1 < points.length; i++)
      if (pointInPolygon(feet(points[i]!), area.points))
        ms += Math.min(MAX_STEP_MS, points[i + 1]![0] - points[i]![0]);
    return Math.round(ms / 100) / 10;
  });
  const path: [number, number, number][] = [];
  for (const p of kept)
    if (path.length === 0 || p[0] - path[path.length - 1]![0] >= PATH_STEP_MS)
      path.push([p[0], round(p[1]), round(p[2])]);
  const last = kept[kept.length - 1]!;
  if (path[path.length - 1]![0] !== last[0]) path.push([last[0], round(last[1]), round(last[2])]);
  const boxes = detected.length > 0 ? detected : points;
  return {
    id,
    firstMs: kept[0]![0],
    lastMs: last[0],
    path,
    areaSeconds,
    isTransport: isTransport(
      {
        boxWidth: median(boxes.map((p) => p[3])),
        boxHeight: median(boxes.map((p) => p[4])),
        from: feet(kept[0]!),
        to: feet(last),
      },
      setting.transportJudgment,
    ),
    maxScore: round(Math.max(...points.map((p) => p[5]))),
  };
}

/** Gathers the tracks of a job's recordings by person id (kept across recordings by the tracker's state). */
export class PersonTrackingCollector implements AnalysisCollector {
  private readonly points = new Map<string, StoredPoint[]>();

  constructor(
    private readonly setting: PersonTrackingSetting,
    private readonly period: { startMs: number; endMs: number },
  ) {}

  add(recording: AnalysedRecording, result: AnalysisResult): void {
    for (const track of result.tracks) {
      let list = this.points.get(track.id);
      for (const point of track.points) {
        const ms = Math.round(recording.beginsAtMs + point.t * 1000);
        if (ms < this.period.startMs || ms >= this.period.endMs) continue;
        if (!list) this.points.set(track.id, (list = []));
        const { x, y, w, h } = point.box;
        list.push([ms, x + w / 2, y + h, w, h, point.score]);
      }
    }
  }

  finish(): StoredPersonTracking {
    const persons: StoredPerson[] = [];
    for (const [id, points] of this.points) {
      points.sort((a, b) => a[0] - b[0]);
      const person = personOf(id, points, this.setting);
      if (person) persons.push(person);
    }
    persons.sort((a, b) => a.firstMs - b.firstMs || a.id.localeCompare(b.id));
    return { persons, areaNames: this.setting.trackingRange.map((a) => a.name) };
  }
}
