// Turns every error into the contract's bodies: 400 `{ errors }` for bad input, `{ error: { code, message } }`
// for the rest. Anything a client can send ends in a 4xx; only our own faults are 500.
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ErrorBody } from '@camwatch/contract/envelope';
import { isDatabaseUnavailable } from '../db/connection-loss.ts';
import { DomainError, FieldErrors } from '../lib/errors.ts';
import { fieldErrorsBody, schemaErrorsBody } from './field-errors-body.ts';

const errorBody = (code: string, message: string): ErrorBody => ({ error: { code, message } });

/** Retry-After of a 503 `database_unavailable`: a restart or failover takes seconds. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** Maps Fastify's own client-error codes to a field-level validation answer or a coded error. */
const fastifyClientErrors: Record<
  string,
  { status: number; field?: string; code?: string; message: string }
> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, field: 'body', message: 'is not valid JSON' },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    status: 400,
    field: 'body',
    message: 'is empty but the content type is JSON',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: {
    status: 413,
    code: 'payload_too_large',
    message: 'request body is too large',
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: 'unsupported_media_type',
    message: 'send JSON (application/json)',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    field: 'body',
    message: 'does not match its Content-Length',
  },
};

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error))
      return reply.code(400).send(schemaErrorsBody(error.validation, error.validationContext ?? 'body'));
    if (error instanceof FieldErrors) return reply.code(400).send(fieldErrorsBody(error));
    if (error instanceof DomainError) {
      const body = errorBody(error.code, error.message);
      if (error.conflictReason) body.error.reason = error.conflictReason;
      return reply.code(error.status).send(body);
    }

    const known = error.code ? fastifyClientErrors[error.code] : undefined;
    if (known) {
      if (known.field) return reply.code(known.status).send({ errors: { [known.field]: [known.message] } });
      return reply.code(known.status).send(errorBody(known.code ?? 'bad_request', known.message));
    }
    if (error.statusCode === 429) return reply.code(429).send(errorBody('rate_limited', error.message));
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.code(error.statusCode).send(errorBody('bad_request', error.message));
    }

    if (isDatabaseUnavailable(error)) {
      // Our fault, not the client's, but passing: the pool reconnects by itself once the database is back.
      request.log.warn({ reason: error instanceof Error ? error.message : String(error) }, 'database unavailable');
      return reply
        .code(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
        .send(errorBody('database_unavailable', 'The database is unavailable; please try again shortly.'));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response does not match the contract');
    } else {
      request.log.error({ err: error }, 'unhandled error');
    }
    return reply.code(500).send(errorBody('internal', 'An internal error occurred; please try again later.'));
  });

  app.setNotFoundHandler((request, reply) => {
    reply
      .code(404)
      .send(errorBody('not_found', `no such call: ${request.method} ${request.url.split('?')[0]}`));
  });
}
