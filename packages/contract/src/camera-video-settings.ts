// A camera's video settings as the service sets them for its agent (issue 20 "camera settings from the
// server"): the recorded resolution and frame rate, a bitrate cap and the live stills interval. The spec has
// the fields in the camera detail (core.md §3: image_rs_width, image_rs_height, image_fps, live_interval)
// but no call to change them, so these paths are the issue's. Reading and changing need the admin flag.
import { z } from 'zod';
import { defineCall } from './call.ts';
import { cameraCodeSchema } from './cameras.ts';
import { dataEnvelope, errorBody, validationErrorBody } from './envelope.ts';

/**
 * Resolutions an agent can be asked to record: the common 16:9 ones and the square fisheye pictures the
 * spec calibrates (advanced.md §8 "Radius by resolution").
 */
export const VIDEO_RESOLUTIONS = [
  '640x360',
  '1280x720',
  '1920x1080',
  '2560x1440',
  '3840x2160',
  '720x720',
  '1200x1200',
  '1280x1280',
  '1440x1440',
  '1920x1920',
] as const;
export type VideoResolution = (typeof VIDEO_RESOLUTIONS)[number];

export const VIDEO_FPS_RANGE = { min: 1, max: 30 } as const;
/** Bitrate cap in kbit/s; null is no cap (the encoder's own rate). */
export const VIDEO_BITRATE_KBPS_RANGE = { min: 256, max: 20_000 } as const;
/** Seconds between live stills while someone watches. */
export const LIVE_INTERVAL_SEC_RANGE = { min: 1, max: 600 } as const;

const between = (range: { min: number; max: number }, unit: string) =>
  z
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(range.min, `must be ${range.min}–${range.max} ${unit}`)
    .max(range.max, `must be ${range.min}–${range.max} ${unit}`);

export const cameraVideoSettingsSchema = z
  .object({
    resolution: z.enum(VIDEO_RESOLUTIONS, { error: `must be one of ${VIDEO_RESOLUTIONS.join(', ')}` }),
    fps: between(VIDEO_FPS_RANGE, 'frames per second'),
    max_bitrate_kbps: between(VIDEO_BITRATE_KBPS_RANGE, 'kbit/s').nullable(),
    live_interval_sec: between(LIVE_INTERVAL_SEC_RANGE, 's'),
  })
  .strict()
  .meta({ id: 'CameraVideoSettings' });
export type CameraVideoSettings = z.infer<typeof cameraVideoSettingsSchema>;

/**
 * What is stored now. `resolution` and `fps` are the camera's as stored, which a camera set up before these
 * settings may hold outside the lists (a time-lapse camera's fps of 1/600): shown as they are, a save must
 * bring them within.
 */
export const cameraVideoSettingsAnswer = z
  .object({
    resolution: z.string(),
    fps: z.number(),
    max_bitrate_kbps: z.number().int().nullable(),
    live_interval_sec: z.number().int(),
    /** Whether the camera's agent is connected now (a saved change reaches it at once, else when it connects). */
    agent_connected: z.boolean(),
  })
  .meta({ id: 'CameraVideoSettingsAnswer' });
export type CameraVideoSettingsAnswer = z.infer<typeof cameraVideoSettingsAnswer>;

const params = z.object({ camera_code: cameraCodeSchema });
const errors = { 400: validationErrorBody, 401: errorBody, 403: errorBody, 404: errorBody } as const;
const SOURCE = 'issue 20 “camera settings from the server” (fields core.md §3; the spec has no call)';

export const cameraVideoSettingsCall = defineCall({
  method: 'GET',
  path: '/api/cameras/:camera_code/video-settings',
  summary: 'A camera’s recording resolution, frame rate, bitrate cap and live interval (admin)',
  source: SOURCE,
  tags: ['cameras'],
  access: 'session',
  params,
  responses: { 200: dataEnvelope(cameraVideoSettingsAnswer), ...errors },
});

export const cameraVideoSettingsUpdateCall = defineCall({
  method: 'PUT',
  path: '/api/cameras/:camera_code/video-settings',
  summary: 'Change a camera’s video settings; its agent applies them without a restart (admin)',
  source: SOURCE,
  tags: ['cameras'],
  access: 'session',
  params,
  body: cameraVideoSettingsSchema,
  responses: { 200: dataEnvelope(cameraVideoSettingsAnswer), ...errors },
});
