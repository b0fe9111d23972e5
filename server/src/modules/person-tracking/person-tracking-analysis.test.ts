// Person tracking's rules on tracks (docs/features/person-tracking.md): each setting maps onto the engine's
// options, and the ranges, the time in each area and the transport judgment act on a person's points.
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PERSON_TRACKING_SETTING,
  type PersonTrackingSetting,
} from '@camwatch/contract/person-tracking';
import { defaultAnalysisOptions } from '../../vision/analysis-options.ts';
import { defaultRegionOptions } from '../../vision/regions.ts';
import { DEFAULT_TRACKER_OPTIONS } from '../../vision/tracker-options.ts';
import type { AnalysisResult } from '../../vision/analyze.ts';
import {
  PersonTrackingCollector,
  personOf,
  personTrackingEngineOptions,
} from './person-tracking-analysis.ts';

const base: PersonTrackingSetting = {
  ...DEFAULT_PERSON_TRACKING_SETTING,
  trackingRange: [],
  detectionProcessingRange: [],
  transportJudgment: { ...DEFAULT_PERSON_TRACKING_SETTING.transportJudgment },
};
const rect = (x0: number, y0: number, x1: number, y1: number) => [
  { x: x0, y: y0 },
  { x: x1, y: y0 },
  { x: x1, y: y1 },
  { x: x0, y: y1 },
];

/** A person walking left to right at feet height 0.8, one point each 0.5 s, box w × h. */
function walk(n: number, { w = 0.05, h = 0.2, score = 0.8, from = 0.1, to = 0.9 } = {}) {
  return Array.from({ length: n }, (_, i) => {
    const x = from + ((to - from) * i) / (n - 1);
    return [1_000_000 + i * 500, x, 0.8, w, h, score] as [number, number, number, number, number, number];
  });
}

describe('personTrackingEngineOptions', () => {
  it('gives the engine defaults for the default setting', () => {
    const options = personTrackingEngineOptions(base);
    expect(options.tracker).toMatchObject({
      highScore: DEFAULT_TRACKER_OPTIONS.highScore,
      maxMissSeconds: DEFAULT_TRACKER_OPTIONS.maxMissSeconds,
      maxCost: DEFAULT_TRACKER_OPTIONS.maxCost,
      maxJump: DEFAULT_TRACKER_OPTIONS.maxJump,
    });
    expect(options.motionShare).toBe(defaultAnalysisOptions.motionShare);
    expect(options.regions).toMatchObject({
      pixelThreshold: defaultRegionOptions.pixelThreshold,
      margin: defaultRegionOptions.margin,
    });
  });

  it('maps every numeric setting onto an engine option', () => {
    const options = personTrackingEngineOptions({
      ...base,
      personDetectionThreshold: 0.7,
      movementThreshold: 0.01,
      allowedUndetectedFrames: 10,
      rectangleMagnification: 2,
      trackingThreshold: 0.5,
      backgroundFollowThreshold: 40,
    });
    expect(options).toEqual({
      motionShare: 0.01,
      tracker: {
        highScore: 0.7,
        lowScore: DEFAULT_TRACKER_OPTIONS.lowScore,
        maxMissSeconds: 5,
        maxCost: 0.5,
        maxJump: DEFAULT_TRACKER_OPTIONS.maxJump * 2,
      },
      regions: {
        pixelThreshold: 40,
        margin: defaultRegionOptions.margin * 2,
        trackedMargin: defaultRegionOptions.trackedMargin * 2,
      },
    });
    // A detection threshold under the tracker's weak score keeps the weak one under it.
    expect(personTrackingEngineOptions({ ...base, personDetectionThreshold: 0.1 }).tracker?.lowScore).toBe(
      0.1,
    );
  });
});

describe('personOf', () => {
  it('keeps the whole path and measures nothing without ranges', () => {
    const person = personOf('a', walk(9), base)!;
    expect(person.firstMs).toBe(1_000_000);
    expect(person.lastMs).toBe(1_004_000);
    // About one point a second, the last point kept.
    expect(person.path.map((p) => p[0])).toEqual([1_000_000, 1_001_000, 1_002_000, 1_003_000, 1_004_000]);
    expect(person.areaSeconds).toEqual([]);
  });

  it('keeps the path inside the tracking range only, with the time in each area', () => {
    const setting = {
      ...base,
      trackingRange: [
        { name: 'Left', points: rect(0, 0.5, 0.5, 1) },
        { name: 'Far right', points: rect(0.95, 0.5, 1, 1) },
      ],
    };
    const person = personOf('a', walk(9), setting)!;
    // x = 0.1, 0.2, … 0.9: the first four points are in Left.
    expect(person.areaSeconds).toEqual([2, 0]);
    expect(person.lastMs).toBe(1_001_500);
    expect(person.path.every(([, x]) => x < 0.5)).toBe(true);
    // Never inside the range: not listed.
    expect(personOf('b', walk(9), { ...base, trackingRange: [setting.trackingRange[1]!] })).toBeNull();
  });

  it('leaves out a person never detected inside the detection processing range', () => {
    const inside = { ...base, detectionProcessingRange: [{ name: 'Floor', points: rect(0.8, 0.5, 1, 1) }] };
    expect(personOf('a', walk(9), inside)).not.toBeNull();
    // Detected only left of 0.5 (predicted boxes, score 0, further right do not count).
    const points = walk(9).map((p) => (p[1] > 0.5 ? ([...p.slice(0, 5), 0] as typeof p) : p));
    expect(personOf('a', points, inside)).toBeNull();
  });

  it('judges a transport by box size and the way and distance it went', () => {
    const judgment = { width: 0.1, height: 0.25, direction: 'right' as const, threshold: 0.5 };
    const setting = { ...base, transportJudgment: judgment };
    expect(personOf('cart', walk(9, { w: 0.12, h: 0.3 }), setting)!.isTransport).toBe(true);
    // Too small a box.
    expect(personOf('walker', walk(9, { w: 0.05, h: 0.3 }), setting)!.isTransport).toBe(false);
    // Not far enough.
    expect(personOf('short', walk(9, { w: 0.12, h: 0.3, to: 0.5 }), setting)!.isTransport).toBe(false);
    // The other way.
    const left = { ...setting, transportJudgment: { ...judgment, direction: 'left' as const } };
    expect(personOf('cart', walk(9, { w: 0.12, h: 0.3 }), left)!.isTransport).toBe(false);
    expect(personOf('back', walk(9, { w: 0.12, h: 0.3, from: 0.9, to: 0.1 }), left)!.isTransport).toBe(true);
  });
});

describe('PersonTrackingCollector', () => {
  it('joins a person of two recordings by id and keeps only the period', () => {
    const track = (id: string, ts: number[]) => ({
      id,
      points: ts.map((t) => ({ t, box: { x: 0.4, y: 0.4, w: 0.1, h: 0.4 }, score: 0.9 })),
      maxScore: 0.9,
      descriptor: null,
    });
    const result = (tracks: ReturnType<typeof track>[]) => ({ tracks }) as unknown as AnalysisResult;
    const collector = new PersonTrackingCollector(base, { startMs: 60_000, endMs: 180_000 });
    collector.add({ clipId: 1, beginsAtMs: 0, durationMs: 60_000 }, result([track('a', [59, 59.5])]));
    collector.add({ clipId: 2, beginsAtMs: 60_000, durationMs: 60_000 }, result([track('a', [0, 0.5, 1])]));
    collector.add({ clipId: 3, beginsAtMs: 120_000, durationMs: 60_000 }, result([track('b', [10])]));
    const { persons } = collector.finish();
    expect(persons.map((p) => [p.id, p.firstMs, p.lastMs])).toEqual([
      ['a', 60_000, 61_000],
      ['b', 130_000, 130_000],
    ]);
    // Feet: the bottom centre of the box.
    expect(persons[0]!.path[0]).toEqual([60_000, 0.45, 0.8]);
  });
});
