// The simulated scenes: how each world looks when empty (painted once per resolution, with a glow map of
// what shines at night: windows, street lamps) and the lanes along which people and cars move. All
// positions are fractions of the world (u across, v down), so a scene looks the same at any resolution.
import type { SimScene } from '../source/source-spec.ts';
import type { Actor } from './actors.ts';
import { factoryActors, handInArea, WORK_AREA_IDS, WORKER_FEET, WORKER_HEIGHT } from './factory.ts';
import { random01, randomBetween } from './random.ts';
import { fillEllipse, fillRect, type Raster, type Rgb } from './raster.ts';

export interface Lane {
  kind: 'person' | 'car';
  /** Where feet (or wheels) touch the ground, as a fraction of the world's height. */
  feetV: number;
  /** Height of an actor, as a fraction of the world's height. */
  heightV: number;
  /** Width of an actor over its height. */
  aspect: number;
  /** How many actors may be on the lane at once. */
  slots: number;
  /** Each slot repeats every minPeriodSec..maxPeriodSec, crossing the world in part of it. */
  minPeriodSec: number;
  maxPeriodSec: number;
  minTripShare: number;
  maxTripShare: number;
  /** 1 left to right, -1 right to left, 0 either. */
  direction: 1 | -1 | 0;
}

export interface SceneLayout {
  lanes: readonly Lane[];
  /** Paints the empty world in daylight colours, and the night glow (channel 0 of `glow`, 0..255). */
  paint(base: Raster, glow: Raster, seed: number): void;
  /** The scene's people when they do not walk lanes (the factory's workers), back to front, in world pixels. */
  actors?(seed: number, timeMs: number, worldWidth: number, worldHeight: number): Actor[];
  /** Work areas with a hand in them at a moment (the factory's truth); the truth also gives wrists then. */
  workingAt?(seed: number, timeMs: number, width: number, height: number): string[];
}

const person = (feetV: number, heightV: number, slots: number): Lane => ({
  kind: 'person',
  feetV,
  heightV,
  aspect: 0.38,
  slots,
  minPeriodSec: 45,
  maxPeriodSec: 110,
  minTripShare: 0.45,
  maxTripShare: 0.8,
  direction: 0,
});

const car = (feetV: number, heightV: number, direction: 1 | -1): Lane => ({
  kind: 'car',
  feetV,
  heightV,
  aspect: 2.6,
  slots: 2,
  minPeriodSec: 18,
  maxPeriodSec: 45,
  minTripShare: 0.25,
  maxTripShare: 0.45,
  direction,
});

/** A painter working in world fractions. */
function painter(base: Raster, glow: Raster) {
  const W = base.width;
  const H = base.height;
  return {
    rect: (u: number, v: number, du: number, dv: number, color: Rgb) =>
      fillRect(base, u * W, v * H, du * W, dv * H, color),
    ellipse: (u: number, v: number, du: number, dv: number, color: Rgb) =>
      fillEllipse(base, u * W, v * H, du * W, dv * H, color),
    glowRect: (u: number, v: number, du: number, dv: number, amount: number) =>
      fillRect(glow, u * W, v * H, du * W, dv * H, [amount, 0, 0]),
    glowEllipse: (u: number, v: number, du: number, dv: number, amount: number) =>
      fillEllipse(glow, u * W, v * H, du * W, dv * H, [amount, 0, 0]),
  };
}

const street: SceneLayout = {
  lanes: [
    // Heights keep every person at least ~70 px tall in the demo's 480x270 recording (the person detector
    // finds most people from about 75 px; docs/benchmarks.md "Simulator people"); a car is a little lower than
    // a person at the same distance.
    person(0.43, 0.155, 3),
    car(0.535, 0.1, 1),
    car(0.605, 0.11, -1),
    person(0.725, 0.165, 3),
    person(0.905, 0.19, 2),
  ],
  paint(base, glow, seed) {
    const p = painter(base, glow);
    p.rect(0, 0, 1, 0.35, [140, 175, 215]); // sky
    // Buildings with lit windows at night: static structure that shows every pan and tilt.
    let u = 0;
    for (let i = 0; u < 1; i++) {
      const width = randomBetween(0.08, 0.16, seed, 100, i);
      const top = randomBetween(0.03, 0.2, seed, 101, i);
      const tone = Math.round(randomBetween(90, 190, seed, 102, i));
      p.rect(u, top, width - 0.006, 0.35 - top, [tone, tone - 15, tone - 30]);
      for (let wy = top + 0.02; wy < 0.32; wy += 0.035)
        for (let wx = u + 0.012; wx < u + width - 0.02; wx += 0.025) {
          const isLit = random01(seed, 103, Math.round(wx * 1000), Math.round(wy * 1000)) < 0.5;
          p.rect(wx, wy, 0.012, 0.018, [60, 80, 110]);
          if (isLit) p.glowRect(wx, wy, 0.012, 0.018, 230);
        }
      u += width;
    }
    p.rect(0, 0.35, 1, 0.1, [170, 165, 155]); // far sidewalk
    p.rect(0, 0.445, 1, 0.005, [120, 120, 120]); // curb
    p.rect(0, 0.45, 1, 0.17, [72, 72, 78]); // road
    for (let d = 0; d < 1; d += 0.05) p.rect(d, 0.567, 0.025, 0.006, [215, 215, 200]);
    p.rect(0, 0.62, 1, 0.005, [120, 120, 120]);
    p.rect(0, 0.625, 1, 0.115, [182, 176, 166]); // near sidewalk
    for (let d = 0; d < 1; d += 0.04) p.rect(d, 0.625, 0.002, 0.115, [160, 155, 146]);
    p.rect(0, 0.74, 1, 0.26, [84, 132, 72]); // park
    p.rect(0, 0.85, 1, 0.07, [192, 172, 134]); // park path
    for (let i = 0; i < 6; i++) {
      const tu = 0.05 + i * 0.17 + randomBetween(-0.03, 0.03, seed, 104, i);
      p.rect(tu + 0.012, 0.78, 0.008, 0.06, [90, 60, 35]);
      p.ellipse(tu, 0.745, 0.032, 0.05, [40, 95, 45]);
    }
    // Street lamps on the near kerb, with a pool of light at night.
    for (let lu = 0.08; lu < 1; lu += 0.2) {
      p.glowEllipse(lu - 0.05, 0.6, 0.11, 0.16, 150);
      p.rect(lu - 0.002, 0.36, 0.004, 0.27, [60, 60, 64]);
      p.rect(lu - 0.012, 0.355, 0.024, 0.01, [230, 225, 190]);
      p.glowRect(lu - 0.012, 0.355, 0.024, 0.01, 255);
    }
  },
};

const shop: SceneLayout = {
  lanes: [person(0.44, 0.155, 3), person(0.64, 0.18, 3), person(0.9, 0.2, 3)],
  paint(base, glow, seed) {
    const p = painter(base, glow);
    p.rect(0, 0, 1, 0.16, [205, 198, 182]); // back wall
    p.rect(0.45, 0.03, 0.1, 0.13, [110, 150, 170]); // glass door
    for (let i = 0; i < 5; i++) {
      const tone: Rgb = [
        Math.round(randomBetween(120, 240, seed, 200, i)),
        Math.round(randomBetween(60, 200, seed, 201, i)),
        Math.round(randomBetween(60, 200, seed, 202, i)),
      ];
      p.rect(0.05 + i * 0.2 - (i > 2 ? 0.05 : 0), 0.04, 0.06, 0.08, tone); // posters
    }
    // Floor tiles.
    const tile = 0.04;
    for (let ty = 0; ty * tile + 0.16 < 1; ty++)
      for (let tx = 0; tx * tile < 1; tx++)
        p.rect(tx * tile, 0.16 + ty * tile, tile, tile, (tx + ty) % 2 ? [222, 220, 212] : [200, 198, 190]);
    // Shelves in rows, with gaps for the aisles.
    for (const [row, v] of [0.2, 0.46, 0.7].entries()) {
      for (let su = 0.04 + row * 0.03; su < 0.78; su += 0.24) {
        p.rect(su, v, 0.17, 0.11, [118, 88, 58]);
        for (let k = 0; k < 4; k++) {
          const shade = Math.round(randomBetween(80, 230, seed, 203, row, Math.round(su * 100), k));
          p.rect(su + 0.01, v + 0.01 + k * 0.025, 0.15, 0.016, [shade, 255 - shade, (shade * 3) % 256]);
        }
      }
    }
    p.rect(0.82, 0.26, 0.15, 0.12, [150, 120, 95]); // counter
    p.rect(0.84, 0.24, 0.04, 0.03, [40, 40, 45]); // register
    // Emergency lights and the lit fridge glow at night.
    p.glowRect(0.45, 0.03, 0.1, 0.13, 120);
    for (let lu = 0.1; lu < 1; lu += 0.3) p.glowEllipse(lu, 0.3, 0.12, 0.2, 110);
  },
};

/** The factory line (factory.ts): the floor, the wall's machinery, the stations' machines with their parts trays,
 * the press between the stations and the parts shelf at the left, lamps over the stations. Positions of the
 * stations are picture fractions at the home view (the world's middle quarter). */
const factory: SceneLayout = {
  lanes: [],
  paint(base, glow, seed) {
    const p = painter(base, glow);
    // Home-view picture fractions to world fractions (the home view shows the world's middle).
    const wu = (fx: number) => 0.25 + fx / 2;
    const wv = (fy: number) => 0.25 + fy / 2;
    const rect = (fx: number, fy: number, dfx: number, dfy: number, color: Rgb) =>
      p.rect(wu(fx), wv(fy), dfx / 2, dfy / 2, color);
    const horizon = 0.42;
    p.rect(0, 0, 1, wv(horizon), [176, 180, 172]); // wall
    p.rect(0, 0, 1, wv(-0.1), [120, 124, 126]); // roof trusses' shade
    p.rect(0, wv(horizon), 1, 1 - wv(horizon), [146, 146, 140]); // concrete floor
    for (const fy of [0.45, 0.985]) p.rect(0, wv(fy), 1, 0.004, [224, 190, 40]); // walkway lines
    // Machinery along the wall, lit panels glowing at night.
    let u = 0;
    for (let i = 0; u < 1; i++) {
      const width = randomBetween(0.05, 0.1, seed, 700, i);
      const top = wv(randomBetween(0.12, 0.26, seed, 701, i));
      const tone = Math.round(randomBetween(95, 150, seed, 702, i));
      p.rect(u, top, width - 0.008, wv(horizon) - top, [tone - 20, tone, tone + 15]);
      p.rect(u + 0.01, top + 0.02, 0.015, 0.012, [90, 200, 120]);
      p.glowRect(u + 0.01, top + 0.02, 0.015, 0.012, 200);
      u += width;
    }
    // Lamps over the stations, and their pools of light on the workers at night.
    for (const fx of [0.17, 0.5, 0.64, 0.9]) {
      rect(fx - 0.06, -0.02, 0.2, 0.015, [235, 235, 220]);
      p.glowRect(wu(fx - 0.06), wv(-0.02), 0.1, 0.008, 255);
      p.glowEllipse(wu(fx - 0.12), wv(0.25), 0.16, 0.38, 230);
    }
    const feet = WORKER_FEET;
    const worker = WORKER_HEIGHT;
    // A station: a bench to the worker's right with a machine on it, its opening holding a parts tray at chest
    // height (where the work area is).
    for (const cx of [0.17, 0.64]) {
      const benchTop = feet - 0.5 * worker;
      rect(cx + 0.035, benchTop, 0.2, 0.025, [120, 96, 70]);
      rect(cx + 0.045, benchTop + 0.025, 0.012, feet - benchTop - 0.025, [70, 70, 74]);
      rect(cx + 0.215, benchTop + 0.025, 0.012, feet - benchTop - 0.025, [70, 70, 74]);
      const machineTop = feet - 0.95 * worker;
      rect(cx + 0.05, machineTop, 0.17, benchTop - machineTop, [92, 116, 140]);
      // The opening with the tray, where the hands go.
      const trayTop = feet - 0.82 * worker;
      const trayBottom = feet - 0.62 * worker;
      rect(cx + 0.06, trayTop, 0.11, trayBottom - trayTop, [40, 44, 48]);
      rect(cx + 0.06, trayBottom - 0.03, 0.11, 0.03, [60, 110, 190]);
      for (let k = 0; k < 6; k++)
        rect(cx + 0.065 + k * 0.017, trayBottom - 0.045, 0.01, 0.015, [200, 200, 205]);
      rect(cx + 0.185, machineTop + 0.03, 0.02, 0.03, [220, 60, 40]); // stop button
    }
    // The press between the stations, and the parts shelf at the left edge.
    rect(0.39, feet - 1.05 * worker, 0.07, 1.05 * worker, [200, 130, 40]);
    rect(0.395, feet - 0.72 * worker, 0.06, 0.18 * worker, [50, 50, 54]);
    rect(-0.15, feet - 1.1 * worker, 0.18, 1.1 * worker, [110, 90, 60]);
    for (let k = 0; k < 4; k++) {
      rect(-0.15, feet - (1.05 - k * 0.26) * worker, 0.18, 0.012, [80, 64, 42]);
      rect(-0.12, feet - (1.02 - k * 0.26) * worker, 0.12, 0.05, [60, 110, 190]);
    }
  },
  actors: factoryActors,
  workingAt(seed, timeMs, width, height) {
    return WORK_AREA_IDS.filter((_, worker) => handInArea(seed, worker, timeMs / 1000, width, height));
  },
};

export const SCENES: Record<SimScene, SceneLayout> = { street, shop, factory };
