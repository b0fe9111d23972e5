// PTZ and lighting commands from a viewer to a camera, relayed to its agent (core.md §2 more-menu;
// advanced.md §6: PTZ needs live and ptz; lighting needs live, lighting and the experimental feature).
import { z } from 'zod';
import { defineCall } from './call.ts';
import { cameraCodeParams } from './cameras.ts';
import { commandFailureCodes, ptzPresetSchema, ptzStateSchema } from './device.ts';
import { dataEnvelope, errorBody, failedEnvelope, validationErrorBody } from './envelope.ts';

/** Why a command did not happen: the camera cannot, it failed, it did not answer in time, or it is offline. */
export const commandFailureSchema = failedEnvelope(z.enum(commandFailureCodes)).meta({ id: 'CommandFailed' });

export const ptzBody = z.union([
  z
    .object({
      /** Relative steps from -1 to 1 of each axis's range. */
      pan: z.number().min(-1).max(1).default(0),
      tilt: z.number().min(-1).max(1).default(0),
      zoom: z.number().min(-1).max(1).default(0),
    })
    .strict(),
  z.object({ home: z.literal(true) }).strict(),
]);
export type PtzBody = z.input<typeof ptzBody>;

export const ptzCall = defineCall({
  method: 'POST',
  path: '/api/cameras/:camera_code/ptz',
  summary: 'Move the camera (pan, tilt, zoom steps) or send it home; answers where it is now',
  source: 'core.md §2 more-menu, advanced.md §6 (path from the issue)',
  tags: ['live'],
  access: 'session',
  params: cameraCodeParams,
  body: ptzBody,
  responses: {
    200: z.union([dataEnvelope(z.object({ ptz: ptzStateSchema })), commandFailureSchema]),
    400: validationErrorBody,
    401: errorBody,
    403: errorBody,
    404: errorBody,
  },
});

/** A PTZ preset's token in a path: the camera's own, at most 64 characters. */
export const ptzPresetParams = cameraCodeParams.extend({ token: z.string().min(1).max(64) });

export const ptzPresetsCall = defineCall({
  method: 'GET',
  path: '/api/cameras/:camera_code/ptz/presets',
  summary: 'The PTZ presets the camera keeps (asked of the camera through its agent)',
  source: 'issue 20 (ONVIF presets)',
  tags: ['live'],
  access: 'session',
  params: cameraCodeParams,
  responses: {
    200: z.union([dataEnvelope(z.object({ presets: z.array(ptzPresetSchema) })), commandFailureSchema]),
    400: validationErrorBody,
    401: errorBody,
    403: errorBody,
    404: errorBody,
  },
});

export const ptzPresetSaveBody = z
  .object({
    /** The preset's name as the camera keeps it. */
    name: z.string().trim().min(1).max(64),
    /** Save over this preset; a new one without it. */
    token: z.string().min(1).max(64).optional(),
  })
  .strict();

export const ptzPresetSaveCall = defineCall({
  method: 'POST',
  path: '/api/cameras/:camera_code/ptz/presets',
  summary: 'Save where the camera looks now as a preset (new, or over one); answers its token',
  source: 'issue 20 (ONVIF presets)',
  tags: ['live'],
  access: 'session',
  params: cameraCodeParams,
  body: ptzPresetSaveBody,
  responses: {
    200: z.union([dataEnvelope(z.object({ preset: ptzPresetSchema })), commandFailureSchema]),
    400: validationErrorBody,
    401: errorBody,
    403: errorBody,
    404: errorBody,
  },
});

export const ptzPresetGotoCall = defineCall({
  method: 'POST',
  path: '/api/cameras/:camera_code/ptz/presets/:token/goto',
  summary: 'Move the camera to a preset; answers where it is now',
  source: 'issue 20 (ONVIF presets)',
  tags: ['live'],
  access: 'session',
  params: ptzPresetParams,
  responses: {
    200: z.union([dataEnvelope(z.object({ ptz: ptzStateSchema })), commandFailureSchema]),
    400: validationErrorBody,
    401: errorBody,
    403: errorBody,
    404: errorBody,
  },
});

export const lightingBody = z.object({ on: z.boolean() }).strict();

export const lightingCall = defineCall({
  method: 'PUT',
  path: '/api/cameras/:camera_code/lighting',
  summary: 'Turn the camera’s light on or off',
  source: 'core.md §2 more-menu, advanced.md §6 (path from the issue)',
  tags: ['live'],
  access: 'session',
  params: cameraCodeParams,
  body: lightingBody,
  responses: {
    200: z.union([dataEnvelope(z.object({ lighting: z.boolean() })), commandFailureSchema]),
    400: validationErrorBody,
    401: errorBody,
    403: errorBody,
    404: errorBody,
  },
});
