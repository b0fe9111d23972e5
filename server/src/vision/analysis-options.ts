// What the vision engine's analysis can be told (analyze.ts) and its defaults, the one set the worker's jobs and
// the operator's CLI share (vision-settings.ts).
import type { PersonDetectorOptions } from './person-detector.ts';
import type { RegionOptions } from './regions.ts';
import type { TrackerOptions } from './tracker-options.ts';
import type { NormBox } from './types.ts';

export interface AnalysisOptions {
  /** Analysed pictures per second. */
  fps: number;
  /** Width the detector sees at most (aspect kept). */
  maxWidth: number;
  /** Skip the detector on pictures where nothing moved (see the top of analyze.ts). */
  motionGate: boolean;
  /** Run the detector on enlarged crops around what moved and who is tracked (regions.ts), not the whole picture. */
  regionCrops: boolean;
  /** Share of the small grey picture's pixels that must change for a picture to count as moving. */
  motionShare: number;
  /**
   * Tracking between detections: a person followed (a confirmed track) is looked at by the detector again at
   * least every this many seconds; in between, motion their predicted boxes explain costs no detector pass and
   * their boxes follow the motion model (interpolated between detections). 0: the detector looks at every
   * moving picture and at everyone tracked (the engine before this, kept to compare costs).
   */
  refreshSeconds: number;
  /**
   * Dim pictures (a dark scene at night: the grey sample's mean under `belowLuminance`, 0..255) are looked at as
   * the engine did before its cheaper crops: a dim person's motion is small and their box less sure, so every
   * motion blob is looked at and each followed person with a wide crop at full size (`regions` over the others).
   */
  dim: { belowLuminance: number; regions: Partial<RegionOptions> };
  detector: Partial<PersonDetectorOptions>;
  tracker: Partial<TrackerOptions>;
  /** The crops (regions.ts), over its defaults. */
  regions: Partial<RegionOptions>;
  /**
   * Fixed places to look (picture fractions), e.g. around a camera's operation areas: when given, the detector runs
   * on exactly these crops of every moving picture (a picture where nothing moved is skipped) and on nothing else,
   * and nobody is tracked (the result has no tracks: the pictures, onFrame, are the result). Null: the engine
   * decides where to look.
   */
  lookOnly?: readonly NormBox[] | null;
}

export const defaultAnalysisOptions: AnalysisOptions = {
  fps: 2,
  maxWidth: 480,
  motionGate: true,
  regionCrops: true,
  motionShare: 0.0015,
  // 2 s missed 3 % of the passes over an hour of the shop by day (docs/benchmarks.md, 2026-11-27).
  refreshSeconds: 1.5,
  dim: { belowLuminance: 64, regions: { minBlobHeight: 0, trackedMargin: 0.6, personSide: 0 } },
  detector: {},
  tracker: {},
  regions: {},
};
