// Drawing on an RGB24 frame (3 bytes per pixel, rows top to bottom): filled rectangles and ellipses,
// clipped to the frame. Plain loops over Buffers; the simulator's cost is mostly here.

export type Rgb = readonly [number, number, number];

export interface Raster {
  width: number;
  height: number;
  data: Buffer;
}

export function createRaster(width: number, height: number): Raster {
  return { width, height, data: Buffer.alloc(width * height * 3) };
}

/** Fills [x, x+w) × [y, y+h), clipped; fractional edges round to the nearest pixel. */
export function fillRect(raster: Raster, x: number, y: number, w: number, h: number, color: Rgb): void {
  const x0 = Math.max(0, Math.round(x));
  const y0 = Math.max(0, Math.round(y));
  const x1 = Math.min(raster.width, Math.round(x + w));
  const y1 = Math.min(raster.height, Math.round(y + h));
  if (x1 <= x0 || y1 <= y0) return;
  const { data, width } = raster;
  const [r, g, b] = color;
  // Paint the first row, then copy it to the others.
  const rowStart = (y0 * width + x0) * 3;
  for (let i = rowStart, end = rowStart + (x1 - x0) * 3; i < end; i += 3) {
    data[i] = r;
    data[i + 1] = g;
    data[i + 2] = b;
  }
  const rowBytes = (x1 - x0) * 3;
  for (let yy = y0 + 1; yy < y1; yy++) data.copy(data, (yy * width + x0) * 3, rowStart, rowStart + rowBytes);
}

/** Fills the ellipse inscribed in the rectangle [x, x+w) × [y, y+h), clipped. */
export function fillEllipse(raster: Raster, x: number, y: number, w: number, h: number, color: Rgb): void {
  const cx = x + w / 2;
  const cy = y + h / 2;
  const rx = w / 2;
  const ry = h / 2;
  if (rx <= 0 || ry <= 0) return;
  const y0 = Math.max(0, Math.round(y));
  const y1 = Math.min(raster.height, Math.round(y + h));
  for (let yy = y0; yy < y1; yy++) {
    const dy = (yy + 0.5 - cy) / ry;
    const span = dy * dy >= 1 ? 0 : rx * Math.sqrt(1 - dy * dy);
    fillRect(raster, cx - span, yy, span * 2, 1, color);
  }
}

/** A colour scaled by a brightness factor (0..1+), clamped to 0..255. */
export function shade(color: Rgb, factor: number): Rgb {
  const f = (v: number) => Math.max(0, Math.min(255, Math.round(v * factor)));
  return [f(color[0]), f(color[1]), f(color[2])];
}

/** The pixels a drawing touched: [x0, x1) × [y0, y1); empty while x1 <= x0. */
export interface Bounds {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export const emptyBounds = (): Bounds => ({ x0: Infinity, y0: Infinity, x1: -Infinity, y1: -Infinity });

/** Pixels covered by less than this are left alone (so a figure's box ends where it visibly ends). */
const MIN_COVERAGE = 0.25;

/** Width in pixels over which a shape with an edge colour shades from the edge colour to its own. */
const EDGE_WIDTH = 1.3;

/**
 * Blends `color` into the pixels of [x0, x1) × [y0, y1) (clipped) by how far inside the shape each pixel
 * centre lies (`inside`, in pixels, negative outside): covered by half at the outline, fully a pixel in
 * (anti-aliased). With an `edge` colour the rim shades from it to `color` (an outline that sets a limb
 * apart from what lies behind it). Adds the touched pixels to `bounds`.
 */
function fillInside(
  raster: Raster,
  x0: number,
  y0: number,
  x1: number,
  y1: number,
  inside: (px: number, py: number) => number,
  color: Rgb,
  bounds?: Bounds,
  edge?: Rgb,
): void {
  const xs = Math.max(0, Math.floor(x0));
  const ys = Math.max(0, Math.floor(y0));
  const xe = Math.min(raster.width, Math.ceil(x1));
  const ye = Math.min(raster.height, Math.ceil(y1));
  const { data, width } = raster;
  const [r, g, b] = color;
  const [er, eg, eb] = edge ?? color;
  for (let y = ys; y < ye; y++) {
    let i = (y * width + xs) * 3;
    for (let x = xs; x < xe; x++, i += 3) {
      const d = inside(x + 0.5, y + 0.5);
      const a = d + 0.5;
      if (a < MIN_COVERAGE) continue;
      let cr = r;
      let cg = g;
      let cb = b;
      if (edge && d < EDGE_WIDTH) {
        const t = Math.max(0, d) / EDGE_WIDTH;
        cr = er + (r - er) * t;
        cg = eg + (g - eg) * t;
        cb = eb + (b - eb) * t;
      }
      if (a >= 1) {
        data[i] = Math.round(cr);
        data[i + 1] = Math.round(cg);
        data[i + 2] = Math.round(cb);
      } else {
        data[i] = Math.round(data[i]! + (cr - data[i]!) * a);
        data[i + 1] = Math.round(data[i + 1]! + (cg - data[i + 1]!) * a);
        data[i + 2] = Math.round(data[i + 2]! + (cb - data[i + 2]!) * a);
      }
      if (bounds) {
        if (x < bounds.x0) bounds.x0 = x;
        if (x >= bounds.x1) bounds.x1 = x + 1;
        if (y < bounds.y0) bounds.y0 = y;
        if (y >= bounds.y1) bounds.y1 = y + 1;
      }
    }
  }
}

/**
 * A thick anti-aliased line with round ends from (ax, ay) to (bx, by), its radius going from r0 at a to
 * r1 at b (a limb).
 */
export function fillCapsule(
  raster: Raster,
  ax: number,
  ay: number,
  bx: number,
  by: number,
  r0: number,
  r1: number,
  color: Rgb,
  bounds?: Bounds,
  edge?: Rgb,
): void {
  const dx = bx - ax;
  const dy = by - ay;
  const len2 = dx * dx + dy * dy;
  const rMax = Math.max(r0, r1) + 1;
  fillInside(
    raster,
    Math.min(ax, bx) - rMax,
    Math.min(ay, by) - rMax,
    Math.max(ax, bx) + rMax,
    Math.max(ay, by) + rMax,
    (px, py) => {
      const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / len2));
      const ex = px - ax - t * dx;
      const ey = py - ay - t * dy;
      return r0 + (r1 - r0) * t - Math.sqrt(ex * ex + ey * ey);
    },
    color,
    bounds,
    edge,
  );
}

/** A convex polygon (points as x0, y0, x1, y1, …, either winding), anti-aliased. */
export function fillConvexPolygon(
  raster: Raster,
  points: readonly number[],
  color: Rgb,
  bounds?: Bounds,
  edge?: Rgb,
): void {
  const n = points.length / 2;
  if (n < 3) return;
  let area = 0;
  for (let k = 0; k < n; k++) {
    const j = (k + 1) % n;
    area += points[2 * k]! * points[2 * j + 1]! - points[2 * j]! * points[2 * k + 1]!;
  }
  const sign = area >= 0 ? 1 : -1;
  // Each edge as a line a·x + b·y + c ≥ 0 inside, (a, b) a unit normal.
  const edges: number[] = [];
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (let k = 0; k < n; k++) {
    const j = (k + 1) % n;
    const x0 = points[2 * k]!;
    const y0 = points[2 * k + 1]!;
    const ex = points[2 * j]! - x0;
    const ey = points[2 * j + 1]! - y0;
    const len = Math.hypot(ex, ey);
    if (len === 0) continue;
    const a = (-ey / len) * sign;
    const b = (ex / len) * sign;
    edges.push(a, b, -(a * x0 + b * y0));
    minX = Math.min(minX, x0);
    maxX = Math.max(maxX, x0);
    minY = Math.min(minY, y0);
    maxY = Math.max(maxY, y0);
  }
  fillInside(
    raster,
    minX - 1,
    minY - 1,
    maxX + 1,
    maxY + 1,
    (px, py) => {
      let inside = Infinity;
      for (let e = 0; e < edges.length; e += 3) {
        const d = edges[e]! * px + edges[e + 1]! * py + edges[e + 2]!;
        if (d < inside) inside = d;
      }
      return inside;
    },
    color,
    bounds,
    edge,
  );
}

/** An anti-aliased ellipse centred on (cx, cy) with radii rx, ry. */
export function fillSmoothEllipse(
  raster: Raster,
  cx: number,
  cy: number,
  rx: number,
  ry: number,
  color: Rgb,
  bounds?: Bounds,
  edge?: Rgb,
): void {
  if (rx <= 0 || ry <= 0) return;
  const rMin = Math.min(rx, ry);
  fillInside(
    raster,
    cx - rx - 1,
    cy - ry - 1,
    cx + rx + 1,
    cy + ry + 1,
    (px, py) => {
      const nx = (px - cx) / rx;
      const ny = (py - cy) / ry;
      return (1 - Math.sqrt(nx * nx + ny * ny)) * rMin;
    },
    color,
    bounds,
    edge,
  );
}
