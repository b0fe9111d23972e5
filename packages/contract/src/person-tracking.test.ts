// Person tracking's rules (advanced.md §3 settings, §4 job states, §5 "at most 3 hours"): the analysis period,
// the setting's ranges and polygons, and the transport judgment.
import { describe, expect, it } from 'vitest';
import { ANALYSIS_PERIOD_MAX_MS, analysisPeriodProblem } from './analysis-job-rules.ts';
import {
  DEFAULT_PERSON_TRACKING_SETTING,
  isTransport,
  numberProblem,
  PERSON_TRACKING_RANGES,
  personTrackingSettingSchema,
} from './person-tracking.ts';

const now = Date.UTC(2026, 10, 26, 12);
const hour = 3_600_000;

describe('analysisPeriodProblem (advanced.md §5)', () => {
  it('accepts a past period of up to 3 hours', () => {
    expect(analysisPeriodProblem(now - 4 * hour, now - hour, now)).toBeNull();
    expect(analysisPeriodProblem(now - ANALYSIS_PERIOD_MAX_MS, now, now)).toBeNull();
  });
  it('refuses a period over 3 hours, in the future, or ending before it starts, on end', () => {
    expect(analysisPeriodProblem(now - ANALYSIS_PERIOD_MAX_MS - 1, now, now)?.field).toBe('end');
    expect(analysisPeriodProblem(now - hour, now + 1, now)?.message).toMatch(/future/);
    expect(analysisPeriodProblem(now - hour, now - hour, now)?.message).toMatch(/after start/);
  });
});

describe('person tracking setting', () => {
  it('accepts the defaults', () => {
    expect(personTrackingSettingSchema.safeParse(DEFAULT_PERSON_TRACKING_SETTING).success).toBe(true);
    for (const [field, range] of Object.entries(PERSON_TRACKING_RANGES))
      expect(
        numberProblem(DEFAULT_PERSON_TRACKING_SETTING[field as keyof typeof PERSON_TRACKING_RANGES], range),
      ).toBeNull();
  });
  it('refuses thresholds out of range, fractions of frames, and areas breaking the polygon rules', () => {
    const bad = (change: object) =>
      personTrackingSettingSchema.safeParse({ ...DEFAULT_PERSON_TRACKING_SETTING, ...change }).success;
    expect(bad({ personDetectionThreshold: 1 })).toBe(false);
    expect(bad({ allowedUndetectedFrames: 1.5 })).toBe(false);
    expect(numberProblem(1.5, PERSON_TRACKING_RANGES.allowedUndetectedFrames)).toBe('integer');
    expect(numberProblem(0, PERSON_TRACKING_RANGES.rectangleMagnification)).toBe('range');
    const bowTie = [
      { x: 0, y: 0 },
      { x: 1, y: 1 },
      { x: 1, y: 0 },
      { x: 0, y: 1 },
    ];
    expect(bad({ trackingRange: [{ name: 'A', points: bowTie }] })).toBe(false);
    const square = [
      { x: 0, y: 0 },
      { x: 1, y: 0 },
      { x: 1, y: 1 },
      { x: 0, y: 1 },
    ];
    expect(bad({ trackingRange: [{ name: 'A', points: square }] })).toBe(true);
    expect(
      bad({
        trackingRange: [
          { name: 'A', points: square },
          { name: 'A', points: square },
        ],
      }),
    ).toBe(false);
  });
});

describe('isTransport', () => {
  const judgment = { width: 0.1, height: 0.2, direction: 'bottom' as const, threshold: 0.3 };
  it('needs the box size and the distance in the direction', () => {
    const from = { x: 0.5, y: 0.2 };
    expect(isTransport({ boxWidth: 0.1, boxHeight: 0.2, from, to: { x: 0.5, y: 0.5 } }, judgment)).toBe(true);
    expect(isTransport({ boxWidth: 0.09, boxHeight: 0.2, from, to: { x: 0.5, y: 0.5 } }, judgment)).toBe(
      false,
    );
    expect(isTransport({ boxWidth: 0.1, boxHeight: 0.2, from, to: { x: 0.5, y: 0.45 } }, judgment)).toBe(
      false,
    );
    expect(isTransport({ boxWidth: 0.1, boxHeight: 0.2, from, to: { x: 0.9, y: 0.2 } }, judgment)).toBe(
      false,
    );
  });
});
