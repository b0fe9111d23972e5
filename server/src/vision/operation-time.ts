// Operation analysis' measuring rules (advanced.md §3 "operation analysis detail settings"; issue 15): from the
// vision engine's analysed pictures (each with its people: box, score, keypoints) and a camera's operation areas
// and detection setting, when someone worked in each area. Pure.
//
// A picture counts as "hand in the area" when one person in it
//   - is a person surely enough: detection score ≥ personDetectionThreshold,
//   - stands at the area: their box covers at least personDetectionTargetAreaRate of the area's surface, and
//   - has a hand in it: a wrist keypoint (COCO 9 left, 10 right) with score ≥ keypointDetectionThreshold lies
//     inside the area's polygon.
// A work session starts when the hand has been in the area for detectionFrameThreshold consecutive analysed
// pictures (it starts at the first of them) and ends when it has been out for as many (it ends at the first
// picture out), so a hand seen once by mistake, or lost for a moment, changes nothing. A session still open at
// the last picture ends with the analysed period. A picture the engine did not look at (the detector skipped it:
// nothing moved) keeps the previous picture's judgement.
import type { Point } from '@camwatch/contract/polygon';
import type { DetectionSettingValues } from '@camwatch/contract/operation-analysis-rules';
import type { Detection, NormBox } from './types.ts';

/** COCO keypoint indices of the wrists (MoveNet's order). */
export const LEFT_WRIST = 9;
export const RIGHT_WRIST = 10;

export interface AnalysedPicture {
  /** Seconds from the start of the analysed period. */
  t: number;
  /** The people found; null when the detector did not look at this picture. */
  detections: readonly Detection[] | null;
}

export interface MeasuredArea {
  operationAreaName: string;
  /** Picture fractions (0..1), as saved with the camera's operation areas. */
  points: readonly Point[];
}

export interface WorkSession {
  /** Seconds from the start of the analysed period. */
  startSec: number;
  endSec: number;
}

export interface AreaOperationTime {
  operationAreaName: string;
  sessions: WorkSession[];
  /** Seconds worked: the sessions' total. */
  workingSec: number;
  /** The analysed period's seconds without work. */
  idleSec: number;
  sessionCount: number;
}

export interface OperationTimeResult {
  /** The analysed period, seconds: from 0 to periodSec. */
  periodSec: number;
  areas: AreaOperationTime[];
}

export interface MeasureOptions {
  /** End of the analysed period (seconds); default: the last picture's time plus one picture's interval. */
  periodSec?: number;
}

/** The area of a polygon (shoelace), in the square of its units. */
export function polygonArea(points: readonly Point[]): number {
  let sum = 0;
  for (let i = 0, j = points.length - 1; i < points.length; j = i++)
    sum += points[j]!.x * points[i]!.y - points[i]!.x * points[j]!.y;
  return Math.abs(sum) / 2;
}

/** Cuts a polygon to one side of a line (Sutherland–Hodgman step); `inside` says which side is kept. */
function clipEdge(
  points: readonly Point[],
  inside: (p: Point) => boolean,
  cross: (a: Point, b: Point) => Point,
): Point[] {
  const out: Point[] = [];
  for (let i = 0; i < points.length; i++) {
    const a = points[(i + points.length - 1) % points.length]!;
    const b = points[i]!;
    if (inside(b)) {
      if (!inside(a)) out.push(cross(a, b));
      out.push(b);
    } else if (inside(a)) out.push(cross(a, b));
  }
  return out;
}

/**
 * The share (0..1) of an area's surface a box covers: the polygon clipped to the box (the box is convex, so
 * clipping any simple polygon by it gives the right surface), over the polygon's surface.
 */
export function boxCoverOfArea(box: NormBox, points: readonly Point[]): number {
  const total = polygonArea(points);
  if (total <= 0) return 0;
  const x0 = box.x;
  const x1 = box.x + box.w;
  const y0 = box.y;
  const y1 = box.y + box.h;
  const atX = (x: number) => (a: Point, b: Point) => ({
    x,
    y: a.y + ((b.y - a.y) * (x - a.x)) / (b.x - a.x),
  });
  const atY = (y: number) => (a: Point, b: Point) => ({
    x: a.x + ((b.x - a.x) * (y - a.y)) / (b.y - a.y),
    y,
  });
  let clipped: Point[] = [...points];
  clipped = clipEdge(clipped, (p) => p.x >= x0, atX(x0));
  if (clipped.length > 0) clipped = clipEdge(clipped, (p) => p.x <= x1, atX(x1));
  if (clipped.length > 0) clipped = clipEdge(clipped, (p) => p.y >= y0, atY(y0));
  if (clipped.length > 0) clipped = clipEdge(clipped, (p) => p.y <= y1, atY(y1));
  return clipped.length < 3 ? 0 : Math.min(1, polygonArea(clipped) / total);
}

/** Whether a point lies inside a polygon (even-odd rule; a point on the edge may fall either way). */
export function pointInPolygon(points: readonly Point[], x: number, y: number): boolean {
  let inside = false;
  for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
    const a = points[i]!;
    const b = points[j]!;
    if (a.y > y !== b.y > y && x < ((b.x - a.x) * (y - a.y)) / (b.y - a.y) + a.x) inside = !inside;
  }
  return inside;
}

/** Whether one of the people has a hand in the area by the setting's thresholds (see the top of this file). */
export function handInArea(
  detections: readonly Detection[],
  points: readonly Point[],
  setting: DetectionSettingValues,
): boolean {
  return detections.some((person) => {
    if (person.score < setting.personDetectionThreshold) return false;
    if (boxCoverOfArea(person.box, points) < setting.personDetectionTargetAreaRate) return false;
    return [LEFT_WRIST, RIGHT_WRIST].some((k) => {
      const wrist = person.keypoints?.[k];
      return (
        wrist !== undefined &&
        wrist[2] >= setting.keypointDetectionThreshold &&
        pointInPolygon(points, wrist[0], wrist[1])
      );
    });
  });
}

/** The median gap between consecutive pictures (one picture's interval), 0 for fewer than two. */
function pictureInterval(pictures: readonly AnalysedPicture[]): number {
  const gaps = pictures
    .slice(1)
    .map((p, i) => p.t - pictures[i]!.t)
    .filter((g) => g > 0)
    .sort((a, b) => a - b);
  return gaps.length > 0 ? gaps[Math.floor(gaps.length / 2)]! : 0;
}

/**
 * Work sessions, working and idle time of each operation area over a sequence of analysed pictures (in time
 * order), by the detection setting (see the top of this file).
 */
export function measureOperationTime(
  pictures: readonly AnalysedPicture[],
  areas: readonly MeasuredArea[],
  setting: DetectionSettingValues,
  options: MeasureOptions = {},
): OperationTimeResult {
  const last = pictures.at(-1);
  const periodSec = options.periodSec ?? (last ? last.t + pictureInterval(pictures) : 0);
  const frames = Math.max(1, Math.round(setting.detectionFrameThreshold));
  return {
    periodSec,
    areas: areas.map((area) => {
      const sessions: WorkSession[] = [];
      let working = false;
      let inside = false;
      /** Consecutive pictures that disagree with `working`, and the time of the first of them. */
      let run = 0;
      let runStart = 0;
      let sessionStart = 0;
      for (const picture of pictures) {
        if (picture.detections !== null) inside = handInArea(picture.detections, area.points, setting);
        if (inside === working) {
          run = 0;
          continue;
        }
        if (run === 0) runStart = picture.t;
        run++;
        if (run < frames) continue;
        if (working) sessions.push({ startSec: sessionStart, endSec: runStart });
        else sessionStart = runStart;
        working = !working;
        run = 0;
      }
      if (working && periodSec > sessionStart) sessions.push({ startSec: sessionStart, endSec: periodSec });
      const workingSec = sessions.reduce((sum, s) => sum + (s.endSec - s.startSec), 0);
      return {
        operationAreaName: area.operationAreaName,
        sessions,
        workingSec,
        idleSec: Math.max(0, periodSec - workingSec),
        sessionCount: sessions.length,
      };
    }),
  };
}
