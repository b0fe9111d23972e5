// The per-user, per-camera motion notification switch (core.md §3 notification types, advanced.md §3: motion).
// The spec names no call for it; the path is the issue's.
import { z } from 'zod';
import { defineCall } from './call.ts';
import { cameraCodeParams } from './cameras.ts';
import { dataEnvelope, errorBody, validationErrorBody } from './envelope.ts';

export const motionNotificationSchema = z
  .object({
    /** Whether this user is notified when motion is detected in this camera's recordings. */
    enabled: z.boolean(),
    /** Whether the camera detects motion at all (use_motion); without it nothing is ever notified. */
    available: z.boolean(),
    /** Minutes after a motion notification during which further motion of the camera notifies nobody again. */
    cooldownMinutes: z.number().int().positive(),
  })
  .meta({ id: 'MotionNotificationSetting' });
export type MotionNotificationSetting = z.infer<typeof motionNotificationSchema>;

export const motionNotificationBody = z.object({ enabled: z.boolean() });
export type MotionNotificationBody = z.input<typeof motionNotificationBody>;

export const motionNotificationGetCall = defineCall({
  method: 'GET',
  path: '/api/cameras/:camera_code/motion-notification',
  summary: 'Whether the caller is notified of motion in this camera (off until switched on)',
  source: 'issue “Notifications, help, debug, feedback” (path not in the spec)',
  tags: ['notifications'],
  access: 'session',
  params: cameraCodeParams,
  responses: {
    200: dataEnvelope(motionNotificationSchema),
    400: validationErrorBody,
    401: errorBody,
    404: errorBody,
  },
});

export const motionNotificationSetCall = defineCall({
  method: 'PUT',
  path: '/api/cameras/:camera_code/motion-notification',
  summary: 'Switch the caller’s motion notifications of this camera on or off',
  source: 'issue “Notifications, help, debug, feedback” (path not in the spec)',
  tags: ['notifications'],
  access: 'session',
  params: cameraCodeParams,
  body: motionNotificationBody,
  responses: {
    200: dataEnvelope(motionNotificationSchema),
    400: validationErrorBody,
    401: errorBody,
    404: errorBody,
  },
});
