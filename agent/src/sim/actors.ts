// The people and cars of a scene at a moment: a pure function of the seed and the time. Each lane has
// slots; a slot repeats with its own period, and in each repetition (its "trip") an actor with fresh
// looks crosses the world from one side to the other and is then gone until the next trip.
import { random01, randomBetween } from './random.ts';
import type { ArmAngles, PersonLook } from './figure.ts';
import type { Rgb } from './raster.ts';
import type { Lane } from './scenes.ts';

export interface Actor {
  kind: 'person' | 'car';
  /** Stable for one trip: `p<lane>-<slot>-<trip>` or `c…`. */
  id: string;
  /** Box in world pixels. */
  x: number;
  y: number;
  w: number;
  h: number;
  /** Seconds into the trip (drives the walking stride). */
  tripSec: number;
  /** 1 moving to the right, -1 to the left. */
  direction: 1 | -1;
  /** Main colour (shirt, body), second colour (trousers, windows). */
  colors: readonly [Rgb, Rgb];
  /** How a person looks (people only). */
  look?: PersonLook;
  /** Standing still rather than walking (the factory's workers at their stations). */
  standing?: boolean;
  /** Arm angles instead of the gait's swing (a worker reaching into a tray). */
  arms?: { near: ArmAngles; far: ArmAngles };
}

const SHIRTS: readonly Rgb[] = [
  [200, 40, 40],
  [40, 90, 200],
  [240, 200, 40],
  [30, 150, 80],
  [186, 194, 208],
  [50, 50, 54],
  [150, 60, 160],
  [240, 120, 30],
];
// Mid-dark rather than black, so a near and a far leg (drawn a little darker) stay apart.
const TROUSERS: readonly Rgb[] = [
  [40, 46, 84],
  [78, 64, 50],
  [46, 46, 50],
  [100, 100, 112],
];
const SKIN: readonly Rgb[] = [
  [236, 196, 166],
  [224, 180, 150],
  [198, 150, 112],
  [160, 112, 80],
  [112, 76, 52],
];
const HAIR: readonly Rgb[] = [
  [25, 20, 18],
  [45, 32, 24],
  [90, 60, 35],
  [150, 140, 130],
  [20, 18, 16],
];
const SHOES: readonly Rgb[] = [
  [25, 25, 28],
  [70, 45, 30],
  [235, 235, 235],
  [40, 40, 60],
];
const CAR_PAINT: readonly Rgb[] = [
  [230, 230, 235],
  [25, 25, 30],
  [170, 20, 25],
  [30, 60, 140],
  [150, 150, 155],
  [220, 180, 30],
];

const pick = <T>(list: readonly T[], r: number): T => list[Math.floor(r * list.length) % list.length]!;

/** Every actor present in a worldWidth×worldHeight world at `timeMs`, back to front. */
export function actorsAt(
  lanes: readonly Lane[],
  seed: number,
  timeMs: number,
  worldWidth: number,
  worldHeight: number,
): Actor[] {
  const actors: Actor[] = [];
  lanes.forEach((lane, li) => {
    for (let slot = 0; slot < lane.slots; slot++) {
      const period = randomBetween(lane.minPeriodSec, lane.maxPeriodSec, seed, li, slot, 1);
      const phase = random01(seed, li, slot, 2) * period;
      const clock = timeMs / 1000 + phase;
      const trip = Math.floor(clock / period);
      const intoTrip = clock - trip * period;
      const tripLength =
        period * randomBetween(lane.minTripShare, lane.maxTripShare, seed, li, slot, trip, 3);
      if (intoTrip >= tripLength) continue;
      const direction =
        lane.direction !== 0 ? lane.direction : random01(seed, li, slot, trip, 4) < 0.5 ? 1 : -1;
      const h = lane.heightV * worldHeight * randomBetween(0.88, 1.12, seed, li, slot, trip, 5);
      const w = h * lane.aspect;
      const feet = (lane.feetV + randomBetween(-0.012, 0.012, seed, li, slot, trip, 6)) * worldHeight;
      const travelled = ((worldWidth + w) * intoTrip) / tripLength;
      const x = direction > 0 ? -w + travelled : worldWidth - travelled;
      const r = random01(seed, li, slot, trip, 7);
      const r2 = random01(seed, li, slot, trip, 8);
      const colors: readonly [Rgb, Rgb] =
        lane.kind === 'person' ? [pick(SHIRTS, r), pick(TROUSERS, r2)] : [pick(CAR_PAINT, r), [35, 45, 60]];
      actors.push({
        kind: lane.kind,
        id: `${lane.kind === 'person' ? 'p' : 'c'}${li}-${slot}-${trip}`,
        x,
        y: feet - h,
        w,
        h,
        tripSec: intoTrip,
        direction: direction > 0 ? 1 : -1,
        colors,
        ...(lane.kind === 'person'
          ? {
              look: {
                shirt: colors[0],
                trousers: colors[1],
                skin: pick(SKIN, random01(seed, li, slot, trip, 9)),
                hair: pick(HAIR, random01(seed, li, slot, trip, 10)),
                shoes: pick(SHOES, random01(seed, li, slot, trip, 11)),
                longSleeves: random01(seed, li, slot, trip, 12) < 0.5,
                yaw: randomBetween(0.3, 0.7, seed, li, slot, trip, 13),
              },
            }
          : {}),
      });
    }
  });
  return actors.sort((a, b) => a.y + a.h - (b.y + b.h));
}
