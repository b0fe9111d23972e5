// The people counter's counting rules (advanced.md §3 "entrance start and end area"): start → end is one entry,
// end → start one exit, hovering counts nothing extra, and a pass over a clip boundary counts once, in the clip
// where it completes.
import { describe, expect, it } from 'vitest';
import { countPasses, feetOf, pointInPolygon, type EntranceAreas } from './counting.ts';
import type { Track } from './types.ts';

const rect = (x0: number, y0: number, x1: number, y1: number) => [
  { x: x0, y: y0 },
  { x: x1, y: y0 },
  { x: x1, y: y1 },
  { x: x0, y: y1 },
];

/** The start area outside the door (bottom of the picture), the end area inside (top). */
const areas: EntranceAreas = { start: rect(0, 0.7, 1, 1), end: rect(0, 0, 1, 0.3) };

/** Feet heights: 0.85 in the start area, 0.5 between, 0.15 in the end area. */
const START = 0.85;
const BETWEEN = 0.5;
const END = 0.15;

/** A track whose feet are at these heights, one point a second from `from`. */
function track(
  id: string,
  feet: readonly number[],
  from = 0,
  descriptor: number[] | null = [0.5, 0.5],
): Track {
  return {
    id,
    points: feet.map((y, i) => ({ t: from + i, box: { x: 0.4, y: y - 0.2, w: 0.2, h: 0.2 }, score: 0.9 })),
    maxScore: 0.9,
    descriptor,
  };
}

describe('countPasses', () => {
  it('takes the feet as the bottom centre of the box', () => {
    expect(feetOf({ x: 0.2, y: 0.1, w: 0.2, h: 0.5 })).toEqual({ x: 0.30000000000000004, y: 0.6 });
    expect(pointInPolygon({ x: 0.5, y: 0.8 }, areas.start)).toBe(true);
    expect(pointInPolygon({ x: 0.5, y: 0.5 }, areas.start)).toBe(false);
    // A concave polygon: the notch is outside.
    const l = [
      { x: 0, y: 0 },
      { x: 1, y: 0 },
      { x: 1, y: 0.5 },
      { x: 0.5, y: 0.5 },
      { x: 0.5, y: 1 },
      { x: 0, y: 1 },
    ];
    expect(pointInPolygon({ x: 0.75, y: 0.75 }, l)).toBe(false);
    expect(pointInPolygon({ x: 0.25, y: 0.75 }, l)).toBe(true);
  });

  it('people cut by the picture’s bottom edge are in no area until their feet are seen', () => {
    // Two bands from the top to the bottom edge, crossed sideways.
    const bands: EntranceAreas = { start: rect(0.25, 0, 0.4, 1), end: rect(0.6, 0, 0.75, 1) };
    const walker = (id: string, bottom: number): Track => ({
      id,
      points: [0.1, 0.3, 0.5, 0.7, 0.9].map((x, i) => ({
        t: i,
        box: { x: x - 0.05, y: bottom - 0.4, w: 0.1, h: 0.4 },
        score: 0.9,
      })),
      maxScore: 0.9,
      descriptor: null,
    });
    // Box cut by the edge: where the feet are is not known.
    expect(countPasses([walker('cut', 1)], bands).passes).toEqual([]);
    // Feet just above the edge: counted.
    expect(countPasses([walker('seen', 0.98)], bands).passes.map((p) => p.inOut)).toEqual(['I']);
  });

  it('puts the feet of a box at the picture’s edge just inside it, so areas drawn to the edge hold them', () => {
    const feet = feetOf({ x: 0.9, y: 0.6, w: 0.1, h: 0.4 });
    expect(feet.y).toBeLessThan(1);
    expect(pointInPolygon(feet, rect(0.5, 0.5, 1, 1))).toBe(true);
  });

  it('start → end is one entry, timed from leaving the start area to reaching the end area', () => {
    const { passes } = countPasses([track('a', [START, START, BETWEEN, BETWEEN, END, END])], areas);
    expect(passes).toEqual([{ trackId: 'a', inOut: 'I', startSec: 1, endSec: 4, descriptor: [0.5, 0.5] }]);
  });

  it('end → start is one exit', () => {
    const { passes } = countPasses([track('b', [END, BETWEEN, START])], areas, {});
    expect(passes).toEqual([{ trackId: 'b', inOut: 'O', startSec: 0, endSec: 2, descriptor: [0.5, 0.5] }]);
  });

  it('start → end → start counts an entry and then an exit', () => {
    const { passes } = countPasses([track('c', [START, BETWEEN, END, BETWEEN, START])], areas);
    expect(passes.map((p) => [p.inOut, p.startSec, p.endSec])).toEqual([
      ['I', 0, 2],
      ['O', 2, 4],
    ]);
  });

  it('hovering on an area edge or staying in one area counts nothing', () => {
    const edge = [START, BETWEEN, START, BETWEEN, START, BETWEEN, START];
    expect(countPasses([track('d', edge), track('e', [END, END, END, BETWEEN, END])], areas).passes).toEqual(
      [],
    );
  });

  it('a track that turns back before reaching the other area counts nothing', () => {
    expect(countPasses([track('f', [START, BETWEEN, BETWEEN, START])], areas).passes).toEqual([]);
  });

  it('hovering at the end area after an entry does not count it again', () => {
    const { passes } = countPasses([track('g', [START, END, BETWEEN, END, BETWEEN, END])], areas);
    expect(passes.map((p) => p.inOut)).toEqual(['I']);
  });

  it('counts from the last time the feet were in the start area when they wander back first', () => {
    const { passes } = countPasses([track('h', [START, BETWEEN, START, START, BETWEEN, END])], areas);
    expect(passes).toMatchObject([{ inOut: 'I', startSec: 3, endSec: 5 }]);
  });

  it('a track first seen between the areas counts only once it has been in one', () => {
    expect(countPasses([track('i', [BETWEEN, END])], areas).passes).toEqual([]);
    expect(countPasses([track('j', [BETWEEN, END, BETWEEN, START])], areas).passes).toMatchObject([
      { inOut: 'O', startSec: 1, endSec: 3 },
    ]);
  });

  it('counts each track on its own and orders the passes by when they completed', () => {
    const { passes } = countPasses(
      [track('late', [START, BETWEEN, END], 10), track('early', [END, START], 2, null)],
      areas,
    );
    expect(passes).toEqual([
      { trackId: 'early', inOut: 'O', startSec: 2, endSec: 3, descriptor: null },
      { trackId: 'late', inOut: 'I', startSec: 10, endSec: 12, descriptor: [0.5, 0.5] },
    ]);
  });

  it('a pass over the minute boundary counts once, in the minute it completes', () => {
    const minute0 = Date.UTC(2026, 0, 1, 9, 0);
    const minute1 = minute0 + 60_000;
    // Left the start area at 57 s of the first minute, still between the areas at its end.
    const first = countPasses([track('k', [START, BETWEEN, BETWEEN], 57)], areas, { clipStartMs: minute0 });
    expect(first.passes).toEqual([]);
    expect(first.state).toEqual({ k: { lastArea: 'start', lastInMs: minute0 + 57_000 } });
    // The state is plain JSON: it survives being stored.
    const stored = JSON.parse(JSON.stringify(first.state)) as typeof first.state;
    const second = countPasses([track('k', [BETWEEN, END, END], 0)], areas, {
      clipStartMs: minute1,
      prior: stored,
    });
    expect(second.passes).toEqual([
      { trackId: 'k', inOut: 'I', startSec: -3, endSec: 1, descriptor: [0.5, 0.5] },
    ]);
    expect(second.state).toEqual({ k: { lastArea: 'end', lastInMs: minute1 + 2000 } });
    // The next minute with the person still standing in the end area: nothing more.
    const third = countPasses([track('k', [END, END], 0)], areas, {
      clipStartMs: minute1 + 60_000,
      prior: second.state,
    });
    expect(third.passes).toEqual([]);
  });

  it('a pass that completed in one minute is not counted again in the next', () => {
    const minute0 = Date.UTC(2026, 0, 1, 9, 0);
    const first = countPasses([track('m', [START, END], 58)], areas, { clipStartMs: minute0 });
    expect(first.passes).toHaveLength(1);
    const second = countPasses([track('m', [END, BETWEEN])], areas, {
      clipStartMs: minute0 + 60_000,
      prior: first.state,
    });
    expect(second.passes).toEqual([]);
  });

  it('the state keeps only the tracks of this clip that have been in an area', () => {
    const { state } = countPasses([track('n', [BETWEEN, BETWEEN]), track('o', [START])], areas, {
      prior: { gone: { lastArea: 'end', lastInMs: 0 } },
    });
    expect(Object.keys(state)).toEqual(['o']);
  });

  it('with minPointsInArea, a single jittery point does not reach an area', () => {
    const jitter = [START, START, BETWEEN, END, BETWEEN, BETWEEN];
    expect(countPasses([track('p', jitter)], areas, { minPointsInArea: 2 }).passes).toEqual([]);
    expect(countPasses([track('p', jitter)], areas).passes).toHaveLength(1);
    const real = [START, START, BETWEEN, END, END, END];
    expect(countPasses([track('q', real)], areas, { minPointsInArea: 2 }).passes).toMatchObject([
      { inOut: 'I', startSec: 1, endSec: 3 },
    ]);
  });

  it('reads the points in time order whatever order they come in', () => {
    const t = track('r', [START, BETWEEN, END]);
    t.points.reverse();
    expect(countPasses([t], areas).passes).toMatchObject([{ inOut: 'I', startSec: 0, endSec: 2 }]);
  });
});
