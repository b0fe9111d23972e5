// Cameras: the filtered, paged list and one camera's detail (core.md §3, §7; advanced.md §3).
// Live, streaming and snapshots are in live.ts; archives and their videos in archives.ts.
import { z } from 'zod';
import { defineCall } from './call.ts';
import { CAMERA_FUNCTIONS, PAGE_LIMIT, TLT_CAMERA_FUNCTIONS } from './constants.ts';
import { dataEnvelope, errorBody, validationErrorBody } from './envelope.ts';
import { pointSchema } from './polygon.ts';
import { queryArray, queryCount, queryPage } from './query.ts';
import { BOUNDS_MESSAGE, isIsoWithinServiceYears } from './time-bounds.ts';

export const cameraCodeSchema = z.string().min(1).max(64);
export const tagCodeSchema = z.string().min(1).max(64);
export const cameraCodeParams = z.object({ camera_code: cameraCodeSchema });
/** A moment with its offset, e.g. `2024-05-01T09:00:00+09:00`, within the service's years. */
export const dateTimeSchema = z.iso
  .datetime({ offset: true })
  .refine(isIsoWithinServiceYears, { message: BOUNDS_MESSAGE });

export const watchStatuses = ['down', 'normal'] as const;
export const watchStatusSchema = z.enum(watchStatuses);
export type WatchStatus = z.infer<typeof watchStatusSchema>;

/** Functions a camera can be filtered by (core.md §9), TLT ones included. */
export const cameraFunctions = [...CAMERA_FUNCTIONS, ...TLT_CAMERA_FUNCTIONS] as const;
export const cameraFunctionSchema = z.enum(cameraFunctions);
export type CameraFunction = z.infer<typeof cameraFunctionSchema>;

export const imageTypes = ['normal', 'fisheye', 'undefined', 'unknown'] as const;
export const imageTypeSchema = z.enum(imageTypes);
export type ImageType = z.infer<typeof imageTypeSchema>;

export const uploadModes = ['all', 'motion'] as const;
export const uploadModeSchema = z.enum(uploadModes);
export type UploadMode = z.infer<typeof uploadModeSchema>;

/**
 * The filters shared by the camera list and the map's location calls. The keys keep their brackets because
 * the web client repeats them as `filter[]=…&filter[]=…` and Fastify's parser keeps the key as written.
 */
export const cameraFilterQuery = z.object({
  'filter[]': queryArray(z.string().min(1).max(100)),
  'tags[]': queryArray(tagCodeSchema),
  'func[]': queryArray(cameraFunctionSchema),
  watch_status: watchStatusSchema.optional(),
  keyword: z.string().trim().max(200).optional(),
});
export type CameraFilterQuery = z.infer<typeof cameraFilterQuery>;

export const cameraTagRefSchema = z
  .object({ tag_code: z.string(), tag_name: z.string() })
  .meta({ id: 'CameraTagRef' });
export type CameraTagRef = z.infer<typeof cameraTagRefSchema>;

/** Every `use_*` flag of a camera; the TLT ones are false on other models. */
export const cameraUseFlagsSchema = z.object({
  use_motion: z.boolean(),
  use_camera_motion: z.boolean(),
  use_heatmap: z.boolean(),
  use_nolive: z.boolean(),
  use_audio: z.boolean(),
  use_people_counter: z.boolean(),
  use_ptz: z.boolean(),
  use_time_lapse: z.boolean(),
  use_parking_detect: z.boolean(),
  use_streaming: z.boolean(),
  use_enter_alert: z.boolean(),
  use_person_tracking: z.boolean(),
  use_operation_analysis: z.boolean(),
  use_dewarp: z.boolean(),
});
export type CameraUseFlags = z.infer<typeof cameraUseFlagsSchema>;

export const cameraListItemSchema = z
  .object({
    camera_code: z.string(),
    camera_name: z.string(),
    thumb_url: z.string().nullable(),
    location_name: z.string().nullable(),
    location_address: z.string().nullable(),
    location_latitude: z.number().nullable(),
    location_longitude: z.number().nullable(),
    watch_status: watchStatusSchema,
    tags: z.array(cameraTagRefSchema),
    image_fps: z.number().nonnegative(),
    image_fps_default: z.number().nonnegative().nullable(),
    image_rs_width: z.number().int().nonnegative(),
    image_rs_height: z.number().int().nonnegative(),
    archive_force_raw: z.boolean(),
    model_code: z.string(),
    ...cameraUseFlagsSchema.shape,
  })
  .meta({ id: 'CameraListItem' });
export type CameraListItem = z.infer<typeof cameraListItemSchema>;

export const cameraListQuery = cameraFilterQuery.extend({
  page: queryPage,
  count: queryCount(PAGE_LIMIT),
});
export type CameraListQuery = z.infer<typeof cameraListQuery>;

export const cameraListSchema = z
  .object({
    cameras: z.array(cameraListItemSchema),
    total: z.number().int().nonnegative(),
    /** The customer's cameras that are down, and the locations with a down camera, whatever the filters (the down notice). */
    watch: z.object({ down: z.number().int().nonnegative(), downLocation: z.number().int().nonnegative() }),
  })
  .meta({ id: 'CameraList' });
export type CameraList = z.infer<typeof cameraListSchema>;

export const cameraListCall = defineCall({
  method: 'GET',
  path: '/api/cameras',
  summary: 'One page of the cameras the user may see, filtered, with the total and camera-down counts',
  source: 'core.md §7 (collection path from the issue)',
  tags: ['cameras'],
  access: 'session',
  query: cameraListQuery,
  responses: { 200: dataEnvelope(cameraListSchema), 400: validationErrorBody, 401: errorBody },
});

export const motionDetectClasses = ['person', 'car'] as const;
export const motionDetectObjectSchema = z
  .object({ class: z.enum(motionDetectClasses), threshold: z.number().min(0).max(1) })
  .meta({ id: 'MotionDetectObject' });
export type MotionDetectObject = z.infer<typeof motionDetectObjectSchema>;

/** Minutes from midnight, 0-1440; a to-value up to 2880 runs past midnight (core.md §3). */
export const surveillanceFromSchema = z.number().int().min(0).max(1440).nullable();
export const surveillanceToSchema = z.number().int().min(0).max(2880).nullable();

export const cameraDetailSchema = cameraListItemSchema
  .extend({
    customer_name: z.string(),
    product_name: z.string(),
    image_type: imageTypeSchema,
    upload_mode: uploadModeSchema,
    /** Seconds between live images; a live image older than 60 s plus this is stale. */
    live_interval: z.number().nonnegative(),
    /** May contain `no_motion`: then only archives with motion are shown for a motion camera. */
    archive_hide: z.array(z.string()),
    archive_storing_days: z.number().int().nonnegative(),
    can_pan: z.boolean(),
    can_tilt: z.boolean(),
    can_zoom: z.boolean(),
    timeWeekFrom: surveillanceFromSchema,
    timeWeekTo: surveillanceToSchema,
    timeSatFrom: surveillanceFromSchema,
    timeSatTo: surveillanceToSchema,
    timeHoliFrom: surveillanceFromSchema,
    timeHoliTo: surveillanceToSchema,
    note: z.string(),
    motion_detect_objects: z.array(motionDetectObjectSchema),
    /** Mask shapes as the camera keeps them; their inner shape is not shown in the spec. */
    image_mask_objects: z.array(z.unknown()),
    /** The motion detection area: polygons in 0..1 picture coordinates; empty means the whole picture. */
    motion_area: z.array(z.array(pointSchema)),
  })
  .meta({ id: 'CameraDetail' });
export type CameraDetail = z.infer<typeof cameraDetailSchema>;

export const cameraDetailCall = defineCall({
  method: 'GET',
  path: '/api/cameras/:camera_code',
  summary: 'One camera’s detail; 404 when it does not exist or is not the user’s',
  source: 'core.md §7',
  tags: ['cameras'],
  access: 'session',
  params: cameraCodeParams,
  responses: {
    200: dataEnvelope(cameraDetailSchema),
    400: validationErrorBody,
    401: errorBody,
    404: errorBody,
  },
});
