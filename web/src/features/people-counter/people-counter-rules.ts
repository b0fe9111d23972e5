// The people counter screens' rules (advanced.md §2, §5, §9): the view kept in the address (period, unit and the
// period compared with), customers apart from staff, bucket labels and the comparison of two periods. Pure; the
// period rules themselves are the contract's (people-counts-rules), so the screen refuses what the server would.
import {
  addDays,
  dayMs,
  daysInRange,
  defaultPeopleCountRange,
  DEFAULT_PEOPLE_COUNT_UNIT,
  PEOPLE_COUNT_HOUR_MAX_DAYS,
  PEOPLE_COUNT_UNITS,
  peopleCountRangeProblem,
  type PeopleCountUnit,
} from '@camwatch/contract/people-counts-rules';
import type { PeopleCountBucket, PeopleCountFigures } from '@camwatch/contract/people-counts';

export const COMPARE_MODES = ['previous', 'custom'] as const;
export type CompareMode = (typeof COMPARE_MODES)[number];

export interface Period {
  start: string;
  end: string;
}

export interface PeopleCounterView extends Period {
  unit: PeopleCountUnit;
  /** The period compared with: the one just before, of the same length, or one starting on `compareStart`. */
  compare: CompareMode;
  compareStart: string;
}

const isDay = (value: string | null): value is string => value !== null && Number.isFinite(dayMs(value));

/** Why a period cannot be counted (the contract's rules), or null. */
export const periodProblem = (period: Period, unit: PeopleCountUnit, today: string) =>
  peopleCountRangeProblem({ ...period, unit }, today);

/** Whether a unit can count a period: hours only for periods of at most 31 days. */
export const unitFits = (unit: PeopleCountUnit, period: Period): boolean =>
  unit !== 'hour' || daysInRange(period.start, period.end) <= PEOPLE_COUNT_HOUR_MAX_DAYS;

/** The period before `period`, of the same length (it ends the day before it starts). */
export function previousPeriod(period: Period): Period {
  const days = daysInRange(period.start, period.end);
  return { start: addDays(period.start, -days), end: addDays(period.start, -1) };
}

/** A period of `period`'s length starting on `start`. */
export const periodFrom = (start: string, length: Period): Period => ({
  start,
  end: addDays(start, daysInRange(length.start, length.end) - 1),
});

/** The period the view compares with. */
export const comparisonPeriod = (view: PeopleCounterView): Period =>
  view.compare === 'custom' ? periodFrom(view.compareStart, view) : previousPeriod(view);

/**
 * The view an address asks for; what is missing or cannot be counted falls back: the period to the default
 * (31 days ago to 1 day ago), the unit to day (and hour to day for a period too long for it), a comparison
 * start that would reach past today to the previous period.
 */
export function viewOf(search: URLSearchParams, today: string): PeopleCounterView {
  const fallback = defaultPeopleCountRange(today);
  const start = search.get('start');
  const end = search.get('end');
  let period: Period = isDay(start) && isDay(end) ? { start, end } : fallback;
  const unitParam = search.get('unit');
  let unit = (PEOPLE_COUNT_UNITS as readonly string[]).includes(unitParam ?? '')
    ? (unitParam as PeopleCountUnit)
    : DEFAULT_PEOPLE_COUNT_UNIT;
  if (periodProblem(period, 'day', today)) period = fallback;
  if (!unitFits(unit, period)) unit = DEFAULT_PEOPLE_COUNT_UNIT;
  const previous = previousPeriod(period);
  const compareStart = search.get('compare_start');
  const custom =
    search.get('compare') === 'custom' &&
    isDay(compareStart) &&
    periodProblem(periodFrom(compareStart, period), unit, today) === null;
  return {
    ...period,
    unit,
    compare: custom ? 'custom' : 'previous',
    compareStart: custom ? compareStart : previous.start,
  };
}

/** The address's query for a view (the comparison start only when chosen). */
export function searchOf(view: PeopleCounterView): Record<string, string> {
  const search: Record<string, string> = { start: view.start, end: view.end, unit: view.unit };
  if (view.compare === 'custom')
    Object.assign(search, { compare: 'custom', compare_start: view.compareStart });
  return search;
}

/** Customers' passes: all passes less staff's (the contract's figures count staff within in and out). */
export const customersOf = (f: PeopleCountFigures) => ({
  in: Math.max(0, f.in - f.staffIn),
  out: Math.max(0, f.out - f.staffOut),
});

export const isEmptyCount = (totals: PeopleCountFigures): boolean =>
  totals.in === 0 && totals.out === 0 && totals.staffIn === 0 && totals.staffOut === 0;

/** `YYYY-MM-DD` and `HH` of a bucket's start as its time zone's wall clock wrote it (`2026-01-05T09:00:00+09:00`). */
function wallClock(start: string): { day: string; hour: string } {
  return { day: start.slice(0, 10), hour: start.slice(11, 13) };
}

const slashed = (day: string) => day.replaceAll('-', '/');

/**
 * A bucket's name in the table: its day (and hour), its week's first counted day, or its month. The first week or
 * month may begin before the period: it is named from the period's start, where its counting begins.
 */
export function bucketLabel(start: string, unit: PeopleCountUnit, periodStart: string): string {
  const { day, hour } = wallClock(start);
  const from = day < periodStart ? periodStart : day;
  switch (unit) {
    case 'hour':
      return `${slashed(day)} ${hour}:00`;
    case 'day':
      return slashed(day);
    case 'week':
      return `${slashed(from)}〜`;
    case 'month':
      return slashed(day.slice(0, 7));
  }
}

/** The shorter name on a chart's axis: without the year (but months keep it). */
export function axisLabel(start: string, unit: PeopleCountUnit, periodStart: string): string {
  const label = bucketLabel(start, unit, periodStart);
  return unit === 'month' ? label : label.slice(5);
}

export interface ChartRow {
  label: string;
  customersIn: number;
  customersOut: number;
  staffIn: number;
  staffOut: number;
}

/** One row per bucket for the charts: customers and staff apart. */
export const chartRowsOf = (
  buckets: readonly PeopleCountBucket[],
  unit: PeopleCountUnit,
  periodStart: string,
): ChartRow[] =>
  buckets.map((b) => {
    const customers = customersOf(b);
    return {
      label: axisLabel(b.start, unit, periodStart),
      customersIn: customers.in,
      customersOut: customers.out,
      staffIn: b.staffIn,
      staffOut: b.staffOut,
    };
  });

export const COMPARED_FIGURES = ['customersIn', 'customersOut', 'staffIn', 'staffOut'] as const;
export type ComparedFigure = (typeof COMPARED_FIGURES)[number];

/** A period's totals as the comparison shows them. */
export function comparedFigures(totals: PeopleCountFigures): Record<ComparedFigure, number> {
  const customers = customersOf(totals);
  return {
    customersIn: customers.in,
    customersOut: customers.out,
    staffIn: totals.staffIn,
    staffOut: totals.staffOut,
  };
}

/** The change from `before` to `now` in percent, rounded to one decimal; null when there was nothing before. */
export function changePercent(now: number, before: number): number | null {
  if (before === 0) return null;
  return Math.round(((now - before) / before) * 1000) / 10;
}
