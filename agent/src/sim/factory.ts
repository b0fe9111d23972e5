// The simulated factory line (`sim:factory`, issue 15): a fixed camera over two work stations, A (a work bench)
// and B (an inspection table), each with a parts tray on a machine to the worker's right. One worker stands at
// each station, swaying a little; in work cycles they reach into the tray with the near, the far or both hands
// (upper arm, forearm and hand move) and rest their hands at their sides in between. Once in each block of
// BLOCK_SEC a worker walks away (A to the parts shelf at the left edge, B to the press between the stations),
// works there with both hands for a few seconds, and walks back.
//
// Everything is a pure function of the seed and the time, like the other scenes. Positions are fractions of the
// picture at the camera's home view (the world is WORLD_SCALE times larger; viewport.ts), so a scene looks the
// same at any 16:9 resolution. The ground truth it answers besides the boxes: each worker's wrists (the
// renderer's), each work area (a polygon in picture fractions, `factoryWorkAreas`) and the intervals in which a
// hand of its worker is inside it (`factoryWorkIntervals`), computed from the drawn wrists, not from the plan.
import type { Actor } from './actors.ts';
import { wristsOf, type ArmAngles, type PersonLook, type PersonPose } from './figure.ts';
import { random01, randomBetween } from './random.ts';
import type { Rgb } from './raster.ts';
import { WORLD_SCALE } from './viewport.ts';

/** A worker's height and where their feet stand, in fractions of the picture's height. */
export const WORKER_HEIGHT = 0.52;
export const WORKER_FEET = 0.9;
/** Each worker's station (their centre line, fraction of the picture's width) and where they walk to. */
const STATIONS = [
  { id: 'A', cx: 0.17, awayCx: 0.11 },
  { id: 'B', cx: 0.64, awayCx: 0.5 },
] as const;
export type WorkAreaId = (typeof STATIONS)[number]['id'];
export const WORK_AREA_IDS: readonly WorkAreaId[] = STATIONS.map((s) => s.id);

/** A block of the schedule: one walk away and back per worker, work cycles in the rest. */
export const BLOCK_SEC = 90;
/** Seconds a hand takes to go from the side into the tray (or back). */
export const REACH_SEC = 0.6;
const WALK_SEC = 2.5;
const AWAY_SEC = 4;
/** Work cycles: rest, then work, each this long (seconds). */
export const REST_SEC = { min: 4.5, max: 12 } as const;
export const WORK_SEC = { min: 4, max: 18 } as const;
const YAW = 0.35;

const REST_ARM: ArmAngles = { swing: -0.1, bend: 0.1 };
const REACH_ARM: ArmAngles = { swing: 1.1, bend: 0.4 };

/** Which hands a work cycle uses. */
export type Hands = 'near' | 'far' | 'both';

export interface WorkCycle {
  /** Seconds since the epoch: the hand is half way to the tray at `start` and half way back at `end`. */
  start: number;
  end: number;
  hands: Hands;
}

export interface WorkerPlan {
  /** Seconds since the epoch when the walk away starts; back at the station WALK_SEC × 2 + AWAY_SEC later. */
  tripStart: number;
  cycles: WorkCycle[];
}

const UNIFORMS: readonly (readonly [Rgb, Rgb])[] = [
  [
    [38, 84, 160],
    [40, 46, 84],
  ],
  [
    [70, 120, 80],
    [46, 46, 50],
  ],
  [
    [200, 120, 40],
    [60, 56, 60],
  ],
];
const SKIN: readonly Rgb[] = [
  [236, 196, 166],
  [198, 150, 112],
  [160, 112, 80],
];

const smoothstep = (x: number) => {
  const t = Math.max(0, Math.min(1, x));
  return t * t * (3 - 2 * t);
};

/** The plan of a worker (0 at A, 1 at B) in block `block` (seconds block × BLOCK_SEC on). */
export function workerPlan(seed: number, worker: number, block: number): WorkerPlan {
  const base = block * BLOCK_SEC;
  const tripAt = randomBetween(12, BLOCK_SEC - 30, seed, 600, worker, block);
  const tripEnd = tripAt + 2 * WALK_SEC + AWAY_SEC;
  const cycles: WorkCycle[] = [];
  const segments = [
    [0.5, tripAt - 1],
    [tripEnd + 1, BLOCK_SEC - 0.5],
  ] as const;
  let n = 0;
  for (const [from, to] of segments) {
    let at = from;
    for (;;) {
      at += randomBetween(REST_SEC.min, REST_SEC.max, seed, 601, worker, block, n);
      if (at + WORK_SEC.min > to) break;
      const length = Math.min(
        to - at,
        randomBetween(WORK_SEC.min, WORK_SEC.max, seed, 602, worker, block, n),
      );
      const r = random01(seed, 603, worker, block, n);
      cycles.push({
        start: base + at,
        end: base + at + length,
        hands: r < 0.4 ? 'near' : r < 0.7 ? 'far' : 'both',
      });
      at += length;
      n++;
    }
  }
  return { tripStart: base + tripAt, cycles };
}

/** How far into the tray a hand is (0 at the side, 1 in), for a cycle and a moment (seconds). */
function reachOf(cycle: WorkCycle, t: number): number {
  return smoothstep((t - cycle.start) / REACH_SEC + 0.5) - smoothstep((t - cycle.end) / REACH_SEC + 0.5);
}

const mix = (a: ArmAngles, b: ArmAngles, k: number, t: number, phase: number): ArmAngles => ({
  // Picking parts: the hand moves a little while it is in the tray.
  swing: a.swing + (b.swing - a.swing) * k + 0.05 * k * Math.sin(t * 5.3 + phase),
  bend: a.bend + (b.bend - a.bend) * k + 0.07 * k * Math.sin(t * 3.7 + phase * 2),
});

/** A worker at a moment: where (picture fractions), facing, walking or standing, and the arms' angles. */
export interface WorkerState {
  cx: number;
  direction: 1 | -1;
  standing: boolean;
  walkSec: number;
  /** Set while standing; a walking worker's arms swing with the gait. */
  arms?: { near: ArmAngles; far: ArmAngles };
  /** The station's area the worker's hands can be in now (null while away). */
  atStation: boolean;
}

export function workerState(seed: number, worker: number, t: number): WorkerState {
  const station = STATIONS[worker]!;
  const block = Math.floor(t / BLOCK_SEC);
  const plan = workerPlan(seed, worker, block);
  const phase = random01(seed, 604, worker) * 6.28;
  const sway = 0.003 * Math.sin((t / 6.5) * 2 * Math.PI + phase);
  const rest = { near: REST_ARM, far: REST_ARM };
  const intoTrip = t - plan.tripStart;
  if (intoTrip >= 0 && intoTrip < 2 * WALK_SEC + AWAY_SEC) {
    const distance = station.cx - station.awayCx;
    if (intoTrip < WALK_SEC)
      return {
        cx: station.cx - (distance * intoTrip) / WALK_SEC,
        direction: -1,
        standing: false,
        walkSec: intoTrip,
        atStation: false,
      };
    if (intoTrip >= WALK_SEC + AWAY_SEC) {
      const back = intoTrip - WALK_SEC - AWAY_SEC;
      return {
        cx: station.awayCx + (distance * back) / WALK_SEC,
        direction: 1,
        standing: false,
        walkSec: back,
        atStation: false,
      };
    }
    // Away: both hands into the shelf or the press, then back to the sides.
    const k =
      smoothstep((intoTrip - WALK_SEC - 0.3) / REACH_SEC) -
      smoothstep((intoTrip - WALK_SEC - AWAY_SEC + 0.3 + REACH_SEC) / REACH_SEC);
    const arm = mix(REST_ARM, REACH_ARM, k, t, phase);
    return {
      cx: station.awayCx + sway,
      direction: -1,
      standing: true,
      walkSec: 0,
      arms: { near: arm, far: arm },
      atStation: false,
    };
  }
  let arms = rest;
  for (const cycle of plan.cycles) {
    if (t < cycle.start - REACH_SEC || t > cycle.end + REACH_SEC) continue;
    const k = reachOf(cycle, t);
    const reaching = mix(REST_ARM, REACH_ARM, k, t, phase);
    arms = {
      near: cycle.hands === 'far' ? REST_ARM : reaching,
      far: cycle.hands === 'near' ? REST_ARM : reaching,
    };
  }
  return { cx: station.cx + sway, direction: 1, standing: true, walkSec: 0, arms, atStation: true };
}

/** How a worker looks (the seed picks the uniform and skin). */
function workerLook(seed: number, worker: number): PersonLook {
  const [shirt, trousers] = UNIFORMS[Math.floor(random01(seed, 605, worker) * UNIFORMS.length)]!;
  return {
    shirt,
    trousers,
    skin: SKIN[Math.floor(random01(seed, 606, worker) * SKIN.length)]!,
    hair: [25, 20, 18],
    shoes: [40, 40, 45],
    // Short sleeves: bare forearms stand apart from the shirt, so the arm's parts show.
    longSleeves: false,
    yaw: YAW,
  };
}

/** Every worker at `timeMs` in a worldWidth×worldHeight world, back to front (Actor boxes in world pixels). */
export function factoryActors(
  seed: number,
  timeMs: number,
  worldWidth: number,
  worldHeight: number,
): Actor[] {
  const t = timeMs / 1000;
  const frameW = worldWidth / WORLD_SCALE;
  const frameH = worldHeight / WORLD_SCALE;
  const x0 = (worldWidth - frameW) / 2;
  const y0 = (worldHeight - frameH) / 2;
  return STATIONS.map((_, worker) => {
    const state = workerState(seed, worker, t);
    const look = workerLook(seed, worker);
    const h = WORKER_HEIGHT * frameH;
    const w = h * 0.38;
    const actor: Actor = {
      kind: 'person',
      id: `w${worker}`,
      x: x0 + state.cx * frameW - w / 2,
      y: y0 + WORKER_FEET * frameH - h,
      w,
      h,
      tripSec: state.walkSec,
      direction: state.direction,
      colors: [look.shirt, look.trousers],
      look,
      standing: state.standing,
      ...(state.arms ? { arms: state.arms } : {}),
    };
    return actor;
  });
}

/** A polygon in picture fractions (the operation areas' coordinates). */
export type FractionPolygon = { x: number; y: number }[];

export interface FactoryWorkArea {
  id: WorkAreaId;
  points: FractionPolygon;
}

/**
 * The work areas of the stations at the home view of a width×height picture: the worker's chest and the tray in
 * front of them, from the shoulders' height down to just above the hands' height at rest (hands hanging at the
 * side stay below it; hands in the tray are inside).
 */
export function factoryWorkAreas(width: number, height: number): FactoryWorkArea[] {
  const hx = (WORKER_HEIGHT * height) / width;
  const top = WORKER_FEET - 0.9 * WORKER_HEIGHT;
  const bottom = WORKER_FEET - 0.6 * WORKER_HEIGHT;
  const r3 = (v: number) => Math.round(v * 1000) / 1000;
  return STATIONS.map((s) => {
    const left = r3(s.cx - 0.1 * hx);
    const right = r3(s.cx + 0.42 * hx);
    return {
      id: s.id,
      points: [
        { x: left, y: r3(top) },
        { x: right, y: r3(top) },
        { x: right, y: r3(bottom) },
        { x: left, y: r3(bottom) },
      ],
    };
  });
}

/** Whether a point lies inside a polygon (even-odd rule). */
export function insidePolygon(points: FractionPolygon, x: number, y: number): boolean {
  let inside = false;
  for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
    const a = points[i]!;
    const b = points[j]!;
    if (a.y > y !== b.y > y && x < ((b.x - a.x) * (y - a.y)) / (b.y - a.y) + a.x) inside = !inside;
  }
  return inside;
}

/** The pose drawPerson draws for a worker's state in a width×height picture at the home view. */
export function workerPose(state: WorkerState, width: number, height: number): PersonPose {
  return {
    cx: state.cx * width,
    groundY: WORKER_FEET * height,
    height: WORKER_HEIGHT * height,
    direction: state.direction,
    walkSec: state.walkSec,
    light: 1,
    standing: state.standing,
    ...(state.arms ? { arms: state.arms } : {}),
  };
}

/** Whether a hand of the worker of an area is inside it at `t` (seconds), from the drawn wrists. */
export function handInArea(seed: number, worker: number, t: number, width: number, height: number): boolean {
  const state = workerState(seed, worker, t);
  if (!state.atStation) return false;
  const area = factoryWorkAreas(width, height)[worker]!;
  const wrists = wristsOf(workerPose(state, width, height), workerLook(seed, worker));
  return [wrists.near, wrists.far].some(([x, y]) => insidePolygon(area.points, x / width, y / height));
}

/** The moment in [from, to] where `inside` changes (it is `atFrom` at from), to a millisecond. */
function crossing(inside: (t: number) => boolean, from: number, to: number, atFrom: boolean): number {
  let lo = from;
  let hi = to;
  while (hi - lo > 0.0005) {
    const mid = (lo + hi) / 2;
    if (inside(mid) === atFrom) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

/**
 * The true working intervals of each work area between two moments (ms since the epoch): when a hand of the
 * area's worker is inside the area, at the millisecond the drawn wrist crosses its edge; clipped to the period.
 */
export function factoryWorkIntervals(
  seed: number,
  fromMs: number,
  toMs: number,
  width: number,
  height: number,
): Record<WorkAreaId, [number, number][]> {
  const result = Object.fromEntries(WORK_AREA_IDS.map((id) => [id, [] as [number, number][]])) as Record<
    WorkAreaId,
    [number, number][]
  >;
  const from = fromMs / 1000;
  const to = toMs / 1000;
  STATIONS.forEach((station, worker) => {
    const inside = (t: number) => handInArea(seed, worker, t, width, height);
    for (let block = Math.floor(from / BLOCK_SEC); block * BLOCK_SEC < to; block++)
      for (const cycle of workerPlan(seed, worker, block).cycles) {
        const startWindow = [cycle.start - REACH_SEC / 2, cycle.start + REACH_SEC / 2] as const;
        const endWindow = [cycle.end - REACH_SEC / 2, cycle.end + REACH_SEC / 2] as const;
        if (!inside(cycle.start + REACH_SEC / 2) && !inside((cycle.start + cycle.end) / 2)) continue;
        const start = crossing(inside, startWindow[0], startWindow[1], false);
        const end = crossing(inside, endWindow[0], endWindow[1], true);
        const a = Math.max(start, from);
        const b = Math.min(end, to);
        if (b > a) result[station.id].push([Math.round(a * 1000), Math.round(b * 1000)]);
      }
  });
  return result;
}
