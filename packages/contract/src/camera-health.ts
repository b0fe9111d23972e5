// Camera health (issue 22 "Camera health"): per camera, down or up and since when, its uptime over the last 7 and
// 30 days, its newest clip and still, the storage its recordings take and how long they are kept; and the
// customer's cameras in order of trouble. Every user of the customer sees every camera's health, as with the
// camera list (child users share their parent's cameras). The spec has no such call: the paths are the issue's.
import { z } from 'zod';
import { defineCall } from './call.ts';
import { cameraCodeParams, watchStatusSchema } from './cameras.ts';
import { dataEnvelope, errorBody, validationErrorBody } from './envelope.ts';
import { queryCount, queryPage } from './query.ts';

/** Cameras per page of the health list, and the most one page may ask for. */
export const CAMERA_HEALTH_PAGE_SIZE = 50;
export const CAMERA_HEALTH_PAGE_MAX = 200;

const moment = z.string().nullable();
/** Share of the window the camera was up, 0..1; null when its agent was never heard (nothing to count). */
const uptime = z.number().min(0).max(1).nullable();

export const cameraHealthSchema = z
  .object({
    camera_code: z.string(),
    camera_name: z.string(),
    location_name: z.string().nullable(),
    watch_status: watchStatusSchema,
    /**
     * Down: offline since (when the health watcher marked it down). Normal: online since (back up, or first
     * heard). Null: a normal camera whose agent was never heard.
     */
    status_since: moment,
    /** When its agent was last heard (heartbeat, upload or control channel); null: never. */
    last_seen_at: moment,
    /** When its agent was first heard; uptime counts from here when that is within the window. */
    first_seen_at: moment,
    uptime_7d: uptime,
    uptime_30d: uptime,
    /** Start of the newest recorded minute, and of the oldest still kept (retention removes older ones). */
    last_clip_at: moment,
    oldest_clip_at: moment,
    /** Start of the minute of the newest still (minute thumbnail). */
    last_still_at: moment,
    /** Bytes its kept clips and stills take. */
    storage_bytes: z.number().int().nonnegative(),
    clip_count: z.number().int().nonnegative(),
    /** Days its recordings are kept (archive_storing_days). */
    retention_days: z.number().int().nonnegative(),
  })
  .meta({ id: 'CameraHealth' });
export type CameraHealth = z.infer<typeof cameraHealthSchema>;

export const cameraStatusChangeSchema = z
  .object({ status: watchStatusSchema, at: z.string() })
  .meta({ id: 'CameraStatusChange' });
export type CameraStatusChange = z.infer<typeof cameraStatusChangeSchema>;

export const cameraHealthDetailSchema = cameraHealthSchema
  .extend({
    /** Its latest changes of status, newest first (at most 10). */
    changes: z.array(cameraStatusChangeSchema),
  })
  .meta({ id: 'CameraHealthDetail' });
export type CameraHealthDetail = z.infer<typeof cameraHealthDetailSchema>;

export const cameraHealthListQuery = z.object({
  page: queryPage,
  count: queryCount(CAMERA_HEALTH_PAGE_MAX, CAMERA_HEALTH_PAGE_SIZE),
});
export type CameraHealthListQuery = z.infer<typeof cameraHealthListQuery>;

export const cameraHealthListSchema = z
  .object({
    /** Down first (longest down first), then lowest 7-day uptime, then oldest newest clip; then by name. */
    cameras: z.array(cameraHealthSchema),
    total: z.number().int().nonnegative(),
    page: z.number().int().positive(),
    count: z.number().int().positive(),
    /** The customer's cameras that are down now, whatever the page. */
    down: z.number().int().nonnegative(),
    /** The moment the uptimes were counted up to. */
    at: z.string(),
  })
  .meta({ id: 'CameraHealthList' });
export type CameraHealthList = z.infer<typeof cameraHealthListSchema>;

const SOURCE =
  'issue 22 “Camera health” (core.md §3 watch_status, advanced.md §3 camera failure; the spec has no call)';

export const cameraHealthCall = defineCall({
  method: 'GET',
  path: '/api/cameras/:camera_code/health',
  summary: 'One camera’s health: status and since when, 7 and 30 day uptime, newest clip and still, storage',
  source: SOURCE,
  tags: ['cameras'],
  access: 'session',
  params: cameraCodeParams,
  responses: {
    200: dataEnvelope(cameraHealthDetailSchema),
    400: validationErrorBody,
    401: errorBody,
    404: errorBody,
  },
});

export const cameraHealthListCall = defineCall({
  method: 'GET',
  path: '/api/camera-health',
  summary: 'The customer’s cameras’ health, most trouble first, a page at a time',
  source: SOURCE,
  tags: ['cameras'],
  access: 'session',
  query: cameraHealthListQuery,
  responses: { 200: dataEnvelope(cameraHealthListSchema), 400: validationErrorBody, 401: errorBody },
});
