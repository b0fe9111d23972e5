// The heat map of one camera (advanced.md: heat map screen, heatmap right, §9 default range): person-seconds per
// cell of a HEATMAP_COLS × HEATMAP_ROWS grid over the camera's picture, from the vision engine's tracks (where
// each tracked person's feet stood, every analysed moment), summed over a period of days of the reader's time
// zone, optionally only some hours of the day and some weekdays. Needs the heatmap right (403) and a camera with
// use_heatmap (404 otherwise, as for another customer's camera). The spec does not show the call: path and shape
// are ours.
import { z } from 'zod';
import { defineCall } from './call.ts';
import { cameraCodeSchema } from './cameras.ts';
import { timeZoneSchema } from './downloads.ts';
import { dataEnvelope, errorBody, validationErrorBody } from './envelope.ts';
import { DEFAULT_HEATMAP_TIME_ZONE, HEATMAP_WEEKDAYS, type HeatmapWeekday } from './heatmap-rules.ts';
import { BOUNDS_MESSAGE, isIsoWithinServiceYears } from './time-bounds.ts';

export {
  DEFAULT_HEATMAP_TIME_ZONE,
  HEATMAP_CELLS,
  HEATMAP_COLS,
  HEATMAP_MAX_CAMERAS,
  HEATMAP_ROWS,
  HEATMAP_WEEKDAYS,
  type HeatmapWeekday,
} from './heatmap-rules.ts';

const daySchema = z.iso.date().refine(isIsoWithinServiceYears, { message: BOUNDS_MESSAGE });

/** `mon,tue,sat`: the weekdays kept; absent or empty: every day. */
const weekdaysSchema = z
  .string()
  .max(64)
  .transform((text, ctx) => {
    const days = text
      .split(',')
      .map((d) => d.trim())
      .filter((d) => d !== '');
    const unknown = days.filter((d) => !(HEATMAP_WEEKDAYS as readonly string[]).includes(d));
    if (unknown.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `unknown weekday ${unknown.join(', ')}; use ${HEATMAP_WEEKDAYS.join(', ')}`,
        params: { reason: 'invalid_value' },
      });
      return z.NEVER;
    }
    return HEATMAP_WEEKDAYS.filter((d) => days.includes(d)) as HeatmapWeekday[];
  });

export const heatmapQuery = z.object({
  /** First day (included); absent: 30 days before end. */
  start: daySchema.optional(),
  /** Last day (included), not after today; absent: yesterday (or start, when that is later). */
  end: daySchema.optional(),
  /** Hours of the day kept: from hour_from:00 (included) to hour_to:00 (not included), wall clock. */
  hour_from: z.coerce.number().int().min(0).max(23).default(0),
  hour_to: z.coerce.number().int().min(1).max(24).default(24),
  weekdays: weekdaysSchema.optional(),
  /** The reader's IANA time zone: days, hours and weekdays are its wall clock's. */
  time_zone: timeZoneSchema.default(DEFAULT_HEATMAP_TIME_ZONE),
});
export type HeatmapQuery = z.input<typeof heatmapQuery>;
/** The query as the server reads it (defaults filled in, weekdays a list). */
export type HeatmapQueryValues = z.output<typeof heatmapQuery>;

export const heatmapSchema = z
  .object({
    camera_code: z.string(),
    camera_name: z.string(),
    /** The period as resolved (defaults filled in). */
    start: z.string(),
    end: z.string(),
    hour_from: z.number().int(),
    hour_to: z.number().int(),
    /** The weekdays kept (all seven when the call named none). */
    weekdays: z.array(z.enum(HEATMAP_WEEKDAYS)),
    time_zone: z.string(),
    cols: z.number().int(),
    rows: z.number().int(),
    /** Person-seconds per cell, row after row from the top left (cols × rows values). */
    cells: z.array(z.number().min(0)),
    /** The largest cell, and the sum of all cells (person-seconds). */
    max: z.number().min(0),
    total: z.number().min(0),
    /** Hours of the period (after the filters) with at least one analysed recording; 0: nothing to show. */
    analysed_hours: z.number().int().min(0),
    /** A picture of the camera to draw the heat over: its newest thumbnail in the period, else its newest. */
    picture_url: z.string().nullable(),
  })
  .meta({ id: 'Heatmap' });
export type Heatmap = z.infer<typeof heatmapSchema>;

export const heatmapCameraParams = z.object({ cameraCode: cameraCodeSchema });

export const heatmapCameraCall = defineCall({
  method: 'GET',
  path: '/api/heatmap/camera/:cameraCode',
  summary:
    'Where people stood in a camera’s picture over a period (person-seconds per grid cell; heatmap right)',
  source: 'advanced.md heat map, §6, §9 (path not in the spec)',
  tags: ['heatmap'],
  access: 'session',
  params: heatmapCameraParams,
  query: heatmapQuery,
  responses: {
    200: dataEnvelope(heatmapSchema),
    400: validationErrorBody,
    401: errorBody,
    403: errorBody,
    404: errorBody,
  },
});
