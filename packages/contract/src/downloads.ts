// Archive download (core.md §2 more-menu; advanced.md §8, §9): a range of recorded minutes joined
// into one MP4 by a job; a download-ready notification links to it; 50 GB per camera per month.
import { z } from 'zod';
import { defineCall } from './call.ts';
import { cameraCodeParams, dateTimeSchema } from './cameras.ts';
import { DOWNLOAD_KEEP_DAYS, DOWNLOAD_MAX_HOURS } from './constants.ts';
import { dataEnvelope, errorBody, failedEnvelope, validationErrorBody } from './envelope.ts';
import { emptyBody } from './responses.ts';

/** The longest range one download may cover and how long its file is kept (zod-free constants for the browser). */
export { DOWNLOAD_KEEP_DAYS, DOWNLOAD_MAX_HOURS };

/** `expired`: the file was ready and has been removed after DOWNLOAD_KEEP_DAYS. */
export const downloadStatuses = ['queued', 'running', 'ready', 'failed', 'expired'] as const;

export const downloadStatusSchema = z.enum(downloadStatuses);
export type DownloadStatus = z.infer<typeof downloadStatusSchema>;

export const downloadSchema = z
  .object({
    download_id: z.string(),
    camera_code: z.string(),
    start_datetime: z.string(),
    end_datetime: z.string(),
    status: downloadStatusSchema,
    /** 0..1 while running. */
    progress: z.number().min(0).max(1),
    /** Size of the file once ready (bytes), else the estimate from the clips it joins. */
    bytes: z.number(),
    /** Address of the file once ready. */
    file_url: z.string().nullable(),
    /** Why it failed, when it did. */
    error: z.string().nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'Download' });
export type Download = z.infer<typeof downloadSchema>;

export const allowanceSchema = z
  .object({
    /** Month the allowance is for, `YYYY-MM` (UTC). */
    month: z.string(),
    used_bytes: z.number(),
    limit_bytes: z.number(),
  })
  .meta({ id: 'DownloadAllowance' });
export type Allowance = z.infer<typeof allowanceSchema>;

export const downloadFailureReasons = ['limit_exceeded', 'no_data'] as const;

/** Whether the runtime knows `zone` as an IANA time zone (`Asia/Tokyo`, `UTC`); offsets are not zones. */
export function isTimeZone(zone: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(zone)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The reader's IANA time zone, so the files the server names read in the times the screens show. */
export const timeZoneSchema = z
  .string()
  .max(64)
  .refine(isTimeZone, { message: 'must be an IANA time zone such as Asia/Tokyo' });

export const downloadRequestBody = z
  .object({
    start_datetime: dateTimeSchema,
    end_datetime: dateTimeSchema,
    /** Names the file in this zone; UTC when absent. */
    time_zone: timeZoneSchema.optional(),
  })
  .refine((b) => Date.parse(b.start_datetime) < Date.parse(b.end_datetime), {
    message: 'must be after start_datetime',
    path: ['end_datetime'],
    params: { reason: 'bad_range' },
  })
  .refine(
    (b) => Date.parse(b.end_datetime) - Date.parse(b.start_datetime) <= DOWNLOAD_MAX_HOURS * 3_600_000,
    {
      message: `must be at most ${DOWNLOAD_MAX_HOURS} hours after start_datetime`,
      path: ['end_datetime'],
      params: { reason: 'bad_range' },
    },
  );
export type DownloadRequestBody = z.input<typeof downloadRequestBody>;

export const downloadRequestCall = defineCall({
  method: 'POST',
  path: '/api/cameras/:camera_code/downloads',
  summary: 'Ask for the archives of a range as one MP4 (rights archive and batchDownload)',
  source: 'core.md §2 more-menu, advanced.md §8-9 (path from the issue)',
  tags: ['downloads'],
  access: 'session',
  params: cameraCodeParams,
  body: downloadRequestBody,
  responses: {
    200: z.union([
      dataEnvelope(z.object({ download: downloadSchema, allowance: allowanceSchema })),
      failedEnvelope(z.enum(downloadFailureReasons)).meta({ id: 'DownloadRefused' }),
    ]),
    400: validationErrorBody,
    401: errorBody,
    403: errorBody,
    404: errorBody,
  },
});

export const allowanceCall = defineCall({
  method: 'GET',
  path: '/api/cameras/:camera_code/downloads/allowance',
  summary: 'This month’s download allowance of a camera: used and limit in bytes',
  source: 'advanced.md §9 (path from the issue)',
  tags: ['downloads'],
  access: 'session',
  params: cameraCodeParams,
  responses: {
    200: dataEnvelope(allowanceSchema),
    400: validationErrorBody,
    401: errorBody,
    403: errorBody,
    404: errorBody,
  },
});

export const downloadParams = z.object({
  download_id: z.string().regex(/^[0-9]{1,18}$/, 'must be a download id'),
});

export const downloadStatusCall = defineCall({
  method: 'GET',
  path: '/api/downloads/:download_id',
  summary: 'State and progress of one download; file_url once it is ready',
  source: 'advanced.md §8 (path from the issue)',
  tags: ['downloads'],
  access: 'session',
  params: downloadParams,
  responses: {
    200: dataEnvelope(z.object({ download: downloadSchema })),
    400: validationErrorBody,
    401: errorBody,
    403: errorBody,
    404: errorBody,
  },
});

export const downloadFileCall = defineCall({
  method: 'GET',
  path: '/api/downloads/:download_id/file',
  summary: 'The joined MP4 of a ready download: a redirect to a short-lived signed address (an attachment)',
  source: 'advanced.md §8 (the download-ready notification links here)',
  tags: ['downloads'],
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
