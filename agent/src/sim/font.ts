// A tiny built-in bitmap font (5×7 pixels per glyph) for the camera's clock overlay, so the simulator
// draws text without any font file or library. Only the characters of a date and time exist.
import { fillRect, type Raster, type Rgb } from './raster.ts';

export const GLYPH_WIDTH = 5;
export const GLYPH_HEIGHT = 7;

// Each glyph: 7 rows of 5 bits, most significant bit on the left.
const GLYPHS: Record<string, readonly number[]> = {
  '0': [0x0e, 0x11, 0x13, 0x15, 0x19, 0x11, 0x0e],
  '1': [0x04, 0x0c, 0x04, 0x04, 0x04, 0x04, 0x0e],
  '2': [0x0e, 0x11, 0x01, 0x02, 0x04, 0x08, 0x1f],
  '3': [0x1f, 0x02, 0x04, 0x02, 0x01, 0x11, 0x0e],
  '4': [0x02, 0x06, 0x0a, 0x12, 0x1f, 0x02, 0x02],
  '5': [0x1f, 0x10, 0x1e, 0x01, 0x01, 0x11, 0x0e],
  '6': [0x06, 0x08, 0x10, 0x1e, 0x11, 0x11, 0x0e],
  '7': [0x1f, 0x01, 0x02, 0x04, 0x08, 0x08, 0x08],
  '8': [0x0e, 0x11, 0x11, 0x0e, 0x11, 0x11, 0x0e],
  '9': [0x0e, 0x11, 0x11, 0x0f, 0x01, 0x02, 0x0c],
  '/': [0x01, 0x01, 0x02, 0x04, 0x08, 0x10, 0x10],
  ':': [0x00, 0x0c, 0x0c, 0x00, 0x0c, 0x0c, 0x00],
  '-': [0x00, 0x00, 0x00, 0x1f, 0x00, 0x00, 0x00],
  ' ': [0, 0, 0, 0, 0, 0, 0],
};

/** Width in pixels of `text` drawn at `scale` (one blank column between glyphs). */
export function textWidth(text: string, scale: number): number {
  return text.length === 0 ? 0 : (text.length * (GLYPH_WIDTH + 1) - 1) * scale;
}

/** Draws `text` with its top-left corner at (x, y); unknown characters are left blank. */
export function drawText(
  raster: Raster,
  text: string,
  x: number,
  y: number,
  scale: number,
  color: Rgb,
): void {
  let left = x;
  for (const char of text) {
    const rows = GLYPHS[char] ?? GLYPHS[' ']!;
    rows.forEach((bits, row) => {
      for (let col = 0; col < GLYPH_WIDTH; col++)
        if (bits & (1 << (GLYPH_WIDTH - 1 - col)))
          fillRect(raster, left + col * scale, y + row * scale, scale, scale, color);
    });
    left += (GLYPH_WIDTH + 1) * scale;
  }
}
