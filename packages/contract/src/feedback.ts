// Feedback sent from the floating dialog (core.md §2, §3, §5, §8).
import { z } from 'zod';
import { defineCall } from './call.ts';
import { FEEDBACK_MAX_LENGTH } from './constants.ts';
import { dataEnvelope, errorBody, validationErrorBody } from './envelope.ts';

export const feedbackBody = z.object({
  message: z
    .string()
    .trim()
    .min(1, { message: 'is required' })
    .max(FEEDBACK_MAX_LENGTH, { message: `must be at most ${FEEDBACK_MAX_LENGTH} characters` }),
  /** The screen the user was on, kept with the message to help support. */
  page: z.string().max(500).optional(),
});
export type FeedbackBody = z.input<typeof feedbackBody>;

export const feedbackCall = defineCall({
  method: 'POST',
  path: '/api/feedback',
  summary: 'Send feedback',
  source: 'core.md §7 (path from the issue)',
  tags: ['feedback'],
  access: 'session',
  body: feedbackBody,
  responses: {
    200: dataEnvelope(z.object({ sent: z.literal(true) })),
    400: validationErrorBody,
    401: errorBody,
    429: errorBody,
  },
});
