import { isIP } from 'node:net';

/**
 * Addresses as TRUSTED_PROXIES names them and as a client is known by (peer.server.ts, and
 * env.server.ts, which refuses an entry that is neither an address nor a range).
 */

/**
 * An address as one client is known by: a server listening on both IP versions sees an IPv4
 * client as `::ffff:203.0.113.7`, a proxy names it `203.0.113.7`; both are the same client (one
 * rate-limit bucket, one sign-in count).
 */
export function canonicalAddress(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  return mapped ? mapped[1] : address;
}

export interface AddressRange {
  address: string;
  /** Absent for a single address. */
  prefix?: number;
  family: 'ipv4' | 'ipv6';
}

/**
 * One TRUSTED_PROXIES entry: an address (`10.0.0.5`, `2001:db8::1`) or a CIDR range
 * (`10.0.0.0/8`, `fd00::/8`); undefined when it is neither.
 */
export function addressRange(entry: string): AddressRange | undefined {
  const [address, prefix, extra] = entry.split('/');
  const version = isIP(address);
  if (!version || extra !== undefined) return undefined;
  const family = version === 4 ? 'ipv4' : 'ipv6';
  if (prefix === undefined) return { address, family };
  const bits = Number(prefix);
  return /^\d{1,3}$/.test(prefix) && bits <= (version === 4 ? 32 : 128) ? { address, prefix: bits, family } : undefined;
}
