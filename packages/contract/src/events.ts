// The events page (issue 22 "Events page"): every event of the customer's cameras — motion, a person tracked by the
// vision engine, an entry alert, a people counter's pass, the camera going down or coming back up — newest first,
// paged by a keyset cursor, filtered by camera, tag, site, kind and period; each user's reviewed marks and how many
// events the user has not reviewed yet. Every user of the customer sees every camera's events (child users share
// their parent's cameras); the recording's thumbnail and clip come only with the archive right. The spec shows no
// such screen: the paths are ours.
import { z } from 'zod';
import { defineCall } from './call.ts';
import { cameraCodeSchema, dateTimeSchema, tagCodeSchema } from './cameras.ts';
import { dataEnvelope, errorBody, validationErrorBody } from './envelope.ts';
import {
  CAMERA_EVENT_KINDS,
  EVENT_CURSOR_PATTERN,
  EVENTS_CAMERAS_MAX,
  EVENTS_PAGE_MAX,
  EVENTS_PAGE_SIZE,
  EVENTS_REVIEW_MAX,
} from './events-rules.ts';
import { queryArray, queryCount } from './query.ts';

export {
  CAMERA_EVENT_KINDS,
  EVENTS_PAGE_SIZE,
  UNREVIEWED_COUNT_CAP,
  type CameraEventKind,
} from './events-rules.ts';

export const cameraEventKindSchema = z.enum(CAMERA_EVENT_KINDS);

/** An event's id (a decimal number, as text). */
export const eventIdSchema = z.string().regex(/^[1-9]\d{0,17}$/, { message: 'must be an event id' });

/**
 * GET api/events. Every filter is optional and they narrow together; a camera, tag or site of another customer
 * (or unknown) is 404, as everywhere.
 *
 * - `camera[]`: only these cameras (codes, up to 50). The timeline asks `camera[]=CODE&from=…&to=…`.
 * - `tag`: only cameras with this tag (code). `location`: only cameras of this site (code).
 * - `kind[]`: only these kinds (`motion`, `person`, `entry`, `people_pass`, `camera_down`, `camera_up`).
 * - `from` (inclusive) and `to` (exclusive): the period, ISO date-times with offset; `to` must be after `from`.
 * - `cursor`: `next_cursor` of the page before; absent: the newest events. A cursor keeps its place however many
 *   events arrive meanwhile (keyset paging on time and id).
 * - `limit`: events a page, 1–100, 50 when absent.
 */
export const eventListQuery = z.object({
  'camera[]': queryArray(cameraCodeSchema, EVENTS_CAMERAS_MAX),
  tag: tagCodeSchema.optional(),
  location: z.string().min(1).max(64).optional(),
  'kind[]': queryArray(cameraEventKindSchema, CAMERA_EVENT_KINDS.length),
  from: dateTimeSchema.optional(),
  to: dateTimeSchema.optional(),
  cursor: z
    .string()
    .regex(EVENT_CURSOR_PATTERN, { message: 'must be the next_cursor of an earlier page' })
    .optional(),
  limit: queryCount(EVENTS_PAGE_MAX, EVENTS_PAGE_SIZE),
});
export type EventListQuery = z.input<typeof eventListQuery>;

/** What else is known of an event, by kind; absent fields do not apply. */
export const cameraEventDetailSchema = z
  .object({
    /** entry: the area link's name. */
    area_name: z.string().optional(),
    /** people_pass: in ('I') or out ('O'). */
    in_out: z.enum(['I', 'O']).optional(),
    /** people_pass: the staff step judged the person staff. */
    is_staff: z.boolean().optional(),
    /** motion: how many separate movements the minute had. */
    movements: z.number().int().optional(),
  })
  .meta({ id: 'CameraEventDetail' });
export type CameraEventDetail = z.infer<typeof cameraEventDetailSchema>;

export const cameraEventSchema = z
  .object({
    id: eventIdSchema,
    kind: cameraEventKindSchema,
    /** When it began, ISO 8601 in UTC (millisecond precision). */
    at: z.string(),
    /** When it ended, when that is known (motion, entry, a pass); null for a moment (down, up, a person seen). */
    ends_at: z.string().nullable(),
    camera_code: z.string(),
    camera_name: z.string(),
    detail: cameraEventDetailSchema,
    /** The thumbnail of the event's minute (signed address); null without one or without the archive right. */
    thumb_url: z.string().nullable(),
    /**
     * The recorded minute holding the event's moment (an archive id, for GET api/archives/{id}/video); null when
     * nothing was recorded then, or without the archive right.
     */
    archive_id: z.string().nullable(),
    /** Where in that archive's video the event begins, seconds; null with archive_id. */
    clip_offset_sec: z.number().nullable(),
    /** The caller has marked it reviewed (one by one, or everything up to it at once). */
    reviewed: z.boolean(),
  })
  .meta({ id: 'CameraEvent' });
export type CameraEvent = z.infer<typeof cameraEventSchema>;

export const eventPageSchema = z
  .object({
    /** Newest first (by time, then id). */
    events: z.array(cameraEventSchema),
    /** The cursor of the next (older) page; null on the last page. */
    next_cursor: z.string().nullable(),
  })
  .meta({ id: 'EventPage' });
export type EventPage = z.infer<typeof eventPageSchema>;

export const unreviewedCountSchema = z
  .object({
    /** Events of the customer's cameras the caller has not reviewed, counted up to UNREVIEWED_COUNT_CAP (100). */
    count: z.number().int().nonnegative(),
  })
  .meta({ id: 'UnreviewedCount' });
export type UnreviewedCount = z.infer<typeof unreviewedCountSchema>;

/**
 * POST api/events/reviewed: `ids` marks those events reviewed (events of another customer are ignored);
 * `through_id` marks every event up to that one (by id, so those arriving later stay unreviewed), e.g. the newest
 * event of the page the user has read. Exactly one of the two.
 */
export const markReviewedBody = z
  .object({
    ids: z.array(eventIdSchema).min(1).max(EVENTS_REVIEW_MAX).optional(),
    through_id: eventIdSchema.optional(),
  })
  .strict()
  .superRefine((body, ctx) => {
    if ((body.ids === undefined) === (body.through_id === undefined))
      ctx.addIssue({
        code: 'custom',
        path: [body.ids === undefined ? 'ids' : 'through_id'],
        message: 'give either ids or through_id',
      });
  })
  .meta({ id: 'MarkReviewed' });
export type MarkReviewedBody = z.input<typeof markReviewedBody>;

/** How many cameras, sites and tags the filter lists offer at most (by name). */
export const EVENT_FILTER_OPTIONS_MAX = 1000;

export const eventFilterOptionsSchema = z
  .object({
    /** The customer's cameras by name (the first 1000). */
    cameras: z.array(z.object({ code: z.string(), name: z.string() })),
    /** The customer's sites with a camera, by name (the first 1000). */
    sites: z.array(z.object({ code: z.string(), name: z.string() })),
    /** The customer's tags with a camera, by name (the first 1000). */
    tags: z.array(z.object({ code: z.string(), name: z.string() })),
  })
  .meta({ id: 'EventFilterOptions' });
export type EventFilterOptions = z.infer<typeof eventFilterOptionsSchema>;

const SOURCE = 'issue 22 events page (not in the spec)';

export const eventListCall = defineCall({
  method: 'GET',
  path: '/api/events',
  summary:
    'Events of the customer’s cameras, newest first, by keyset pages; filters by camera, tag, site, kind, period',
  source: SOURCE,
  tags: ['events'],
  access: 'session',
  query: eventListQuery,
  responses: {
    200: dataEnvelope(eventPageSchema),
    400: validationErrorBody,
    401: errorBody,
    /** A camera, tag or site that is unknown or another customer's. */
    404: errorBody,
  },
});

export const eventUnreviewedCountCall = defineCall({
  method: 'GET',
  path: '/api/events/unreviewed-count',
  summary: 'How many events the caller has not reviewed (counted up to 100: the navigation shows 99+)',
  source: SOURCE,
  tags: ['events'],
  access: 'session',
  responses: { 200: dataEnvelope(unreviewedCountSchema), 401: errorBody },
});

export const eventMarkReviewedCall = defineCall({
  method: 'POST',
  path: '/api/events/reviewed',
  summary: 'Mark events reviewed for the caller: some by id, or every event up to one',
  source: SOURCE,
  tags: ['events'],
  access: 'session',
  body: markReviewedBody,
  responses: {
    200: dataEnvelope(unreviewedCountSchema.extend({ marked: z.number().int().nonnegative() })),
    400: validationErrorBody,
    401: errorBody,
    /** through_id names no event of the customer's. */
    404: errorBody,
  },
});

export const eventFilterOptionsCall = defineCall({
  method: 'GET',
  path: '/api/events/filters',
  summary: 'The cameras, sites and tags the events page can be filtered by',
  source: SOURCE,
  tags: ['events'],
  access: 'session',
  responses: { 200: dataEnvelope(eventFilterOptionsSchema), 401: errorBody },
});
