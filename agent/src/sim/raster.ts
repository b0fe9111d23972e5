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
