// The downloaded heat map image (issue 14 batch download): decoded back with the same PNG library, the heat sits
// on its cell in the screen's colours, empty cells leave the picture as it was, and the band under it carries the
// colour scale and the written lines.
import { HEATMAP_CELLS, HEATMAP_COLS, heatColour } from '@camwatch/contract/heatmap-rules';
import { decode as decodeJpeg, encode as encodeJpeg } from 'jpeg-js';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { GLYPH_HEIGHT, GLYPH_WIDTH, glyphOf, hasGlyph } from './bitmap-font.ts';
import { bandLayout, formatMinutes, renderHeatmapImage } from './heatmap-image.ts';

/** A camera-like JPEG: a gradient, so a pixel copied from the wrong place would show. */
function picture(width: number, height: number): Buffer {
  const data = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      data[i] = (x * 255) / width;
      data[i + 1] = (y * 255) / height;
      data[i + 2] = 90;
      data[i + 3] = 255;
    }
  return encodeJpeg({ width, height, data }, 90).data;
}

const pixel = (png: { width: number; data: Uint8Array }, x: number, y: number) => {
  const i = (y * png.width + x) * 4;
  return [png.data[i]!, png.data[i + 1]!, png.data[i + 2]!] as [number, number, number];
};

/** The middle pixel of a cell in a picture area of `width` × `height`. */
const cellCentre = (cell: number, width: number, height: number) => ({
  x: Math.floor(((cell % HEATMAP_COLS) + 0.5) * (width / HEATMAP_COLS)),
  y: Math.floor((Math.floor(cell / HEATMAP_COLS) + 0.5) * (height / 18)),
});

const lines = ['Camera: cam-ABC123', 'Period: 2026-10-01 – 2026-10-31', 'Total: 42 min'];

describe('renderHeatmapImage', () => {
  const jpeg = picture(640, 360);
  const source = decodeJpeg(jpeg, { useTArray: true, formatAsRGBA: true });
  const cells = new Array<number>(HEATMAP_CELLS).fill(0);
  const hot = 5 * HEATMAP_COLS + 10;
  const warm = 12 * HEATMAP_COLS + 25;
  cells[hot] = 600;
  cells[warm] = 150;
  const png = PNG.sync.read(renderHeatmapImage({ picture: jpeg, cells, max: 600, lines }));

  it('keeps the picture’s size and adds the legend band below it', () => {
    expect(png.width).toBe(640);
    expect(png.height).toBe(360 + bandLayout(640, lines.length).height);
  });

  it('draws the hottest cell in the scale’s hottest colour over the picture (reddish)', () => {
    const { x, y } = cellCentre(hot, 640, 360);
    const [r, g, b] = pixel(png, x, y);
    const [hr, hg, hb, alpha] = heatColour(1);
    const under = pixel(source, x, y);
    expect([r, g, b]).toEqual([
      Math.round(under[0]! * (1 - alpha) + hr * alpha),
      Math.round(under[1]! * (1 - alpha) + hg * alpha),
      Math.round(under[2]! * (1 - alpha) + hb * alpha),
    ]);
    expect(r).toBeGreaterThan(g + 60);
    expect(r).toBeGreaterThan(b + 60);
  });

  it('draws a quarter of the largest cell colder than the hottest one', () => {
    const { x, y } = cellCentre(warm, 640, 360);
    const [hr, hg, hb, alpha] = heatColour(0.25);
    const under = pixel(source, x, y);
    expect(pixel(png, x, y)).toEqual([
      Math.round(under[0]! * (1 - alpha) + hr * alpha),
      Math.round(under[1]! * (1 - alpha) + hg * alpha),
      Math.round(under[2]! * (1 - alpha) + hb * alpha),
    ]);
  });

  it('leaves the picture unchanged where nobody stood', () => {
    for (const cell of [0, 1, hot + 1, HEATMAP_CELLS - 1]) {
      const { x, y } = cellCentre(cell, 640, 360);
      expect(pixel(png, x, y), `cell ${cell}`).toEqual(pixel(source, x, y));
    }
  });

  it('shows the colour scale from cold to hot, 0 and the largest cell in minutes, and the lines', () => {
    const layout = bandLayout(640, lines.length);
    const barY = 360 + layout.bar.y + Math.floor(layout.bar.height / 2);
    expect(pixel(png, layout.bar.x + layout.bar.width - 1, barY)).toEqual(heatColour(1).slice(0, 3));
    expect(pixel(png, layout.bar.x, barY)).toEqual(heatColour(1 / layout.bar.width).slice(0, 3));
    // The band is white around its parts.
    expect(pixel(png, 1, 361)).toEqual([255, 255, 255]);
    expect(pixel(png, 639, png.height - 1)).toEqual([255, 255, 255]);
    const inkIn = (top: number, bottom: number) => {
      let ink = 0;
      for (let y = top; y < bottom; y++) for (let x = 0; x < 640; x++) if (pixel(png, x, y)[0]! < 100) ink++;
      return ink;
    };
    const labels = 360 + layout.labelsY;
    expect(inkIn(labels, labels + layout.lineHeight)).toBeGreaterThan(0);
    for (let i = 0; i < lines.length; i++) {
      const top = 360 + layout.linesY + i * layout.lineHeight;
      expect(inkIn(top, top + layout.lineHeight), lines[i]).toBeGreaterThan(0);
    }
  });

  it('writes what it is given: other lines, other pixels', () => {
    const other = PNG.sync.read(
      renderHeatmapImage({ picture: jpeg, cells, max: 600, lines: [...lines.slice(0, 2), 'Total: 43 min'] }),
    );
    expect(Buffer.compare(other.data, png.data)).not.toBe(0);
  });

  it('without a picture draws the heat over a 640 × 360 neutral grey', () => {
    const bare = PNG.sync.read(renderHeatmapImage({ picture: null, cells, max: 600, lines }));
    expect([bare.width, bare.height]).toEqual([640, 360 + bandLayout(640, lines.length).height]);
    const empty = cellCentre(0, 640, 360);
    expect(pixel(bare, empty.x, empty.y)).toEqual([128, 128, 128]);
    const { x, y } = cellCentre(hot, 640, 360);
    expect(pixel(bare, x, y)[0]).toBeGreaterThan(140);
  });

  it('a thumbnail that does not decode is drawn as grey, not an error', () => {
    const bad = PNG.sync.read(
      renderHeatmapImage({ picture: Buffer.from('not a jpeg'), cells, max: 600, lines }),
    );
    expect(pixel(bad, 2, 2)).toEqual([128, 128, 128]);
  });

  it('scales a small thumbnail (480 × 270) up to 640 wide, keeping its shape', () => {
    const small = PNG.sync.read(renderHeatmapImage({ picture: picture(480, 270), cells, max: 600, lines }));
    expect([small.width, small.height]).toEqual([640, 360 + bandLayout(640, lines.length).height]);
    // The gradient runs left to right in red: the scaled picture keeps it.
    expect(pixel(small, 620, 300)[0]!).toBeGreaterThan(pixel(small, 20, 300)[0]! + 150);
  });

  it('draws no heat when every cell is empty (the same picture bytes as above: nothing of their heat stays)', () => {
    const quiet = PNG.sync.read(
      renderHeatmapImage({ picture: jpeg, cells: new Array<number>(HEATMAP_CELLS).fill(0), max: 0, lines }),
    );
    const { x, y } = cellCentre(hot, 640, 360);
    expect(pixel(quiet, x, y)).toEqual(pixel(source, x, y));
  });
});

describe('formatMinutes', () => {
  it('gives tenths below 10 minutes and whole minutes above', () => {
    expect(formatMinutes(0)).toBe('0');
    expect(formatMinutes(90)).toBe('1.5');
    expect(formatMinutes(3_600)).toBe('60');
    expect(formatMinutes(3_629)).toBe('60');
  });
});

describe('bitmap font', () => {
  it('has every printable ASCII character and the en dash, each 5 dots wide and 8 high', () => {
    for (let code = 0x20; code <= 0x7e; code++) {
      const char = String.fromCharCode(code);
      expect(hasGlyph(char), char).toBe(true);
      const rows = glyphOf(char);
      expect(rows, char).toHaveLength(GLYPH_HEIGHT);
      for (const row of rows) expect(row, char).toHaveLength(GLYPH_WIDTH);
    }
    expect(hasGlyph('–')).toBe(true);
  });

  it('draws characters it does not have as “?”', () => {
    expect(glyphOf('カ')).toEqual(glyphOf('?'));
    expect(glyphOf('A')).not.toEqual(glyphOf('B'));
  });
});
