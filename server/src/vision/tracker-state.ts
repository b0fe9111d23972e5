// The tracker's state carried from one clip to the next (finish() writes it, the next clip's tracker starts from
// it): the live tracks as plain JSON, numbers rounded, times relative to the next clip's start.
import { round } from './box-geometry.ts';
import type { LiveTrack } from './live-track.ts';

/** A live track as carried from one clip to the next (plain JSON, numbers rounded). */
export interface TrackerStateTrack {
  /** Null while tentative: a track gets its id when confirmed. */
  id: string | null;
  hits: number;
  /** Seconds relative to the next clip's start (negative). */
  filterT: number;
  lastHitT: number;
  firstMissT: number | null;
  /**
   * Per coordinate (centre x, centre y, width, height, in picture heights): position, velocity, covariance
   * p00, p01, p11.
   */
  filter: number[];
  /** Running appearance used for matching. */
  appearance: number[] | null;
  /** Weighted sum of the descriptors seen and the sum of weights (for Track.descriptor). */
  descriptorSum: number[] | null;
  descriptorWeight: number;
  maxScore: number;
}

export interface TrackerState {
  version: 1;
  tracks: TrackerStateTrack[];
}

export const STATE_VERSION = 1;

export function saveTrack(track: LiveTrack, clipSeconds: number): TrackerStateTrack {
  return {
    id: track.id,
    hits: track.hits,
    filterT: round(track.filterT - clipSeconds, 3),
    lastHitT: round(track.lastHitT - clipSeconds, 3),
    firstMissT: track.firstMissT === null ? null : round(track.firstMissT - clipSeconds, 3),
    filter: Array.from(track.filter, (v) => Number(v.toPrecision(5))),
    appearance: track.appearance ? Array.from(track.appearance, (v) => round(v, 4)) : null,
    descriptorSum: track.descriptorSum ? Array.from(track.descriptorSum, (v) => round(v, 4)) : null,
    descriptorWeight: round(track.descriptorWeight, 3),
    maxScore: round(track.maxScore, 3),
  };
}

export function restoreTrack(saved: TrackerStateTrack): LiveTrack {
  return {
    id: saved.id,
    hits: saved.hits,
    filter: Float64Array.from(saved.filter),
    filterT: saved.filterT,
    lastHitT: saved.lastHitT,
    lastHitBox: null,
    firstMissT: saved.firstMissT,
    missTimes: [],
    appearance: saved.appearance ? Float32Array.from(saved.appearance) : null,
    descriptorSum: saved.descriptorSum ? Float64Array.from(saved.descriptorSum) : null,
    descriptorWeight: saved.descriptorWeight,
    maxScore: saved.maxScore,
    points: [],
  };
}
