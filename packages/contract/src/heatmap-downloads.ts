// Heat map batch download (advanced.md: heat map with batch download, the archive and heat map batch download
// dialog, heatmap and batchDownload rights; issue 14): heat map images of up to HEATMAP_MAX_CAMERAS cameras, one
// per camera and day or per camera for the whole period, as PNGs with the legend and the period written on them,
// in one ZIP made by a background job; a download-ready notification (heat map kind) links to it. Needs the
// heatmap and batchDownload rights (403); each camera must be the caller's with the heatmap function (404 naming
// it); the period follows the heat map screen's rules (400 on the field). Ready files are kept
// DOWNLOAD_KEEP_DAYS like archive downloads. The spec does not show the calls: paths and shapes are ours.
import { z } from 'zod';
import { defineCall } from './call.ts';
import { cameraCodeSchema } from './cameras.ts';
import { MONTHLY_DOWNLOAD_ALLOWANCE_BYTES } from './constants.ts';
import { allowanceSchema, downloadParams, downloadStatusSchema, timeZoneSchema } from './downloads.ts';
import { dataEnvelope, errorBody, failedEnvelope, validationErrorBody } from './envelope.ts';
import { DEFAULT_HEATMAP_TIME_ZONE, HEATMAP_MAX_CAMERAS, HEATMAP_WEEKDAYS } from './heatmap-rules.ts';
import { emptyBody } from './responses.ts';
import { BOUNDS_MESSAGE, isIsoWithinServiceYears } from './time-bounds.ts';

/** `day`: one image per camera and day of the period; `period`: one per camera for the whole period. */
export const HEATMAP_DOWNLOAD_PER = ['day', 'period'] as const;
export type HeatmapDownloadPer = (typeof HEATMAP_DOWNLOAD_PER)[number];

/**
 * Heat map ZIPs a customer may make per month (UTC), in bytes. Archive downloads count per camera (50 GB,
 * advanced.md §9); a batch spans up to ten cameras, so its ZIPs count against one allowance of the customer, of
 * the same size, apart from the archives'.
 */
export const HEATMAP_DOWNLOAD_MONTHLY_BYTES = MONTHLY_DOWNLOAD_ALLOWANCE_BYTES;

const daySchema = z.iso.date().refine(isIsoWithinServiceYears, { message: BOUNDS_MESSAGE });

export const heatmapDownloadRequestBody = z.object({
  camera_codes: z
    .array(cameraCodeSchema)
    .min(1)
    .max(HEATMAP_MAX_CAMERAS)
    .refine((codes) => new Set(codes).size === codes.length, {
      message: 'must not name a camera twice',
      params: { reason: 'invalid_value' },
    }),
  /** First day (included); absent: 30 days before end. Days are the wall clock's of time_zone. */
  start: daySchema.optional(),
  /** Last day (included), not after today; absent: yesterday (or start, when that is later). */
  end: daySchema.optional(),
  /** Hours of the day kept: from hour_from:00 (included) to hour_to:00 (not included). */
  hour_from: z.number().int().min(0).max(23).default(0),
  hour_to: z.number().int().min(1).max(24).default(24),
  /** The weekdays kept; absent or empty: every day. */
  weekdays: z.array(z.enum(HEATMAP_WEEKDAYS)).max(HEATMAP_WEEKDAYS.length).optional(),
  per: z.enum(HEATMAP_DOWNLOAD_PER).default('day'),
  time_zone: timeZoneSchema.default(DEFAULT_HEATMAP_TIME_ZONE),
});
export type HeatmapDownloadRequestBody = z.input<typeof heatmapDownloadRequestBody>;

export const heatmapDownloadSchema = z
  .object({
    download_id: z.string(),
    /** The cameras, in the order asked. */
    camera_codes: z.array(z.string()),
    /** The period and filters as resolved (defaults filled in; all seven weekdays when none were named). */
    start: z.string(),
    end: z.string(),
    hour_from: z.number().int(),
    hour_to: z.number().int(),
    weekdays: z.array(z.enum(HEATMAP_WEEKDAYS)),
    per: z.enum(HEATMAP_DOWNLOAD_PER),
    time_zone: z.string(),
    /** `expired`: the file was ready and has been removed after DOWNLOAD_KEEP_DAYS. */
    status: downloadStatusSchema,
    /** 0..1 while running; 1 once ready. */
    progress: z.number().min(0).max(1),
    /** The ZIP's size once ready (bytes), else the estimate counted against the allowance. */
    bytes: z.number(),
    /** Address of the ZIP once ready. */
    file_url: z.string().nullable(),
    /** Why it failed, when it did. */
    error: z.string().nullable(),
    created_at: z.string(),
    /** When the ready file is removed; null until it is ready. */
    expires_at: z.string().nullable(),
  })
  .meta({ id: 'HeatmapDownload' });
export type HeatmapDownload = z.infer<typeof heatmapDownloadSchema>;

export const heatmapDownloadRequestCall = defineCall({
  method: 'POST',
  path: '/api/heatmap/downloads',
  summary: 'Ask for heat map images of cameras as one ZIP (rights heatmap and batchDownload)',
  source: 'advanced.md heat map batch download, §9 (path not in the spec)',
  tags: ['heatmap', 'downloads'],
  access: 'session',
  body: heatmapDownloadRequestBody,
  responses: {
    200: z.union([
      dataEnvelope(z.object({ download: heatmapDownloadSchema, allowance: allowanceSchema })),
      failedEnvelope(z.enum(['limit_exceeded'])).meta({ id: 'HeatmapDownloadRefused' }),
    ]),
    400: validationErrorBody,
    401: errorBody,
    403: errorBody,
    404: errorBody,
  },
});

export const heatmapDownloadListCall = defineCall({
  method: 'GET',
  path: '/api/heatmap/downloads',
  summary: 'The caller’s newest heat map downloads and the customer’s allowance of the month',
  source: 'advanced.md heat map batch download (path not in the spec)',
  tags: ['heatmap', 'downloads'],
  access: 'session',
  responses: {
    200: dataEnvelope(z.object({ downloads: z.array(heatmapDownloadSchema), allowance: allowanceSchema })),
    401: errorBody,
    403: errorBody,
  },
});

export const heatmapDownloadStatusCall = defineCall({
  method: 'GET',
  path: '/api/heatmap/downloads/:download_id',
  summary: 'State and progress of one heat map download; file_url once it is ready',
  source: 'advanced.md heat map batch download (path not in the spec)',
  tags: ['heatmap', 'downloads'],
  access: 'session',
  params: downloadParams,
  responses: {
    200: dataEnvelope(z.object({ download: heatmapDownloadSchema })),
    400: validationErrorBody,
    401: errorBody,
    403: errorBody,
    404: errorBody,
  },
});

export const heatmapDownloadFileCall = defineCall({
  method: 'GET',
  path: '/api/heatmap/downloads/:download_id/file',
  summary: 'The ZIP of a ready heat map download: a redirect to a short-lived signed address (an attachment)',
  source: 'advanced.md heat map batch download (the download-ready notification links here)',
  tags: ['heatmap', 'downloads'],
  access: 'session',
  params: downloadParams,
  responses: {
    200: emptyBody('never answered: the call redirects (302)'),
    302: emptyBody('redirect to the file (Location)'),
    400: validationErrorBody,
    401: errorBody,
    403: errorBody,
    404: errorBody,
    409: errorBody,
  },
});
