/** Who sent a request: the TCP peer server.mjs names, and whether it is a trusted proxy or this machine. */
import { BlockList, isIP } from 'node:net';
import { getEnv } from './env.server';
import { addressRange } from './ip-address.server';

/** What reads the headers of a request: a Fetch `Headers`, or Node's request (`req.get`). */
export interface HeaderSource {
  get(name: string): string | null | undefined;
}

/**
 * The TCP peer of the request. server.mjs overwrites this header with the socket's address
 * on every request, so a client cannot choose it; without server.mjs (vite dev, tests) it is
 * absent and the peer is "local".
 */
export const PEER_HEADER = 'X-Paceline-Peer';

export function peerAddress(request: { headers: HeaderSource }): string {
  return request.headers.get(PEER_HEADER) || 'local';
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1', 'local']);

export function isLoopback(address: string): boolean {
  return LOOPBACK.has(address);
}

/** The trusted proxies as a matcher, built once per configuration (tests change it). */
let matcher: { entries: string[]; list: BlockList } | undefined;

function trustedProxies(): BlockList {
  const entries = getEnv().TRUSTED_PROXIES;
  if (matcher?.entries === entries) return matcher.list;
  const list = new BlockList();
  for (const entry of entries) {
    const range = addressRange(entry);
    if (!range) continue;
    if (range.prefix === undefined) list.addAddress(range.address, range.family);
    else list.addSubnet(range.address, range.prefix, range.family);
  }
  matcher = { entries, list };
  return list;
}

/**
 * Whether an address (a TCP peer, or a hop of X-Forwarded-For) is a proxy named in
 * TRUSTED_PROXIES, whose forwarding headers are believed. IPv4 entries also match the
 * IPv4-mapped IPv6 form Node gives a dual-stack listener's peers (`::ffff:127.0.0.1` is
 * `127.0.0.1`), and ranges match every address in them.
 */
export function isTrustedProxy(address: string): boolean {
  const version = isIP(address);
  return version !== 0 && trustedProxies().check(address, version === 4 ? 'ipv4' : 'ipv6');
}
