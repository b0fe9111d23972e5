// PTZ and lighting commands from a viewer to a camera, relayed to its agent (core.md §2 more-menu;
// advanced.md §6: PTZ needs live and ptz; lighting needs live, lighting and the experimental feature).
import { z } from 'zod';
import { defineCall } from './call.ts';
import { cameraCodeParams } from './cameras.ts';
import { commandFailureCodes, ptzStateSchema } from './device.ts';
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
