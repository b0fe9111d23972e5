// Counting people through an entrance (advanced.md §3 "entrance start and end area"): a tracked person whose feet
// go from the start area to the end area went in ('I'); from the end area to the start area, out ('O'). Pure.
//
// A track remembers the last area its feet were in (feet cut by the picture's bottom edge are in none). A pass is
// counted when the feet reach the other area, once:
// going back and forth across an area's edge, or staying in one area, changes nothing, and a track that turns back
// before reaching the other area counts nothing. start → end → start is an entry and then an exit.
//
// Tracks go on across clips (the tracker keeps a person's id over the minute boundary), so the remembered area
// is handed from one clip to the next (`CountingState`, plain JSON): a pass that leaves the start area at the end
// of one minute and reaches the end area in the next is counted once, in the minute it reaches the end area,
// with a startSec before 0 (seconds before that clip's start).
import type { Point } from '@camwatch/contract/polygon-rules';
import type { NormBox, Track } from './types.ts';
import { isInsidePolygon } from '../video/motion.ts';

export type { Point };

export interface EntranceAreas {
  start: readonly Point[];
  end: readonly Point[];
}

export type EntranceArea = 'start' | 'end';

/** One person through the entrance. */
export interface Pass {
  trackId: string;
  inOut: 'I' | 'O';
  /** When the feet were last in the area the person came from: seconds from the clip's start (< 0: an earlier clip). */
  startSec: number;
  /** When the feet first reached the other area, seconds from the clip's start. */
  endSec: number;
  /** The track's appearance descriptor (for telling staff from customers), when it has one. */
  descriptor: number[] | null;
}

/** What one track remembers between clips. */
export interface TrackCountState {
  lastArea: EntranceArea;
  /** When the feet were last seen in lastArea, ms since the epoch (options.clipStartMs-based). */
  lastInMs: number;
}

/** Per track id; JSON-serialisable, to be stored with the clip and handed to the next clip's count. */
export type CountingState = Record<string, TrackCountState>;

export interface CountPassesOptions {
  /** The state the previous clip of the camera returned. */
  prior?: CountingState;
  /** Start of this clip, ms since the epoch; carried-over passes are timed against it. 0 when absent. */
  clipStartMs?: number;
  /**
   * Consecutive points the feet must be in an area before the track counts as there (1: any point), so a single
   * jittery box does not reach an area.
   */
  minPointsInArea?: number;
}

export interface CountResult {
  /** The clip's passes, by the time they completed. */
  passes: Pass[];
  /** The state of every track of this clip that has been in an area, for the next clip. */
  state: CountingState;
}

/** Feet this low (picture fractions) are the picture's bottom edge: the person is cut there, feet unseen. */
export const FEET_CUT_AT = 0.99;

/** Whether the box shows the person's feet (it does not reach the picture's bottom edge). */
export const feetSeen = (box: NormBox): boolean => box.y + box.h < FEET_CUT_AT;

/** How far inside the picture's edges the feet are placed. */
const EDGE_INSET = 1e-6;

const insidePicture = (v: number) => Math.min(1 - EDGE_INSET, Math.max(EDGE_INSET, v));

/**
 * The feet of a person: the bottom centre of the box, just inside the picture. A person cut by the picture's
 * bottom edge has the box's bottom exactly on it (y = 1), where an area drawn to the edge has its side; on an edge
 * the even-odd rule may put a point either way, so the feet are moved just inside: an area drawn to the picture's
 * edge holds the people at it.
 */
export const feetOf = (box: NormBox): Point => ({
  x: insidePicture(box.x + box.w / 2),
  y: insidePicture(box.y + box.h),
});

/** Whether the point lies inside the polygon (even-odd rule; points on an edge may fall either way). */
export function pointInPolygon(point: Point, polygon: readonly Point[]): boolean {
  return isInsidePolygon(point.x, point.y, polygon);
}

export function areaOf(point: Point, areas: EntranceAreas): EntranceArea | null {
  if (pointInPolygon(point, areas.start)) return 'start';
  if (pointInPolygon(point, areas.end)) return 'end';
  return null;
}

export function countPasses(
  tracks: readonly Track[],
  areas: EntranceAreas,
  options: CountPassesOptions = {},
): CountResult {
  const clipStartMs = options.clipStartMs ?? 0;
  const minPoints = Math.max(1, Math.floor(options.minPointsInArea ?? 1));
  const passes: Pass[] = [];
  const state: CountingState = {};
  for (const track of tracks) {
    const prior = options.prior?.[track.id];
    let known: TrackCountState | null = prior ? { ...prior } : null;
    let run: { area: EntranceArea | null; points: number; firstSec: number } = {
      area: null,
      points: 0,
      firstSec: 0,
    };
    for (const point of [...track.points].sort((a, b) => a.t - b.t)) {
      // Where the feet of someone cut by the picture's bottom edge are is not known: in no area (as in the
      // heat map), so such a person counts once their feet are seen.
      const area = feetSeen(point.box) ? areaOf(feetOf(point.box), areas) : null;
      run = area === run.area ? { ...run, points: run.points + 1 } : { area, points: 1, firstSec: point.t };
      if (area === null || run.points < minPoints) continue;
      if (known && known.lastArea !== area)
        passes.push({
          trackId: track.id,
          inOut: known.lastArea === 'start' ? 'I' : 'O',
          startSec: (known.lastInMs - clipStartMs) / 1000,
          endSec: run.firstSec,
          descriptor: track.descriptor,
        });
      known = { lastArea: area, lastInMs: clipStartMs + point.t * 1000 };
    }
    if (known) state[track.id] = known;
  }
  passes.sort((a, b) => a.endSec - b.endSec || a.trackId.localeCompare(b.trackId));
  return { passes, state };
}
