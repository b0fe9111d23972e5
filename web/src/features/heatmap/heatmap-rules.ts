// The heat map screen's rules (advanced.md: heat map screen, §9 default range): the choices kept in the address
// (cameras, period, hours of the day, weekdays, a second period to compare with), the call's query, minutes as the
// legend and the cells read them, the cell under a pointer or reached by the arrow keys, and the change between
// two periods. Pure; what makes a period refused is the contract's (heatmap-rules), so the screen refuses what
// the server would.
import {
  addDays,
  daysInRange,
  defaultHeatmapRange,
  HEATMAP_COLS,
  HEATMAP_MAX_CAMERAS,
  HEATMAP_ROWS,
  HEATMAP_WEEKDAYS,
  heatmapCellOf,
  heatmapRangeProblem,
  type HeatmapWeekday,
} from '@camwatch/contract/heatmap-rules';

export interface Period {
  start: string;
  end: string;
}

/** What the screen shows, as the address asks for it. */
export interface HeatmapView extends Period {
  /** Camera codes in the order chosen, at most HEATMAP_MAX_CAMERAS, none twice. */
  cameras: string[];
  /** From hourFrom:00 (included) to hourTo:00 (not included). */
  hourFrom: number;
  hourTo: number;
  /** The weekdays kept, Monday first; all seven when the address names none. */
  weekdays: HeatmapWeekday[];
  /** The second period of the comparison, or null when not comparing. */
  compare: Period | null;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (value: string | null): value is string =>
  value !== null && DAY.test(value) && Number.isFinite(Date.parse(`${value}T00:00:00Z`));

/** A whole number of the address within [min, max], else null. */
function hourOf(value: string | null, min: number, max: number): number | null {
  if (value === null || !/^\d{1,2}$/.test(value)) return null;
  const hour = Number(value);
  return hour >= min && hour <= max ? hour : null;
}

/** Why a period (with the hours) cannot be asked for, or null: the contract's rules. */
export const periodProblem = (period: Period, hours: { hourFrom: number; hourTo: number }, today: string) =>
  heatmapRangeProblem({ ...period, ...hours }, today);

/** The camera codes of `cameras=c1,c2`: trimmed, none empty, none twice, at most HEATMAP_MAX_CAMERAS. */
export function camerasOf(value: string | null): string[] {
  if (!value) return [];
  const codes = value
    .split(',')
    .map((code) => code.trim())
    .filter((code) => code !== '');
  return [...new Set(codes)].slice(0, HEATMAP_MAX_CAMERAS);
}

/** The weekdays of `weekdays=mon,sat`, Monday first; unknown names are dropped, none (or nothing known) is all. */
export function weekdaysOf(value: string | null): HeatmapWeekday[] {
  const named = (value ?? '').split(',').map((day) => day.trim());
  const kept = HEATMAP_WEEKDAYS.filter((day) => named.includes(day));
  return kept.length > 0 ? kept : [...HEATMAP_WEEKDAYS];
}

/** The period before `period`, of the same length (it ends the day before it starts). */
export function previousPeriod(period: Period): Period {
  const days = daysInRange(period.start, period.end);
  return { start: addDays(period.start, -days), end: addDays(period.start, -1) };
}

/**
 * The view an address asks for. What is missing or would be refused falls back: the period to the default (31
 * days ago to 1 day ago), hours that are not whole hours of the day or do not end after they start to the whole
 * day, a comparison period that would be refused to none.
 */
export function viewOf(search: URLSearchParams, today: string): HeatmapView {
  let hourFrom = hourOf(search.get('hour_from'), 0, 23) ?? 0;
  let hourTo = hourOf(search.get('hour_to'), 1, 24) ?? 24;
  if (hourTo <= hourFrom) [hourFrom, hourTo] = [0, 24];
  const hours = { hourFrom, hourTo };
  const start = search.get('start');
  const end = search.get('end');
  const asked = isDay(start) && isDay(end) ? { start, end } : null;
  const period = asked && periodProblem(asked, hours, today) === null ? asked : defaultHeatmapRange(today);
  const compareStart = search.get('compare_start');
  const compareEnd = search.get('compare_end');
  const compare =
    isDay(compareStart) &&
    isDay(compareEnd) &&
    periodProblem({ start: compareStart, end: compareEnd }, hours, today) === null
      ? { start: compareStart, end: compareEnd }
      : null;
  return {
    cameras: camerasOf(search.get('cameras')),
    ...period,
    ...hours,
    weekdays: weekdaysOf(search.get('weekdays')),
    compare,
  };
}

/** The address's query for a view; the whole day, every weekday and no comparison are left out. */
export function searchOf(view: HeatmapView): Record<string, string> {
  const search: Record<string, string> = {};
  if (view.cameras.length > 0) search.cameras = view.cameras.join(',');
  search.start = view.start;
  search.end = view.end;
  if (view.hourFrom !== 0) search.hour_from = String(view.hourFrom);
  if (view.hourTo !== 24) search.hour_to = String(view.hourTo);
  if (view.weekdays.length < HEATMAP_WEEKDAYS.length) search.weekdays = view.weekdays.join(',');
  if (view.compare) {
    search.compare_start = view.compare.start;
    search.compare_end = view.compare.end;
  }
  return search;
}

/** The call's query (heatmapQuery) as the screen sends it, every field named. */
export type HeatmapCallQuery = {
  start: string;
  end: string;
  hour_from: number;
  hour_to: number;
  /** `mon,sat`; absent for every day. */
  weekdays: string | undefined;
  time_zone: string;
};

/** The query of GET api/heatmap/camera/:cameraCode for one period of a view (weekdays only when some are left out). */
export function heatmapQueryOf(
  period: Period,
  view: Pick<HeatmapView, 'hourFrom' | 'hourTo' | 'weekdays'>,
  timeZone: string,
): HeatmapCallQuery {
  return {
    start: period.start,
    end: period.end,
    hour_from: view.hourFrom,
    hour_to: view.hourTo,
    weekdays: view.weekdays.length < HEATMAP_WEEKDAYS.length ? view.weekdays.join(',') : undefined,
    time_zone: timeZone,
  };
}

/**
 * Person-seconds as minutes, rounded as a reader wants them: tenths below 10 minutes, whole minutes from 10 on
 * (thousands grouped), `<0.1` for a little that would round to nothing, `0` for nothing.
 */
export function formatMinutes(seconds: number, language: string): string {
  if (!(seconds > 0)) return '0';
  const minutes = seconds / 60;
  if (minutes < 0.05) return `<${new Intl.NumberFormat(language).format(0.1)}`;
  return new Intl.NumberFormat(language, { maximumFractionDigits: minutes < 10 ? 1 : 0 }).format(minutes);
}

/** The legend's marks: 0, half the scale and the scale's top (person-seconds); just 0 for an empty scale. */
export const legendMarks = (max: number): number[] => (max > 0 ? [0, max / 2, max] : [0]);

/** The cell under a pointer at (x, y) within a picture shown w × h (CSS pixels), or null outside it. */
export const cellAtPoint = (x: number, y: number, width: number, height: number): number | null =>
  width > 0 && height > 0 ? heatmapCellOf(x / width, y / height) : null;

/** Column and row (both from 0) of a cell. */
export const cellPosition = (cell: number) => ({
  col: cell % HEATMAP_COLS,
  row: Math.floor(cell / HEATMAP_COLS),
});

/**
 * The cell a key moves to from `cell`: arrows one cell (stopping at the edges), Home and End to the row's ends,
 * PageUp and PageDown to the column's ends; null for any other key.
 */
export function cellAfterKey(cell: number, key: string): number | null {
  const { col, row } = cellPosition(cell);
  const at = (c: number, r: number) =>
    Math.min(HEATMAP_ROWS - 1, Math.max(0, r)) * HEATMAP_COLS + Math.min(HEATMAP_COLS - 1, Math.max(0, c));
  switch (key) {
    case 'ArrowLeft':
      return at(col - 1, row);
    case 'ArrowRight':
      return at(col + 1, row);
    case 'ArrowUp':
      return at(col, row - 1);
    case 'ArrowDown':
      return at(col, row + 1);
    case 'Home':
      return at(0, row);
    case 'End':
      return at(HEATMAP_COLS - 1, row);
    case 'PageUp':
      return at(col, 0);
    case 'PageDown':
      return at(col, HEATMAP_ROWS - 1);
    default:
      return null;
  }
}

/** The first cell holding the most (where keyboard reading starts); 0 when all are empty. */
export function hottestCell(cells: readonly number[]): number {
  let best = 0;
  for (let i = 1; i < cells.length; i++) if (cells[i]! > cells[best]!) best = i;
  return best;
}

/** The change from `before` to `now` in percent, one decimal; null when there is nothing to compare with. */
export function changePercent(now: number, before: number): number | null {
  if (!(before > 0)) return null;
  return Math.round(((now - before) / before) * 1000) / 10;
}

/** The top of the colour scale two heat maps share, so the same colour means the same time in both. */
export const sharedScaleMax = (maps: readonly { max: number }[]): number =>
  maps.reduce((top, map) => Math.max(top, map.max), 0);
