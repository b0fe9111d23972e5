// The simulator's people (issue "Vision engine"): figures a person detector can recognise, and ground truth that
// is exact: every visible person's box bounds the pixels drawn for them, tightly, clipped to the frame.
import { describe, expect, it } from 'vitest';
import { drawPerson, type PersonLook, type PersonPose } from '../src/sim/figure.ts';
import {
  createRaster,
  fillCapsule,
  fillConvexPolygon,
  fillSmoothEllipse,
  emptyBounds,
  type Bounds,
  type Raster,
} from '../src/sim/raster.ts';
import { SimRenderer, type Box, type RenderView } from '../src/sim/renderer.ts';
import { parseSource, type SimSourceSpec } from '../src/source/source-spec.ts';

const W = 480;
const H = 270;
const home: RenderView = { ptz: { pan: 0, tilt: 0, zoom: 1 }, isLightOn: false };
/** 12:00 in Tokyo (the simulator's default zone). */
const NOON = Date.UTC(2026, 10, 21, 3, 0, 0);

const look: PersonLook = {
  shirt: [200, 40, 40],
  trousers: [30, 30, 60],
  skin: [224, 180, 150],
  hair: [25, 20, 18],
  shoes: [25, 25, 28],
  longSleeves: false,
  yaw: 0.7,
};

/** The box of the pixels that are not black. */
function paintedBox(raster: Raster): Bounds {
  const b = emptyBounds();
  for (let y = 0; y < raster.height; y++)
    for (let x = 0; x < raster.width; x++) {
      const i = (y * raster.width + x) * 3;
      if (raster.data[i]! + raster.data[i + 1]! + raster.data[i + 2]! === 0) continue;
      b.x0 = Math.min(b.x0, x);
      b.y0 = Math.min(b.y0, y);
      b.x1 = Math.max(b.x1, x + 1);
      b.y1 = Math.max(b.y1, y + 1);
    }
  return b;
}

const differs = (a: Buffer, b: Buffer, i: number) =>
  a[i] !== b[i] || a[i + 1] !== b[i + 1] || a[i + 2] !== b[i + 2];
const overlaps = (a: Box, b: Box) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

describe('raster shapes', () => {
  it('report exactly the pixels they paint, clipped to the raster', () => {
    const shapes: ((r: Raster, b: Bounds) => void)[] = [
      (r, b) => fillCapsule(r, 5.3, 4.2, 17.8, 25.1, 2.5, 1.2, [200, 100, 50], b, [100, 50, 25]),
      (r, b) => fillCapsule(r, -6, 10, 8, 12, 3, 3, [200, 100, 50], b),
      (r, b) =>
        fillConvexPolygon(r, [3.2, 4.1, 20.7, 6.3, 18.2, 28.9, 5.5, 22.2], [90, 200, 90], b, [40, 90, 40]),
      (r, b) => fillConvexPolygon(r, [25, 25, 40, 28, 30, 40], [90, 200, 90], b),
      (r, b) => fillSmoothEllipse(r, 16.4, 15.2, 6.3, 9.1, [250, 250, 250], b),
      (r, b) => fillSmoothEllipse(r, 29, 2, 6, 6, [250, 250, 250], b),
    ];
    for (const shape of shapes) {
      const raster = createRaster(32, 32);
      const bounds = emptyBounds();
      shape(raster, bounds);
      expect(bounds.x1).toBeGreaterThan(bounds.x0);
      expect(bounds).toEqual(paintedBox(raster));
    }
  });

  it('fill a capsule about as wide as asked, with soft (anti-aliased) edges', () => {
    const raster = createRaster(40, 40);
    const bounds = emptyBounds();
    fillCapsule(raster, 20, 8, 20, 32, 4, 4, [255, 255, 255], bounds);
    expect(bounds).toEqual({ x0: 16, y0: 4, x1: 24, y1: 36 });
    const row = 20 * 40 * 3;
    expect(raster.data[row + 20 * 3]).toBe(255);
    // A pixel cut by the rim at an angle is blended, neither background nor full colour.
    const partial = [...raster.data].filter((v, i) => i % 3 === 0 && v > 0 && v < 255);
    expect(partial.length).toBeGreaterThan(4);
  });
});

describe('drawPerson', () => {
  const pose = (over: Partial<PersonPose> = {}): PersonPose => ({
    cx: 60,
    groundY: 110,
    height: 90,
    direction: 1,
    walkSec: 0,
    light: 1,
    ...over,
  });

  it('answers the box of exactly the pixels it drew, through the whole gait, both ways, at any turn', () => {
    for (const direction of [1, -1] as const)
      for (const yaw of [0, 0.5, 1.1])
        for (let walkSec = 0; walkSec < 1.2; walkSec += 0.15) {
          const raster = createRaster(120, 120);
          const bounds = drawPerson(raster, pose({ direction, walkSec }), { ...look, yaw });
          expect(bounds).toEqual(paintedBox(raster));
        }
  });

  it('stands as tall as asked, feet on the ground, head about 1/7.5 of the height, wider at the shoulders than a limb', () => {
    for (let walkSec = 0; walkSec < 1.2; walkSec += 0.1) {
      const raster = createRaster(120, 120);
      const b = drawPerson(raster, pose({ walkSec }), look);
      const height = b.y1 - b.y0;
      expect(height).toBeGreaterThanOrEqual(90 * 0.93);
      expect(height).toBeLessThanOrEqual(90 * 1.02);
      expect(b.y1).toBeGreaterThanOrEqual(109);
      expect(b.y1).toBeLessThanOrEqual(112);
      // Skin-coloured rows at the top: the face.
      const skinRows: number[] = [];
      for (let y = b.y0; y < b.y0 + 25; y++)
        for (let x = 40; x < 80; x++) {
          const i = (y * 120 + x) * 3;
          if (raster.data[i] === 224 && raster.data[i + 1] === 180) {
            skinRows.push(y);
            break;
          }
        }
      const faceHeight = skinRows.at(-1)! - b.y0 + 1;
      expect(faceHeight).toBeGreaterThan(90 / 9);
      expect(faceHeight).toBeLessThan(90 / 6);
      expect(b.x1 - b.x0).toBeGreaterThan(90 * 0.15);
    }
  });

  it('moves its legs and arms as it walks', () => {
    const a = createRaster(120, 120);
    const b = createRaster(120, 120);
    drawPerson(a, pose({ walkSec: 0.2 }), look);
    drawPerson(b, pose({ walkSec: 0.75 }), look);
    let lower = 0;
    for (let i = 75 * 120 * 3; i < a.data.length; i += 3) if (differs(a.data, b.data, i)) lower++;
    expect(lower).toBeGreaterThan(50);
  });

  it('is darker in low light', () => {
    const day = createRaster(120, 120);
    const night = createRaster(120, 120);
    drawPerson(day, pose(), look);
    drawPerson(night, pose({ light: 0.3 }), look);
    const sum = (r: Raster) => r.data.reduce((s, v) => s + v, 0);
    expect(sum(night)).toBeLessThan(sum(day) * 0.4);
  });
});

describe('SimRenderer people', () => {
  it('renders people deterministically: two renderers give the same bytes and truth, day and night', () => {
    for (const scene of ['street', 'shop'] as const) {
      const spec = parseSource(`sim:${scene}?seed=11`) as SimSourceSpec;
      const a = new SimRenderer(spec, W, H);
      const b = new SimRenderer(spec, W, H);
      for (const t of [NOON + 2_500, NOON + 61_000, NOON + 11 * 3_600_000]) {
        const fa = a.render(t, home);
        const fb = b.render(t, home);
        expect(fa.data.equals(fb.data)).toBe(true);
        expect(fb.persons).toEqual(fa.persons);
      }
    }
  });

  for (const scene of ['street', 'shop'] as const)
    it(`${scene}: each person's truth box tightly bounds what was drawn for them, clipped to the frame`, () => {
      const spec = parseSource(`sim:${scene}?seed=3`) as SimSourceSpec;
      const renderer = new SimRenderer(spec, W, H);
      let checked = 0;
      for (let t = NOON; t < NOON + 200_000; t += 4_100) {
        const frame = renderer.render(t, home);
        const empty = renderer.render(t, home, { withActors: false });
        const actors = [...frame.persons, ...frame.cars];
        for (const person of frame.persons) {
          const { box } = person;
          expect(box.x).toBeGreaterThanOrEqual(0);
          expect(box.y).toBeGreaterThanOrEqual(0);
          expect(box.x + box.w).toBeLessThanOrEqual(W);
          expect(box.y + box.h).toBeLessThanOrEqual(H);
          // Alone (no other actor and no clock near): the changed pixels around them span exactly the box.
          const around = { x: box.x - 3, y: box.y - 3, w: box.w + 6, h: box.h + 6 };
          if (actors.some((o) => o !== person && overlaps(o.box, around)) || overlaps(frame.overlay, around))
            continue;
          const seen = emptyBounds();
          for (let y = Math.max(0, around.y); y < Math.min(H, around.y + around.h); y++)
            for (let x = Math.max(0, around.x); x < Math.min(W, around.x + around.w); x++)
              if (differs(frame.data, empty.data, (y * W + x) * 3)) {
                seen.x0 = Math.min(seen.x0, x);
                seen.y0 = Math.min(seen.y0, y);
                seen.x1 = Math.max(seen.x1, x + 1);
                seen.y1 = Math.max(seen.y1, y + 1);
              }
          expect({ x: seen.x0, y: seen.y0, w: seen.x1 - seen.x0, h: seen.y1 - seen.y0 }).toEqual(box);
          checked++;
        }
      }
      expect(checked).toBeGreaterThan(5);
    });

  it('keeps every person at least 64 px tall in the demo recording (480x270) when wholly in view (the detector wants ~75 px)', () => {
    for (const scene of ['street', 'shop'] as const) {
      const renderer = new SimRenderer(parseSource(`sim:${scene}?seed=5`) as SimSourceSpec, W, H);
      let whole = 0;
      for (let t = NOON; t < NOON + 300_000; t += 3_000)
        for (const { box } of renderer.render(t, home).persons) {
          if (box.x === 0 || box.x + box.w === W || box.y === 0 || box.y + box.h === H) continue;
          expect(box.h).toBeGreaterThanOrEqual(64);
          whole++;
        }
      expect(whole).toBeGreaterThan(10);
    }
  });
});
