// The device API: what a camera agent uploads with its device token, and the messages of its
// WebSocket control channel. Not used by the web client. An agent authenticates every request with
// `Authorization: Bearer <device token>`; a token belongs to exactly one camera.
//
// Media bodies are raw bytes (`video/mp4`, `image/jpeg`), not JSON, so the clip, thumbnail and still
// calls declare no body schema; the server reads the bytes itself and checks them.
import { z } from 'zod';
import { defineCall } from './call.ts';
import { cameraCodeSchema } from './cameras.ts';
import { errorBody, validationErrorBody } from './envelope.ts';
import { pointSchema } from './polygon.ts';
import { BOUNDS_MESSAGE, epochMsSchema, isIsoWithinServiceYears } from './time-bounds.ts';

/** A clip is one wall-clock minute. */
export const CLIP_SECONDS = 60;
/** Largest clip upload accepted (bytes). A 1080p 30 fps minute is well under this. */
export const CLIP_MAX_BYTES = 256 * 1024 * 1024;
/** Largest still or thumbnail upload accepted (bytes). */
export const IMAGE_MAX_BYTES = 8 * 1024 * 1024;
/** How often an agent sends a heartbeat over the control channel (and over HTTP when it has none). */
export const DEVICE_HEARTBEAT_INTERVAL_MS = 15_000;
/** A live request from a viewer lasts this long unless renewed (the web renews every 60 s). */
export const LIVE_HOLD_MS = 90_000;

/** Device tokens look like `cwd_` and 43 URL-safe characters (32 random bytes). */
export const DEVICE_TOKEN_PREFIX = 'cwd_';

/** A UTC minute boundary as the agent names it: `2026-11-21T07:01:00Z`, `2026-11-21T07:01:00.000Z`. */
export const minuteTimeSchema = z.iso
  .datetime()
  .refine(isIsoWithinServiceYears, { message: BOUNDS_MESSAGE })
  .refine((value) => Date.parse(value) % 60_000 === 0, { message: 'must be on a minute boundary' });

export const deviceCameraParams = z.object({ camera_code: cameraCodeSchema });
export const deviceMinuteParams = z.object({ camera_code: cameraCodeSchema, start_time: minuteTimeSchema });

/** How far a clip may run past its minute: the agent cuts at keyframes, so a minute's file can be a little longer. */
export const CLIP_SLACK_MS = 2_000;

export const clipUploadQuery = z
  .object({
    /** Length of the recording in milliseconds, as the agent measured it; checked against the file. */
    duration_ms: z.coerce
      .number()
      .int()
      .min(1_000)
      .max(CLIP_SECONDS * 1000 + CLIP_SLACK_MS),
    /** SHA-256 of the body, lowercase hex. */
    sha256: z.string().regex(/^[0-9a-f]{64}$/, 'must be 64 lowercase hex digits'),
    /** When recording began after the minute's start (the first minute after the agent starts): ms into the minute. */
    offset_ms: z.coerce
      .number()
      .int()
      .min(0)
      .max(CLIP_SECONDS * 1000 - 1)
      .default(0),
  })
  .refine((q) => q.offset_ms + q.duration_ms <= CLIP_SECONDS * 1000 + CLIP_SLACK_MS, {
    message: 'with duration_ms must end within the minute',
    path: ['offset_ms'],
  });
export type ClipUploadQuery = z.infer<typeof clipUploadQuery>;

export const clipUploadAnswer = z
  .object({
    clip: z.object({
      start_time: z.string(),
      duration_ms: z.number(),
      bytes: z.number(),
      /** `duplicate` when this camera already had this minute with the same checksum. */
      stored: z.enum(['new', 'duplicate']),
    }),
  })
  .meta({ id: 'ClipUploadAnswer' });
export type ClipUploadAnswer = z.infer<typeof clipUploadAnswer>;

const deviceErrors = {
  400: validationErrorBody,
  401: errorBody,
  403: errorBody,
  404: errorBody,
  409: errorBody,
  413: errorBody,
  415: errorBody,
} as const;

export const clipUploadCall = defineCall({
  method: 'PUT',
  path: '/api/ingest/cameras/:camera_code/clips/:start_time',
  summary: 'Upload the H.264 MP4 of one minute (idempotent by camera and start time)',
  source: 'issue “Video pipeline” item 5',
  tags: ['ingest'],
  access: 'device',
  params: deviceMinuteParams,
  query: clipUploadQuery,
  responses: { 200: clipUploadAnswer, ...deviceErrors },
});

export const thumbnailUploadCall = defineCall({
  method: 'PUT',
  path: '/api/ingest/cameras/:camera_code/thumbnails/:start_time',
  summary: 'Upload the JPEG thumbnail of one minute (a later upload of the same minute replaces it)',
  source: 'issue “Video pipeline” item 5',
  tags: ['ingest'],
  access: 'device',
  params: deviceMinuteParams,
  responses: { 200: z.object({ ok: z.literal(true) }), ...deviceErrors },
});

export const stillUploadQuery = z.object({
  /** When the frame was captured, milliseconds since the epoch (agent clock). */
  captured_at: epochMsSchema,
});

export const stillUploadCall = defineCall({
  method: 'POST',
  path: '/api/ingest/cameras/:camera_code/stills',
  summary: 'Upload the newest live JPEG; answers whether anyone still wants live images',
  source: 'issue “Video pipeline” item 5',
  tags: ['ingest'],
  access: 'device',
  params: deviceCameraParams,
  query: stillUploadQuery,
  responses: { 200: z.object({ live: z.boolean() }), ...deviceErrors },
});

/** Longest live HLS segment accepted (ms); the agent cuts every second. */
export const LIVE_SEGMENT_MAX_MS = 2_000;

export const liveSegmentParams = z.object({
  camera_code: cameraCodeSchema,
  /** The agent's running segment number; restarts at 0 when its stream restarts. */
  sequence: z.coerce
    .number()
    .int()
    .min(0)
    .max(2 ** 40),
});
export const liveSegmentQuery = z.object({
  duration_ms: z.coerce.number().int().min(1).max(LIVE_SEGMENT_MAX_MS),
  /** Set on the first segment after the stream (re)started: the player must not join it to the previous one. */
  discontinuity: z.enum(['0', '1']).default('0'),
});

export const liveSegmentUploadCall = defineCall({
  method: 'PUT',
  path: '/api/ingest/cameras/:camera_code/live-segments/:sequence',
  summary: 'Upload one MPEG-TS segment (≤ 2 s) of the live HLS stream while a stream is wanted',
  source: 'issue “Video pipeline” item 9',
  tags: ['ingest'],
  access: 'device',
  params: liveSegmentParams,
  query: liveSegmentQuery,
  responses: { 200: z.object({ stream: z.boolean() }), ...deviceErrors },
});

/** A motion detection area: polygons of 0..1 image coordinates; empty means the whole picture. */
export const motionAreaSchema = z.array(z.array(pointSchema).min(3).max(10)).max(8);
export type MotionArea = z.infer<typeof motionAreaSchema>;

/** What the server wants the agent to record. */
export const deviceConfigSchema = z
  .object({
    camera_code: z.string(),
    fps: z.number().positive(),
    width: z.number().int().positive(),
    height: z.number().int().positive(),
    /** Seconds between live stills while live is wanted. */
    live_interval_sec: z.number().positive(),
    /** Cap on the recorded bitrate, kbit/s; null or absent (older servers): the encoder’s own rate. */
    max_bitrate_kbps: z.number().int().positive().nullable().optional(),
    motion_area: motionAreaSchema,
    can_pan: z.boolean(),
    can_tilt: z.boolean(),
    can_zoom: z.boolean(),
  })
  .meta({ id: 'DeviceConfig' });
export type DeviceConfig = z.infer<typeof deviceConfigSchema>;

export const heartbeatBody = z.object({
  agent_version: z.string().max(50),
  /** `sim`, `rtsp`, `http`, `file` or `device`. */
  source_kind: z.string().max(20),
  /** Clips waiting on the agent's disk. */
  spool_clips: z.number().int().min(0),
  spool_bytes: z.number().int().min(0),
  uptime_sec: z.number().min(0),
});
export type HeartbeatBody = z.infer<typeof heartbeatBody>;

export const heartbeatCall = defineCall({
  method: 'POST',
  path: '/api/ingest/cameras/:camera_code/heartbeat',
  summary: 'Tell the server the agent is alive; answers the configuration and whether live is wanted',
  source: 'issue “Video pipeline” item 5',
  tags: ['ingest'],
  access: 'device',
  params: deviceCameraParams,
  body: heartbeatBody,
  responses: {
    200: z.object({
      config: deviceConfigSchema,
      live: z.boolean(),
      /** Whether a viewer wants the live HLS stream (as the control channel's `stream` message says). */
      stream: z.boolean().default(false),
    }),
    ...deviceErrors,
  },
});

export const deviceSelfCall = defineCall({
  method: 'GET',
  path: '/api/ingest/device',
  summary: 'Which camera this device token belongs to, its configuration and whether live is wanted',
  source: 'issue “Video pipeline” item 1 (the agent is started with a token only)',
  tags: ['ingest'],
  access: 'device',
  responses: {
    200: z.object({
      config: deviceConfigSchema,
      live: z.boolean(),
      /** Whether a viewer wants the live HLS stream (as the control channel's `stream` message says). */
      stream: z.boolean().default(false),
    }),
    401: errorBody,
  },
});

/** Path of the control channel (a WebSocket upgrade, same bearer token). */
export const controlChannelPath = '/api/ingest/cameras/:camera_code/control';

// ---- Control channel messages -------------------------------------------------------------------

/** A relative PTZ move: each axis a step from -1 to 1 of its range; or back to the home position. */
export const ptzCommandSchema = z.union([
  z.object({
    kind: z.literal('ptz'),
    pan: z.number().min(-1).max(1).default(0),
    tilt: z.number().min(-1).max(1).default(0),
    zoom: z.number().min(-1).max(1).default(0),
  }),
  z.object({ kind: z.literal('ptz_home') }),
  /** The camera's PTZ presets (ONVIF cameras). */
  z.object({ kind: z.literal('ptz_presets') }),
  /** Move to a saved preset. */
  z.object({ kind: z.literal('ptz_goto_preset'), token: z.string().min(1).max(64) }),
  /** Save where the camera looks now as a preset: a new one, or over `token`. */
  z.object({
    kind: z.literal('ptz_save_preset'),
    name: z.string().trim().min(1).max(64),
    token: z.string().min(1).max(64).optional(),
  }),
]);
export const lightingCommandSchema = z.object({ kind: z.literal('lighting'), on: z.boolean() });
export const deviceCommandSchema = z.union([ptzCommandSchema, lightingCommandSchema]);
export type DeviceCommand = z.infer<typeof deviceCommandSchema>;

/** Where the PTZ viewport is: pan and tilt -1..1 (centre 0), zoom 1 (wide) and up. */
export const ptzStateSchema = z.object({ pan: z.number(), tilt: z.number(), zoom: z.number() });
export type PtzState = z.infer<typeof ptzStateSchema>;

/** A saved PTZ position of a camera: its token (the camera's own) and name. */
export const ptzPresetSchema = z.object({ token: z.string(), name: z.string() });
export type PtzPreset = z.infer<typeof ptzPresetSchema>;

export const commandFailureCodes = ['not_supported', 'failed', 'timeout', 'offline'] as const;

export const serverToDeviceMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('config'), config: deviceConfigSchema }),
  /** Live wanted (stills every live_interval_sec) or not. */
  z.object({ type: z.literal('live'), on: z.boolean() }),
  /** A live HLS stream wanted (short MPEG-TS segments uploaded as they close) or not. */
  z.object({ type: z.literal('stream'), on: z.boolean() }),
  z.object({ type: z.literal('command'), id: z.string(), command: deviceCommandSchema }),
  z.object({ type: z.literal('pong'), at: z.number() }),
]);
export type ServerToDeviceMessage = z.infer<typeof serverToDeviceMessage>;

export const deviceToServerMessage = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('hello'),
    agent_version: z.string().max(50),
    source_kind: z.string().max(20),
    ptz: z.object({ pan: z.boolean(), tilt: z.boolean(), zoom: z.boolean() }),
    lighting: z.boolean(),
  }),
  z.object({
    type: z.literal('heartbeat'),
    at: z.number(),
    spool_clips: z.number().int().min(0),
    spool_bytes: z.number().int().min(0),
  }),
  z.object({
    type: z.literal('result'),
    id: z.string(),
    ok: z.boolean(),
    /** After a PTZ command: where the viewport is now. After lighting: whether the light is on. */
    ptz: ptzStateSchema.optional(),
    lighting: z.boolean().optional(),
    /** After ptz_presets: the camera's presets. */
    presets: z.array(ptzPresetSchema).optional(),
    /** After ptz_save_preset: the saved preset's token. */
    preset_token: z.string().optional(),
    error: z.object({ code: z.enum(commandFailureCodes), message: z.string() }).optional(),
  }),
]);
export type DeviceToServerMessage = z.infer<typeof deviceToServerMessage>;
