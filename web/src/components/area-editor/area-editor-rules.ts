// The rules of the area editor (advanced.md §5), pure so they are tested apart from the screen: an area is a
// polygon of at most 10 points in 0..1 picture coordinates whose lines never cross. Points are added at the
// end of the outline; a point whose new line would cross the outline drawn so far is refused, and so is a
// move that would make an outline cross. The closing line (last point back to the first) is checked by
// canClose: an area is complete when it has 3 points or more and its closed outline does not cross itself.
import { AREA_POLYGON_MAX_POINTS } from '@camwatch/contract/constants';
import { isSelfIntersecting, segmentsIntersect, type Point } from '@camwatch/contract/polygon-rules';

export type { Point };

/** An area as the editor draws it; the screen using the editor owns the list. */
export interface EditorArea {
  /** Stable while the area exists (not its name, which changes while typed). */
  key: string;
  name: string;
  points: Point[];
  color: string;
  dashed?: boolean;
}

/** Why a change to an outline was refused. */
export type AreaEditRefusal = 'max_points' | 'crossing';

export type AreaEditResult = { ok: true; points: Point[] } | { ok: false; reason: AreaEditRefusal };

/** Coordinates are kept to 4 decimals (a 10000-pixel-wide picture), so answers stay short. */
const PRECISION = 10_000;

const clamp01 = (value: number) => Math.min(1, Math.max(0, value));

/** A point inside the picture, rounded to the kept precision. */
export const normalizePoint = (point: Point): Point => ({
  x: Math.round(clamp01(point.x) * PRECISION) / PRECISION,
  y: Math.round(clamp01(point.y) * PRECISION) / PRECISION,
});

export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** Pixel → 0..1: where a pointer at (clientX, clientY) lies on the picture occupying `box`, clamped to it. */
export function pointFromClient(clientX: number, clientY: number, box: Box): Point {
  if (box.width <= 0 || box.height <= 0) return { x: 0, y: 0 };
  return normalizePoint({ x: (clientX - box.left) / box.width, y: (clientY - box.top) / box.height });
}

/** 0..1 → pixel: where a point is drawn on a picture of this size. */
export const pointToPixels = (point: Point, size: { width: number; height: number }) => ({
  x: point.x * size.width,
  y: point.y * size.height,
});

/** Whether the open outline (first to last point, not closed) has two lines that cross or touch. */
export function polylineCrosses(points: readonly Point[]): boolean {
  for (let i = 0; i + 1 < points.length; i++) {
    for (let j = i + 2; j + 1 < points.length; j++) {
      if (segmentsIntersect(points[i]!, points[i + 1]!, points[j]!, points[j + 1]!)) return true;
    }
  }
  // Two points at the same place make a line of no length, which the closed check cannot see either.
  for (let i = 0; i + 1 < points.length; i++) {
    if (points[i]!.x === points[i + 1]!.x && points[i]!.y === points[i + 1]!.y) return true;
  }
  return false;
}

/** An area is complete when its closed outline has 3 to 10 points and does not cross itself. */
export function canClose(points: readonly Point[], maxPoints = AREA_POLYGON_MAX_POINTS): boolean {
  if (points.length < 3 || points.length > maxPoints) return false;
  const first = points[0]!;
  const last = points[points.length - 1]!;
  if (first.x === last.x && first.y === last.y) return false;
  return !polylineCrosses(points) && !isSelfIntersecting(points);
}

/** Adds a point at the end of the outline, unless the area is full or the new line would cross it. */
export function addPoint(
  points: readonly Point[],
  point: Point,
  maxPoints = AREA_POLYGON_MAX_POINTS,
): AreaEditResult {
  if (points.length >= maxPoints) return { ok: false, reason: 'max_points' };
  const next = [...points, normalizePoint(point)];
  if (polylineCrosses(next)) return { ok: false, reason: 'crossing' };
  // A complete area stays complete: the new closing line must not cross the outline either.
  if (canClose(points, maxPoints) && !canClose(next, maxPoints)) return { ok: false, reason: 'crossing' };
  return { ok: true, points: next };
}

/** Moves one point, unless its lines would then cross the outline (or, for a complete area, close crossing). */
export function movePoint(
  points: readonly Point[],
  index: number,
  point: Point,
  maxPoints = AREA_POLYGON_MAX_POINTS,
): AreaEditResult {
  if (index < 0 || index >= points.length) return { ok: true, points: [...points] };
  const next = points.map((p, i) => (i === index ? normalizePoint(point) : p));
  if (polylineCrosses(next)) return { ok: false, reason: 'crossing' };
  if (canClose(points, maxPoints) && !canClose(next, maxPoints)) return { ok: false, reason: 'crossing' };
  return { ok: true, points: next };
}

/** Removes one point (always allowed: it is how a crossing outline is mended). */
export const removePoint = (points: readonly Point[], index: number): Point[] =>
  points.filter((_, i) => i !== index);

/** Moves a point by a step (arrow keys), kept inside the picture. */
export const nudgePoint = (
  points: readonly Point[],
  index: number,
  dx: number,
  dy: number,
  maxPoints = AREA_POLYGON_MAX_POINTS,
): AreaEditResult => {
  const point = points[index];
  if (!point) return { ok: true, points: [...points] };
  return movePoint(points, index, { x: point.x + dx, y: point.y + dy }, maxPoints);
};

/** The step of an arrow key, and with Shift held, in 0..1 picture coordinates. */
export const NUDGE_STEP = 0.01;
export const NUDGE_STEP_LARGE = 0.05;

/**
 * Where the "add point" button (the keyboard's way to add one) puts the next point, to be moved with the
 * arrow keys: a first point in the middle, a second beside it, a third making a triangle, and after that the
 * middle of the closing line (which never makes a complete outline cross).
 */
export function suggestedPoint(points: readonly Point[]): Point {
  const [first, second] = points;
  if (!first) return { x: 0.5, y: 0.5 };
  if (!second) return normalizePoint({ x: first.x + (first.x <= 0.8 ? 0.15 : -0.15), y: first.y });
  if (points.length === 2) {
    const mid = { x: (first.x + second.x) / 2, y: (first.y + second.y) / 2 };
    const length = Math.hypot(second.x - first.x, second.y - first.y) || 0.15;
    const normal = { x: -(second.y - first.y) / length, y: (second.x - first.x) / length };
    const distance = Math.max(0.05, length * 0.6);
    const candidate = { x: mid.x + normal.x * distance, y: mid.y + normal.y * distance };
    const inside = candidate.x >= 0 && candidate.x <= 1 && candidate.y >= 0 && candidate.y <= 1;
    return normalizePoint(
      inside ? candidate : { x: mid.x - normal.x * distance, y: mid.y - normal.y * distance },
    );
  }
  const last = points[points.length - 1]!;
  return normalizePoint({ x: (last.x + first.x) / 2, y: (last.y + first.y) / 2 });
}

/**
 * Where an area's name is written: above the top-left corner of the box around its outline (so names of
 * areas side by side do not run into each other), inside the picture.
 */
export function labelPosition(
  points: readonly Point[],
  size: { width: number; height: number },
): { x: number; y: number } {
  if (points.length === 0) return { x: 0, y: 0 };
  const left = Math.min(...points.map((p) => p.x)) * size.width;
  const top = Math.min(...points.map((p) => p.y)) * size.height;
  return {
    x: Math.min(Math.max(left, 4), Math.max(4, size.width - 80)),
    y: top < 18 ? top + 16 : top - 6,
  };
}

/** The outline as SVG `points` on a picture of this size. */
export const svgPoints = (points: readonly Point[], size: { width: number; height: number }) =>
  points
    .map((p) => {
      const pixel = pointToPixels(p, size);
      return `${pixel.x.toFixed(1)},${pixel.y.toFixed(1)}`;
    })
    .join(' ');

/** Distinct colours for up to 10 areas, readable over a camera picture. */
export const AREA_COLORS = [
  '#228be6',
  '#fa5252',
  '#40c057',
  '#fab005',
  '#be4bdb',
  '#15aabf',
  '#fd7e14',
  '#e64980',
  '#82c91e',
  '#7950f2',
] as const;

export const areaColor = (index: number): string => AREA_COLORS[index % AREA_COLORS.length]!;
