// Cross-site request forgery guard: a state-changing call from a browser must come from our own origin.
// Browsers send `Origin` (and `Sec-Fetch-Site`) on such requests; programs like curl or an agent send neither.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DomainError } from '../lib/errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function ownOrigins(request: FastifyRequest, publicOrigin: string | null): Set<string> {
  const origins = new Set<string>();
  if (publicOrigin) origins.add(publicOrigin);
  if (request.host) origins.add(`${request.protocol}://${request.host}`);
  return origins;
}

export function registerOriginCheck(app: FastifyInstance, publicOrigin: string | null): void {
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return;
    const origin = request.headers.origin;
    const fetchSite = request.headers['sec-fetch-site'];
    if (origin !== undefined) {
      if (!ownOrigins(request, publicOrigin).has(origin)) {
        throw new DomainError(403, 'bad_origin', `requests from ${origin} are not accepted`);
      }
      return;
    }
    if (fetchSite !== undefined && fetchSite !== 'same-origin' && fetchSite !== 'none') {
      throw new DomainError(403, 'bad_origin', 'cross-site requests are not accepted');
    }
  });
}
