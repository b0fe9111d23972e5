// The people counter's results (advanced.md §2 `detail/{code}/people-counter` and `location/{code}/people-counter`,
// §5 aggregation dates, §6 analytics right, §9 default range): the entries ('I') and exits ('O') counted on a
// camera, or summed over the people-counter cameras of a site, per hour, day, week or month of the reader's time
// zone, with the passes of staff apart (customers = total − staff), and the same as CSV. Needs the analytics right
// (403) and a camera with use_people_counter (404 otherwise, as for another customer's camera or site). The spec
// does not show the calls: the paths and shapes are ours.
import { z } from 'zod';
import { defineCall } from './call.ts';
import { cameraCodeSchema } from './cameras.ts';
import { timeZoneSchema } from './downloads.ts';
import { dataEnvelope, errorBody, validationErrorBody } from './envelope.ts';
import { binaryBody } from './live.ts';
import { BOUNDS_MESSAGE, isIsoWithinServiceYears } from './time-bounds.ts';
import {
  DEFAULT_PEOPLE_COUNT_TIME_ZONE,
  DEFAULT_PEOPLE_COUNT_UNIT,
  PEOPLE_COUNT_UNITS,
} from './people-counts-rules.ts';

export {
  DEFAULT_PEOPLE_COUNT_TIME_ZONE,
  DEFAULT_PEOPLE_COUNT_UNIT,
  PEOPLE_COUNT_HOUR_MAX_DAYS,
  PEOPLE_COUNT_MAX_MONTHS,
  PEOPLE_COUNT_UNITS,
  type PeopleCountUnit,
} from './people-counts-rules.ts';

/** A calendar day `YYYY-MM-DD` of the asked time zone. */
const daySchema = z.iso.date().refine(isIsoWithinServiceYears, { message: BOUNDS_MESSAGE });

export const peopleCountQuery = z.object({
  /** First day counted (included); absent: 30 days before end. */
  start: daySchema.optional(),
  /** Last day counted (included), not after today; absent: yesterday (or start, when that is later). */
  end: daySchema.optional(),
  /** What one bucket covers; weeks start on Monday. */
  unit: z.enum(PEOPLE_COUNT_UNITS).default(DEFAULT_PEOPLE_COUNT_UNIT),
  /** The reader's IANA time zone: days, buckets and "today" are its wall clock's. */
  time_zone: timeZoneSchema.default(DEFAULT_PEOPLE_COUNT_TIME_ZONE),
});
export type PeopleCountQuery = z.input<typeof peopleCountQuery>;

export const peopleCountCsvLanguages = ['ja', 'en'] as const;
export const peopleCountCsvQuery = peopleCountQuery.extend({
  /** Language of the header row and the total row. */
  lang: z.enum(peopleCountCsvLanguages).default('ja'),
});
export type PeopleCountCsvQuery = z.input<typeof peopleCountCsvQuery>;

/** Passes counted: all entries and exits, and those of them made by staff (customers are the difference). */
export const peopleCountFiguresSchema = z.object({
  in: z.number().int().min(0),
  out: z.number().int().min(0),
  staffIn: z.number().int().min(0),
  staffOut: z.number().int().min(0),
});
export type PeopleCountFigures = z.infer<typeof peopleCountFiguresSchema>;

export const peopleCountBucketSchema = peopleCountFiguresSchema
  .extend({
    /**
     * When the bucket begins on the time zone's wall clock, with that moment's offset, e.g.
     * `2026-01-05T00:00:00+09:00`. The first week or month may begin before `start`; it counts from `start`.
     */
    start: z.string(),
  })
  .meta({ id: 'PeopleCountBucket' });
export type PeopleCountBucket = z.infer<typeof peopleCountBucketSchema>;

export const peopleCountCameraSchema = z
  .object({ camera_code: z.string(), camera_name: z.string() })
  .meta({ id: 'PeopleCountCamera' });

export const peopleCountsSchema = z
  .object({
    /** The period counted, as resolved (defaults filled in). */
    start: z.string(),
    end: z.string(),
    unit: z.enum(PEOPLE_COUNT_UNITS),
    time_zone: z.string(),
    /** The cameras summed: the one asked for, or the site's people-counter cameras, by code. */
    cameras: z.array(peopleCountCameraSchema),
    /** Every bucket of the period, oldest first, zeros included. */
    buckets: z.array(peopleCountBucketSchema),
    totals: peopleCountFiguresSchema,
  })
  .meta({ id: 'PeopleCounts' });
export type PeopleCounts = z.infer<typeof peopleCountsSchema>;

export const peopleCountCameraParams = z.object({ cameraCode: cameraCodeSchema });
export const peopleCountLocationParams = z.object({ locationCode: z.string().min(1).max(64) });

const errors = { 400: validationErrorBody, 401: errorBody, 403: errorBody, 404: errorBody } as const;
const SOURCE = 'advanced.md §2, §5, §6, §9 (paths not in the spec)';

export const peopleCountCameraCall = defineCall({
  method: 'GET',
  path: '/api/people-counter/camera/:cameraCode/counts',
  summary: 'Entries and exits of a people-counter camera per hour, day, week or month (analytics right)',
  source: SOURCE,
  tags: ['people-counter'],
  access: 'session',
  params: peopleCountCameraParams,
  query: peopleCountQuery,
  responses: { 200: dataEnvelope(peopleCountsSchema), ...errors },
});

export const peopleCountLocationCall = defineCall({
  method: 'GET',
  path: '/api/people-counter/location/:locationCode/counts',
  summary: 'Entries and exits summed over a site’s people-counter cameras per hour, day, week or month',
  source: SOURCE,
  tags: ['people-counter'],
  access: 'session',
  params: peopleCountLocationParams,
  query: peopleCountQuery,
  responses: { 200: dataEnvelope(peopleCountsSchema), ...errors },
});

export const peopleCountCameraCsvCall = defineCall({
  method: 'GET',
  path: '/api/people-counter/camera/:cameraCode/counts/csv',
  summary: 'A camera’s counts as CSV (UTF-8 with byte-order mark): one row per bucket and a total row',
  source: SOURCE,
  tags: ['people-counter'],
  access: 'session',
  params: peopleCountCameraParams,
  query: peopleCountCsvQuery,
  responses: { 200: binaryBody('text/csv; charset=utf-8'), ...errors },
});

export const peopleCountLocationCsvCall = defineCall({
  method: 'GET',
  path: '/api/people-counter/location/:locationCode/counts/csv',
  summary: 'A site’s summed counts as CSV (UTF-8 with byte-order mark): one row per bucket and a total row',
  source: SOURCE,
  tags: ['people-counter'],
  access: 'session',
  params: peopleCountLocationParams,
  query: peopleCountCsvQuery,
  responses: { 200: binaryBody('text/csv; charset=utf-8'), ...errors },
});
