// Operation analysis' part of an analysis job (analysis-jobs/analysis-job-runner.ts; docs/features/operation-analysis.md):
// how its settings set the vision engine, and how the engine's analysed pictures of the period's recordings become
// each operation area's work sessions, working and idle time (vision/operation-time.ts, the measuring rules).
// Pure (no I/O), unit-tested.
//
// Cost: the measuring rules need every picture's wrists, so the detector must look at every moving picture (the
// engine's tracking between detections leaves wrists stale and loses about 5 %: docs/benchmarks.md). Instead of
// the whole picture it looks only at a crop around each operation area with a margin that holds the person
// working there (the engine's `lookOnly`), and nobody is tracked.
//
// Recordings that continue one another (a minute's clip after the previous) are measured as one stretch; a gap in
// the recordings ends the stretch, so a session never runs over time that was not recorded. Idle time is recorded
// time without work; time without recordings is neither.
import type { Point } from '@camwatch/contract/polygon';
import {
  DEFAULT_OPERATION_DETECTION_SETTING,
  type DetectionSettingValues,
} from '@camwatch/contract/operation-analysis-rules';
import type { AnalysisOptions } from '../../vision/analysis-options.ts';
import type { AnalysisResult } from '../../vision/analyze.ts';
import { defaultDetectorOptions } from '../../vision/person-detector.ts';
import { measureOperationTime, type AnalysedPicture } from '../../vision/operation-time.ts';
import type { Detection, NormBox } from '../../vision/types.ts';
import type { AnalysedRecording, AnalysisCollector } from '../analysis-jobs/analysis-job-runner.ts';

/** What an analysis job of this kind stores as its settings. */
export interface OperationJobSettings {
  operationAreaList: { operationAreaName: string; points: Point[] }[];
  detectionSetting: DetectionSettingValues;
}

export interface StoredOperationArea {
  name: string;
  /** [start, end) ms since the epoch. */
  sessions: [number, number][];
  workingSec: number;
  idleSec: number;
}

export interface StoredOperationAnalysis {
  /** The stretches with recordings, [start, end) ms since the epoch. */
  recorded: [number, number][];
  recordedSec: number;
  areas: StoredOperationArea[];
}

/** A recording continues the previous one when it begins within this of the previous one's end (the runner's). */
const CONTINUES_WITHIN_MS = 2_000;

/**
 * Around each area, the share of the area's larger side added on the left, right and top, and below it: a hand
 * works in front of the body, so the person stands over the area with their legs below it; the detector finds a
 * person surely only when it sees most of them.
 */
export const LOOK_MARGIN = { side: 1, below: 2 } as const;
/** The crops' longer side in the model's input (pixels; a multiple of the detector's 32). */
export const LOOK_TARGET_SIDE = 192;
/** Crops covering more than this share of the picture together: the whole picture is looked at instead. */
const WHOLE_SHARE = 0.6;

const boxOfPoints = (points: readonly Point[]): NormBox => {
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  return { x, y, w: Math.max(...xs) - x, h: Math.max(...ys) - y };
};

const clampBox = (b: NormBox): NormBox => {
  const x = Math.max(0, b.x);
  const y = Math.max(0, b.y);
  return { x, y, w: Math.min(1, b.x + b.w) - x, h: Math.min(1, b.y + b.h) - y };
};

const overlap = (a: NormBox, b: NormBox) =>
  a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

const union = (a: NormBox, b: NormBox): NormBox => {
  const x = Math.min(a.x, b.x);
  const y = Math.min(a.y, b.y);
  return { x, y, w: Math.max(a.x + a.w, b.x + b.w) - x, h: Math.max(a.y + a.h, b.y + b.h) - y };
};

/**
 * Where the detector looks (picture fractions): each area's bounding box with LOOK_MARGIN, overlapping crops
 * joined; the whole picture when they cover most of it anyway.
 */
export function operationLookBoxes(areas: readonly { points: readonly Point[] }[]): NormBox[] {
  let boxes = areas.map((area) => {
    const b = boxOfPoints(area.points);
    const m = Math.max(b.w, b.h);
    return clampBox({
      x: b.x - LOOK_MARGIN.side * m,
      y: b.y - LOOK_MARGIN.side * m,
      w: b.w + 2 * LOOK_MARGIN.side * m,
      h: b.h + (LOOK_MARGIN.side + LOOK_MARGIN.below) * m,
    });
  });
  // Join overlapping crops until none overlap (a person between two areas is seen whole once).
  for (let joined = true; joined;) {
    joined = false;
    outer: for (let i = 0; i < boxes.length; i++)
      for (let j = i + 1; j < boxes.length; j++)
        if (overlap(boxes[i]!, boxes[j]!)) {
          boxes = [...boxes.filter((_, k) => k !== i && k !== j), union(boxes[i]!, boxes[j]!)];
          joined = true;
          break outer;
        }
  }
  const share = boxes.reduce((sum, b) => sum + b.w * b.h, 0);
  return share > WHOLE_SHARE ? [{ x: 0, y: 0, w: 1, h: 1 }] : boxes;
}

/** The engine's options: the detector on every moving picture, only around the areas, at the setting's person score. */
export function operationEngineOptions(settings: OperationJobSettings): Partial<AnalysisOptions> {
  return {
    refreshSeconds: 0,
    lookOnly: operationLookBoxes(settings.operationAreaList),
    // A crop of the demo's stations (about 215x195 of 480x270) at 192 model pixels: as accurate as at the engine's
    // 224 for a quarter less CPU; 160 loses hands (docs/benchmarks.md).
    regions: { targetSide: LOOK_TARGET_SIDE },
    detector: {
      minScore: Math.min(defaultDetectorOptions.minScore, settings.detectionSetting.personDetectionThreshold),
      // Wrists must land in the trays: the int8 graph's keypoints drift by up to a fifth of a worker's height.
      precision: 'float',
    },
  };
}

/** Stored job settings (or anything) read as settings: the default detection setting under what they have. */
export function operationSettingsOf(value: unknown): OperationJobSettings {
  const stored = (typeof value === 'object' && value !== null ? value : {}) as Partial<OperationJobSettings>;
  return {
    operationAreaList: Array.isArray(stored.operationAreaList) ? stored.operationAreaList : [],
    detectionSetting: { ...DEFAULT_OPERATION_DETECTION_SETTING, ...stored.detectionSetting },
  };
}

interface Stretch {
  startMs: number;
  endMs: number;
  pictures: AnalysedPicture[];
}

/** Gathers the analysed pictures of a job's recordings and measures each stretch of recordings as it ends. */
export class OperationAnalysisCollector implements AnalysisCollector {
  private stretch: Stretch | null = null;
  private readonly recorded: [number, number][] = [];
  private readonly sessions: [number, number][][];

  constructor(
    private readonly settings: OperationJobSettings,
    private readonly period: { startMs: number; endMs: number },
  ) {
    this.sessions = settings.operationAreaList.map(() => []);
  }

  add(recording: AnalysedRecording, result: AnalysisResult): void {
    const startMs = Math.max(this.period.startMs, recording.beginsAtMs);
    const endMs = Math.min(this.period.endMs, recording.beginsAtMs + recording.durationMs);
    if (endMs <= startMs) return;
    if (!this.stretch || Math.abs(recording.beginsAtMs - this.stretch.endMs) > CONTINUES_WITHIN_MS) {
      this.flush();
      this.stretch = { startMs, endMs, pictures: [] };
    }
    const stretch = this.stretch;
    stretch.endMs = Math.max(stretch.endMs, endMs);
    for (const picture of result.pictures ?? []) {
      const ms = recording.beginsAtMs + picture.t * 1000;
      if (ms < startMs || ms >= endMs) continue;
      stretch.pictures.push({
        t: (ms - stretch.startMs) / 1000,
        detections: (picture.detections as Detection[] | null) ?? null,
      });
    }
  }

  /** Measures the stretch gathered so far and forgets its pictures. */
  private flush(): void {
    const stretch = this.stretch;
    if (!stretch) return;
    this.stretch = null;
    this.recorded.push([stretch.startMs, stretch.endMs]);
    const measured = measureOperationTime(
      stretch.pictures,
      this.settings.operationAreaList,
      this.settings.detectionSetting,
      { periodSec: (stretch.endMs - stretch.startMs) / 1000 },
    );
    measured.areas.forEach((area, i) => {
      for (const s of area.sessions)
        this.sessions[i]!.push([
          Math.round(stretch.startMs + s.startSec * 1000),
          Math.round(stretch.startMs + s.endSec * 1000),
        ]);
    });
  }

  finish(): StoredOperationAnalysis {
    this.flush();
    const seconds = (ms: number) => Math.round(ms / 100) / 10;
    const recordedMs = this.recorded.reduce((sum, [a, b]) => sum + b - a, 0);
    return {
      recorded: this.recorded,
      recordedSec: seconds(recordedMs),
      areas: this.settings.operationAreaList.map((area, i) => {
        const sessions = this.sessions[i]!;
        const workingMs = sessions.reduce((sum, [a, b]) => sum + b - a, 0);
        return {
          name: area.operationAreaName,
          sessions,
          workingSec: seconds(workingMs),
          idleSec: seconds(Math.max(0, recordedMs - workingMs)),
        };
      }),
    };
  }
}
