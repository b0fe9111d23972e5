// The motion check, the engine's cheapest stage: each analysed picture sampled small and grey and compared with
// the previous one, so the detector is skipped where nothing moved.
import type { RgbFrame } from './types.ts';

/** Grey levels a sampled pixel must move by to count as changed (x264 noise stays well below). */
const PIXEL_THRESHOLD = 24;
/** Sample every STEP-th pixel across and down for the motion check. */
export const SAMPLE_STEP = 4;

/** The small grey picture the motion check compares. */
export function sampleGrey(frame: RgbFrame): Uint8Array {
  const cols = Math.ceil(frame.width / SAMPLE_STEP);
  const rows = Math.ceil(frame.height / SAMPLE_STEP);
  const out = new Uint8Array(cols * rows);
  let o = 0;
  for (let y = 0; y < frame.height; y += SAMPLE_STEP) {
    for (let x = 0; x < frame.width; x += SAMPLE_STEP) {
      const i = (y * frame.width + x) * 3;
      out[o++] = (frame.data[i]! * 77 + frame.data[i + 1]! * 150 + frame.data[i + 2]! * 29) >> 8;
    }
  }
  return out;
}

/** The mean of a grey sample (0..255): how bright the picture is. */
export function meanLuminance(grey: Uint8Array): number {
  let sum = 0;
  for (let i = 0; i < grey.length; i++) sum += grey[i]!;
  return grey.length > 0 ? sum / grey.length : 0;
}

/** Share of sampled pixels that changed between two pictures. */
export function changedShare(a: Uint8Array, b: Uint8Array): number {
  let changed = 0;
  for (let i = 0; i < a.length; i++) if (Math.abs(a[i]! - b[i]!) > PIXEL_THRESHOLD) changed++;
  return a.length === 0 ? 0 : changed / a.length;
}
