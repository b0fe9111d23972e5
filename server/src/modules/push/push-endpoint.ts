// Which push endpoints the server will POST to. A subscription's endpoint is an address the server calls
// later, so it is checked like any outbound address: https only, and never a loopback, private or
// link-local address written as a literal (localhost, 127.0.0.1, 10.x, [::1], …), which would let a user
// point the server at the machine's own services. Tests and benchmarks run their push receiver on
// 127.0.0.1 over http and switch the check off (PUSH_ALLOW_PRIVATE_ENDPOINTS=1).
import { BlockList, isIP } from 'node:net';

const privateRanges = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
] as const)
  privateRanges.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 127], // :: and ::1
  ['fc00::', 7],
  ['fe80::', 10],
] as const)
  privateRanges.addSubnet(network, prefix, 'ipv6');

/** True for localhost names and for IP literals in loopback, private, shared or link-local ranges. */
export function isPrivateHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(host)?.[1];
  if (mapped) return privateRanges.check(mapped, 'ipv4');
  const version = isIP(host);
  if (version === 4) return privateRanges.check(host, 'ipv4');
  if (version === 6) return privateRanges.check(host, 'ipv6');
  return false;
}

/** Why the endpoint is refused, or null when the server may push to it. */
export function endpointProblem(endpoint: string, allowPrivate: boolean): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'must be a URL';
  }
  if (url.username || url.password) return 'must not carry credentials';
  if (allowPrivate) return url.protocol === 'https:' || url.protocol === 'http:' ? null : 'must be https';
  if (url.protocol !== 'https:') return 'must be https';
  if (isPrivateHost(url.hostname)) return 'must be a public push service address';
  return null;
}
