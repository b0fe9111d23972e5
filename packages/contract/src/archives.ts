// Recorded one-minute archives of a camera and the address of one archive's video (core.md §3, §7).
import { z } from 'zod';
import { defineCall } from './call.ts';
import { cameraCodeParams, dateTimeSchema } from './cameras.ts';
import { ARCHIVE_PERIOD_HOURS } from './constants.ts';
import { dataEnvelope, errorBody, validationErrorBody } from './envelope.ts';

export const archivesQuery = z.object({
  /** First minute of the period, e.g. `2024-05-01T09:00:00+09:00`. */
  start_date: dateTimeSchema,
  /** Length of the period in hours. */
  period: z.coerce.number().pipe(z.literal(ARCHIVE_PERIOD_HOURS)),
});
export type ArchivesQuery = z.infer<typeof archivesQuery>;

/** A span inside the one-minute clip, in seconds from its start. */
export const eventSpanSchema = z
  .object({ startSec: z.number().min(0), endSec: z.number().min(0) })
  .meta({ id: 'ArchiveEventSpan' });
export type EventSpan = z.infer<typeof eventSpanSchema>;

export const peopleCounterEventSchema = eventSpanSchema
  .extend({ inOut: z.enum(['I', 'O']) })
  .meta({ id: 'PeopleCounterEvent' });
export type PeopleCounterEvent = z.infer<typeof peopleCounterEventSchema>;

export const archiveEventsSchema = z
  .object({
    motionDetect: z.array(eventSpanSchema),
    peopleCounter: z.array(peopleCounterEventSchema),
    enterAlert: z.array(eventSpanSchema),
  })
  .meta({ id: 'ArchiveEvents' });
export type ArchiveEvents = z.infer<typeof archiveEventsSchema>;

export const archiveEntrySchema = z
  .object({
    /** Opaque id for the video call; null when the minute has no recording. */
    archive_id: z.string().nullable(),
    start_time: dateTimeSchema,
    has_data: z.boolean(),
    /** Video address; with `return_url=t` it answers `{ url }` instead of the video. */
    data_url: z.string().nullable(),
    motion_state: z.boolean(),
    events: archiveEventsSchema,
    /**
     * Where the played clip begins in its minute, in seconds (0 for a whole minute; more for the first clip
     * after an agent started mid-minute). Clip time + this = second of the minute, as events are written.
     */
    clip_offset_sec: z.number().min(0),
  })
  .meta({ id: 'ArchiveEntry' });
export type ArchiveEntry = z.infer<typeof archiveEntrySchema>;

export const archivesCall = defineCall({
  method: 'GET',
  path: '/api/cameras/:camera_code/archives',
  summary: 'The one-minute archives of a camera over 1, 6, 12 or 24 hours, oldest first',
  source: 'core.md §7',
  tags: ['archives'],
  access: 'session',
  params: cameraCodeParams,
  query: archivesQuery,
  responses: {
    200: dataEnvelope(z.object({ archives: z.array(archiveEntrySchema) })),
    400: validationErrorBody,
    401: errorBody,
    403: errorBody,
    404: errorBody,
  },
});

export const archiveVideoParams = z.object({ archive_id: z.string().min(1).max(100) });
export const archiveVideoQuery = z.object({
  /** `t` asks for the address as JSON; without it the answer redirects to the video itself. */
  return_url: z.enum(['t']).optional(),
});

export const videoUrlSchema = z.object({ url: z.string() }).meta({ id: 'VideoUrl' });
export type VideoUrl = z.infer<typeof videoUrlSchema>;

export const archiveVideoCall = defineCall({
  method: 'GET',
  path: '/api/archives/:archive_id/video',
  summary: 'One archive’s MP4: `{ url }` with return_url=t, otherwise a redirect to the video',
  source: 'core.md §7 “Video URL fetch” (path from the issue)',
  tags: ['archives'],
  access: 'session',
  params: archiveVideoParams,
  query: archiveVideoQuery,
  responses: {
    200: videoUrlSchema,
    400: validationErrorBody,
    401: errorBody,
    403: errorBody,
    404: errorBody,
  },
});

export const motionBoxSchema = z
  .object({ x: z.number(), y: z.number(), w: z.number(), h: z.number() })
  .meta({ id: 'MotionBox' });
export type MotionBox = z.infer<typeof motionBoxSchema>;

/** The changed regions of one analysed frame: seconds of the minute, boxes in 0..1 picture coordinates. */
export const motionFrameSchema = z
  .object({ sec: z.number().min(0), boxes: z.array(motionBoxSchema) })
  .meta({ id: 'MotionFrame' });
export type MotionFrame = z.infer<typeof motionFrameSchema>;

export const archiveMotionCall = defineCall({
  method: 'GET',
  path: '/api/archives/:archive_id/motion',
  summary:
    'Where things moved in one archive minute: the boxes of each moving frame (the motion analysis info)',
  source: 'core.md §2 video info “motion analysis info” (path ours)',
  tags: ['archives'],
  access: 'session',
  params: archiveVideoParams,
  responses: {
    200: dataEnvelope(z.object({ frames: z.array(motionFrameSchema) })),
    400: validationErrorBody,
    401: errorBody,
    403: errorBody,
    404: errorBody,
  },
});
