// The heat map (advanced.md: heat map screen, §9 default range): where people's feet stood, as person-seconds per
// cell of a fixed grid over the camera's picture, summed over a period of days and optionally some hours of the
// day and some weekdays. The grid, the filters and what makes a request refused live here, apart from the zod
// schemas of heatmap.ts, so the browser checks the same rules without loading zod. Pure.
import { AGGREGATION_MAX_MONTHS } from './constants.ts';
import { addMonths } from './people-counts-rules.ts';

export {
  addDays,
  daysInRange,
  defaultPeopleCountRange as defaultHeatmapRange,
  resolvePeopleCountRange as resolveHeatmapRange,
  todayIn,
} from './people-counts-rules.ts';

/** The grid over the picture: 32 × 18 cells (16:9 pictures give square cells), row after row from the top left. */
export const HEATMAP_COLS = 32;
export const HEATMAP_ROWS = 18;
export const HEATMAP_CELLS = HEATMAP_COLS * HEATMAP_ROWS;

/** Weekdays a heat map may be limited to, in the order a week is shown (days of the reader's time zone). */
export const HEATMAP_WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type HeatmapWeekday = (typeof HEATMAP_WEEKDAYS)[number];

/** Days are bucketed in this zone when the call names none (the product's users are in Japan). */
export const DEFAULT_HEATMAP_TIME_ZONE = 'Asia/Tokyo';

/** A period covers less than AGGREGATION_MAX_MONTHS months (advanced.md §5), like the people counter's. */
export const HEATMAP_MAX_MONTHS = AGGREGATION_MAX_MONTHS;

/** Cameras one heat map screen (or one batch) shows side by side at most. */
export const HEATMAP_MAX_CAMERAS = 10;

export interface HeatmapRangeProblem {
  field: 'start' | 'end' | 'hour_to';
  message: string;
  reason: 'bad_range';
}

/** Why a period and hours (already resolved) are refused, or null when they are fine. */
export function heatmapRangeProblem(
  range: { start: string; end: string; hourFrom: number; hourTo: number },
  today: string,
): HeatmapRangeProblem | null {
  if (range.end > today) return { field: 'end', message: 'must not be after today', reason: 'bad_range' };
  if (range.end < range.start)
    return { field: 'end', message: 'must not be before start', reason: 'bad_range' };
  if (range.end >= addMonths(range.start, HEATMAP_MAX_MONTHS))
    return {
      field: 'end',
      message: `must be less than ${HEATMAP_MAX_MONTHS} months after start`,
      reason: 'bad_range',
    };
  if (range.hourTo <= range.hourFrom)
    return { field: 'hour_to', message: 'must be after hour_from', reason: 'bad_range' };
  return null;
}

/** The cell a point of the picture (fractions 0..1) falls in; points on the right or bottom edge go to the last. */
export function heatmapCellOf(x: number, y: number): number | null {
  if (!(x >= 0 && x <= 1 && y >= 0 && y <= 1)) return null;
  const col = Math.min(HEATMAP_COLS - 1, Math.floor(x * HEATMAP_COLS));
  const row = Math.min(HEATMAP_ROWS - 1, Math.floor(y * HEATMAP_ROWS));
  return row * HEATMAP_COLS + col;
}

/** The colour scale's stops, cold to hot (the screen's legend and the downloaded images use the same). */
const HEAT_STOPS: readonly (readonly [number, number, number])[] = [
  [49, 54, 149],
  [69, 117, 180],
  [116, 173, 209],
  [171, 217, 233],
  [254, 224, 144],
  [253, 174, 97],
  [244, 109, 67],
  [215, 48, 39],
  [165, 0, 38],
];

/**
 * The colour of a cell holding `share` of the largest cell (0..1): [r, g, b, alpha 0..1]. Nothing is drawn for 0
 * (the picture shows through); the colour runs cold to hot and grows more opaque with the value.
 */
export function heatColour(share: number): [number, number, number, number] {
  if (!(share > 0)) return [0, 0, 0, 0];
  const s = Math.min(1, share);
  const at = s * (HEAT_STOPS.length - 1);
  const i = Math.min(HEAT_STOPS.length - 2, Math.floor(at));
  const f = at - i;
  const a = HEAT_STOPS[i]!;
  const b = HEAT_STOPS[i + 1]!;
  const mix = (k: number) => Math.round(a[k]! + (b[k]! - a[k]!) * f);
  return [mix(0), mix(1), mix(2), 0.35 + 0.4 * s];
}
