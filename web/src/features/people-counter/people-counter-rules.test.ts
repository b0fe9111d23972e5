import { describe, expect, it } from 'vitest';
import {
  bucketLabel,
  axisLabel,
  changePercent,
  chartRowsOf,
  comparisonPeriod,
  customersOf,
  isEmptyCount,
  previousPeriod,
  searchOf,
  viewOf,
} from './people-counter-rules.ts';

const today = '2026-11-25';
const view = (query: Record<string, string>) => viewOf(new URLSearchParams(query), today);

describe('the view in the address (advanced.md §5, §9)', () => {
  it('defaults to 31 days ago to 1 day ago, by day, compared with the period before', () => {
    expect(view({})).toEqual({
      start: '2026-10-25',
      end: '2026-11-24',
      unit: 'day',
      compare: 'previous',
      compareStart: '2026-09-24',
    });
  });

  it('keeps a period and unit that can be counted', () => {
    expect(view({ start: '2026-11-01', end: '2026-11-25', unit: 'hour' })).toMatchObject({
      start: '2026-11-01',
      end: '2026-11-25',
      unit: 'hour',
    });
  });

  it('refuses a period after today, reversed, of 3 months or more, or not a date', () => {
    const fallback = { start: '2026-10-25', end: '2026-11-24' };
    expect(view({ start: '2026-11-20', end: '2026-11-26' })).toMatchObject(fallback);
    expect(view({ start: '2026-11-20', end: '2026-11-19' })).toMatchObject(fallback);
    expect(view({ start: '2026-08-01', end: '2026-11-01' })).toMatchObject(fallback);
    expect(view({ start: '2026-08-02', end: '2026-11-01' })).toMatchObject({ start: '2026-08-02' });
    expect(view({ start: '2026-02-30', end: '2026-03-02' })).toMatchObject(fallback);
  });

  it('counts by day when hours are asked for more than 31 days, or the unit is unknown', () => {
    expect(view({ start: '2026-10-01', end: '2026-11-01', unit: 'hour' }).unit).toBe('day');
    expect(view({ start: '2026-10-02', end: '2026-11-01', unit: 'hour' }).unit).toBe('hour');
    expect(view({ unit: 'year' }).unit).toBe('day');
  });

  it('compares with a chosen start only while that period ends by today', () => {
    const chosen = view({
      start: '2026-11-01',
      end: '2026-11-10',
      compare: 'custom',
      compare_start: '2025-11-01',
    });
    expect(chosen).toMatchObject({ compare: 'custom', compareStart: '2025-11-01' });
    expect(comparisonPeriod(chosen)).toEqual({ start: '2025-11-01', end: '2025-11-10' });
    const late = view({
      start: '2026-11-01',
      end: '2026-11-10',
      compare: 'custom',
      compare_start: '2026-11-20',
    });
    expect(late).toMatchObject({ compare: 'previous', compareStart: '2026-10-22' });
  });

  it('writes back what it read', () => {
    const chosen = view({
      start: '2026-11-01',
      end: '2026-11-10',
      compare: 'custom',
      compare_start: '2025-11-01',
    });
    expect(view(searchOf(chosen))).toEqual(chosen);
    expect(searchOf(view({}))).toEqual({ start: '2026-10-25', end: '2026-11-24', unit: 'day' });
  });
});

describe('periods and figures', () => {
  it('the previous period has the same length and ends the day before', () => {
    expect(previousPeriod({ start: '2026-03-01', end: '2026-03-31' })).toEqual({
      start: '2026-01-29',
      end: '2026-02-28',
    });
    expect(previousPeriod({ start: '2026-11-24', end: '2026-11-24' })).toEqual({
      start: '2026-11-23',
      end: '2026-11-23',
    });
  });

  it('customers are all passes less staff', () => {
    expect(customersOf({ in: 10, out: 8, staffIn: 3, staffOut: 2 })).toEqual({ in: 7, out: 6 });
    expect(isEmptyCount({ in: 0, out: 0, staffIn: 0, staffOut: 0 })).toBe(true);
    expect(isEmptyCount({ in: 0, out: 1, staffIn: 0, staffOut: 0 })).toBe(false);
  });

  it('change in percent, none from nothing', () => {
    expect(changePercent(150, 100)).toBe(50);
    expect(changePercent(1, 3)).toBe(-66.7);
    expect(changePercent(5, 0)).toBeNull();
  });
});

describe('labels', () => {
  it('names buckets on their own wall clock, the first week from the period start', () => {
    expect(bucketLabel('2026-11-24T13:00:00+09:00', 'hour', '2026-11-01')).toBe('2026/11/24 13:00');
    expect(bucketLabel('2026-11-24T00:00:00-05:00', 'day', '2026-11-01')).toBe('2026/11/24');
    expect(bucketLabel('2026-10-26T00:00:00+09:00', 'week', '2026-11-01')).toBe('2026/11/01〜');
    expect(bucketLabel('2026-11-02T00:00:00+09:00', 'week', '2026-11-01')).toBe('2026/11/02〜');
    expect(bucketLabel('2026-10-01T00:00:00+09:00', 'month', '2026-10-25')).toBe('2026/10');
    expect(axisLabel('2026-11-24T13:00:00+09:00', 'hour', '2026-11-01')).toBe('11/24 13:00');
    expect(axisLabel('2026-10-01T00:00:00+09:00', 'month', '2026-10-25')).toBe('2026/10');
  });

  it('chart rows split customers from staff', () => {
    expect(
      chartRowsOf(
        [{ start: '2026-11-24T00:00:00+09:00', in: 5, out: 4, staffIn: 2, staffOut: 1 }],
        'day',
        '2026-11-24',
      ),
    ).toEqual([{ label: '11/24', customersIn: 3, customersOut: 3, staffIn: 2, staffOut: 1 }]);
  });
});
