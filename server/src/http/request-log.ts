// One log line per request is noise (the simulated cameras alone make hundreds a second), so only what needs
// a look is written at info or above: a request that failed on our side (5xx) and one slower than
// SLOW_REQUEST_MS. Every other request is a debug line (LOG_LEVEL=debug shows them all).
import { routes } from '@camwatch/contract/routes';
import type { FastifyInstance } from 'fastify';

/** Calls that wait for news by design (a live still, a live playlist's first segment): never "slow". */
const LONG_POLL_ROUTES: ReadonlySet<string> = new Set([routes.liveImage.path, routes.streamPlaylist.path]);

/** Fastify's own line per request is switched off (`disableRequestLogging`) in favour of this one. */
export function registerRequestLog(app: FastifyInstance, slowRequestMs: number): void {
  app.addHook('onResponse', async (request, reply) => {
    const ms = Math.round(reply.elapsedTime);
    // The route's pattern, not the address: signed media and stream addresses carry tokens.
    const line = {
      method: request.method,
      route: request.routeOptions.url ?? 'unknown',
      status: reply.statusCode,
      ms,
    };
    if (reply.statusCode >= 500) request.log.warn(line, 'request failed');
    else if (ms >= slowRequestMs && !LONG_POLL_ROUTES.has(request.routeOptions.url ?? ''))
      request.log.warn(line, 'slow request');
    else request.log.debug(line, 'request');
  });
}
