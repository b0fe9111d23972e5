// Asking for a password-reset mail from the login screen's reissue dialog (core.md §5, §7, §8).
import { z } from 'zod';
import { defineCall } from './call.ts';
import { dataEnvelope, errorBody, validationErrorBody } from './envelope.ts';
import { passwordSchema } from './password-schema.ts';

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

/** Setting a new password with the single-use token from the mailed link (core.md §5; same rules as change). */
export const passwordResetBody = z.object({
  token: z.string().min(1, { message: 'is required' }).max(200),
  password: passwordSchema,
});
export type PasswordResetBody = z.infer<typeof passwordResetBody>;

export const passwordResetCall = defineCall({
  method: 'POST',
  path: '/api/password/reset',
  summary: 'Set a new password with the token of a reset mail; the token works once and for one hour',
  source: 'core.md §5 (path ours: the spec does not show the reissue page’s call)',
  tags: ['auth'],
  access: 'public',
  body: passwordResetBody,
  responses: {
    200: dataEnvelope(z.object({ reset: z.literal(true) })),
    400: validationErrorBody,
    429: errorBody,
  },
});
