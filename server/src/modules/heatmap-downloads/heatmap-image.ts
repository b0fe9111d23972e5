// One downloaded heat map image (advanced.md: heat map, batch download; issue 14 "PNG with the legend and the
// period written on it"): the camera's picture with the heat of each grid cell drawn over it in the screen's
// colours (contract heatColour), and below it a white band with the colour scale from 0 to the largest cell in
// person-minutes and the given text lines. Pure: bytes in, PNG bytes out.
import { HEATMAP_COLS, HEATMAP_ROWS, heatColour } from '@camwatch/contract/heatmap-rules';
import { decode as decodeJpeg } from 'jpeg-js';
import { PNG } from 'pngjs';
import { GLYPH_HEIGHT, GLYPH_WIDTH, glyphOf } from './bitmap-font.ts';

export interface HeatmapImageInput {
  /** The camera's picture (a JPEG thumbnail); null, or bytes that do not decode: a neutral grey picture. */
  picture: Uint8Array | null;
  /** Person-seconds per cell, HEATMAP_COLS × HEATMAP_ROWS values row after row from the top left. */
  cells: readonly number[];
  /** The top of the colour scale (person-seconds); cells at or above it are drawn hottest. */
  max: number;
  /** Written in the band under the picture, one per line (ASCII; other characters show as '?'). */
  lines: readonly string[];
}

/** Pictures narrower than this are scaled up, so the written lines stay readable; wider ones down to the max. */
export const MIN_IMAGE_WIDTH = 640;
export const MAX_IMAGE_WIDTH = 1280;
/** Without a picture: a 16:9 neutral grey, like a camera's. */
const NO_PICTURE = { width: MIN_IMAGE_WIDTH, height: 360, grey: 128 };
const BAND_COLOUR: Rgb = [255, 255, 255];
const INK: Rgb = [33, 33, 33];
/** A decoded thumbnail above this many megapixels is refused (jpeg-js's own guard against a hostile file). */
const MAX_PICTURE_MEGAPIXELS = 40;

type Rgb = readonly [number, number, number];

interface Raster {
  width: number;
  height: number;
  /** RGBA, 4 bytes per pixel. */
  data: Uint8Array;
}

/** `12.5` below 10 minutes, whole minutes from there: what the legend and the written total show. */
export function formatMinutes(personSeconds: number): string {
  const minutes = personSeconds / 60;
  return minutes < 10 ? (Math.round(minutes * 10) / 10).toString() : Math.round(minutes).toString();
}

function decodeJpegOrNull(bytes: Uint8Array): Raster | null {
  try {
    const decoded = decodeJpeg(bytes, {
      useTArray: true,
      formatAsRGBA: true,
      maxResolutionInMP: MAX_PICTURE_MEGAPIXELS,
      maxMemoryUsageInMB: 512,
    });
    return decoded.width > 0 && decoded.height > 0 ? decoded : null;
  } catch {
    // A damaged thumbnail must not cost the user the whole batch: the heat is drawn over grey instead.
    return null;
  }
}

/** The picture at `width` × `height` (bilinear); the picture itself when the size is already right. */
function resize(source: Raster, width: number, height: number): Raster {
  if (source.width === width && source.height === height) return source;
  const data = new Uint8Array(width * height * 4);
  const sx = source.width / width;
  const sy = source.height / height;
  for (let y = 0; y < height; y++) {
    const fy = Math.max(0, (y + 0.5) * sy - 0.5);
    const y0 = Math.min(source.height - 1, Math.floor(fy));
    const y1 = Math.min(source.height - 1, y0 + 1);
    const wy = fy - y0;
    for (let x = 0; x < width; x++) {
      const fx = Math.max(0, (x + 0.5) * sx - 0.5);
      const x0 = Math.min(source.width - 1, Math.floor(fx));
      const x1 = Math.min(source.width - 1, x0 + 1);
      const wx = fx - x0;
      for (let c = 0; c < 3; c++) {
        const at = (px: number, py: number) => source.data[(py * source.width + px) * 4 + c]!;
        const top = at(x0, y0) * (1 - wx) + at(x1, y0) * wx;
        const bottom = at(x0, y1) * (1 - wx) + at(x1, y1) * wx;
        data[(y * width + x) * 4 + c] = Math.round(top * (1 - wy) + bottom * wy);
      }
      data[(y * width + x) * 4 + 3] = 255;
    }
  }
  return { width, height, data };
}

/**
 * Picture areas by the bytes they were made from: a batch draws every day of a camera over the same thumbnail,
 * and decoding a JPEG in JavaScript costs more than drawing and encoding the image. Kept only while the caller
 * holds the bytes; never drawn on (each image gets a copy).
 */
const areas = new WeakMap<Uint8Array, Raster>();

function greyArea(): Raster {
  const { width, height, grey } = NO_PICTURE;
  const data = new Uint8Array(width * height * 4).fill(grey);
  for (let i = 3; i < data.length; i += 4) data[i] = 255;
  return { width, height, data };
}

/** The picture area: the decoded picture at a readable width, or grey; a copy to draw on. */
function pictureArea(bytes: Uint8Array | null): Raster {
  if (!bytes || bytes.length === 0) return greyArea();
  let area = areas.get(bytes);
  if (!area) {
    const picture = decodeJpegOrNull(bytes);
    if (picture) {
      const width = Math.min(MAX_IMAGE_WIDTH, Math.max(MIN_IMAGE_WIDTH, picture.width));
      const height = Math.max(1, Math.round((picture.height * width) / picture.width));
      area = resize(picture, width, height);
    } else area = greyArea();
    areas.set(bytes, area);
  }
  return { width: area.width, height: area.height, data: area.data.slice() };
}

/** The pixel span [from, to) of grid line `index` of `count` over `size` pixels. */
const span = (index: number, count: number, size: number) =>
  [Math.floor((index * size) / count), Math.floor(((index + 1) * size) / count)] as const;

function drawHeat(area: Raster, cells: readonly number[], max: number): void {
  if (!(max > 0)) return;
  for (let row = 0; row < HEATMAP_ROWS; row++) {
    const [y0, y1] = span(row, HEATMAP_ROWS, area.height);
    for (let col = 0; col < HEATMAP_COLS; col++) {
      const [r, g, b, alpha] = heatColour((cells[row * HEATMAP_COLS + col] ?? 0) / max);
      if (alpha === 0) continue;
      const [x0, x1] = span(col, HEATMAP_COLS, area.width);
      for (let y = y0; y < y1; y++)
        for (let x = x0; x < x1; x++) {
          const i = (y * area.width + x) * 4;
          area.data[i] = Math.round(area.data[i]! * (1 - alpha) + r * alpha);
          area.data[i + 1] = Math.round(area.data[i + 1]! * (1 - alpha) + g * alpha);
          area.data[i + 2] = Math.round(area.data[i + 2]! * (1 - alpha) + b * alpha);
        }
    }
  }
}

function fillRect(image: Raster, x: number, y: number, w: number, h: number, [r, g, b]: Rgb): void {
  for (let py = Math.max(0, y); py < Math.min(image.height, y + h); py++)
    for (let px = Math.max(0, x); px < Math.min(image.width, x + w); px++) {
      const i = (py * image.width + px) * 4;
      image.data[i] = r;
      image.data[i + 1] = g;
      image.data[i + 2] = b;
      image.data[i + 3] = 255;
    }
}

/** Width in pixels of `text` written at `scale` (one blank column between glyphs). */
const textWidth = (text: string, scale: number) => [...text].length * (GLYPH_WIDTH + 1) * scale;

/** Writes `text` with its top left at (x, y), each font dot a `scale` × `scale` square; clipped at the edges. */
function writeText(image: Raster, text: string, x: number, y: number, scale: number): void {
  let left = x;
  for (const char of text) {
    const rows = glyphOf(char);
    for (let gy = 0; gy < GLYPH_HEIGHT; gy++)
      for (let gx = 0; gx < GLYPH_WIDTH; gx++)
        if (rows[gy]![gx]) fillRect(image, left + gx * scale, y + gy * scale, scale, scale, INK);
    left += (GLYPH_WIDTH + 1) * scale;
  }
}

/** Where the band's parts sit, in pixels from the band's top; exported for the tests. */
export function bandLayout(width: number, lineCount: number) {
  const scale = Math.max(2, Math.floor(width / 320));
  const margin = 6 * scale;
  const lineHeight = (GLYPH_HEIGHT + 3) * scale;
  const bar = { x: margin, y: margin, width: width - 2 * margin, height: 6 * scale };
  const labelsY = bar.y + bar.height + 2 * scale;
  const linesY = labelsY + lineHeight + 2 * scale;
  return {
    scale,
    margin,
    bar,
    labelsY,
    linesY,
    lineHeight,
    height: linesY + lineCount * lineHeight + margin,
  };
}

/** Renders one heat map image as PNG bytes. */
export function renderHeatmapImage(input: HeatmapImageInput): Buffer {
  const area = pictureArea(input.picture);
  drawHeat(area, input.cells, input.max);
  const layout = bandLayout(area.width, input.lines.length);
  const image: Raster = {
    width: area.width,
    height: area.height + layout.height,
    data: new Uint8Array(area.width * (area.height + layout.height) * 4),
  };
  image.data.set(area.data);
  const top = area.height;
  fillRect(image, 0, top, image.width, layout.height, BAND_COLOUR);
  // The scale: the colour of each share of the largest cell, opaque, cold on the left.
  const { bar, scale } = layout;
  for (let x = 0; x < bar.width; x++) {
    const [r, g, b] = heatColour(Math.max(1e-6, (x + 1) / bar.width));
    fillRect(image, bar.x + x, top + bar.y, 1, bar.height, [r, g, b]);
  }
  writeText(image, '0', bar.x, top + layout.labelsY, scale);
  const maxLabel = `${formatMinutes(Math.max(0, input.max))} min`;
  writeText(image, maxLabel, bar.x + bar.width - textWidth(maxLabel, scale), top + layout.labelsY, scale);
  input.lines.forEach((line, index) =>
    writeText(image, line, layout.margin, top + layout.linesY + index * layout.lineHeight, scale),
  );

  const png = new PNG({ width: image.width, height: image.height });
  png.data = Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength);
  // RGB without alpha: the image is opaque, and a quarter smaller. One filter (Paeth) at level 6 instead of
  // trying all five per row at level 9: as small on camera pictures, and about three times faster.
  return PNG.sync.write(png, { colorType: 2, filterType: 4, deflateLevel: 6 });
}
