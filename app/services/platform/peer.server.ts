/** Who sent a request: the TCP peer server.mjs names, and whether it is a trusted proxy or this machine. */
import { getEnv } from './env.server';

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

/** Whether the TCP peer is a proxy named in TRUSTED_PROXIES, whose forwarding headers are believed. */
export function isTrustedProxy(peer: string): boolean {
  return getEnv().TRUSTED_PROXIES.includes(peer);
}
