// Who is behind a request, as the audit log records it: the session's user, the client address (as Fastify
// resolves it under the configured proxy trust) and the browser.
import type { FastifyRequest } from 'fastify';
import type { AuditActor, AuditRecord, AuditRecorder } from '../modules/audit/audit-recorder.service.ts';
import type { AuthContext } from './auth-context.ts';

export const clientOf = (request: FastifyRequest) => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'] ?? null,
});

export const actorOf = (auth: AuthContext, request: FastifyRequest): AuditActor => ({
  customerId: auth.user.customerId,
  userId: auth.user.id,
  email: auth.user.email,
  ...clientOf(request),
  via: 'api',
});

/** Record once per `scope` and actor within `windowMs` (a view renewed or continued, see AuditRecorder). */
export interface RecordOnce {
  scope: string;
  windowMs: number;
}

/** Records an event as the request's session user; nothing without a session. Never throws. */
export type RecordAudit = (event: AuditRecord, once?: RecordOnce) => Promise<void>;

export function recordFor(recorder: AuditRecorder, request: FastifyRequest): RecordAudit {
  return async (event, once) => {
    if (!request.auth) return;
    const actor = actorOf(request.auth, request);
    if (once) await recorder.recordOnce(actor, event, once.scope, once.windowMs);
    else await recorder.record(actor, event);
  };
}
