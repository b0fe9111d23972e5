// Choosing IDENTITY_MATCH_THRESHOLD (staff.ts) on synthetic people, through the real descriptor and distance
// (appearance.ts). Each outfit (a top and a bottom colour) is drawn on a textured shop background under the
// conditions of different days: the camera's gain up and down, warm and cool light, an ambient offset, the
// person in shade or in a spot of light (only the person changes, not the picture), sensor noise, folds in the
// cloth, another place and size in the picture, a box that sits a little off. "Same" pairs are two such
// pictures of one outfit; "different" pairs are two outfits that differ in at least one garment of a clearly
// different colour. Neighbouring colours (black and charcoal, navy and black, white and light grey) are
// measured apart: colour histograms cannot tell them, nor two people in one uniform.
import { describe, expect, it } from 'vitest';
import { appearanceDistance, describeAppearance } from './appearance.ts';
import { IDENTITY_MATCH_THRESHOLD } from './staff.ts';
import type { NormBox, RgbFrame } from './types.ts';

type Rgb = readonly [number, number, number];

const W = 320;
const H = 180;

/** A small seeded generator (mulberry32), so every run draws the same people. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const byte = (v: number) => (v < 0 ? 0 : v > 255 ? 255 : Math.round(v));

/** Wall, floor, a shelf of goods and a doorway: a fixed scene of the camera, with its own texture. */
function shopScene(): Float32Array {
  const rnd = random(7);
  const px = new Float32Array(W * H * 3);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const i = (y * W + x) * 3;
      let c: Rgb = y > H * 0.62 ? [138, 128, 112] : [196, 192, 180];
      if (x > W * 0.72 && y < H * 0.62) c = [96, 104, 110]; // the doorway
      if (x < W * 0.18 && y > H * 0.2 && y < H * 0.6) c = (x >> 3) % 2 ? [170, 60, 50] : [60, 110, 160]; // goods
      const n = (rnd() - 0.5) * 16;
      px[i] = c[0] + n + x * 0.05;
      px[i + 1] = c[1] + n + x * 0.04;
      px[i + 2] = c[2] + n;
    }
  return px;
}

interface Conditions {
  gain: number;
  /** Multipliers of red and blue (colour temperature). */
  warm: number;
  offset: number;
  /** Gain on the person only (shade, a spot of light). */
  local: number;
  noise: number;
  box: NormBox;
  /** The detector's box relative to the drawn person: shifted and scaled a little. */
  jitter: NormBox;
}

/** The conditions of one sighting: another day, another place in the picture. */
function conditions(rnd: () => number): Conditions {
  const h = 0.45 + rnd() * 0.4;
  const w = h * 0.42 * (H / W);
  const x = 0.2 + rnd() * (0.75 - w - 0.2);
  const y = Math.min(1 - h, 0.08 + rnd() * 0.3);
  return {
    gain: 0.6 + rnd() * 0.9,
    warm: 0.94 + rnd() * 0.12,
    offset: (rnd() - 0.5) * 30,
    local: 0.8 + rnd() * 0.35,
    noise: 4 + rnd() * 8,
    box: { x, y, w, h },
    jitter: {
      x: (rnd() - 0.5) * 0.1 * w,
      y: (rnd() - 0.5) * 0.06 * h,
      w: 0.9 + rnd() * 0.2,
      h: 0.94 + rnd() * 0.1,
    },
  };
}

/** Draws the person (head, arms and torso in the top, legs apart in the bottom, shoes) and lights the picture. */
function render(scene: Float32Array, top: Rgb, bottom: Rgb, c: Conditions, seed: number): RgbFrame {
  const rnd = random(seed);
  const px = scene.slice();
  const { x: bx, y: by, w: bw, h: bh } = c.box;
  const person = new Uint8Array(W * H);
  const paint = (x0: number, y0: number, x1: number, y1: number, colour: Rgb, folds: boolean) => {
    const X0 = Math.round((bx + x0 * bw) * W);
    const X1 = Math.round((bx + x1 * bw) * W);
    const Y0 = Math.round((by + y0 * bh) * H);
    const Y1 = Math.round((by + y1 * bh) * H);
    for (let y = Math.max(0, Y0); y < Math.min(H, Y1); y++)
      for (let x = Math.max(0, X0); x < Math.min(W, X1); x++) {
        // Cloth is darker at its sides (roundness) and in folds.
        const across = (x - X0 + 0.5) / Math.max(1, X1 - X0);
        const shade = folds
          ? 0.78 + 0.22 * Math.sin(Math.PI * across) - 0.06 * ((y >> 2) % 3 === 0 ? 1 : 0)
          : 1;
        const i = (y * W + x) * 3;
        px[i] = colour[0] * shade;
        px[i + 1] = colour[1] * shade;
        px[i + 2] = colour[2] * shade;
        person[y * W + x] = 1;
      }
  };
  paint(0.36, 0, 0.64, 0.15, [205, 165, 135], false); // head
  paint(0.2, 0.15, 0.8, 0.52, top, true); // torso
  paint(0.04, 0.17, 0.2, 0.48, top, true); // arms
  paint(0.8, 0.17, 0.96, 0.48, top, true);
  paint(0.06, 0.48, 0.18, 0.54, [205, 165, 135], false); // hands
  paint(0.82, 0.48, 0.94, 0.54, [205, 165, 135], false);
  paint(0.24, 0.52, 0.48, 0.94, bottom, true); // legs
  paint(0.52, 0.52, 0.76, 0.94, bottom, true);
  paint(0.22, 0.94, 0.5, 1, [35, 32, 30], false); // shoes
  paint(0.5, 0.94, 0.78, 1, [35, 32, 30], false);
  const data = new Uint8Array(W * H * 3);
  for (let p = 0; p < W * H; p++) {
    const local = person[p] ? c.local : 1;
    for (let k = 0; k < 3; k++) {
      const cast = k === 0 ? c.warm : k === 2 ? 2 - c.warm : 1;
      data[p * 3 + k] = byte(px[p * 3 + k]! * c.gain * cast * local + c.offset + (rnd() - 0.5) * 2 * c.noise);
    }
  }
  return { width: W, height: H, data };
}

/** The detector's box: the drawn one, a little off. */
const detected = (c: Conditions): NormBox => ({
  x: c.box.x + c.jitter.x,
  y: c.box.y + c.jitter.y,
  w: c.box.w * c.jitter.w,
  h: c.box.h * c.jitter.h,
});

const COLOURS = {
  black: [24, 24, 27],
  white: [232, 232, 226],
  grey: [128, 128, 130],
  navy: [28, 38, 92],
  blue: [45, 90, 185],
  skyBlue: [135, 180, 225],
  denim: [70, 92, 135],
  red: [185, 30, 38],
  green: [40, 125, 62],
  olive: [100, 104, 48],
  beige: [200, 180, 138],
  brown: [112, 74, 44],
  yellow: [222, 190, 48],
  pink: [232, 150, 172],
  orange: [224, 118, 38],
  purple: [100, 50, 140],
} as const satisfies Record<string, Rgb>;
type Colour = keyof typeof COLOURS;

/**
 * Families of colours that colour histograms are not expected to tell apart under changing light: one hue in
 * darker and lighter shades (navy, denim, sky blue), and the greys with the palest colours. Two outfits whose
 * garments are each of one family are "neighbours" (the known limit), measured apart.
 */
const FAMILIES: readonly (readonly Colour[])[] = [
  ['black', 'grey', 'white', 'beige', 'navy'],
  ['navy', 'blue', 'skyBlue', 'denim', 'purple', 'grey'],
  ['red', 'pink', 'orange', 'purple'],
  ['orange', 'beige', 'brown', 'yellow', 'olive'],
  ['green', 'olive'],
  ['pink', 'beige', 'white'],
];
const isNeighbour = (a: Colour, b: Colour) => a === b || FAMILIES.some((f) => f.includes(a) && f.includes(b));

const TOPS: readonly Colour[] = Object.keys(COLOURS) as Colour[];
const BOTTOMS: readonly Colour[] = ['black', 'navy', 'denim', 'grey', 'beige', 'brown', 'white', 'olive'];

interface Outfit {
  top: Colour;
  bottom: Colour;
}
const OUTFITS: Outfit[] = TOPS.flatMap((top) => BOTTOMS.map((bottom) => ({ top, bottom })));

/** How the two outfits differ: 'same', 'neighbour' (only in neighbouring colours) or 'different'. */
function relation(a: Outfit, b: Outfit): 'same' | 'neighbour' | 'different' {
  if (a.top === b.top && a.bottom === b.bottom) return 'same';
  return isNeighbour(a.top, b.top) && isNeighbour(a.bottom, b.bottom) ? 'neighbour' : 'different';
}

const SIGHTINGS = 4;

function measure() {
  const scene = shopScene();
  const rnd = random(20261125);
  const descriptors = OUTFITS.map((outfit, o) =>
    Array.from({ length: SIGHTINGS }, (_, s) => {
      const c = conditions(rnd);
      const frame = render(scene, COLOURS[outfit.top], COLOURS[outfit.bottom], c, o * 97 + s);
      return Array.from(describeAppearance(frame, detected(c)));
    }),
  );
  const same: number[] = [];
  /** A sighting against the mean of the outfit's other sightings (what the gallery keeps). */
  const sameToMean: number[] = [];
  const neighbour: number[] = [];
  const different: number[] = [];
  for (let a = 0; a < OUTFITS.length; a++) {
    const da = descriptors[a]!;
    for (let i = 0; i < SIGHTINGS; i++) {
      for (let j = i + 1; j < SIGHTINGS; j++) same.push(appearanceDistance(da[i]!, da[j]!));
      const others = da.filter((_, k) => k !== i);
      const mean = others[0]!.map((_, k) => others.reduce((sum, d) => sum + d[k]!, 0) / others.length);
      sameToMean.push(appearanceDistance(da[i]!, mean));
    }
    for (let b = a + 1; b < OUTFITS.length; b++) {
      const d = appearanceDistance(da[(a + b) % SIGHTINGS]!, descriptors[b]![(a * b) % SIGHTINGS]!);
      (relation(OUTFITS[a]!, OUTFITS[b]!) === 'neighbour' ? neighbour : different).push(d);
    }
  }
  return { same, sameToMean, neighbour, different };
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
};
const share = (values: number[], test: (v: number) => boolean) => values.filter(test).length / values.length;
const round = (v: number) => Math.round(v * 1000) / 1000;

describe('IDENTITY_MATCH_THRESHOLD on synthetic people', () => {
  const { same, sameToMean, neighbour, different } = measure();
  const t = IDENTITY_MATCH_THRESHOLD;
  const summary = {
    threshold: t,
    same: {
      pairs: same.length,
      p50: round(quantile(same, 0.5)),
      p95: round(quantile(same, 0.95)),
      max: round(Math.max(...same)),
      missed: round(share(same, (d) => d > t)),
    },
    sameToMean: {
      p95: round(quantile(sameToMean, 0.95)),
      max: round(Math.max(...sameToMean)),
      missed: round(share(sameToMean, (d) => d > t)),
    },
    different: {
      pairs: different.length,
      min: round(Math.min(...different)),
      p1: round(quantile(different, 0.01)),
      p5: round(quantile(different, 0.05)),
      merged: round(share(different, (d) => d <= t)),
    },
    neighbour: {
      pairs: neighbour.length,
      p50: round(quantile(neighbour, 0.5)),
      merged: round(share(neighbour, (d) => d <= t)),
    },
  };
  console.log(JSON.stringify(summary));
  if (process.env.STAFF_DIAG)
    for (let x = 0.1; x < 0.5; x += 0.025)
      // Share of same-outfit pairs a threshold x splits, and of different and neighbouring ones it merges.
      console.log(
        round(x),
        'missed',
        round(share(same, (d) => d > x)),
        'merged',
        round(share(different, (d) => d <= x)),
        'neighbours merged',
        round(share(neighbour, (d) => d <= x)),
      );

  it('takes the same clothes under another light, place and box for the same person', () => {
    expect(share(same, (d) => d <= t)).toBeGreaterThanOrEqual(0.98);
  });

  it('keeps clearly different clothes apart', () => {
    expect(share(different, (d) => d <= t)).toBeLessThanOrEqual(0.005);
  });

  it('lies in the gap between the two', () => {
    expect(quantile(same, 0.95)).toBeLessThan(t);
    expect(quantile(different, 0.01)).toBeGreaterThan(t);
  });

  it('cannot tell two people in one uniform apart, nor one person in other clothes (the known limit)', () => {
    const scene = shopScene();
    const rnd = random(99);
    const sighting = (top: Rgb, bottom: Rgb, seed: number) => {
      const c = conditions(rnd);
      return describeAppearance(render(scene, top, bottom, c, seed), detected(c));
    };
    const uniform = [COLOURS.navy, COLOURS.black] as const;
    expect(appearanceDistance(sighting(...uniform, 1), sighting(...uniform, 2))).toBeLessThanOrEqual(t);
    expect(
      appearanceDistance(sighting(...uniform, 3), sighting(COLOURS.red, COLOURS.beige, 4)),
    ).toBeGreaterThan(t);
  });
});
