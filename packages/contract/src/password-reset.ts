// Asking for a password-reset mail from the login screen's reissue dialog (core.md §5, §7, §8).
import { z } from 'zod';
import { defineCall } from './call.ts';
import { dataEnvelope, errorBody, validationErrorBody } from './envelope.ts';

export const passwordResetRequestBody = z.object({
  email: z.email({ message: 'must be an email address' }).max(254),
  /** Site origin plus /password_reissue; the mailed link points there. The server checks the origin. */
  return_url: z.url({ protocol: /^https?$/ }).max(2000),
});
export type PasswordResetRequestBody = z.infer<typeof passwordResetRequestBody>;

export const passwordResetRequestCall = defineCall({
  method: 'POST',
  path: '/api/password/reset_request',
  summary: 'Mail a password reset link to the address',
  source: 'core.md §7',
  tags: ['auth'],
  access: 'public',
  body: passwordResetRequestBody,
  responses: {
    200: dataEnvelope(z.object({ sent: z.literal(true) })),
    400: validationErrorBody,
    429: errorBody,
  },
});
