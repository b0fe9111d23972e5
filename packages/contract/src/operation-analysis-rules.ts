// The limits and defaults of a camera's operation analysis setting (advanced.md §3, §5), apart from the zod
// schemas so the browser's setting screen checks the same ranges without loading zod. Pure.

export interface DetectionSettingValues {
  personDetectionTargetAreaRate: number;
  detectionFrameThreshold: number;
  personDetectionThreshold: number;
  keypointDetectionThreshold: number;
}

export type DetectionSettingField = keyof DetectionSettingValues;

export interface NumberRange {
  min: number;
  max: number;
  /** Whole numbers only (a count of frames). */
  integer: boolean;
}

/** Rates and thresholds are fractions 0..1; the frame threshold counts frames, 1..1000. */
export const DETECTION_SETTING_RANGES: Readonly<Record<DetectionSettingField, NumberRange>> = Object.freeze({
  personDetectionTargetAreaRate: { min: 0, max: 1, integer: false },
  detectionFrameThreshold: { min: 1, max: 1000, integer: true },
  personDetectionThreshold: { min: 0, max: 1, integer: false },
  keypointDetectionThreshold: { min: 0, max: 1, integer: false },
});

/** What a camera whose detection setting was never saved answers (and is analysed with). */
export const DEFAULT_OPERATION_DETECTION_SETTING: Readonly<DetectionSettingValues> = Object.freeze({
  personDetectionTargetAreaRate: 0.5,
  detectionFrameThreshold: 5,
  personDetectionThreshold: 0.5,
  keypointDetectionThreshold: 0.3,
});

/** An operation area's name: required (after trimming), at most this many characters, unique per camera. */
export const OPERATION_AREA_NAME_MAX = 50;
