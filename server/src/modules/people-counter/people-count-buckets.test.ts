// The buckets of a people count (advanced.md §2, §5): hours, days, weeks from Monday and months of a period of
// calendar days, written with the zone's offset at their start, zeros included.
import { describe, expect, it } from 'vitest';
import {
  bucketKeys,
  layBuckets,
  wallClockToUtc,
  withOffset,
  zoneOffsetMinutes,
} from './people-count-buckets.ts';

describe('bucketKeys', () => {
  it('starts a week on the Monday before a Sunday start, and a month on its first day', () => {
    // 2026-03-01 is a Sunday.
    expect(bucketKeys('2026-03-01', '2026-03-09', 'week')).toEqual([
      '2026-02-23T00:00:00',
      '2026-03-02T00:00:00',
      '2026-03-09T00:00:00',
    ]);
    expect(bucketKeys('2025-12-15', '2026-02-01', 'month')).toEqual([
      '2025-12-01T00:00:00',
      '2026-01-01T00:00:00',
      '2026-02-01T00:00:00',
    ]);
  });

  it('has 24 hours a day and one key a day', () => {
    const hours = bucketKeys('2026-02-28', '2026-03-01', 'hour');
    expect(hours).toHaveLength(48);
    expect(hours[23]).toBe('2026-02-28T23:00:00');
    expect(hours[24]).toBe('2026-03-01T00:00:00');
    expect(bucketKeys('2026-02-27', '2026-03-01', 'day')).toEqual([
      '2026-02-27T00:00:00',
      '2026-02-28T00:00:00',
      '2026-03-01T00:00:00',
    ]);
  });
});

describe('zone offsets', () => {
  it('writes the offset the zone had at that wall-clock time, half hours included', () => {
    expect(withOffset('2026-01-05T00:00:00', 'Asia/Tokyo')).toBe('2026-01-05T00:00:00+09:00');
    expect(withOffset('2026-01-05T00:00:00', 'Asia/Kolkata')).toBe('2026-01-05T00:00:00+05:30');
    expect(withOffset('2026-07-01T00:00:00', 'America/New_York')).toBe('2026-07-01T00:00:00-04:00');
    expect(withOffset('2026-01-01T00:00:00', 'UTC')).toBe('2026-01-01T00:00:00+00:00');
  });

  it('turns a wall-clock time into its moment', () => {
    expect(
      new Date(wallClockToUtc(Date.parse('2026-03-08T12:00:00Z'), 'America/New_York')).toISOString(),
    ).toBe('2026-03-08T16:00:00.000Z');
    expect(zoneOffsetMinutes(Date.parse('2026-01-01T00:00:00Z'), 'Asia/Kathmandu')).toBe(345);
  });
});

describe('layBuckets', () => {
  it('lays the sums on every bucket, adds sums of the same bucket, and totals only the period', () => {
    const { buckets, totals } = layBuckets(
      { start: '2026-03-01', end: '2026-03-02', unit: 'day', timeZone: 'UTC' },
      [
        { bucket: '2026-03-02T00:00:00', in: 2, out: 1, staffIn: 1, staffOut: 0 },
        { bucket: '2026-03-02T00:00:00', in: 1, out: 0, staffIn: 0, staffOut: 0 },
      ],
    );
    expect(buckets).toEqual([
      { start: '2026-03-01T00:00:00+00:00', in: 0, out: 0, staffIn: 0, staffOut: 0 },
      { start: '2026-03-02T00:00:00+00:00', in: 3, out: 1, staffIn: 1, staffOut: 0 },
    ]);
    expect(totals).toEqual({ in: 3, out: 1, staffIn: 1, staffOut: 0 });
  });
});
