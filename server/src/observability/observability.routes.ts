// GET /healthz (the process answers), GET /readyz (the parts it needs answer; 503 naming the failing one) and
// GET /metrics (Prometheus text; with METRICS_TOKEN as a bearer token, else not on the public port — METRICS_PORT
// serves it on an internal one, metrics-server.ts). Every answered request is counted for the metrics here too.
// These are for balancers and scrapers, not the web client: outside /api, the contract and the OpenAPI document.
import { createHash, timingSafeEqual } from 'node:crypto';
import { routes } from '@camwatch/contract/routes';
import type { FastifyInstance } from 'fastify';
import type { Metrics } from './metrics.ts';
import type { Readiness } from './readiness.ts';

export interface ObservabilityRouteOptions {
  metrics: Metrics;
  readiness: () => Promise<Readiness>;
  /** Bearer token /metrics asks for on this port; null: /metrics is not served here (404). */
  metricsToken: string | null;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether the Authorization header carries the token (compared in constant time). */
function carriesToken(authorization: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(.+)$/i.exec(authorization ?? '');
  return match !== null && timingSafeEqual(digest(match[1]!.trim()), digest(token));
}

export function registerObservabilityRoutes(
  app: FastifyInstance,
  { metrics, readiness, metricsToken }: ObservabilityRouteOptions,
): void {
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.observeRequest(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
    if (route === routes.clipUpload.path && request.method === 'PUT')
      metrics.observeClipUpload(reply.statusCode);
  });

  const noStore = { 'cache-control': 'no-store' };
  app.get('/healthz', { schema: { hide: true } }, async (_request, reply) =>
    reply.headers(noStore).send({ status: 'ok' }),
  );

  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    const state = await readiness();
    const failing = Object.keys(state.parts).filter((name) => !state.parts[name]!.ok);
    return reply
      .code(state.ready ? 200 : 503)
      .headers(noStore)
      .send({
        status: state.ready ? 'ready' : 'not ready',
        ...(failing.length > 0 ? { failing } : {}),
        parts: state.parts,
      });
  });

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (metricsToken === null)
      return reply.code(404).send({
        error: {
          code: 'not_found',
          message: 'metrics are not served on this port (set METRICS_TOKEN or METRICS_PORT)',
        },
      });
    if (!request.headers.authorization)
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer realm="metrics"')
        .send({ error: { code: 'unauthorized', message: 'send the metrics token as a bearer token' } });
    if (!carriesToken(request.headers.authorization, metricsToken))
      return reply.code(403).send({ error: { code: 'forbidden', message: 'wrong metrics token' } });
    return reply
      .headers(noStore)
      .type(metrics.contentType)
      .send(await metrics.text());
  });
}
