// The people counter's results (advanced.md §2 people counter screens, §5 aggregation dates, §9 default range):
// which units a count is summed by, the default period (31 days ago to 1 day ago) and what makes a period
// refused, apart from the zod schemas of people-counts.ts so the browser checks the same rules without loading
// zod. Dates are calendar days `YYYY-MM-DD` of the reader's time zone; both ends are included. Pure.
import { AGGREGATION_MAX_MONTHS, ANALYTICS_DEFAULT_RANGE_DAYS } from './constants.ts';

/** What one bucket of a count covers. Weeks start on Monday (ISO weeks). */
export const PEOPLE_COUNT_UNITS = ['hour', 'day', 'week', 'month'] as const;
export type PeopleCountUnit = (typeof PEOPLE_COUNT_UNITS)[number];
export const DEFAULT_PEOPLE_COUNT_UNIT: PeopleCountUnit = 'day';

/** A period counted by the hour covers at most this many days (744 buckets). */
export const PEOPLE_COUNT_HOUR_MAX_DAYS = 31;
/** A period covers at most AGGREGATION_MAX_MONTHS months (advanced.md §5): its end is before start + 3 months. */
export const PEOPLE_COUNT_MAX_MONTHS = AGGREGATION_MAX_MONTHS;

/** The time zone a count is bucketed in when the call does not name one. */
export const DEFAULT_PEOPLE_COUNT_TIME_ZONE = 'UTC';

const DAY_MS = 86_400_000;
const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** ms (UTC midnight) of a `YYYY-MM-DD` day; NaN when it is not a real calendar day. */
export function dayMs(day: string): number {
  const match = DATE_PATTERN.exec(day);
  if (!match) return Number.NaN;
  const ms = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return new Date(ms).toISOString().slice(0, 10) === day ? ms : Number.NaN;
}

/** The `YYYY-MM-DD` day `days` after `day` (before, when negative). */
export const addDays = (day: string, days: number): string =>
  new Date(dayMs(day) + days * DAY_MS).toISOString().slice(0, 10);

/** The `YYYY-MM-DD` day `months` calendar months after `day` (the month's last day when it is shorter). */
export function addMonths(day: string, months: number): string {
  const d = new Date(dayMs(day));
  const target = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d.getUTCDate(), lastDay));
  return target.toISOString().slice(0, 10);
}

/** Days from `start` to `end`, both included (1 for one day). */
export const daysInRange = (start: string, end: string): number =>
  Math.round((dayMs(end) - dayMs(start)) / DAY_MS) + 1;

/** Today's date `YYYY-MM-DD` on the wall clock of an IANA time zone. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** The default period (advanced.md §9): from 31 days ago to 1 day ago. */
export function defaultPeopleCountRange(today: string): { start: string; end: string } {
  return {
    start: addDays(today, -ANALYTICS_DEFAULT_RANGE_DAYS.startDaysAgo),
    end: addDays(today, -ANALYTICS_DEFAULT_RANGE_DAYS.endDaysAgo),
  };
}

/**
 * The period a call counts: the given ends, an absent end yesterday (or the start, when that is later), an absent
 * start 30 days before the end, so the default period is 31 days.
 */
export function resolvePeopleCountRange(
  given: { start?: string | undefined; end?: string | undefined },
  today: string,
): { start: string; end: string } {
  const fallback = defaultPeopleCountRange(today);
  const end = given.end ?? (given.start && given.start > fallback.end ? given.start : fallback.end);
  const start =
    given.start ??
    addDays(end, -(ANALYTICS_DEFAULT_RANGE_DAYS.startDaysAgo - ANALYTICS_DEFAULT_RANGE_DAYS.endDaysAgo));
  return { start, end };
}

export interface PeopleCountRangeProblem {
  field: 'start' | 'end' | 'unit';
  message: string;
  reason: 'bad_range';
}

/** Why a period (already resolved) is refused, or null when it is fine. */
export function peopleCountRangeProblem(
  range: { start: string; end: string; unit: PeopleCountUnit },
  today: string,
): PeopleCountRangeProblem | null {
  if (range.end > today) return { field: 'end', message: 'must not be after today', reason: 'bad_range' };
  if (range.end < range.start)
    return { field: 'end', message: 'must not be before start', reason: 'bad_range' };
  if (range.end >= addMonths(range.start, PEOPLE_COUNT_MAX_MONTHS))
    return {
      field: 'end',
      message: `must be less than ${PEOPLE_COUNT_MAX_MONTHS} months after start`,
      reason: 'bad_range',
    };
  if (range.unit === 'hour' && daysInRange(range.start, range.end) > PEOPLE_COUNT_HOUR_MAX_DAYS)
    return {
      field: 'unit',
      message: `hour needs a period of at most ${PEOPLE_COUNT_HOUR_MAX_DAYS} days`,
      reason: 'bad_range',
    };
  return null;
}
