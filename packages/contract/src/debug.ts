// The debug screen (core.md §2, §6: the `debug` right) and the client error reports it lists. The spec shows
// no paths for these; they are the issue's. Every debug call answers 403 without the debug right.
import { z } from 'zod';
import { defineCall } from './call.ts';
import { CLIENT_ERROR_LIMITS } from './client-errors.ts';
import { dataEnvelope, errorBody, validationErrorBody } from './envelope.ts';

export const clientErrorBody = z.object({
  message: z.string().trim().min(1, { message: 'is required' }).max(CLIENT_ERROR_LIMITS.message),
  stack: z.string().max(CLIENT_ERROR_LIMITS.stack).default(''),
  page: z.string().max(CLIENT_ERROR_LIMITS.page).default(''),
  userAgent: z.string().max(CLIENT_ERROR_LIMITS.userAgent).default(''),
});
export type ClientErrorBody = z.input<typeof clientErrorBody>;

export const clientErrorReportCall = defineCall({
  method: 'POST',
  path: '/api/client-errors',
  summary: 'Report an error the web app ran into (kept per customer, the newest few hundred)',
  source: 'issue “Notifications, help, debug, feedback” (path not in the spec)',
  tags: ['debug'],
  access: 'session',
  body: clientErrorBody,
  responses: {
    200: dataEnvelope(z.object({ kept: z.literal(true) })),
    400: validationErrorBody,
    401: errorBody,
    413: errorBody,
    429: errorBody,
  },
});

const jobCountsSchema = z.object({
  kind: z.string(),
  queued: z.number().int().nonnegative(),
  running: z.number().int().nonnegative(),
  failed: z.number().int().nonnegative(),
});

export const debugEnvironmentSchema = z
  .object({
    version: z.string(),
    nodeVersion: z.string(),
    startedAt: z.iso.datetime({ offset: true }),
    database: z.enum(['embedded', 'postgres']),
    blobStore: z.enum(['fs', 's3']),
    /** Settings from the environment; secrets show only whether they are set. */
    settings: z.array(z.object({ name: z.string(), value: z.string() })),
    /** The job queue of the whole service, per kind. */
    jobs: z.array(jobCountsSchema),
  })
  .meta({ id: 'DebugEnvironment' });
export type DebugEnvironment = z.infer<typeof debugEnvironmentSchema>;

export const debugEnvironmentCall = defineCall({
  method: 'GET',
  path: '/api/debug/environment',
  summary: 'The service’s version, database and blob store kinds, settings and job queue (debug right)',
  source: 'core.md §2 debug screen (path from the issue)',
  tags: ['debug'],
  access: 'session',
  responses: { 200: dataEnvelope(debugEnvironmentSchema), 401: errorBody, 403: errorBody },
});

export const outboxMailSchema = z
  .object({
    id: z.number().int(),
    recipient: z.string(),
    subject: z.string(),
    /** Only for mail addressed to the caller; others' mail may hold links meant for them alone. */
    body: z.string().nullable(),
    status: z.enum(['kept', 'sent', 'failed']),
    error: z.string().nullable(),
    createdAt: z.iso.datetime({ offset: true }),
    sentAt: z.iso.datetime({ offset: true }).nullable(),
  })
  .meta({ id: 'OutboxMail' });
export type OutboxMail = z.infer<typeof outboxMailSchema>;

export const DEBUG_LIST_LIMIT = 50;

export const debugMailOutboxCall = defineCall({
  method: 'GET',
  path: '/api/debug/mail-outbox',
  summary: 'The newest mails of the caller’s customer kept in the outbox (debug right)',
  source: 'core.md §2 debug screen (path from the issue)',
  tags: ['debug'],
  access: 'session',
  responses: {
    200: dataEnvelope(z.object({ mails: z.array(outboxMailSchema) })),
    401: errorBody,
    403: errorBody,
  },
});

export const clientErrorSchema = z
  .object({
    id: z.number().int(),
    message: z.string(),
    stack: z.string(),
    page: z.string(),
    userAgent: z.string(),
    userEmail: z.string().nullable(),
    createdAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'ClientError' });
export type ClientError = z.infer<typeof clientErrorSchema>;

export const debugClientErrorsCall = defineCall({
  method: 'GET',
  path: '/api/debug/client-errors',
  summary: 'The newest client errors reported by the caller’s customer’s users (debug right)',
  source: 'core.md §2 debug screen (path from the issue)',
  tags: ['debug'],
  access: 'session',
  responses: {
    200: dataEnvelope(z.object({ errors: z.array(clientErrorSchema) })),
    401: errorBody,
    403: errorBody,
  },
});
