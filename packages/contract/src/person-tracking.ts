// Person tracking (advanced.md §1-§5: person tracking request, setting and results; TLT only): a camera's
// setting, a request to analyse a period of its recordings (at most 3 hours, not in the future), the customer's
// analyses and one analysis's result (every tracked person: first and last time, path, time in each area of the
// tracking range, transport judgment) and its CSV. Changing the setting needs configPersonTracking; asking for an
// analysis needs the archive right (it reads the recordings). The feature answers as unknown (404) outside TLT
// modes and for cameras without it. The spec does not show the calls: paths and shapes are ours.
import { z } from 'zod';
import { analysisIdParams, analysisJobSchema, analysisPeriodBody } from './analysis-jobs.ts';
import { defineCall } from './call.ts';
import { cameraCodeSchema } from './cameras.ts';
import { dataEnvelope, errorBody, validationErrorBody } from './envelope.ts';
import {
  PERSON_TRACKING_AREA_NAME_MAX,
  PERSON_TRACKING_AREAS_MAX,
  PERSON_TRACKING_RANGES,
  TRANSPORT_DIRECTIONS,
  TRANSPORT_RANGES,
  type NumberRange,
} from './person-tracking-rules.ts';
import { polygonSchema } from './polygon.ts';
import { binaryBody } from './responses.ts';

export * from './person-tracking-rules.ts';

const rangeSchema = ({ min, max, integer }: NumberRange) =>
  (integer ? z.number().int() : z.number()).min(min).max(max);

export const personTrackingAreaSchema = z
  .object({
    name: z.string().trim().min(1, { message: 'is required' }).max(PERSON_TRACKING_AREA_NAME_MAX),
    points: polygonSchema,
  })
  .meta({ id: 'PersonTrackingArea' });

const areaListSchema = z
  .array(personTrackingAreaSchema)
  .max(PERSON_TRACKING_AREAS_MAX, { message: `at most ${PERSON_TRACKING_AREAS_MAX} areas` })
  .refine((areas) => new Set(areas.map((a) => a.name)).size === areas.length, {
    message: 'area names must be unique',
  });

export const transportJudgmentSchema = z
  .object({
    width: rangeSchema(TRANSPORT_RANGES.width),
    height: rangeSchema(TRANSPORT_RANGES.height),
    direction: z.enum(TRANSPORT_DIRECTIONS),
    threshold: rangeSchema(TRANSPORT_RANGES.threshold),
  })
  .meta({ id: 'TransportJudgment' });

export const personTrackingSettingSchema = z
  .object({
    personDetectionThreshold: rangeSchema(PERSON_TRACKING_RANGES.personDetectionThreshold),
    movementThreshold: rangeSchema(PERSON_TRACKING_RANGES.movementThreshold),
    allowedUndetectedFrames: rangeSchema(PERSON_TRACKING_RANGES.allowedUndetectedFrames),
    rectangleMagnification: rangeSchema(PERSON_TRACKING_RANGES.rectangleMagnification),
    trackingThreshold: rangeSchema(PERSON_TRACKING_RANGES.trackingThreshold),
    backgroundFollowThreshold: rangeSchema(PERSON_TRACKING_RANGES.backgroundFollowThreshold),
    trackingRange: areaListSchema,
    detectionProcessingRange: areaListSchema,
    transportJudgment: transportJudgmentSchema,
  })
  .meta({ id: 'PersonTrackingSetting' });
export type PersonTrackingSetting = z.infer<typeof personTrackingSettingSchema>;

export const personTrackingCameraParams = z.object({ cameraCode: cameraCodeSchema });

export const personTrackingPointSchema = z.object({
  /** ISO time of the moment. */
  t: z.string(),
  /** The person's feet (bottom centre of their box), picture fractions. */
  x: z.number(),
  y: z.number(),
});

export const trackedPersonSchema = z
  .object({
    /** The engine's id of the person, kept across the period's recordings. */
    id: z.string(),
    first_at: z.string(),
    last_at: z.string(),
    /** Where the person went (inside the tracking range), about one point a second. */
    path: z.array(personTrackingPointSchema),
    /** Seconds spent in each area of the tracking range (every area, in the setting's order). */
    area_seconds: z.array(z.object({ name: z.string(), seconds: z.number() })),
    /** Judged a transport by the setting's transport judgment. */
    is_transport: z.boolean(),
    /** Highest detector score of the person. */
    max_score: z.number(),
  })
  .meta({ id: 'TrackedPerson' });
export type TrackedPerson = z.infer<typeof trackedPersonSchema>;

export const personTrackingResultSchema = z
  .object({
    analysis: analysisJobSchema,
    /** The setting the analysis ran with. */
    setting: personTrackingSettingSchema,
    /** A picture of the camera from the period (or its newest) to draw the paths over. */
    picture_url: z.string().nullable(),
    /** Null until the analysis has completed. */
    persons: z.array(trackedPersonSchema).nullable(),
    /** Recordings of the period that could not be read and were left out. */
    clips_skipped: z.number().int(),
  })
  .meta({ id: 'PersonTrackingResult' });
export type PersonTrackingResult = z.infer<typeof personTrackingResultSchema>;

const errors = { 400: validationErrorBody, 401: errorBody, 403: errorBody, 404: errorBody } as const;
const tags = ['person-tracking'];

export const personTrackingSettingCall = defineCall({
  method: 'GET',
  path: '/api/person-tracking/camera/:cameraCode/setting',
  summary: 'A camera’s person tracking setting (the defaults until one is saved)',
  source: 'advanced.md §3 person tracking settings (path not in the spec)',
  tags,
  access: 'session',
  params: personTrackingCameraParams,
  responses: { 200: dataEnvelope(personTrackingSettingSchema), ...errors },
});

export const personTrackingSettingUpdateCall = defineCall({
  method: 'PUT',
  path: '/api/person-tracking/camera/:cameraCode/setting',
  summary: 'Replace a camera’s person tracking setting (right configPersonTracking)',
  source: 'advanced.md §3, §5, §6 (path not in the spec)',
  tags,
  access: 'session',
  params: personTrackingCameraParams,
  body: personTrackingSettingSchema,
  responses: { 200: dataEnvelope(personTrackingSettingSchema), ...errors },
});

export const personTrackingRequestCall = defineCall({
  method: 'POST',
  path: '/api/person-tracking/camera/:cameraCode/analyses',
  summary: 'Ask for a person tracking analysis of a period of the camera’s recordings (at most 3 hours)',
  source: 'advanced.md §4, §5, §8 (path not in the spec)',
  tags,
  access: 'session',
  params: personTrackingCameraParams,
  body: analysisPeriodBody,
  responses: {
    200: dataEnvelope(z.object({ analysis: analysisJobSchema })),
    ...errors,
    429: errorBody,
  },
});

export const personTrackingListQuery = z.object({ camera_code: cameraCodeSchema.optional() });

export const personTrackingListCall = defineCall({
  method: 'GET',
  path: '/api/person-tracking/analyses',
  summary: 'The customer’s person tracking analyses, newest first (optionally of one camera)',
  source: 'advanced.md §2 person-tracking/results (path not in the spec)',
  tags,
  access: 'session',
  query: personTrackingListQuery,
  responses: {
    200: dataEnvelope(z.object({ analyses: z.array(analysisJobSchema) })),
    400: validationErrorBody,
    401: errorBody,
    404: errorBody,
  },
});

export const personTrackingResultCall = defineCall({
  method: 'GET',
  path: '/api/person-tracking/analyses/:id',
  summary: 'One person tracking analysis: its state and, once completed, every tracked person',
  source: 'advanced.md §2 person-tracking/results/{id} (path not in the spec)',
  tags,
  access: 'session',
  params: analysisIdParams,
  responses: { 200: dataEnvelope(personTrackingResultSchema), ...errors },
});

export const personTrackingCsvQuery = z.object({ lang: z.enum(['ja', 'en']).default('ja') });

export const personTrackingCsvCall = defineCall({
  method: 'GET',
  path: '/api/person-tracking/analyses/:id/csv',
  summary: 'A completed person tracking analysis as CSV (UTF-8 with byte-order mark), one row per person',
  source: 'advanced.md §2 person tracking results, core.md §9 exports (path not in the spec)',
  tags,
  access: 'session',
  params: analysisIdParams,
  query: personTrackingCsvQuery,
  responses: { 200: binaryBody('text/csv; charset=utf-8'), ...errors, 409: errorBody },
});
