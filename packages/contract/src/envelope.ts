// Response envelopes shared by every call (core.md §7, §8).
import { z } from 'zod';
import { conflictReasons, fieldErrorReasons } from './error-reasons.ts';

/** Success: `{ data: … }`. */
export const dataEnvelope = <T extends z.ZodType>(data: T) => z.object({ data });

/** Body-level failure used by login and login check: `{ result: "failed", data: { reason } }`. */
export const failedEnvelope = <T extends z.ZodType>(reason: T) =>
  z.object({ result: z.literal('failed'), data: z.object({ reason }) });

/**
 * Validation failure (400): `{ errors: { field: [message] } }`, and beside it `codes: { field: [reason] }`, a
 * machine-readable reason for each message at the same index (error-reasons.ts), for clients to translate.
 */
export const validationErrorBody = z
  .object({
    errors: z.record(z.string(), z.array(z.string())),
    codes: z.record(z.string(), z.array(z.enum(fieldErrorReasons))).optional(),
  })
  .meta({ id: 'ValidationError' });
export type ValidationErrorBody = z.infer<typeof validationErrorBody>;

/**
 * Any other error (401, 403, 404, 409, 413, 429, 5xx): a stable code and a readable message; `reason` says which
 * rule refused it when the code alone does not (a 409 `conflict`: camera_offline, download_expired…).
 */
export const errorBody = z
  .object({
    error: z.object({
      code: z.string(),
      message: z.string(),
      reason: z.enum(conflictReasons).optional(),
    }),
  })
  .meta({ id: 'Error' });
export type ErrorBody = z.infer<typeof errorBody>;

/** The error codes the server uses in `errorBody.error.code`. */
export const errorCodes = [
  'unauthorized',
  'forbidden',
  'not_found',
  'conflict',
  'payload_too_large',
  'unsupported_media_type',
  'rate_limited',
  'bad_origin',
  'bad_request',
  'uri_too_long',
  'headers_too_large',
  'request_timeout',
  'unavailable',
  'database_unavailable',
  'internal',
  /** A shared clip link that does not open (share-links.ts shareLinkRefusals). */
  'share_link_invalid',
  'share_link_expired',
  'share_link_revoked',
] as const;
export type ErrorCode = (typeof errorCodes)[number];
