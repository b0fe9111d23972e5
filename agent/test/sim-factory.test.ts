// The simulator's factory line (issue 15): workers at two stations reaching into their trays at known times.
// The truth is what is drawn: the wrists lie on the drawn hands, a hand is inside its station's work area
// exactly in the true working intervals, those follow the plan (work cycles, rests, one walk away per block),
// and everything is a pure function of the seed and the time.
import { describe, expect, it } from 'vitest';
import {
  BLOCK_SEC,
  factoryWorkAreas,
  factoryWorkIntervals,
  insidePolygon,
  REACH_SEC,
  REST_SEC,
  WORK_SEC,
  workerPlan,
  workerState,
} from '../src/sim/factory.ts';
import { SimRenderer, type RenderView } from '../src/sim/renderer.ts';
import { truthLine } from '../src/sim/truth-writer.ts';
import { parseSource, type SimSourceSpec } from '../src/source/source-spec.ts';

const W = 480;
const H = 270;
const home: RenderView = { ptz: { pan: 0, tilt: 0, zoom: 1 }, isLightOn: false };
/** 12:00 and 23:00 in Tokyo (the simulator's default zone). */
const NOON = Date.UTC(2026, 10, 21, 3, 0, 0);
const NIGHT = Date.UTC(2026, 10, 21, 14, 0, 0);
const factory = parseSource('sim:factory?seed=7') as SimSourceSpec;
const areas = factoryWorkAreas(W, H);

describe('sim:factory', () => {
  it('is a scene of its own, the same bytes and truth for the same seed and time, others for another seed', () => {
    expect(factory.scene).toBe('factory');
    const a = new SimRenderer(factory, W, H).render(NOON + 12_500, home);
    const b = new SimRenderer(factory, W, H).render(NOON + 12_500, home);
    expect(a.data.equals(b.data)).toBe(true);
    expect(b.persons).toEqual(a.persons);
    expect(b.working).toEqual(a.working);
    const other = { ...factory, seed: 8 };
    expect(workerPlan(8, 0, 5)).not.toEqual(workerPlan(7, 0, 5));
    expect(factoryWorkIntervals(8, NOON, NOON + 120_000, W, H)).not.toEqual(
      factoryWorkIntervals(7, NOON, NOON + 120_000, W, H),
    );
    expect(new SimRenderer(other, W, H).render(NOON + 12_500, home).data.equals(a.data)).toBe(false);
  });

  it('draws the wrists where the truth says: on the hand’s pixels, inside the person’s box', () => {
    const renderer = new SimRenderer(factory, W, H);
    let checked = 0;
    for (let s = 0; s < 60; s += 1.5) {
      const time = NOON + s * 1000;
      const frame = renderer.render(time, home);
      const empty = renderer.render(time, home, { withActors: false });
      expect(frame.persons.map((p) => p.id)).toEqual(['w0', 'w1']);
      for (const person of frame.persons) {
        for (const [x, y] of [person.wrists!.left, person.wrists!.right]) {
          const { box } = person;
          expect(x).toBeGreaterThanOrEqual(box.x);
          expect(x).toBeLessThanOrEqual(box.x + box.w);
          expect(y).toBeGreaterThanOrEqual(box.y);
          expect(y).toBeLessThanOrEqual(box.y + box.h);
          // The wrist's pixel is the person's: it differs from the empty scene (a far hand at rest may be behind the body).
          const i = (Math.floor(y) * W + Math.floor(x)) * 3;
          const drawn = [frame.data[i]!, frame.data[i + 1]!, frame.data[i + 2]!];
          const background = [empty.data[i]!, empty.data[i + 1]!, empty.data[i + 2]!];
          expect(drawn).not.toEqual(background);
          checked++;
        }
      }
    }
    expect(checked).toBe(160);
  });

  it('moves the arm visibly: upper arm, forearm and hand change the picture between rest and reach', () => {
    const intervals = factoryWorkIntervals(7, NOON, NOON + 90_000, W, H).A;
    const [start, end] = intervals[0]!;
    const renderer = new SimRenderer(factory, W, H);
    const working = renderer.render((start + end) / 2, home);
    const resting = renderer.render(start - 2000, home);
    const atWork = working.persons.find((p) => p.id === 'w0')!;
    const atRest = resting.persons.find((p) => p.id === 'w0')!;
    // Reaching, the box grows towards the tray by more than a quarter of the worker's height.
    expect(atWork.box.w - atRest.box.w).toBeGreaterThan(atWork.box.h / 4);
    expect(working.working).toContain('A');
    expect(resting.working).not.toContain('A');
  });

  it('has a hand of the station’s worker inside its work area exactly in the true working intervals', () => {
    const from = NOON;
    const to = NOON + 3 * BLOCK_SEC * 1000;
    const truth = factoryWorkIntervals(7, from, to, W, H);
    const renderer = new SimRenderer(factory, W, H);
    let inside = 0;
    let outside = 0;
    for (let time = from; time < to; time += 250) {
      const frame = renderer.render(time, home, { withActors: false });
      for (const [worker, area] of areas.entries()) {
        const inTruth = truth[area.id].some(([a, b]) => time >= a && time < b);
        expect(frame.working!.includes(area.id)).toBe(inTruth);
        // The drawn wrists agree (the renderer's truth, from the same poses).
        const state = workerState(7, worker, time / 1000);
        expect(state.atStation || !inTruth).toBe(true);
        if (inTruth) inside++;
        else outside++;
      }
    }
    expect(inside).toBeGreaterThan(200);
    expect(outside).toBeGreaterThan(200);
    // Checked on the drawn frames too, at moments away from the edges of the intervals.
    for (let time = from; time < from + 60_000; time += 1000) {
      const frame = renderer.render(time, home);
      for (const [worker, area] of areas.entries()) {
        const person = frame.persons.find((p) => p.id === `w${worker}`)!;
        const handIn = [person.wrists!.left, person.wrists!.right].some(([x, y]) =>
          insidePolygon(area.points, x / W, y / H),
        );
        const edge = truth[area.id].some(([a, b]) => Math.min(Math.abs(time - a), Math.abs(time - b)) < 50);
        if (!edge) expect(handIn).toBe(truth[area.id].some(([a, b]) => time >= a && time < b));
      }
    }
  });

  it('follows the plan: work cycles and rests of the designed lengths, and one walk away per block', () => {
    const blocks = 6;
    const truth = factoryWorkIntervals(7, 0, blocks * BLOCK_SEC * 1000, W, H);
    for (const [worker, area] of areas.entries()) {
      const cycles = Array.from({ length: blocks }, (_, b) => workerPlan(7, worker, b).cycles).flat();
      expect(truth[area.id]).toHaveLength(cycles.length);
      for (const [k, [a, b]] of truth[area.id].entries()) {
        const cycle = cycles[k]!;
        // The hand crosses the area's edge while it moves (within the reach's time around the planned moment).
        expect(Math.abs(a / 1000 - cycle.start)).toBeLessThanOrEqual(REACH_SEC / 2);
        expect(Math.abs(b / 1000 - cycle.end)).toBeLessThanOrEqual(REACH_SEC / 2);
        expect(b - a).toBeGreaterThan((WORK_SEC.min - REACH_SEC) * 1000);
        expect(b - a).toBeLessThan((WORK_SEC.max + REACH_SEC) * 1000);
        const next = truth[area.id][k + 1];
        if (next) expect(next[0] - b).toBeGreaterThan((REST_SEC.min - REACH_SEC) * 1000);
      }
      expect(new Set(cycles.map((c) => c.hands))).toEqual(new Set(['near', 'far', 'both']));
      for (let b = 0; b < blocks; b++) {
        const { tripStart } = workerPlan(7, worker, b);
        const atStation = workerState(7, worker, tripStart - 1);
        const away = workerState(7, worker, tripStart + 4);
        expect(atStation.atStation).toBe(true);
        expect(away.atStation).toBe(false);
        expect(Math.abs(away.cx - atStation.cx)).toBeGreaterThan(0.05);
        expect(workerState(7, worker, tripStart + 1).standing).toBe(false); // walking
        expect(truth[area.id].some(([x, y]) => x / 1000 < tripStart + 9 && y / 1000 > tripStart)).toBe(false);
      }
    }
  });

  it('darkens at night but keeps the workers in the lamps’ light', () => {
    const day = new SimRenderer(factory, W, H).render(NOON, home);
    const night = new SimRenderer(factory, W, H).render(NIGHT, home);
    expect(night.level).toBeLessThan(0.3);
    const mean = (data: Buffer) => data.reduce((s, v) => s + v, 0) / data.length;
    expect(mean(night.data)).toBeLessThan(mean(day.data) * 0.7);
    // The worker's shirt at night keeps most of its daylight brightness (the lamp over the station).
    const { box } = night.persons[0]!;
    const i = (Math.round(box.y + box.h * 0.3) * W + Math.round(box.x + box.w / 2)) * 3;
    const sum = (d: Buffer) => d[i]! + d[i + 1]! + d[i + 2]!;
    expect(sum(night.data)).toBeGreaterThan(sum(day.data) * 0.6);
  });

  it('writes the wrists and the areas worked in into the truth line', () => {
    const frame = new SimRenderer(factory, W, H).render(NOON + 12_000, home);
    const line = JSON.parse(truthLine(NOON + 12_000, frame.persons, frame.cars, frame.working)) as {
      persons: { wrists: { left: number[]; right: number[] } }[];
      working: string[];
    };
    expect(line.persons[0]!.wrists.left).toHaveLength(2);
    expect(line.working).toEqual(frame.working);
    // The other scenes write no working areas.
    const street = new SimRenderer(parseSource('sim:street') as SimSourceSpec, W, H).render(NOON, home);
    expect(street.working).toBeUndefined();
  });
});
