// Live video, streams and recent stills of one camera (core.md §3, §4, §7; advanced.md §3, §7).
import { z } from 'zod';
import { defineCall } from './call.ts';
import { cameraCodeParams, dateTimeSchema } from './cameras.ts';
import {
  SNAPSHOT_WINDOW_MIN,
  STREAMING_EXPIRES_ARCHIVE_SEC,
  STREAMING_EXPIRES_LIVE_SEC,
} from './constants.ts';
import { dataEnvelope, errorBody, failedEnvelope, validationErrorBody } from './envelope.ts';
import { binaryBody, emptyBody } from './responses.ts';

export const liveStartSchema = z
  .object({
    /** Address of the live image (binary JPEG); its answer carries a Last-Modified header. */
    url: z.string(),
    /** When true the image address is ours and the browser sends its credentials with it. */
    isApi: z.boolean(),
  })
  .meta({ id: 'LiveStart' });
export type LiveStart = z.infer<typeof liveStartSchema>;

export const liveStartCall = defineCall({
  method: 'PUT',
  path: '/api/cameras/:camera_code/live',
  summary: 'Start (or keep alive) live images of a camera; repeated every 60 s while watching',
  source: 'core.md §7 (path from the issue)',
  tags: ['live'],
  access: 'session',
  params: cameraCodeParams,
  responses: {
    200: dataEnvelope(liveStartSchema),
    400: validationErrorBody,
    401: errorBody,
    403: errorBody,
    404: errorBody,
    /** The camera is offline. */
    409: errorBody,
  },
});

export const streamingModes = ['live', 'on_demand'] as const;
export type StreamingMode = (typeof streamingModes)[number];

export const streamingBody = z.discriminatedUnion('mode', [
  z.object({
    mode: z.literal('live'),
    /** Seconds the stream address stays valid. */
    expires: z.number().int().positive().max(STREAMING_EXPIRES_LIVE_SEC),
  }),
  z
    .object({
      mode: z.literal('on_demand'),
      start_datetime: dateTimeSchema,
      end_datetime: dateTimeSchema,
      expires: z.number().int().positive().max(STREAMING_EXPIRES_ARCHIVE_SEC),
    })
    .refine((body) => Date.parse(body.start_datetime) < Date.parse(body.end_datetime), {
      message: 'must be after start_datetime',
      path: ['end_datetime'],
    }),
]);
export type StreamingBody = z.input<typeof streamingBody>;

/** Why a stream could not be made: no live support, no recorded data, or the camera is unreachable. */
export const streamingFailureReasons = ['not_supported', 'no_data', 'unavailable'] as const;
export const streamingFailureReason = z.enum(streamingFailureReasons);
export type StreamingFailureReason = z.infer<typeof streamingFailureReason>;

export const streamingResultSchema = z
  .union([
    z.object({ data: z.object({ url: z.string() }) }),
    failedEnvelope(streamingFailureReason).meta({ id: 'StreamingFailed' }),
  ])
  .meta({ id: 'StreamingResult' });
export type StreamingResult = z.infer<typeof streamingResultSchema>;

export const streamingCall = defineCall({
  method: 'POST',
  path: '/api/cameras/:camera_code/streaming',
  summary: 'A stream address: live, or on demand for a recorded period',
  source: 'core.md §7 (path from the issue)',
  tags: ['streaming'],
  access: 'session',
  params: cameraCodeParams,
  body: streamingBody,
  responses: {
    200: streamingResultSchema,
    400: validationErrorBody,
    401: errorBody,
    403: errorBody,
    404: errorBody,
  },
});

export const snapshotsQuery = z
  .object({ startDatetime: dateTimeSchema, endDatetime: dateTimeSchema })
  .refine((q) => Date.parse(q.startDatetime) <= Date.parse(q.endDatetime), {
    message: 'must not be before startDatetime',
    path: ['endDatetime'],
  })
  .refine((q) => Date.parse(q.endDatetime) - Date.parse(q.startDatetime) <= SNAPSHOT_WINDOW_MIN * 60_000, {
    message: `must be at most ${SNAPSHOT_WINDOW_MIN} minutes after startDatetime`,
    path: ['endDatetime'],
  });
export type SnapshotsQuery = z.infer<typeof snapshotsQuery>;

export const snapshotSchema = z
  .object({
    imageUrl: z.string(),
    /** When the still was taken (the start of its minute); lets a timeline show the right one. */
    dateTime: dateTimeSchema,
  })
  .meta({ id: 'Snapshot' });
export type Snapshot = z.infer<typeof snapshotSchema>;

export const snapshotsCall = defineCall({
  method: 'GET',
  path: '/api/cameras/:camera_code/snapshots',
  summary: 'Still images of a camera between two moments (at most the last 60 minutes are asked for)',
  source: 'core.md §7',
  tags: ['snapshots'],
  access: 'session',
  params: cameraCodeParams,
  query: snapshotsQuery,
  responses: {
    200: dataEnvelope(z.object({ images: z.array(snapshotSchema) })),
    400: validationErrorBody,
    401: errorBody,
    403: errorBody,
    404: errorBody,
  },
});

export { binaryBody } from './responses.ts';

export const liveImageQuery = z.object({
  /**
   * The Last-Modified time (ms since the epoch) of the image the viewer already has. When given, the
   * answer waits (bounded) until a newer image arrives, so each frame reaches the viewer as soon as it exists.
   */
  after: z.coerce.number().int().nonnegative().optional(),
});

export const liveImageCall = defineCall({
  method: 'GET',
  path: '/api/cameras/:camera_code/live/image',
  summary: 'The newest live JPEG of a camera, with Last-Modified; waits briefly for one newer than `after`',
  source: 'core.md §7 “live image address” (path from the issue)',
  tags: ['live'],
  access: 'session',
  params: cameraCodeParams,
  query: liveImageQuery,
  responses: {
    200: binaryBody('image/jpeg'),
    304: emptyBody('no newer image arrived while waiting'),
    400: validationErrorBody,
    401: errorBody,
    403: errorBody,
    404: errorBody,
  },
});

/** What a signed media address serves: clips and downloads, thumbnails and stills, anything else as bytes. */
const recordedMediaTypes = ['video/mp4', 'image/jpeg', 'application/octet-stream'] as const;

export const mediaParams = z.object({ token: z.string().min(10).max(600) });

export const mediaCall = defineCall({
  method: 'GET',
  path: '/api/media/:token',
  summary:
    'A recorded file (MP4 clip, JPEG thumbnail, download) by a short-lived signed address; supports Range',
  source: 'core.md §7 “Video URL fetch” (signed address from the issue)',
  tags: ['archives'],
  access: 'public',
  params: mediaParams,
  responses: {
    200: binaryBody(recordedMediaTypes, 'the file'),
    206: binaryBody(recordedMediaTypes, 'the requested byte range'),
    400: validationErrorBody,
    403: errorBody,
    404: errorBody,
    416: errorBody,
  },
});

/** Path of a stream's playlist; the token (signed, short-lived) names the camera, the mode and the period. */
export const streamPlaylistPath = (token: string) => `/api/streams/${token}/index.m3u8`;

export const streamPlaylistCall = defineCall({
  method: 'GET',
  path: '/api/streams/:token/index.m3u8',
  summary: 'The HLS playlist of a stream by its signed address: VOD for on_demand, a sliding window for live',
  source: 'issue “Video pipeline” item 9',
  tags: ['streaming'],
  access: 'public',
  params: mediaParams,
  responses: {
    200: binaryBody('application/vnd.apple.mpegurl'),
    400: validationErrorBody,
    403: errorBody,
    404: errorBody,
  },
});

export const streamSegmentParams = z.object({
  token: mediaParams.shape.token,
  /** `<clip id>-<second>.ts` of an on-demand stream, `<sequence>.ts` of a live one (as the playlist names them). */
  segment: z.string().regex(/^\d{1,15}(?:-\d{1,5})?\.ts$/, 'must be a segment name from the playlist'),
});

export const streamSegmentCall = defineCall({
  method: 'GET',
  path: '/api/streams/:token/:segment',
  summary: 'One MPEG-TS segment of a stream, addressed relative to its playlist',
  source: 'issue “Video pipeline” item 9',
  tags: ['streaming'],
  access: 'public',
  params: streamSegmentParams,
  responses: {
    200: binaryBody('video/mp2t'),
    400: validationErrorBody,
    403: errorBody,
    404: errorBody,
  },
});
