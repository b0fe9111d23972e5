// Security headers on every answer (issue 16 §8), by @fastify/helmet: a Content-Security-Policy that allows
// exactly what the web app loads, no framing by other sites, nosniff, a same-origin referrer, and HSTS when
// the request came over HTTPS (directly or from a trusted proxy; never on plain-HTTP installs).
import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';

export const HSTS_VALUE = 'max-age=31536000; includeSubDomains';

/** Google Analytics' script, beacons and pixels (gtag.js), allowed only when GA_TRACKING_ID is set. */
const GOOGLE_ANALYTICS = [
  'https://www.googletagmanager.com',
  'https://*.google-analytics.com',
  'https://*.analytics.google.com',
];

/**
 * The source of MAP_TILE_URL's images: its origin, with a `{s}` subdomain placeholder as `*.`; nothing extra
 * for a tile server on our own origin (a path template).
 */
export function tileSource(mapTileUrl: string): string | null {
  const match = /^(https?):\/\/([^/?#]+)/i.exec(mapTileUrl);
  if (!match) return null;
  const [, scheme = 'https', host = ''] = match;
  const labels = host.split('.');
  const placeholder = /\{[^}]*\}/;
  if (!placeholder.test(host)) return `${scheme}://${host}`;
  // CSP allows a wildcard only as the leftmost label.
  if (placeholder.test(labels[0] ?? '') && !placeholder.test(labels.slice(1).join('.')))
    return `${scheme}://*.${labels.slice(1).join('.')}`;
  return `${scheme}:`;
}

export function contentSecurityPolicy(
  config: Pick<Config, 'mapTileUrl' | 'gaTrackingId'>,
): Record<string, string[]> {
  const tiles = tileSource(config.mapTileUrl);
  const analytics = config.gaTrackingId ? GOOGLE_ANALYTICS : [];
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...analytics],
    // Mantine and Leaflet set style attributes and inject <style> elements at run time.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...(tiles ? [tiles] : []), ...analytics],
    'font-src': ["'self'", 'data:'],
    // hls.js plays through Media Source Extensions (blob: addresses) and may run its demuxer in a worker.
    'media-src': ["'self'", 'blob:'],
    'worker-src': ["'self'", 'blob:'],
    'connect-src': ["'self'", ...analytics],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
}

export async function registerSecurityHeaders(
  app: FastifyInstance,
  config: Pick<Config, 'mapTileUrl' | 'gaTrackingId'>,
): Promise<void> {
  await app.register(fastifyHelmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config) },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'same-origin' },
    // Helmet would send HSTS on plain HTTP too; it is added below only where it means something.
    hsts: false,
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onSend', async (request, reply) => {
    if (request.protocol === 'https') reply.header('Strict-Transport-Security', HSTS_VALUE);
  });
}
