// The heat map's measure (advanced.md heat map): how long people's feet stood in each cell of the contract's
// HEATMAP_COLS × HEATMAP_ROWS grid over the picture, in person-seconds. Each point of a track stands for the time
// until the track's next point (at most MAX_STEP_SEC: a longer gap is a person not seen, not one standing still),
// the last point for the track's usual step. Feet are the bottom centre of the box, as the people counter's.
// A point's time is shared between the four cells around it (bilinear), so heat does not jump a whole row when a
// box is a few pixels higher; people cut by the picture's bottom edge (feet not in view) add nothing.
// Pure: used by the heat map's analytic on the engine's tracks and by the accuracy bench on the simulator's truth.
import { HEATMAP_CELLS, HEATMAP_COLS, HEATMAP_ROWS } from '@camwatch/contract/heatmap-rules';
import { FEET_CUT_AT, feetOf } from './counting.ts';
import type { NormBox } from './types.ts';

/** A point's time at most counts this long (two analysed pictures at the engine's 2 per second). */
export const MAX_STEP_SEC = 1;

export { FEET_CUT_AT };

/** Where someone was, at what second: a track point, or a truth box of the simulator. */
export interface HeatPoint {
  t: number;
  box: NormBox;
}

/** An empty grid. */
export const emptyCells = (): Float32Array => new Float32Array(HEATMAP_CELLS);

/** Adds each track's dwell to `cells` (person-seconds per cell) and answers them. */
export function addDwell(
  cells: Float32Array,
  tracks: readonly { points: readonly HeatPoint[] }[],
  defaultStepSec = 0.5,
): Float32Array {
  for (const track of tracks) {
    const points = [...track.points].sort((a, b) => a.t - b.t);
    // The track's usual step: its shortest gap between two points (a lone point: the engine's).
    let usual = Number.POSITIVE_INFINITY;
    for (let i = 1; i < points.length; i++) {
      const step = points[i]!.t - points[i - 1]!.t;
      if (step > 0 && step < usual) usual = step;
    }
    if (!Number.isFinite(usual)) usual = defaultStepSec;
    points.forEach((point, i) => {
      const next = points[i + 1];
      const seconds = Math.min(MAX_STEP_SEC, next ? next.t - point.t : usual);
      if (!(seconds > 0)) return;
      const feet = feetOf(point.box);
      // A box that reaches the picture's bottom edge does not show the feet: where they stood is not known.
      if (feet.y >= FEET_CUT_AT) return;
      splat(cells, feet.x, feet.y, seconds);
    });
  }
  return cells;
}

/**
 * Adds `seconds` at a point of the picture, shared between the four cells whose centres surround it in
 * proportion to how near it is to each (bilinear): a foot on a cell's edge counts half in each cell, so a box a
 * few pixels higher or lower moves a little heat, not all of it, into the next row.
 */
function splat(cells: Float32Array, x: number, y: number, seconds: number): void {
  const fx = Math.min(1, Math.max(0, x)) * HEATMAP_COLS - 0.5;
  const fy = Math.min(1, Math.max(0, y)) * HEATMAP_ROWS - 0.5;
  const c0 = Math.floor(fx);
  const r0 = Math.floor(fy);
  const wx = fx - c0;
  const wy = fy - r0;
  const add = (col: number, row: number, weight: number) => {
    if (weight <= 0) return;
    const c = Math.min(HEATMAP_COLS - 1, Math.max(0, col));
    const r = Math.min(HEATMAP_ROWS - 1, Math.max(0, row));
    cells[r * HEATMAP_COLS + c] = cells[r * HEATMAP_COLS + c]! + seconds * weight;
  };
  add(c0, r0, (1 - wx) * (1 - wy));
  add(c0 + 1, r0, wx * (1 - wy));
  add(c0, r0 + 1, (1 - wx) * wy);
  add(c0 + 1, r0 + 1, wx * wy);
}

/** Cells as stored: float32 little-endian, HEATMAP_CELLS values. */
export function encodeCells(cells: Float32Array): Buffer {
  const bytes = Buffer.alloc(HEATMAP_CELLS * 4);
  for (let i = 0; i < HEATMAP_CELLS; i++) bytes.writeFloatLE(cells[i] ?? 0, i * 4);
  return bytes;
}

/** Adds stored cells into `into`; a value of another size (a future grid) is refused rather than misread. */
export function addEncodedCells(into: Float64Array | Float32Array, bytes: Uint8Array): void {
  if (bytes.byteLength !== HEATMAP_CELLS * 4)
    throw new Error(`heat cells of ${bytes.byteLength} bytes, expected ${HEATMAP_CELLS * 4}`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let i = 0; i < HEATMAP_CELLS; i++) into[i] = into[i]! + view.getFloat32(i * 4, true);
}

/** Pearson correlation of two grids (the accuracy bench's figure); NaN when either is flat. */
export function pearson(a: ArrayLike<number>, b: ArrayLike<number>): number {
  const n = Math.min(a.length, b.length);
  let sa = 0;
  let sb = 0;
  for (let i = 0; i < n; i++) {
    sa += a[i]!;
    sb += b[i]!;
  }
  const ma = sa / n;
  const mb = sb / n;
  let cov = 0;
  let va = 0;
  let vb = 0;
  for (let i = 0; i < n; i++) {
    const da = a[i]! - ma;
    const db = b[i]! - mb;
    cov += da * db;
    va += da * da;
    vb += db * db;
  }
  return va > 0 && vb > 0 ? cov / Math.sqrt(va * vb) : Number.NaN;
}
