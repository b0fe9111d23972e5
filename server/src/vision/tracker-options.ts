// The person tracker's tunables (tracker.ts) and their defaults; the analysis options carry overrides of them.
export interface TrackerOptions {
  /** Detections at or above this score are confident: first-round matching and new tracks. */
  highScore: number;
  /** Detections from this score up to highScore only extend existing confirmed tracks; lower ones are ignored. */
  lowScore: number;
  /** Detections in a row that confirm a track. */
  minHits: number;
  /** How long a confirmed track survives without detections (a walker hidden behind a passing car keeps their id). */
  maxMissSeconds: number;
  /** Weight of the appearance distance in a pair's cost (0..1) when both sides have a descriptor. */
  appearanceWeight: number;
  /** Pairs whose appearance distance exceeds this never match (confident detections only). */
  maxAppearanceDistance: number;
  /** Squared Mahalanobis distance (centre x, centre y, height) above which a pair never matches. */
  gateChi2: number;
  /** A match's centre may move at most maxJump + maxJumpPerSecond × (seconds since the last detection) box heights. */
  maxJump: number;
  maxJumpPerSecond: number;
  /** Pairs costing more than this (0..1) never match. */
  maxCost: number;
  /** A confident detection's height may differ from the predicted height by this factor at most (as |ln ratio|). */
  maxSizeChange: number;
  /**
   * The picture's width / height. Boxes are in picture fractions; the tracker measures distances in picture
   * heights (a box height is the natural unit of a person), so x is stretched by this.
   */
  aspect: number;
}

export const DEFAULT_TRACKER_OPTIONS: Readonly<TrackerOptions> = {
  highScore: 0.4,
  lowScore: 0.15,
  minHits: 2,
  maxMissSeconds: 4,
  appearanceWeight: 0.5,
  maxAppearanceDistance: 0.6,
  gateChi2: 12.8, // chi-square, 3 degrees of freedom, 99.5 %
  maxJump: 0.6,
  maxJumpPerSecond: 1.5,
  maxCost: 0.85,
  maxSizeChange: Math.log(1.35),
  aspect: 16 / 9,
};
