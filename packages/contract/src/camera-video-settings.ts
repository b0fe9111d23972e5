// A camera's video settings as the service sets them for its agent (issue 20 "camera settings from the
// server"): the recorded resolution and frame rate, a bitrate cap and the live stills interval. The spec has
// the fields in the camera detail (core.md §3: image_rs_width, image_rs_height, image_fps, live_interval)
// but no call to change them, so these paths are the issue's. Reading and changing need the admin flag.
import { z } from 'zod';
import { defineCall } from './call.ts';
import { cameraCodeSchema } from './cameras.ts';
import {
  LIVE_INTERVAL_SEC_RANGE,
  VIDEO_BITRATE_KBPS_RANGE,
  VIDEO_FPS_RANGE,
  VIDEO_RESOLUTIONS,
} from './camera-video-settings-rules.ts';
import { dataEnvelope, errorBody, validationErrorBody } from './envelope.ts';

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
