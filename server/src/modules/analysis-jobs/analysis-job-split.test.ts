// When the two halves of a tracked analysis may be stitched (analysis-job-runner.ts, runSplit): two tracker
// states carried into the same recording make the engine answer the same, apart from the ids, only when every
// live track agrees in what the tracker uses; what is only reported (descriptor sums, highest score, hits past
// confirmation) may differ, and the ids map the second half's people onto the first's.
import { describe, expect, it } from 'vitest';
import type { TrackerState, TrackerStateTrack } from '../../vision/tracker-state.ts';
import { sameTracking } from './analysis-job-runner.ts';

const track = (over: Partial<TrackerStateTrack> = {}): TrackerStateTrack => ({
  id: 'a-1',
  hits: 40,
  filterT: -0.5,
  lastHitT: -1.5,
  firstMissT: null,
  filter: [0.3, -0.002, 0.02, 0.025, 0.037, 0.64, 0.001, 0.0002, 0.0001],
  appearance: [0.0027, 0.0022, 0],
  descriptorSum: [1.2, 0.4, 0],
  descriptorWeight: 30,
  maxScore: 0.61,
  ...over,
});
const state = (...tracks: TrackerStateTrack[]): TrackerState => ({ version: 1, tracks });

describe('sameTracking', () => {
  it('maps the ids of tracks that agree in everything the tracker uses, in any order', () => {
    const ours = state(track({ id: 'h0-1' }), track({ id: 'h0-2', filter: [1.1, 0, 0, 0, 0, 0, 0, 0, 0] }));
    const theirs = state(
      track({ id: 'h2-1', filter: [1.1, 0, 0, 0, 0, 0, 0, 0, 0], hits: 9, descriptorWeight: 5 }),
      track({ id: 'h2-2', hits: 3, descriptorSum: [0.1, 0.1, 0], maxScore: 0.5 }),
    );
    expect(sameTracking(ours, theirs, 2)).toEqual(
      new Map([
        ['h2-1', 'h0-2'],
        ['h2-2', 'h0-1'],
      ]),
    );
  });

  it('agrees on nobody tracked (or no state) with no ids', () => {
    expect(sameTracking(null, null, 2)).toEqual(new Map());
    expect(sameTracking(state(), null, 2)).toEqual(new Map());
  });

  it('differs when a track differs in what the tracker uses, or one is missing', () => {
    const ours = state(track());
    expect(sameTracking(ours, null, 2)).toBeNull();
    expect(sameTracking(ours, state(track(), track({ id: 'b' })), 2)).toBeNull();
    expect(sameTracking(ours, state(track({ lastHitT: -1 })), 2)).toBeNull();
    expect(sameTracking(ours, state(track({ filterT: -1 })), 2)).toBeNull();
    expect(sameTracking(ours, state(track({ firstMissT: -0.5 })), 2)).toBeNull();
    expect(sameTracking(ours, state(track({ filter: [0.30001, ...track().filter.slice(1)] })), 2)).toBeNull();
    expect(sameTracking(ours, state(track({ appearance: [0.0028, 0.0022, 0] })), 2)).toBeNull();
    // Not yet confirmed on one side (a tentative track has no id and one hit).
    expect(sameTracking(ours, state(track({ id: null, hits: 1 })), 2)).toBeNull();
  });

  it('counts hits only up to confirmation', () => {
    const tentative = state(track({ id: null, hits: 1 }));
    expect(sameTracking(tentative, state(track({ id: null, hits: 1 })), 2)).toEqual(new Map());
    expect(sameTracking(state(track({ hits: 2 })), state(track({ id: 'x', hits: 200 })), 2)).toEqual(
      new Map([['x', 'a-1']]),
    );
  });
});
