// The audit log (issue 16 "Audit log"): who signed in (or failed), watched live or recorded video of which camera,
// downloaded or exported what, and changed settings, tags, child users, rights or device keys — with the time,
// the user and the address. Read by the customer's parent users only (403 for child users), always of the
// caller's own customer; there is no call that changes or deletes an event. The spec shows no such screen: the
// paths are ours.
import { z } from 'zod';
import { AUDIT_KINDS, AUDIT_PAGE_SIZE, UTC_OFFSET_PATTERN, type AuditKind } from './audit-rules.ts';
import { defineCall } from './call.ts';
import { cameraCodeSchema, dateTimeSchema } from './cameras.ts';
import { dataEnvelope, errorBody, validationErrorBody } from './envelope.ts';
import { binaryBody } from './live.ts';

export { AUDIT_KINDS, AUDIT_PAGE_SIZE } from './audit-rules.ts';
export type { AuditKind } from './audit-rules.ts';

export const auditKindSchema = z.enum(AUDIT_KINDS as [AuditKind, ...AuditKind[]]);

/** A detail value: what changed, as plain values (never a password or a token). */
export const auditDetailValue = z.union([z.string(), z.number(), z.boolean(), z.null(), z.array(z.string())]);
export type AuditDetailValue = z.infer<typeof auditDetailValue>;

export const auditEventSchema = z
  .object({
    id: z.string(),
    /** When it happened, ISO 8601 in UTC. */
    occurred_at: z.string(),
    kind: auditKindSchema,
    /** `api`: a user through the web app or the API; `cli`: the operator's command line. */
    via: z.enum(['api', 'cli']),
    /** Who: null for the operator and for a sign-in attempt with an address that names no user. */
    user_id: z.number().int().nullable(),
    user_email: z.string().nullable(),
    /** The client address the request came from (null from the command line). */
    ip: z.string().nullable(),
    user_agent: z.string().nullable(),
    camera_code: z.string().nullable(),
    /** The camera's name when the event was recorded. */
    camera_name: z.string().nullable(),
    /** What was acted on: a tag's name, a child user's address, a download, a browser key's name… */
    target: z.string().nullable(),
    detail: z.record(z.string(), auditDetailValue),
  })
  .meta({ id: 'AuditEvent' });
export type AuditEvent = z.infer<typeof auditEventSchema>;

/** The filters of the list and of the CSV; every one optional, all of them together narrow. */
export const auditFilterQuery = z.object({
  user_id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  camera_code: cameraCodeSchema.optional(),
  kind: auditKindSchema.optional(),
  /** From this moment (inclusive). */
  from: dateTimeSchema.optional(),
  /** Up to this moment (exclusive). */
  to: dateTimeSchema.optional(),
});
export type AuditFilterQuery = z.infer<typeof auditFilterQuery>;

/** What is wrong with a period (the field and why), or null when it is fine. */
export function auditPeriodProblem(q: { from?: string | undefined; to?: string | undefined }): string | null {
  if (q.from === undefined || q.to === undefined) return null;
  return Date.parse(q.to) > Date.parse(q.from) ? null : 'must be after from';
}

export const auditListQuery = auditFilterQuery.extend({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type AuditListQuery = z.input<typeof auditListQuery>;

export const auditCsvQuery = auditFilterQuery.extend({
  /** Language of the header row and of the kinds. */
  lang: z.enum(['ja', 'en']).default('ja'),
  /** The UTC offset the times are written in (the reader's, e.g. +09:00). */
  utc_offset: z
    .string()
    .regex(UTC_OFFSET_PATTERN, { message: 'must be a UTC offset such as +09:00' })
    .default('+00:00'),
});
export type AuditCsvQuery = z.input<typeof auditCsvQuery>;

const errors = { 400: validationErrorBody, 401: errorBody, 403: errorBody } as const;
const SOURCE = 'issue 16 audit log (not in the spec)';

export const auditListCall = defineCall({
  method: 'GET',
  path: '/api/audit-log',
  summary: `The customer’s audit events, newest first, ${AUDIT_PAGE_SIZE} a page (parent users only)`,
  source: SOURCE,
  tags: ['audit'],
  access: 'session',
  query: auditListQuery,
  responses: {
    200: dataEnvelope(
      z.object({
        events: z.array(auditEventSchema),
        total: z.number().int(),
        page: z.number().int(),
        pageSize: z.number().int(),
      }),
    ),
    ...errors,
  },
});

export const auditCsvCall = defineCall({
  method: 'GET',
  path: '/api/audit-log/csv',
  summary: 'The filtered audit events as CSV (UTF-8 with byte-order mark), newest first (parent users only)',
  source: SOURCE,
  tags: ['audit'],
  access: 'session',
  query: auditCsvQuery,
  responses: { 200: binaryBody('text/csv; charset=utf-8'), ...errors },
});

export const auditOptionSchema = z.object({
  users: z.array(z.object({ id: z.number().int(), email: z.string(), name: z.string() })),
  cameras: z.array(z.object({ code: z.string(), name: z.string() })),
  /** How many days events are kept (AUDIT_RETENTION_DAYS). */
  retentionDays: z.number().int(),
});
export type AuditOptions = z.infer<typeof auditOptionSchema>;

export const auditOptionsCall = defineCall({
  method: 'GET',
  path: '/api/audit-log/options',
  summary:
    'What the audit log can be filtered by (the customer’s users and cameras) and how long it keeps events (parent users only)',
  source: SOURCE,
  tags: ['audit'],
  access: 'session',
  responses: { 200: dataEnvelope(auditOptionSchema), 401: errorBody, 403: errorBody },
});
