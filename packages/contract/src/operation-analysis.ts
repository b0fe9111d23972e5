// Operation analysis settings of one camera: the operation areas and the detection thresholds
// (advanced.md §3, §5, §7). TLT environment modes only; changing them needs configOperationAnalysis.
import { z } from 'zod';
import { defineCall } from './call.ts';
import { cameraCodeSchema } from './cameras.ts';
import { OPERATION_AREAS_MAX } from './constants.ts';
import { dataEnvelope, errorBody, validationErrorBody } from './envelope.ts';
import { polygonSchema } from './polygon.ts';
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
