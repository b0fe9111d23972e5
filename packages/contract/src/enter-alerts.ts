// Entry detection of one camera (advanced.md §1, §5, §6, §9; core.md §2 more-menu): the entry detection area,
// the optional machine area, and the thresholds; the alerts found in its recordings, downloadable as CSV.
// TLT environment modes and cameras with use_enter_alert only; changing the setting and downloading the
// alerts need configEnterAlert. The spec names the feature's settings but not its calls: the paths are ours.
import { z } from 'zod';
import { defineCall } from './call.ts';
import { cameraCodeSchema, dateTimeSchema } from './cameras.ts';
import { dataEnvelope, errorBody, validationErrorBody } from './envelope.ts';
import { binaryBody } from './live.ts';
import { polygonSchema } from './polygon.ts';

export const enterAlertSettingSchema = z
  .object({
    /** The name the alerts carry (the CSV's area column). */
    areaName: z.string().trim().min(1, { message: 'is required' }).max(50),
    /** Where an entry counts, in 0..1 picture coordinates; null while none is drawn (nothing is detected). */
    entryArea: polygonSchema.nullable(),
    /** Where the machine is; when drawn, entries count only while it runs. */
    machineArea: polygonSchema.nullable(),
    /** Consecutive analysed frames (5 a second) something must stay in the area before it is an entry. */
    detectionFrameThreshold: z.number().int().min(1).max(50),
    /** Smallest height of what entered, as a share of the picture's height. */
    minimumDetectionSize: z.number().min(0.01).max(1),
    /** The machine runs while more than this share of its area changes between frames. */
    runningThreshold: z.number().min(0).max(1),
    /** Seconds after an alert during which a new entry continues it instead of raising another. */
    vigilantTime: z.number().int().min(0).max(600),
  })
  .meta({ id: 'EnterAlertSetting' });
export type EnterAlertSetting = z.infer<typeof enterAlertSettingSchema>;

/** What a camera without a stored setting answers: no area, so nothing is detected until one is drawn. */
export const DEFAULT_ENTER_ALERT_SETTING: EnterAlertSetting = {
  areaName: 'エリア1',
  entryArea: null,
  machineArea: null,
  detectionFrameThreshold: 3,
  minimumDetectionSize: 0.08,
  runningThreshold: 0.02,
  vigilantTime: 10,
};

export const enterAlertParams = z.object({ cameraCode: cameraCodeSchema });

const settingErrors = { 400: validationErrorBody, 401: errorBody, 403: errorBody, 404: errorBody } as const;

export const enterAlertSettingCall = defineCall({
  method: 'GET',
  path: '/api/enter-alert/camera/:cameraCode/setting',
  summary: 'A camera’s entry detection area, machine area and thresholds',
  source: 'advanced.md §5 (path not in the spec)',
  tags: ['enter-alert'],
  access: 'session',
  params: enterAlertParams,
  responses: { 200: dataEnvelope(enterAlertSettingSchema), ...settingErrors },
});

export const enterAlertSettingBody = enterAlertSettingSchema;
export type EnterAlertSettingBody = z.input<typeof enterAlertSettingBody>;

export const enterAlertSettingUpdateCall = defineCall({
  method: 'PUT',
  path: '/api/enter-alert/camera/:cameraCode/setting',
  summary: 'Replace a camera’s entry detection setting (needs configEnterAlert); applies to new recordings',
  source: 'advanced.md §5 (path not in the spec)',
  tags: ['enter-alert'],
  access: 'session',
  params: enterAlertParams,
  body: enterAlertSettingBody,
  responses: { 200: dataEnvelope(enterAlertSettingSchema), ...settingErrors },
});

/** The longest period one CSV may cover. */
export const ENTER_ALERT_CSV_MAX_DAYS = 31;

export const enterAlertCsvLanguages = ['ja', 'en'] as const;

export const enterAlertCsvQuery = z.object({
  start_datetime: dateTimeSchema,
  end_datetime: dateTimeSchema,
  /** Language of the header row; times are written in the offset of start_datetime. */
  lang: z.enum(enterAlertCsvLanguages).default('ja'),
});

/** What is wrong with a CSV period (the field and why), or null when it is fine. */
export function csvPeriodProblem(q: { start_datetime: string; end_datetime: string }): string | null {
  const span = Date.parse(q.end_datetime) - Date.parse(q.start_datetime);
  if (!(span > 0)) return 'must be after start_datetime';
  if (span > ENTER_ALERT_CSV_MAX_DAYS * 86_400_000)
    return `must be at most ${ENTER_ALERT_CSV_MAX_DAYS} days after start_datetime`;
  return null;
}
export type EnterAlertCsvQuery = z.input<typeof enterAlertCsvQuery>;

export const enterAlertCsvCall = defineCall({
  method: 'GET',
  path: '/api/enter-alert/camera/:cameraCode/csv',
  summary: 'The entry alerts of a period as CSV (UTF-8 with byte-order mark), oldest first',
  source: 'core.md §2 more-menu, §9 exports (path not in the spec)',
  tags: ['enter-alert'],
  access: 'session',
  params: enterAlertParams,
  query: enterAlertCsvQuery,
  responses: { 200: binaryBody('text/csv; charset=utf-8'), ...settingErrors },
});
