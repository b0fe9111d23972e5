// Operation analysis settings of one camera: the operation areas and the detection thresholds
// (advanced.md §3, §5, §7). TLT environment modes only; changing them needs configOperationAnalysis.
import { z } from 'zod';
import { analysisIdParams, analysisJobSchema, analysisPeriodBody } from './analysis-jobs.ts';
import { defineCall } from './call.ts';
import { cameraCodeSchema } from './cameras.ts';
import { OPERATION_AREAS_MAX } from './constants.ts';
import { dataEnvelope, errorBody, validationErrorBody } from './envelope.ts';
import { polygonSchema } from './polygon.ts';
import { binaryBody } from './responses.ts';
import {
  DETECTION_SETTING_RANGES,
  OPERATION_AREA_NAME_MAX,
  type NumberRange,
} from './operation-analysis-rules.ts';

export { DEFAULT_OPERATION_DETECTION_SETTING } from './operation-analysis-rules.ts';

export const operationAreaSchema = z
  .object({
    operationAreaName: z.string().trim().min(1, { message: 'is required' }).max(OPERATION_AREA_NAME_MAX),
    points: polygonSchema,
  })
  .meta({ id: 'OperationArea' });
export type OperationArea = z.infer<typeof operationAreaSchema>;

export const operationAreaListSchema = z
  .array(operationAreaSchema)
  .max(OPERATION_AREAS_MAX, { message: `at most ${OPERATION_AREAS_MAX} areas` })
  .refine((areas) => new Set(areas.map((a) => a.operationAreaName)).size === areas.length, {
    message: 'area names must be unique',
  });

const rangeSchema = ({ min, max, integer }: NumberRange) =>
  (integer ? z.number().int() : z.number()).min(min).max(max);

/** Rates and thresholds are fractions 0..1; the frame threshold counts frames (DETECTION_SETTING_RANGES). */
export const detectionSettingSchema = z
  .object({
    personDetectionTargetAreaRate: rangeSchema(DETECTION_SETTING_RANGES.personDetectionTargetAreaRate),
    detectionFrameThreshold: rangeSchema(DETECTION_SETTING_RANGES.detectionFrameThreshold),
    personDetectionThreshold: rangeSchema(DETECTION_SETTING_RANGES.personDetectionThreshold),
    keypointDetectionThreshold: rangeSchema(DETECTION_SETTING_RANGES.keypointDetectionThreshold),
  })
  .meta({ id: 'OperationDetectionSetting' });
export type DetectionSetting = z.infer<typeof detectionSettingSchema>;

export const operationAnalysisSettingSchema = z
  .object({ operationAreaList: z.array(operationAreaSchema), detectionSetting: detectionSettingSchema })
  .meta({ id: 'OperationAnalysisSetting' });
export type OperationAnalysisSetting = z.infer<typeof operationAnalysisSettingSchema>;

export const operationAnalysisParams = z.object({ cameraCode: cameraCodeSchema });

const settingErrors = { 400: validationErrorBody, 401: errorBody, 403: errorBody, 404: errorBody } as const;

export const operationAnalysisSettingCall = defineCall({
  method: 'GET',
  path: '/api/operation-analysis/camera/:cameraCode/setting',
  summary: 'A camera’s operation areas and detection setting',
  source: 'advanced.md §7',
  tags: ['operation-analysis'],
  access: 'session',
  params: operationAnalysisParams,
  responses: { 200: dataEnvelope(operationAnalysisSettingSchema), ...settingErrors },
});

/** The detection setting's PUT body is the setting itself. */
export type DetectionSettingBody = z.input<typeof detectionSettingSchema>;

export const operationDetectionSettingUpdateCall = defineCall({
  method: 'PUT',
  path: '/api/operation-analysis/camera/:cameraCode/setting/detection-setting',
  summary: 'Replace a camera’s operation analysis detection setting',
  source: 'advanced.md §7',
  tags: ['operation-analysis'],
  access: 'session',
  params: operationAnalysisParams,
  body: detectionSettingSchema,
  responses: { 200: dataEnvelope(operationAnalysisSettingSchema), ...settingErrors },
});

export const areaSettingBody = z.object({ operationAreaList: operationAreaListSchema });
export type AreaSettingBody = z.input<typeof areaSettingBody>;

export const operationAreaSettingUpdateCall = defineCall({
  method: 'PUT',
  path: '/api/operation-analysis/camera/:cameraCode/setting/area-setting',
  summary: 'Replace a camera’s operation areas (at most 10, each at most 10 points, no crossing lines)',
  source: 'advanced.md §5, §7',
  tags: ['operation-analysis'],
  access: 'session',
  params: operationAnalysisParams,
  body: areaSettingBody,
  responses: { 200: dataEnvelope(operationAnalysisSettingSchema), ...settingErrors },
});

// Operation analysis requests and results (advanced.md §2, §4, §5; TLT only): a request to analyse a period of a
// camera's recordings (at most 3 hours, not in the future) with the camera's saved operation areas and detection
// setting, or with ones sent with it; the customer's analyses; one analysis's result (per area: work sessions,
// working and idle time, session count) and its CSV. Asking for an analysis needs configOperationAnalysis. The
// spec does not show the calls: paths and shapes are ours.

/**
 * The period, and optionally the areas and detection setting to analyse with (each absent: the camera's saved
 * one). The areas follow the same rules as the saved ones (at most 10, each a valid polygon, unique names) and
 * there must be at least one, saved or sent.
 */
export const operationAnalysisRequestBody = analysisPeriodBody.extend({
  operationAreaList: operationAreaListSchema.optional(),
  detectionSetting: detectionSettingSchema.optional(),
});
export type OperationAnalysisRequestBody = z.input<typeof operationAnalysisRequestBody>;

export const operationSessionSchema = z.object({
  /** ISO times (UTC) of the session's first picture with the hand in the area and its first without. */
  start: z.string(),
  end: z.string(),
});

export const operationAreaResultSchema = z
  .object({
    name: z.string(),
    points: polygonSchema,
    /** The work sessions, in time order. */
    sessions: z.array(operationSessionSchema),
    /** Seconds of work (the sessions' total) and of recorded time without work. */
    working_sec: z.number(),
    idle_sec: z.number(),
    session_count: z.number().int(),
  })
  .meta({ id: 'OperationAreaResult' });
export type OperationAreaResult = z.infer<typeof operationAreaResultSchema>;

export const operationAnalysisResultSchema = z
  .object({
    analysis: analysisJobSchema,
    /** The areas and detection setting the analysis ran with. */
    setting: operationAnalysisSettingSchema,
    /** Recordings of the period that could not be read and were left out. */
    clips_skipped: z.number().int(),
    /** Null until the analysis has completed. */
    result: z
      .object({
        /** The stretches of the period with recordings (time without is neither working nor idle). */
        recorded: z.array(operationSessionSchema),
        recorded_sec: z.number(),
        areas: z.array(operationAreaResultSchema),
      })
      .nullable(),
  })
  .meta({ id: 'OperationAnalysisResult' });
export type OperationAnalysisResult = z.infer<typeof operationAnalysisResultSchema>;

const analysisErrors = { 400: validationErrorBody, 401: errorBody, 403: errorBody, 404: errorBody } as const;

export const operationAnalysisRequestCall = defineCall({
  method: 'POST',
  path: '/api/operation-analysis/camera/:cameraCode/analyses',
  summary:
    'Ask for an operation analysis of a period of the camera’s recordings (at most 3 hours; right configOperationAnalysis)',
  source: 'advanced.md §4, §5, §6 operation analysis request (path not in the spec)',
  tags: ['operation-analysis'],
  access: 'session',
  params: operationAnalysisParams,
  body: operationAnalysisRequestBody,
  responses: {
    200: dataEnvelope(z.object({ analysis: analysisJobSchema })),
    ...analysisErrors,
    429: errorBody,
  },
});

export const operationAnalysisListQuery = z.object({ camera_code: cameraCodeSchema.optional() });

export const operationAnalysisListCall = defineCall({
  method: 'GET',
  path: '/api/operation-analysis/analyses',
  summary: 'The customer’s operation analyses, newest first (optionally of one camera)',
  source: 'advanced.md §2 operation-analysis/results (path not in the spec)',
  tags: ['operation-analysis'],
  access: 'session',
  query: operationAnalysisListQuery,
  responses: {
    200: dataEnvelope(z.object({ analyses: z.array(analysisJobSchema) })),
    400: validationErrorBody,
    401: errorBody,
    404: errorBody,
  },
});

export const operationAnalysisResultCall = defineCall({
  method: 'GET',
  path: '/api/operation-analysis/analyses/:id',
  summary: 'One operation analysis: its state and, once completed, each area’s work sessions and times',
  source: 'advanced.md §2 operation-analysis/results/{id} (path not in the spec)',
  tags: ['operation-analysis'],
  access: 'session',
  params: analysisIdParams,
  responses: { 200: dataEnvelope(operationAnalysisResultSchema), ...analysisErrors },
});

export const operationAnalysisCsvQuery = z.object({ lang: z.enum(['ja', 'en']).default('ja') });

export const operationAnalysisCsvCall = defineCall({
  method: 'GET',
  path: '/api/operation-analysis/analyses/:id/csv',
  summary: 'A completed operation analysis as CSV (UTF-8 with byte-order mark), one row per work session',
  source: 'advanced.md §2 operation analysis results, core.md §9 exports (path not in the spec)',
  tags: ['operation-analysis'],
  access: 'session',
  params: analysisIdParams,
  query: operationAnalysisCsvQuery,
  responses: { 200: binaryBody('text/csv; charset=utf-8'), ...analysisErrors, 409: errorBody },
});
