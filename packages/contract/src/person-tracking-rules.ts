// Person tracking settings of a camera (advanced.md §3 person tracking settings; TLT only): their ranges,
// defaults and the transport judgment, apart from the zod schemas so the browser's setting dialog checks the same
// ranges without loading zod. Pure. What each setting changes is said in docs/features/person-tracking.md.
import type { Point } from './polygon-rules.ts';

export const TRANSPORT_DIRECTIONS = ['top', 'bottom', 'left', 'right'] as const;
export type TransportDirection = (typeof TRANSPORT_DIRECTIONS)[number];

/** A named area of the picture (points are picture fractions, the polygon rules of polygon-rules.ts). */
export interface PersonTrackingArea {
  name: string;
  points: Point[];
}

export interface TransportJudgment {
  /** Smallest box (picture fractions) of a transport: a person with a cart or a load is wider and taller. */
  width: number;
  height: number;
  /** The way a transport goes across the picture. */
  direction: TransportDirection;
  /** How far (picture fraction) a track must go that way, first point to last, to be a transport. */
  threshold: number;
}

export interface PersonTrackingSettingValues {
  /** Detector score (0..1) from which a person is found and followed. */
  personDetectionThreshold: number;
  /** Share of the picture that must change before a picture is searched for new people. */
  movementThreshold: number;
  /** Analysed pictures (2 a second) a person may go unseen and still keep their track. */
  allowedUndetectedFrames: number;
  /** How much the rectangle around a followed person is enlarged when they are looked for again. */
  rectangleMagnification: number;
  /** Highest matching cost (0..1) at which a detection continues a person's track; lower is stricter. */
  trackingThreshold: number;
  /** Grey levels (1..255) a spot must change by to count as movement rather than the still background. */
  backgroundFollowThreshold: number;
  /** Areas where people are followed and their time is measured; empty: the whole picture. */
  trackingRange: PersonTrackingArea[];
  /** Areas where people are detected; a person never detected inside is ignored. Empty: the whole picture. */
  detectionProcessingRange: PersonTrackingArea[];
  transportJudgment: TransportJudgment;
}

export type PersonTrackingNumberField = Exclude<
  keyof PersonTrackingSettingValues,
  'trackingRange' | 'detectionProcessingRange' | 'transportJudgment'
>;

export interface NumberRange {
  min: number;
  max: number;
  integer: boolean;
}

export const PERSON_TRACKING_RANGES: Readonly<Record<PersonTrackingNumberField, NumberRange>> = Object.freeze(
  {
    personDetectionThreshold: { min: 0.05, max: 0.95, integer: false },
    movementThreshold: { min: 0.0001, max: 0.2, integer: false },
    allowedUndetectedFrames: { min: 1, max: 60, integer: true },
    rectangleMagnification: { min: 1, max: 3, integer: false },
    trackingThreshold: { min: 0.1, max: 1, integer: false },
    backgroundFollowThreshold: { min: 1, max: 128, integer: true },
  },
);

export const TRANSPORT_RANGES: Readonly<Record<'width' | 'height' | 'threshold', NumberRange>> =
  Object.freeze({
    width: { min: 0, max: 1, integer: false },
    height: { min: 0, max: 1, integer: false },
    threshold: { min: 0.01, max: 1, integer: false },
  });

/** Areas per range (as operation areas, advanced.md §5) and an area name's length. */
export const PERSON_TRACKING_AREAS_MAX = 10;
export const PERSON_TRACKING_AREA_NAME_MAX = 50;

/**
 * What a camera whose setting was never saved is analysed with: the vision engine's own defaults (tuned on the
 * demo's and real recordings), the whole picture, and a transport as a box at least a tenth of the picture wide
 * and a quarter high going a third of the picture to the right (a worker pushing a trolley along the demo's
 * factory line).
 */
export const DEFAULT_PERSON_TRACKING_SETTING: Readonly<PersonTrackingSettingValues> =
  Object.freeze<PersonTrackingSettingValues>({
    personDetectionThreshold: 0.4,
    movementThreshold: 0.0015,
    allowedUndetectedFrames: 8,
    rectangleMagnification: 1,
    trackingThreshold: 0.85,
    backgroundFollowThreshold: 24,
    trackingRange: [],
    detectionProcessingRange: [],
    transportJudgment: { width: 0.1, height: 0.25, direction: 'right', threshold: 0.33 },
  });

/** A range's problem for a number, or null (the dialog shows it next to the field). */
export function numberProblem(value: number, range: NumberRange): string | null {
  if (!Number.isFinite(value)) return 'invalid';
  if (range.integer && !Number.isInteger(value)) return 'integer';
  if (value < range.min || value > range.max) return 'range';
  return null;
}

/** How far a path moved in a direction (picture fractions; y grows downwards). */
export function displacementToward(from: Point, to: Point, direction: TransportDirection): number {
  switch (direction) {
    case 'right':
      return to.x - from.x;
    case 'left':
      return from.x - to.x;
    case 'bottom':
      return to.y - from.y;
    case 'top':
      return from.y - to.y;
  }
}

/**
 * The transport judgment: a track is a transport when its typical box (median width and height over its
 * detections) is at least width × height and it went at least `threshold` of the picture in the direction,
 * from its first point to its last.
 */
export function isTransport(
  track: { boxWidth: number; boxHeight: number; from: Point; to: Point },
  judgment: TransportJudgment,
): boolean {
  return (
    track.boxWidth >= judgment.width &&
    track.boxHeight >= judgment.height &&
    displacementToward(track.from, track.to, judgment.direction) >= judgment.threshold
  );
}
