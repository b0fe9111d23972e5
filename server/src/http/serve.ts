// Registers a route from its contract declaration: the same zod schemas validate the request,
// serialize the answer and describe the call in the OpenAPI document.
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { CallDef } from '@camwatch/contract/call';
import { documentedResponses, mediaTypesOf } from '@camwatch/contract/responses';
import { DomainError, ForbiddenError, UnauthorizedError } from '../lib/errors.ts';
import type { DeviceIdentity } from '../ingest/device-token.repository.ts';
import type { AuthContext, SessionResolver } from './auth-context.ts';
import type { InFlight } from './in-flight.ts';
import type { AuditRecorder } from '../modules/audit/audit-recorder.service.ts';
import { recordFor, type RecordAudit } from './audit-actor.ts';
import { refuseNul } from './nul-guard.ts';

type Out<T> = T extends z.ZodType ? z.output<T> : undefined;

export interface CallRequest<C extends CallDef> {
  params: Out<C['params']>;
  query: Out<C['query']>;
  body: Out<C['body']>;
  /** Always set for `session` calls; set for public calls only when a valid session came along. */
  auth: C['access'] extends 'session' ? AuthContext : AuthContext | null;
  /** The camera agent calling, for `device` calls (its token belongs to the camera_code of the path). */
  device: C['access'] extends 'device' ? DeviceIdentity : null;
  raw: FastifyRequest;
  /** Records an audit event as the session's user (nothing without a session); never throws. */
  record: RecordAudit;
}

export type CallHandler<C extends CallDef> = (
  request: CallRequest<C>,
  reply: FastifyReply,
) => Promise<z.input<C['responses'][200]> | FastifyReply>;

export interface ServeOptions {
  /** Fastify route config, e.g. `{ rateLimit: … }`. */
  config?: RouteShorthandOptions['config'];
  bodyLimit?: number;
}

export interface ServeContext {
  app: FastifyInstance;
  resolveSession: SessionResolver;
  /** The camera behind a device token (`Authorization: Bearer …`), or null. */
  resolveDevice: (authorization: string | undefined) => Promise<DeviceIdentity | null>;
  inFlight: InFlight;
  /** The audit log's recorder (modules/audit). */
  audit: AuditRecorder;
}

/**
 * Device calls: 401 without a live token; 403 when the token belongs to another camera than the path names
 * (calls without camera_code in the path act on the token's own camera).
 * Exported for the control channel, which authenticates its upgrade the same way.
 */
export async function authenticateDevice(
  resolveDevice: ServeContext['resolveDevice'],
  authorization: string | undefined,
  cameraCode: unknown,
): Promise<DeviceIdentity> {
  const device = await resolveDevice(authorization);
  if (!device) throw new UnauthorizedError('A valid device token is required.');
  if (cameraCode !== undefined && device.cameraCode !== cameraCode)
    throw new ForbiddenError('This device token belongs to another camera.');
  return device;
}

/**
 * The call's answers for Fastify and the OpenAPI document: every status it can answer (contract's
 * documentedResponses), non-JSON answers under their media types (`text/csv`, not `application/json`).
 */
function responseSchemas(
  call: CallDef,
): Record<number, z.ZodType | { description: string; content: object }> {
  return Object.fromEntries(
    Object.entries(documentedResponses(call)).map(([status, schema]) => {
      const types = mediaTypesOf(schema);
      if (!types) return [status, schema];
      const content = Object.fromEntries(types.map((type) => [type.split(';')[0]?.trim(), { schema }]));
      return [status, { description: schema.description ?? types.join(' or '), content }];
    }),
  );
}

export function serve<C extends CallDef>(
  { app, resolveSession, resolveDevice, inFlight, audit }: ServeContext,
  call: C,
  handler: CallHandler<C>,
  options: ServeOptions = {},
): void {
  app.withTypeProvider<ZodTypeProvider>().route({
    method: call.method,
    url: call.path,
    ...(options.config ? { config: options.config } : {}),
    ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
    preValidation: refuseNul,
    // A device's token is checked before its body is read: an upload without a live token is answered at
    // once and costs no memory or disk, however large it claims to be.
    ...(call.access === 'device'
      ? {
          preParsing: async (request: FastifyRequest, reply: FastifyReply) => {
            try {
              request.device = await inFlight.run(() =>
                authenticateDevice(
                  resolveDevice,
                  request.headers.authorization,
                  (request.params as { camera_code?: unknown }).camera_code,
                ),
              );
            } catch (error) {
              // The body will not be read: end the connection after the answer rather than leave the
              // client sending into a socket nobody reads.
              void reply.header('connection', 'close');
              throw error;
            }
          },
        }
      : {}),
    schema: {
      summary: call.summary,
      description: `Source: ${call.source}. Access: ${call.access}.`,
      tags: [...call.tags],
      ...(call.access === 'session' ? { security: [{ session: [] }] } : {}),
      ...(call.access === 'device' ? { security: [{ device: [] }] } : {}),
      ...(call.params ? { params: call.params } : {}),
      ...(call.query ? { querystring: call.query } : {}),
      ...(call.body ? { body: call.body } : {}),
      response: responseSchemas(call),
    },
    // The session check runs inside the tracked handler so shutdown waits for it too.
    handler: (request, reply) =>
      inFlight.run(async () => {
        let device: DeviceIdentity | null = null;
        if (call.access === 'device') {
          device = request.device ?? null;
          if (!device) throw new UnauthorizedError('A valid device token is required.');
        } else {
          request.auth = await resolveSession(request).catch((error: unknown) => {
            // A session that ended just now (outside its IP allow-list) is simply none for a public call.
            if (call.access === 'public' && error instanceof DomainError && error.status === 401) return null;
            throw error;
          });
          if (call.access === 'session' && !request.auth) throw new UnauthorizedError();
        }
        return handler(
          {
            device: device as CallRequest<C>['device'],
            params: request.params as Out<C['params']>,
            query: request.query as Out<C['query']>,
            body: request.body as Out<C['body']>,
            auth: request.auth as CallRequest<C>['auth'],
            raw: request,
            record: recordFor(audit, request),
          },
          reply,
        );
      }),
  });
}
