// Turns every error into the contract's bodies: 400 `{ errors }` for bad input, `{ error: { code, message } }`
// for the rest. Anything a client can send ends in a 4xx; only our own faults are 500.
import type { Socket } from 'node:net';
import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifyServerOptions,
} from 'fastify';
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

/**
 * Errors Fastify raises before any route runs, in the same shapes: a bad percent-encoding in the path is a 400 on
 * `path`, a path parameter past maxParamLength a 414.
 */
function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  if (error.code === 'FST_ERR_BAD_URL') {
    void reply
      .code(400)
      .send({ errors: { path: ['is not valid percent-encoding'] }, codes: { path: ['invalid_format'] } });
  } else if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    void reply.code(414).send(errorBody('uri_too_long', 'a path parameter is too long'));
  } else {
    request.log.error({ err: error }, 'router error');
    void reply.code(500).send(errorBody('internal', 'An internal error occurred; please try again later.'));
  }
}

/**
 * Errors Node's HTTP parser meets before Fastify sees a request (431 headers too large, 408, malformed requests):
 * written straight to the socket, in the contract's error shape rather than Fastify's.
 */
function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, code, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large', 'headers_too_large', 'the request headers are too large']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', 'request_timeout', 'the request took too long to arrive']
        : [400, 'Bad Request', 'bad_request', 'the request is not valid HTTP'];
  const body = JSON.stringify(errorBody(code, message));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/** Fastify options that route its own early errors into the contract's shapes; spread into `Fastify({ … })`. */
export const errorShapeOptions = {
  frameworkErrors,
  clientErrorHandler,
  // Answered by the onRequest hook below instead, in the contract's shape.
  return503OnClosing: false,
} satisfies Partial<FastifyServerOptions>;

export function registerErrorHandling(app: FastifyInstance): void {
  // While closing, new requests get 503 and the connection closes; requests already running finish.
  let isClosing = false;
  app.addHook('preClose', () => {
    isClosing = true;
  });
  app.addHook('onRequest', async (_request, reply) => {
    if (!isClosing) return;
    return reply
      .code(503)
      .header('connection', 'close')
      .send(errorBody('unavailable', 'The server is restarting; please try again shortly.'));
  });

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
      request.log.warn(
        { reason: error instanceof Error ? error.message : String(error) },
        'database unavailable',
      );
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
