// The shapes every part of the vision engine agrees on (detector, tracker, analysis, analytics). Coordinates are
// fractions of the picture (0..1, x across from the left, y down from the top), like the area polygons of the
// settings (`@camwatch/contract/polygon`), so results survive a change of recording resolution.

export interface NormBox {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** One person found in one frame by the detector. */
export interface Detection {
  box: NormBox;
  /** The detector's confidence that this is a person, 0..1. */
  score: number;
  /**
   * MoveNet's 17 COCO keypoints (nose, eyes, ears, shoulders, elbows, wrists, hips, knees, ankles) as
   * [x, y, score] in picture fractions; absent when the detector gives none.
   */
  keypoints?: readonly (readonly [number, number, number])[];
  /** Appearance descriptor of the box's pixels (see appearance.ts), for matching and re-identification. */
  descriptor?: Float32Array;
}

/** Where a tracked person was at one analysed moment. */
export interface TrackPoint {
  /** Seconds from the start of the clip. */
  t: number;
  box: NormBox;
  /** Detector score at this point; 0 when the tracker predicted the box without a detection. */
  score: number;
}

/** One person followed through a clip. */
export interface Track {
  /**
   * Stable across the clips of one camera when the person is still there at a clip's end: the next clip's
   * analysis starts from the previous one's tracker state and keeps the id.
   */
  id: string;
  points: TrackPoint[];
  /** Highest detector score seen on the track (the person-class confidence). */
  maxScore: number;
  /** Mean appearance descriptor over the track's detections (for re-identification across days). */
  descriptor: number[] | null;
}

/** A decoded picture: RGB24, width × height × 3 bytes, rows top to bottom. */
export interface RgbFrame {
  width: number;
  height: number;
  data: Uint8Array;
}
