// Entry detection of one camera (advanced.md §1, §2, §3, §5, §9; core.md §2 more-menu): its area links (an entry
// detection area, optionally a machine area, and the thresholds), and the alerts found in its recordings,
// downloadable as CSV. TLT environment modes and cameras with use_enter_alert only; changing the links and
// downloading the alerts need configEnterAlert. The spec names the settings but not the calls: the paths are ours.
import { z } from 'zod';
import { defineCall } from './call.ts';
import { cameraCodeSchema, dateTimeSchema } from './cameras.ts';
import { dataEnvelope, errorBody, validationErrorBody } from './envelope.ts';
import { binaryBody } from './live.ts';
import { polygonSchema } from './polygon.ts';
import { AREA_LINKS_MAX } from './constants.ts';
import {
  AREA_LINK_NAME_MAX,
  AREA_LINK_THRESHOLD_RANGES,
  DEFAULT_AREA_LINK_THRESHOLDS,
  ENTER_ALERT_CSV_MAX_DAYS,
  type ThresholdRange,
} from './entry-detection-rules.ts';

export { DEFAULT_AREA_LINK_THRESHOLDS, ENTER_ALERT_CSV_MAX_DAYS } from './entry-detection-rules.ts';

const rangeSchema = ({ min, max, integer }: ThresholdRange) =>
  (integer ? z.number().int() : z.number()).min(min).max(max);

/**
 * An area link (advanced.md §2, §3, §5): an entry detection area, optionally linked with a machine area, and the
 * thresholds for it. A camera has at most AREA_LINKS_MAX of them; each raises its own alerts, by its name.
 */
export const areaLinkInputSchema = z.object({
  /** The name the alerts carry (the CSV's area column); unique among the camera's links. */
  areaName: z.string().trim().min(1, { message: 'is required' }).max(AREA_LINK_NAME_MAX),
  /** Where an entry counts, in 0..1 picture coordinates. */
  entryArea: polygonSchema,
  /** Where the machine is; when drawn, entries count only while it runs. */
  machineArea: polygonSchema.nullable(),
  /** Consecutive analysed frames (5 a second) something must stay in the area before it is an entry. */
  detectionFrameThreshold: rangeSchema(AREA_LINK_THRESHOLD_RANGES.detectionFrameThreshold),
  /** Smallest height of what entered, as a share of the picture's height. */
  minimumDetectionSize: rangeSchema(AREA_LINK_THRESHOLD_RANGES.minimumDetectionSize),
  /**
   * Lowest person detector confidence of what entered (only people raise alerts). Links saved before it existed,
   * and clients that do not send it, get the default.
   */
  personDetectionThreshold: rangeSchema(AREA_LINK_THRESHOLD_RANGES.personDetectionThreshold).default(
    DEFAULT_AREA_LINK_THRESHOLDS.personDetectionThreshold,
  ),
  /** The machine runs while more than this share of its area changes between frames. */
  runningThreshold: rangeSchema(AREA_LINK_THRESHOLD_RANGES.runningThreshold),
  /** Seconds after an alert during which a new entry continues it instead of raising another. */
  vigilantTime: rangeSchema(AREA_LINK_THRESHOLD_RANGES.vigilantTime),
});
export type AreaLinkInput = z.infer<typeof areaLinkInputSchema>;

export const areaLinkSchema = areaLinkInputSchema.extend({ id: z.string() }).meta({ id: 'AreaLink' });
export type AreaLink = z.infer<typeof areaLinkSchema>;

export const enterAlertParams = z.object({ cameraCode: cameraCodeSchema });
export const areaLinkParams = z.object({
  cameraCode: cameraCodeSchema,
  id: z.string().regex(/^[1-9]\d{0,14}$/, { message: 'must be an area link id' }),
});

const errors = { 400: validationErrorBody, 401: errorBody, 403: errorBody, 404: errorBody } as const;
const SOURCE = 'advanced.md §2, §5 (paths not in the spec)';

export const areaLinkListCall = defineCall({
  method: 'GET',
  path: '/api/enter-alert/camera/:cameraCode/area-links',
  summary: 'A camera’s entry detection area links, oldest first',
  source: SOURCE,
  tags: ['enter-alert'],
  access: 'session',
  params: enterAlertParams,
  responses: { 200: dataEnvelope(z.object({ areaLinks: z.array(areaLinkSchema) })), ...errors },
});

export const areaLinkGetCall = defineCall({
  method: 'GET',
  path: '/api/enter-alert/camera/:cameraCode/area-links/:id',
  summary: 'One area link of a camera',
  source: SOURCE,
  tags: ['enter-alert'],
  access: 'session',
  params: areaLinkParams,
  responses: { 200: dataEnvelope(areaLinkSchema), ...errors },
});

export const areaLinkCreateCall = defineCall({
  method: 'POST',
  path: '/api/enter-alert/camera/:cameraCode/area-links',
  summary: `Add an area link (needs configEnterAlert; at most ${AREA_LINKS_MAX} a camera, 409 beyond)`,
  source: SOURCE,
  tags: ['enter-alert'],
  access: 'session',
  params: enterAlertParams,
  body: areaLinkInputSchema,
  responses: { 200: dataEnvelope(areaLinkSchema), ...errors, 409: errorBody },
});

export const areaLinkUpdateCall = defineCall({
  method: 'PUT',
  path: '/api/enter-alert/camera/:cameraCode/area-links/:id',
  summary: 'Replace an area link (needs configEnterAlert); applies to new recordings',
  source: SOURCE,
  tags: ['enter-alert'],
  access: 'session',
  params: areaLinkParams,
  body: areaLinkInputSchema,
  responses: { 200: dataEnvelope(areaLinkSchema), ...errors },
});

export const areaLinkDeleteCall = defineCall({
  method: 'DELETE',
  path: '/api/enter-alert/camera/:cameraCode/area-links/:id',
  summary: 'Delete an area link (needs configEnterAlert); alerts it raised stay in the recordings',
  source: SOURCE,
  tags: ['enter-alert'],
  access: 'session',
  params: areaLinkParams,
  responses: { 200: dataEnvelope(z.object({ id: z.string() })), ...errors },
});

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

export const enterAlertSchema = z
  .object({
    areaName: z.string(),
    /** When the entry began and ended, in the offset of the asked start_datetime. */
    start_time: dateTimeSchema,
    end_time: dateTimeSchema,
  })
  .meta({ id: 'EnterAlert' });
export type EnterAlert = z.infer<typeof enterAlertSchema>;

export const enterAlertListQuery = z.object({ start_datetime: dateTimeSchema, end_datetime: dateTimeSchema });

export const enterAlertListCall = defineCall({
  method: 'GET',
  path: '/api/enter-alert/camera/:cameraCode/alerts',
  summary: 'The entry alerts of a period (at most 31 days), oldest first: the entry detection report',
  source: 'advanced.md §2 entry detection report (path not in the spec)',
  tags: ['enter-alert'],
  access: 'session',
  params: enterAlertParams,
  query: enterAlertListQuery,
  responses: { 200: dataEnvelope(z.object({ alerts: z.array(enterAlertSchema) })), ...errors },
});

export const enterAlertCsvCall = defineCall({
  method: 'GET',
  path: '/api/enter-alert/camera/:cameraCode/csv',
  summary: 'The entry alerts of a period as CSV (UTF-8 with byte-order mark), oldest first',
  source: 'core.md §2 more-menu, §9 exports (path not in the spec)',
  tags: ['enter-alert'],
  access: 'session',
  params: enterAlertParams,
  query: enterAlertCsvQuery,
  responses: { 200: binaryBody('text/csv; charset=utf-8'), ...errors },
});
