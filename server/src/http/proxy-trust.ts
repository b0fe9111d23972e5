// TRUST_PROXY -> Fastify's trustProxy. Fastify 5 reads a bare hop count as "trust nothing" (it cannot tell a
// proxy from a client that sent enough X-Forwarded-For entries), so a count becomes a function trusting
// exactly that many hops nearest the server: the entries a client writes itself sit further left and are
// never believed. Addresses and CIDRs go to proxy-addr as they are.
import type { Config } from '../config.ts';

export type ProxyTrust = false | string[] | ((address: string, hop: number) => boolean);

export function proxyTrustOf(setting: Config['trustProxy']): ProxyTrust {
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  return setting;
}
