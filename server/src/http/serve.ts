// Registers a route from its contract declaration: the same zod schemas validate the request,
// serialize the answer and describe the call in the OpenAPI document.
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { CallDef } from '@camwatch/contract/call';
import { UnauthorizedError } from '../lib/errors.ts';
import type { AuthContext, SessionResolver } from './auth-context.ts';
import type { InFlight } from './in-flight.ts';

type Out<T> = T extends z.ZodType ? z.output<T> : undefined;

export interface CallRequest<C extends CallDef> {
  params: Out<C['params']>;
  query: Out<C['query']>;
  body: Out<C['body']>;
  /** Always set for `session` calls; set for public calls only when a valid session came along. */
  auth: C['access'] extends 'session' ? AuthContext : AuthContext | null;
  raw: FastifyRequest;
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
  inFlight: InFlight;
}

export function serve<C extends CallDef>(
  { app, resolveSession, inFlight }: ServeContext,
  call: C,
  handler: CallHandler<C>,
  options: ServeOptions = {},
): void {
  app.withTypeProvider<ZodTypeProvider>().route({
    method: call.method,
    url: call.path,
    ...(options.config ? { config: options.config } : {}),
    ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
    schema: {
      summary: call.summary,
      description: `Source: ${call.source}. Access: ${call.access}.`,
      tags: [...call.tags],
      ...(call.access === 'session' ? { security: [{ session: [] }] } : {}),
      ...(call.params ? { params: call.params } : {}),
      ...(call.query ? { querystring: call.query } : {}),
      ...(call.body ? { body: call.body } : {}),
      response: call.responses,
    },
    // The session check runs inside the tracked handler so shutdown waits for it too.
    handler: (request, reply) =>
      inFlight.run(async () => {
        request.auth = await resolveSession(request);
        if (call.access === 'session' && !request.auth) throw new UnauthorizedError();
        return handler(
          {
            params: request.params as Out<C['params']>,
            query: request.query as Out<C['query']>,
            body: request.body as Out<C['body']>,
            auth: request.auth as CallRequest<C>['auth'],
            raw: request,
          },
          reply,
        );
      }),
  });
}
