// Finds which simulated frame a player showed: the picture drawn from the <video> (grey, full size) is
// compared with the simulator's own renderings of every frame on the camera's fps grid before the draw.
// The simulator is deterministic in the frame's wall-clock time, so the best match is the frame's capture time.

/** Grey level of RGB, the same integer formula in the page and here. */
export const greyOf = (r: number, g: number, b: number) => (r * 77 + g * 150 + b * 29) >> 8;

/** Grey picture of an RGB24 buffer. */
export function greyFromRgb(rgb: Buffer): Uint8Array {
  const grey = new Uint8Array(rgb.length / 3);
  for (let i = 0; i < grey.length; i++) grey[i] = greyOf(rgb[3 * i]!, rgb[3 * i + 1]!, rgb[3 * i + 2]!);
  return grey;
}

export interface FrameMatch {
  /** Capture time of the best candidate, or null when the match was not clear. */
  capturedAt: number | null;
  /** Mean absolute grey difference over the changing pixels: best and runner-up. */
  best: number;
  second: number;
  /** Pixels compared (those that differ between the candidates). */
  maskPixels: number;
  /** Why the sample was dropped. */
  rejected?: string;
}

export interface MatchOptions {
  /** A pixel is compared when its grey level spans more than this over the candidates. */
  changeThreshold?: number;
  /** The best must be below this fraction of the runner-up. */
  maxRatio?: number;
}

/**
 * Matches `shown` against the candidates (capture time → grey picture). Only pixels that change between the
 * candidates are compared (people, cars, the clock's digits): the static background carries the codec's
 * error but no information. The match counts only when the best distance is clearly below the runner-up's
 * (two candidates rendering the same picture make it ambiguous, and the sample is dropped).
 */
export function matchFrame(
  shown: Uint8Array,
  candidates: readonly { time: number; grey: Uint8Array }[],
  options: MatchOptions = {},
): FrameMatch {
  const changeThreshold = options.changeThreshold ?? 24;
  const maxRatio = options.maxRatio ?? 0.5;
  const mask: number[] = [];
  for (let i = 0; i < shown.length; i++) {
    let lo = 255;
    let hi = 0;
    for (const c of candidates) {
      const v = c.grey[i]!;
      if (v < lo) lo = v;
      if (v > hi) hi = v;
    }
    if (hi - lo > changeThreshold) mask.push(i);
  }
  if (mask.length === 0)
    return { capturedAt: null, best: NaN, second: NaN, maskPixels: 0, rejected: 'still' };
  const distance = (c: Uint8Array) => {
    let sum = 0;
    for (const i of mask) sum += Math.abs(shown[i]! - c[i]!);
    return sum / mask.length;
  };
  const scored = candidates.map((c) => ({ time: c.time, d: distance(c.grey) })).sort((a, b) => a.d - b.d);
  const best = scored[0]!;
  const second = scored[1]?.d ?? Infinity;
  const result = { best: best.d, second, maskPixels: mask.length };
  if (!(best.d < maxRatio * second)) return { ...result, capturedAt: null, rejected: 'no clear minimum' };
  return { ...result, capturedAt: best.time };
}
