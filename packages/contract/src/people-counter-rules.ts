// The limits, defaults and checks of a camera's people counter setting (advanced.md §3 "People counter setting",
// §5), apart from the zod schemas so the browser's setting dialog checks the same rules without loading zod.
// Pure. Days follow the cameras' surveillance times (core.md §3: weekday, Saturday, Sunday/holiday), one
// list per day of the week plus one for holidays, which take precedence over the weekday they fall on.
import { segmentsIntersect, type Point } from './polygon-rules.ts';

export const ANALYSIS_DAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun', 'holiday'] as const;
export type AnalysisDay = (typeof ANALYSIS_DAYS)[number];

/** A period of one day in minutes from midnight: from is included, to is not; 0..1440. */
export interface AnalysisPeriod {
  from: number;
  to: number;
}

export type AnalysisPeriods = Record<AnalysisDay, AnalysisPeriod[]>;

export const MINUTES_PER_DAY = 1440;
/** Periods a day may have; an empty list means the day is not analysed. */
export const ANALYSIS_PERIODS_PER_DAY_MAX = 4;

export interface StaffRange {
  min: number;
  max: number;
}

/** Days looked back over to tell staff from visitors. */
export const STAFF_JUDGMENT_DAYS_RANGE: StaffRange = Object.freeze({ min: 1, max: 90 });
/** Days seen within the judgment period above which a person counts as staff; at most the period itself. */
export const STAFF_ADMISSION_THRESHOLD_RANGE: StaffRange = Object.freeze({ min: 1, max: 90 });

export const DEFAULT_STAFF_JUDGMENT_DAYS = 30;
export const DEFAULT_STAFF_ADMISSION_THRESHOLD = 10;

/** What a camera whose setting was never saved is shown with: every day analysed in full. */
export const defaultAnalysisPeriods = (): AnalysisPeriods =>
  Object.fromEntries(
    ANALYSIS_DAYS.map((day) => [day, [{ from: 0, to: MINUTES_PER_DAY }]]),
  ) as AnalysisPeriods;

/** Why a day's periods are refused: a period ending before it starts, or two sharing minutes. */
export type PeriodProblem =
  { index: number; problem: 'bad_range' } | { index: number; problem: 'overlapping' };

/**
 * The first problem of one day's periods: a period whose end is not after its start, or one overlapping an
 * earlier-starting one (touching ends, 09:00-12:00 and 12:00-13:00, do not overlap). Index is the period's
 * place in the list as given.
 */
export function periodProblem(periods: readonly AnalysisPeriod[]): PeriodProblem | null {
  const bad = periods.findIndex((p) => p.from >= p.to);
  if (bad >= 0) return { index: bad, problem: 'bad_range' };
  const order = periods.map((p, index) => ({ ...p, index })).sort((a, b) => a.from - b.from || a.to - b.to);
  for (let i = 1; i < order.length; i++) {
    const current = order[i]!;
    if (current.from < order[i - 1]!.to) return { index: current.index, problem: 'overlapping' };
  }
  return null;
}

/** A day's periods as stored: in the order of their start. */
export const sortedPeriods = (periods: readonly AnalysisPeriod[]): AnalysisPeriod[] =>
  [...periods].sort((a, b) => a.from - b.from || a.to - b.to);

/** Whether the point lies inside the polygon (ray casting; a point on an edge may go either way). */
export function pointInPolygon(point: Point, polygon: readonly Point[]): boolean {
  let inside = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const a = polygon[i]!;
    const b = polygon[j]!;
    if (a.y > point.y !== b.y > point.y && point.x < ((b.x - a.x) * (point.y - a.y)) / (b.y - a.y) + a.x)
      inside = !inside;
  }
  return inside;
}

/**
 * Whether two simple polygons share any area or touch: an edge of one meets an edge of the other, or one lies
 * inside the other. The entrance start and end areas must be apart, or a pass could not tell in from out.
 */
export function polygonsOverlap(first: readonly Point[], second: readonly Point[]): boolean {
  if (first.length < 3 || second.length < 3) return false;
  for (let i = 0; i < first.length; i++) {
    const a = first[i]!;
    const b = first[(i + 1) % first.length]!;
    for (let j = 0; j < second.length; j++)
      if (segmentsIntersect(a, b, second[j]!, second[(j + 1) % second.length]!)) return true;
  }
  return pointInPolygon(first[0]!, second) || pointInPolygon(second[0]!, first);
}

/** "09:30" for 570 minutes; 1440 reads "24:00". */
export const minutesToClock = (minutes: number): string =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** 570 for "09:30" (or "9:30"); "24:00" is 1440; null for anything else. */
export function clockToMinutes(text: string): number | null {
  const match = /^(\d{1,2}):(\d{2})$/.exec(text.trim());
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  if (minutes > 59 || hours > 24 || (hours === 24 && minutes !== 0)) return null;
  return hours * 60 + minutes;
}
