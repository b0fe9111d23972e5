// The appearance descriptor on synthetic pictures: people drawn as head, torso and legs in known colours on a
// textured background. Same clothes stay close through box shifts, another place in the picture and lighting
// changes; other clothes are far.
import { describe, expect, it } from 'vitest';
import {
  DESCRIPTOR_LENGTH,
  appearanceDistance,
  describeAppearance,
  describeDetections,
  mayHide,
} from './appearance.ts';
import type { Detection, NormBox, RgbFrame } from './types.ts';

type Rgb = readonly [number, number, number];

const W = 256;
const H = 144;

/** A background with a horizontal gradient, a floor and a little pixel noise (seeded). */
function backgroundFrame(seed = 1): RgbFrame {
  const data = new Uint8Array(W * H * 3);
  let s = seed;
  const noise = () => {
    s = (s * 1103515245 + 12345) >>> 0;
    return ((s >>> 16) % 13) - 6;
  };
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const i = (y * W + x) * 3;
      const floor = y > H * 0.6;
      data[i] = clampByte((floor ? 120 : 170) + (x >> 3) + noise());
      data[i + 1] = clampByte((floor ? 110 : 165) + (x >> 4) + noise());
      data[i + 2] = clampByte((floor ? 95 : 150) + noise());
    }
  }
  return { width: W, height: H, data };
}

/** Draws a person filling `box`: head (skin), torso in `shirt` with arms, legs in `trousers`, dark shoes. */
function drawPerson(frame: RgbFrame, box: NormBox, shirt: Rgb, trousers: Rgb): void {
  const fill = (x0: number, y0: number, x1: number, y1: number, c: Rgb) => {
    for (let y = Math.max(0, Math.round(y0 * H)); y < Math.min(H, Math.round(y1 * H)); y++) {
      for (let x = Math.max(0, Math.round(x0 * W)); x < Math.min(W, Math.round(x1 * W)); x++) {
        const i = (y * W + x) * 3;
        frame.data[i] = c[0];
        frame.data[i + 1] = c[1];
        frame.data[i + 2] = c[2];
      }
    }
  };
  const { x, y, w, h } = box;
  fill(x + 0.35 * w, y, x + 0.65 * w, y + 0.14 * h, [200, 160, 130]);
  fill(x + 0.1 * w, y + 0.14 * h, x + 0.9 * w, y + 0.52 * h, shirt);
  fill(x + 0.2 * w, y + 0.52 * h, x + 0.8 * w, y + 0.94 * h, trousers);
  fill(x + 0.2 * w, y + 0.94 * h, x + 0.8 * w, y + h, [30, 30, 30]);
}

function relit(frame: RgbFrame, gain: number, offset = 0): RgbFrame {
  return { ...frame, data: frame.data.map((v) => clampByte(v * gain + offset)) };
}

function clampByte(v: number): number {
  return Math.max(0, Math.min(255, Math.round(v)));
}

const RED: Rgb = [190, 40, 40];
const NAVY: Rgb = [30, 40, 90];
const SKY: Rgb = [120, 170, 230];
const GREEN: Rgb = [50, 150, 60];
const BLACK: Rgb = [25, 25, 28];
const WHITE: Rgb = [235, 235, 235];
const BEIGE: Rgb = [200, 180, 140];

const box = (x: number, y = 0.3, h = 0.5): NormBox => ({ x, y, w: h * 0.35 * (H / W) * 1.6, h });

function personDescriptor(shirt: Rgb, trousers: Rgb, b: NormBox, edit?: (f: RgbFrame) => RgbFrame) {
  const frame = backgroundFrame();
  drawPerson(frame, b, shirt, trousers);
  return describeAppearance(edit ? edit(frame) : frame, b);
}

describe('describeAppearance', () => {
  it('gives DESCRIPTOR_LENGTH non-negative floats summing to 1', () => {
    const d = personDescriptor(RED, NAVY, box(0.3));
    expect(d).toHaveLength(DESCRIPTOR_LENGTH);
    expect(d.every((v) => v >= 0)).toBe(true);
    expect(d.reduce((a, v) => a + v, 0)).toBeCloseTo(1, 5);
  });

  it('keeps the same clothes close through a box shifted by a few pixels and another place in the picture', () => {
    const a = personDescriptor(RED, NAVY, box(0.3));
    const drawn = box(0.6, 0.35, 0.45);
    const frame = backgroundFrame(7);
    drawPerson(frame, drawn, RED, NAVY);
    // The detector's box is 3 px off to the right and 2 px low, and a little larger.
    const shifted = { x: drawn.x + 3 / W, y: drawn.y + 2 / H, w: drawn.w * 1.08, h: drawn.h * 1.04 };
    expect(appearanceDistance(a, describeAppearance(frame, shifted))).toBeLessThan(0.12);
  });

  it('tells other clothes apart, each part on its own', () => {
    const a = personDescriptor(RED, NAVY, box(0.3));
    expect(appearanceDistance(a, personDescriptor(GREEN, BLACK, box(0.3)))).toBeGreaterThan(0.5);
    // Same shirt, other trousers; same trousers, other shirt: half the descriptor differs.
    expect(appearanceDistance(a, personDescriptor(RED, BEIGE, box(0.3)))).toBeGreaterThan(0.25);
    expect(appearanceDistance(a, personDescriptor(GREEN, NAVY, box(0.3)))).toBeGreaterThan(0.25);
  });

  it('tells dark from light tints of one hue, and black from white clothes', () => {
    expect(
      appearanceDistance(personDescriptor(NAVY, NAVY, box(0.3)), personDescriptor(SKY, SKY, box(0.3))),
    ).toBeGreaterThan(0.4);
    expect(
      appearanceDistance(personDescriptor(BLACK, BLACK, box(0.3)), personDescriptor(WHITE, WHITE, box(0.3))),
    ).toBeGreaterThan(0.6);
  });

  it('stays close when the lighting changes (gain up and down, an offset)', () => {
    for (const [shirt, trousers] of [
      [RED, NAVY],
      [WHITE, BLACK],
      [SKY, BEIGE],
    ] as const) {
      const a = personDescriptor(shirt, trousers, box(0.3));
      const other = personDescriptor(GREEN, WHITE, box(0.3));
      for (const [gain, offset] of [
        [0.6, 0],
        [1.3, 0],
        [0.8, 12],
      ] as const) {
        const lit = personDescriptor(shirt, trousers, box(0.3), (f) => relit(f, gain, offset));
        const d = appearanceDistance(a, lit);
        expect(d).toBeLessThan(0.1);
        expect(d).toBeLessThan(appearanceDistance(other, lit) / 3);
      }
    }
  });

  it('gives a flat descriptor for a box outside the picture', () => {
    const d = describeAppearance(backgroundFrame(), { x: 1.2, y: 0.2, w: 0.1, h: 0.3 });
    expect(d.reduce((a, v) => a + v, 0)).toBeCloseTo(1, 5);
    expect(Math.max(...d)).toBeCloseTo(Math.min(...d), 6);
  });
});

describe('describeDetections', () => {
  it('describes the person behind without the pixels of the one in front', () => {
    const back = box(0.4, 0.25, 0.45); // feet at 0.70
    const front = box(0.46, 0.32, 0.5); // feet at 0.82: nearer, drawn over part of the back one
    const frame = backgroundFrame();
    drawPerson(frame, back, GREEN, BEIGE);
    drawPerson(frame, front, RED, NAVY);
    const detections: Detection[] = [
      { box: back, score: 0.6 },
      { box: front, score: 0.9 },
    ];
    describeDetections(frame, detections);
    const alone = (shirt: Rgb, trousers: Rgb, b: NormBox) => personDescriptor(shirt, trousers, b);
    const [backDescriptor, frontDescriptor] = detections.map((d) => d.descriptor!);
    // Unmasked, part of the back box shows the front person's clothes.
    const unmasked = appearanceDistance(describeAppearance(frame, back), alone(GREEN, BEIGE, back));
    const masked = appearanceDistance(backDescriptor!, alone(GREEN, BEIGE, back));
    expect(masked).toBeLessThan(0.15);
    expect(unmasked).toBeGreaterThan(masked + 0.1);
    expect(appearanceDistance(backDescriptor!, alone(RED, NAVY, front))).toBeGreaterThan(0.6);
    expect(appearanceDistance(frontDescriptor!, alone(RED, NAVY, front))).toBeLessThan(0.1);
  });

  it('leaves a person hidden almost entirely without a descriptor', () => {
    const back = box(0.4, 0.25, 0.45);
    const front = { x: back.x - 0.02, y: back.y + 0.05, w: back.w + 0.04, h: back.h + 0.02 };
    const detections: Detection[] = [
      { box: back, score: 0.3 },
      { box: front, score: 0.9 },
    ];
    describeDetections(backgroundFrame(), detections);
    expect(detections[0]!.descriptor).toBeUndefined();
    expect(detections[1]!.descriptor).toHaveLength(DESCRIPTOR_LENGTH);
  });

  it('treats people at about the same depth as hiding each other', () => {
    const a = { x: 0.4, y: 0.3, w: 0.1, h: 0.4 };
    const b = { x: 0.45, y: 0.31, w: 0.1, h: 0.4 };
    expect(mayHide(a, b) && mayHide(b, a)).toBe(true);
    const far = { x: 0.45, y: 0.2, w: 0.1, h: 0.4 };
    expect(mayHide(a, far)).toBe(true);
    expect(mayHide(far, a)).toBe(false);
    expect(mayHide(a, { x: 0.7, y: 0.3, w: 0.1, h: 0.4 })).toBe(false);
  });
});

describe('appearanceDistance', () => {
  it('is 0 for the same descriptor, symmetric, and 1 for descriptors with nothing in common', () => {
    const a = personDescriptor(RED, NAVY, box(0.3));
    const b = personDescriptor(GREEN, WHITE, box(0.5));
    expect(appearanceDistance(a, a)).toBeCloseTo(0, 6);
    expect(appearanceDistance(a, b)).toBeCloseTo(appearanceDistance(b, a), 9);
    const left = new Array<number>(DESCRIPTOR_LENGTH).fill(0);
    const right = new Array<number>(DESCRIPTOR_LENGTH).fill(0);
    left[0] = 1;
    right[1] = 1;
    expect(appearanceDistance(left, right)).toBe(1);
  });

  it('accepts a stored descriptor (plain rounded numbers)', () => {
    const a = personDescriptor(RED, NAVY, box(0.3));
    const stored = Array.from(a, (v) => Math.round(v * 1e4) / 1e4);
    expect(appearanceDistance(a, stored)).toBeLessThan(0.001);
  });

  it('refuses descriptors of different lengths', () => {
    expect(() => appearanceDistance([1], [0.5, 0.5])).toThrow(/lengths differ/);
  });
});
