// Where a password-reset link may point. The link carries a live token, so its origin never comes from the
// request (Host, X-Forwarded-Host, Origin): an attacker sets those freely and would receive the token.
import type { Config } from '../../config.ts';

const WILDCARD_HOSTS = new Set(['0.0.0.0', '::', '']);

const originOf = (host: string, port: number) =>
  new URL(`http://${host.includes(':') ? `[${host}]` : host}:${port}`).origin;

/**
 * PUBLIC_ORIGIN when set, and nothing else. Unset (a local or LAN install), only the server's own configured
 * address: loopback on PORT, and HOST:PORT when HOST names one address (not a wildcard like 0.0.0.0).
 */
export function resetLinkOrigins(config: Pick<Config, 'publicOrigin' | 'host' | 'port'>): Set<string> {
  if (config.publicOrigin) return new Set([config.publicOrigin]);
  const origins = new Set(['localhost', '127.0.0.1', '::1'].map((host) => originOf(host, config.port)));
  if (!WILDCARD_HOSTS.has(config.host)) origins.add(originOf(config.host, config.port));
  return origins;
}
