// The people counter's periods (advanced.md §5 "aggregation dates at most 3 months", §9 default range 31 days ago
// to 1 day ago) and the query schema of its calls.
import { describe, expect, it } from 'vitest';
import { peopleCountQuery } from './people-counts.ts';
import {
  addMonths,
  defaultPeopleCountRange,
  peopleCountRangeProblem,
  resolvePeopleCountRange,
  todayIn,
} from './people-counts-rules.ts';

describe('people counter periods', () => {
  it('§9: the default period is from 31 days ago to 1 day ago', () => {
    expect(defaultPeopleCountRange('2026-03-15')).toEqual({ start: '2026-02-12', end: '2026-03-14' });
    expect(resolvePeopleCountRange({}, '2026-03-15')).toEqual({ start: '2026-02-12', end: '2026-03-14' });
  });

  it('fills an absent end with yesterday (or the start) and an absent start with 30 days before the end', () => {
    expect(resolvePeopleCountRange({ start: '2026-03-01' }, '2026-03-15')).toEqual({
      start: '2026-03-01',
      end: '2026-03-14',
    });
    expect(resolvePeopleCountRange({ start: '2026-03-15' }, '2026-03-15')).toEqual({
      start: '2026-03-15',
      end: '2026-03-15',
    });
    expect(resolvePeopleCountRange({ end: '2026-01-31' }, '2026-03-15')).toEqual({
      start: '2026-01-01',
      end: '2026-01-31',
    });
  });

  it('§5: refuses an end after today, before the start, or 3 months or more after the start', () => {
    const today = '2026-05-20';
    expect(
      peopleCountRangeProblem({ start: '2026-05-01', end: '2026-05-20', unit: 'day' }, today),
    ).toBeNull();
    expect(
      peopleCountRangeProblem({ start: '2026-05-01', end: '2026-05-21', unit: 'day' }, today),
    ).toMatchObject({
      field: 'end',
      reason: 'bad_range',
    });
    expect(
      peopleCountRangeProblem({ start: '2026-05-02', end: '2026-05-01', unit: 'day' }, today),
    ).toMatchObject({
      field: 'end',
    });
    expect(
      peopleCountRangeProblem({ start: '2026-01-01', end: '2026-03-31', unit: 'day' }, today),
    ).toBeNull();
    expect(
      peopleCountRangeProblem({ start: '2026-01-01', end: '2026-04-01', unit: 'week' }, today),
    ).toMatchObject({
      field: 'end',
    });
  });

  it('counts by the hour over at most 31 days', () => {
    const today = '2026-05-20';
    expect(
      peopleCountRangeProblem({ start: '2026-03-01', end: '2026-03-31', unit: 'hour' }, today),
    ).toBeNull();
    expect(
      peopleCountRangeProblem({ start: '2026-03-01', end: '2026-04-01', unit: 'hour' }, today),
    ).toMatchObject({
      field: 'unit',
    });
  });

  it('adds calendar months, keeping to the last day of a shorter month', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2026-11-15', 3)).toBe('2027-02-15');
  });

  it("takes today from the reader's time zone", () => {
    const now = new Date('2026-05-19T16:30:00Z');
    expect(todayIn('Asia/Tokyo', now)).toBe('2026-05-20');
    expect(todayIn('UTC', now)).toBe('2026-05-19');
  });
});

describe('peopleCountQuery', () => {
  it('defaults the unit to day and the zone to UTC, and refuses unknown units, zones and dates', () => {
    expect(peopleCountQuery.parse({})).toEqual({ unit: 'day', time_zone: 'UTC' });
    expect(peopleCountQuery.safeParse({ unit: 'year' }).success).toBe(false);
    expect(peopleCountQuery.safeParse({ time_zone: '+09:00' }).success).toBe(false);
    expect(peopleCountQuery.safeParse({ start: '2026-02-30' }).success).toBe(false);
    expect(peopleCountQuery.safeParse({ start: '1970-01-01' }).success).toBe(false);
  });
});
