// The limits and defaults of entry detection (advanced.md §3, §5; core.md §9), apart from the zod schemas in
// entry-detection.ts (which are built from them) so the browser checks the same ranges without loading zod. Pure.

export interface AreaLinkThresholds {
  /** Consecutive analysed frames something must stay in the entry area before it is an entry. */
  detectionFrameThreshold: number;
  /** Smallest height of what entered, as a share (0..1) of the picture's height. */
  minimumDetectionSize: number;
  /** Lowest person detector confidence (0..1) of what entered: below it, it is not taken for a person. */
  personDetectionThreshold: number;
  /** The machine runs while more than this share (0..1) of its area's pixels changes between frames. */
  runningThreshold: number;
  /** Seconds after an alert during which a new entry continues it. */
  vigilantTime: number;
}

export type AreaLinkThresholdField = keyof AreaLinkThresholds;

export interface ThresholdRange {
  min: number;
  max: number;
  /** Whole numbers only (frames, seconds). */
  integer: boolean;
}

export const AREA_LINK_THRESHOLD_RANGES: Readonly<Record<AreaLinkThresholdField, ThresholdRange>> =
  Object.freeze({
    detectionFrameThreshold: { min: 1, max: 50, integer: true },
    minimumDetectionSize: { min: 0.01, max: 1, integer: false },
    personDetectionThreshold: { min: 0, max: 1, integer: false },
    runningThreshold: { min: 0, max: 1, integer: false },
    vigilantTime: { min: 0, max: 600, integer: true },
  });

/** The thresholds a new area link starts with. */
export const DEFAULT_AREA_LINK_THRESHOLDS: Readonly<AreaLinkThresholds> = Object.freeze({
  detectionFrameThreshold: 3,
  minimumDetectionSize: 0.08,
  personDetectionThreshold: 0.3,
  runningThreshold: 0.02,
  vigilantTime: 10,
});

/** An area link's name (what its alerts carry): required after trimming, at most this long, unique per camera. */
export const AREA_LINK_NAME_MAX = 50;

/**
 * The detection frame threshold counts frames of this rate, so it is also a time (3 frames = 0.6 s). The person
 * analysis may look at fewer frames a second; entry detection then asks for the same time, not the same count.
 */
export const ENTRY_ANALYSIS_FPS = 5;

/** The longest period one entry alert CSV or report request may cover. */
export const ENTER_ALERT_CSV_MAX_DAYS = 31;
