// Shareable clip links (issue 22): a user makes a link that plays (and, when allowed, downloads) only one range of
// a camera's recordings for a chosen time (1 hour to 7 days); the link opens without an account, is listed per
// user and can be revoked. The public calls take the link's token, which only its creator saw.
import { z } from 'zod';
import { defineCall } from './call.ts';
import { cameraCodeParams, dateTimeSchema } from './cameras.ts';
import { timeZoneSchema } from './downloads.ts';
import { dataEnvelope, errorBody, validationErrorBody } from './envelope.ts';
import { binaryBody } from './responses.ts';
import {
  SHARE_LINK_MAX_HOURS,
  SHARE_LINK_MAX_MINUTES,
  SHARE_LINK_MIN_HOURS,
  shareLinkMinutes,
} from './share-link-rules.ts';

export const shareLinkStates = ['active', 'expired', 'revoked'] as const;

export const shareLinkSchema = z
  .object({
    share_link_id: z.string(),
    camera_code: z.string(),
    camera_name: z.string(),
    /** The shared range: whole minutes, [start, end). */
    start_datetime: z.string(),
    end_datetime: z.string(),
    expires_at: z.string(),
    allow_download: z.boolean(),
    status: z.enum(shareLinkStates),
    revoked_at: z.string().nullable(),
    /** How often the link was opened, and when last. */
    view_count: z.number().int(),
    last_viewed_at: z.string().nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'ShareLink' });
export type ShareLink = z.infer<typeof shareLinkSchema>;

export const shareLinkCreateBody = z
  .object({
    start_datetime: dateTimeSchema,
    end_datetime: dateTimeSchema,
    /** How long the link opens, in whole hours (1 to 168). */
    expires_in_hours: z.number().int().min(SHARE_LINK_MIN_HOURS).max(SHARE_LINK_MAX_HOURS),
    /** Whether the link also offers the range as one MP4 file. */
    allow_download: z.boolean().default(false),
    /** Names the downloaded file in this zone; UTC when absent. */
    time_zone: timeZoneSchema.optional(),
  })
  .strict()
  .refine((b) => Date.parse(b.start_datetime) < Date.parse(b.end_datetime), {
    message: 'must be after start_datetime',
    path: ['end_datetime'],
    params: { reason: 'bad_range' },
  })
  .refine(
    (b) => {
      const { startMs, endMs } = shareLinkMinutes(Date.parse(b.start_datetime), Date.parse(b.end_datetime));
      return endMs - startMs <= SHARE_LINK_MAX_MINUTES * 60_000;
    },
    {
      message: `must be at most ${SHARE_LINK_MAX_MINUTES} minutes after start_datetime (whole minutes)`,
      path: ['end_datetime'],
      params: { reason: 'bad_range' },
    },
  );
export type ShareLinkCreateBody = z.input<typeof shareLinkCreateBody>;

export const shareLinkCreateCall = defineCall({
  method: 'POST',
  path: '/api/cameras/:camera_code/share-links',
  summary:
    'Make a link that plays one range of the camera’s recordings without an account (the archive right; batchDownload to allow its download)',
  source: 'issue 22 “Shareable clip links”',
  tags: ['share-links'],
  access: 'session',
  params: cameraCodeParams,
  body: shareLinkCreateBody,
  responses: {
    200: dataEnvelope(
      z.object({
        share_link: shareLinkSchema,
        /** The page of the link, `/share/<token>`: shown this once, the server keeps only the token's hash. */
        url: z.string(),
      }),
    ),
    400: validationErrorBody,
    401: errorBody,
    403: errorBody,
    404: errorBody,
  },
});

export const shareLinkListCall = defineCall({
  method: 'GET',
  path: '/api/share-links',
  summary: 'The links the user made, newest first (the last 200), with their state and views',
  source: 'issue 22 “Shareable clip links”',
  tags: ['share-links'],
  access: 'session',
  responses: {
    200: dataEnvelope(z.object({ share_links: z.array(shareLinkSchema) })),
    401: errorBody,
    403: errorBody,
  },
});

export const shareLinkParams = z.object({
  share_link_id: z.string().regex(/^[1-9][0-9]{0,17}$/, 'must be a share link id'),
});

export const shareLinkRevokeCall = defineCall({
  method: 'DELETE',
  path: '/api/share-links/:share_link_id',
  summary: 'Revoke one of the user’s links: it stops opening at once, its media addresses too',
  source: 'issue 22 “Shareable clip links”',
  tags: ['share-links'],
  access: 'session',
  params: shareLinkParams,
  responses: {
    200: dataEnvelope(z.object({ share_link: shareLinkSchema })),
    400: validationErrorBody,
    401: errorBody,
    403: errorBody,
    404: errorBody,
  },
});

/** A token is 43 base64url characters; anything else is refused as an invalid link (403), not as bad input. */
export const shareTokenParams = z.object({ token: z.string().min(1).max(200) });

export const sharedClipSchema = z
  .object({
    clip_id: z.string(),
    /** The recorded minute. */
    start_time: z.string(),
    /** Recording began this long after the minute's start. */
    offset_sec: z.number(),
    duration_sec: z.number(),
    /** Where the clip plays: valid while the link is. */
    url: z.string(),
  })
  .meta({ id: 'SharedClip' });
export type SharedClip = z.infer<typeof sharedClipSchema>;

export const sharedDownloadStatuses = ['preparing', 'ready', 'failed', 'expired'] as const;

export const sharedRangeSchema = z
  .object({
    camera_name: z.string(),
    start_datetime: z.string(),
    end_datetime: z.string(),
    expires_at: z.string(),
    allow_download: z.boolean(),
    /** The file of the range when the link allows it; null otherwise. */
    download: z
      .object({ status: z.enum(sharedDownloadStatuses), file_url: z.string().nullable() })
      .nullable(),
    /** The recorded minutes of the range, oldest first (one clip a minute). */
    clips: z.array(sharedClipSchema),
  })
  .meta({ id: 'SharedRange' });
export type SharedRange = z.infer<typeof sharedRangeSchema>;

/** Why a link does not open (403 `error.reason`): unknown or altered, past its time, or revoked. */
export const shareLinkRefusals = ['share_link_invalid', 'share_link_expired', 'share_link_revoked'] as const;

export const publicShareCall = defineCall({
  method: 'GET',
  path: '/api/public/share/:token',
  summary:
    'What a shared link shows, without an account: camera name, range, expiry and its clips (403 with the reason when invalid, expired or revoked)',
  source: 'issue 22 “Shareable clip links”',
  tags: ['share-links'],
  access: 'public',
  params: shareTokenParams,
  responses: {
    200: dataEnvelope(sharedRangeSchema),
    400: validationErrorBody,
    403: errorBody,
    429: errorBody,
  },
});

export const sharedClipParams = z.object({
  token: z.string().min(1).max(200),
  clip_id: z.string().regex(/^[1-9][0-9]{0,17}$/, 'must be a clip id'),
});

export const publicShareClipCall = defineCall({
  method: 'GET',
  path: '/api/public/share/:token/clips/:clip_id',
  summary: 'One clip of a shared range, while the link opens; supports Range',
  source: 'issue 22 “Shareable clip links”',
  tags: ['share-links'],
  access: 'public',
  params: sharedClipParams,
  responses: {
    200: binaryBody('video/mp4', 'the clip'),
    206: binaryBody('video/mp4', 'the requested byte range'),
    400: validationErrorBody,
    403: errorBody,
    404: errorBody,
    416: errorBody,
    429: errorBody,
  },
});

export const publicShareDownloadCall = defineCall({
  method: 'GET',
  path: '/api/public/share/:token/download',
  summary: 'The shared range as one MP4 (an attachment) when the link allows it and the file is ready',
  source: 'issue 22 “Shareable clip links”',
  tags: ['share-links'],
  access: 'public',
  params: shareTokenParams,
  responses: {
    200: binaryBody('video/mp4', 'the joined file'),
    206: binaryBody('video/mp4', 'the requested byte range'),
    400: validationErrorBody,
    403: errorBody,
    404: errorBody,
    409: errorBody,
    416: errorBody,
    429: errorBody,
  },
});
