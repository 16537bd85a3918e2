import { afterEach, describe, expect, it } from 'vitest';
import { getEnv, resetEnvForTests } from './env.server';
import { isTrustedProxy } from './peer.server';
import { clientAddress } from './rate-limit.server';

/** Issue 34 item 2: TRUSTED_PROXIES as an operator writes it, whatever form Node gives the peer. */
function trust(value: string | undefined) {
  if (value === undefined) delete process.env.TRUSTED_PROXIES;
  else process.env.TRUSTED_PROXIES = value;
  resetEnvForTests();
}

afterEach(() => trust(undefined));

const via = (peer: string, forwardedFor?: string) =>
  new Request('http://localhost/', { headers: { 'X-Paceline-Peer': peer, ...(forwardedFor ? { 'X-Forwarded-For': forwardedFor } : {}) } });

describe('trusted proxies', () => {
  it('match an IPv4 entry in both forms a dual-stack listener names the peer', () => {
    trust('127.0.0.1');
    expect(isTrustedProxy('127.0.0.1')).toBe(true);
    expect(isTrustedProxy('::ffff:127.0.0.1')).toBe(true);
    expect(isTrustedProxy('127.0.0.2')).toBe(false);
    expect(isTrustedProxy('::1')).toBe(false);
    expect(isTrustedProxy('local')).toBe(false);
  });

  it('match IPv6 addresses and IPv4 and IPv6 ranges', () => {
    trust('10.0.0.0/8, 172.28.0.10, 2001:db8::1, fd00::/8');
    for (const inside of ['10.0.0.1', '10.255.3.4', '::ffff:10.1.2.3', '172.28.0.10', '::ffff:172.28.0.10', '2001:db8::1', 'fd12:3456::9']) {
      expect(isTrustedProxy(inside), inside).toBe(true);
    }
    for (const outside of ['11.0.0.1', '172.28.0.11', '2001:db8::2', 'fe80::1', '::ffff:11.0.0.1', 'not-an-address', '']) {
      expect(isTrustedProxy(outside), outside).toBe(false);
    }
  });

  it('refuse an entry that is neither an address nor a range, naming it', () => {
    for (const bad of ['proxy.internal', '10.0.0.0/33', '10.0.0.1/8/2', 'fd00::/129', '10.0.0.0/']) {
      trust(`127.0.0.1,${bad}`);
      expect(() => getEnv(), bad).toThrow(`"${bad}" is not an IP address or a CIDR range`);
    }
  });

  it('give each client behind a proxy its own address, one form for IPv4 whichever way it came', () => {
    trust('127.0.0.1');
    expect(clientAddress(via('::ffff:127.0.0.1', '203.0.113.7'))).toBe('203.0.113.7');
    expect(clientAddress(via('::ffff:127.0.0.1', '198.51.100.2'))).toBe('198.51.100.2');
    // A client's own header is kept left of what the proxy adds: the right-most hop wins.
    expect(clientAddress(via('::ffff:127.0.0.1', '6.6.6.6, 203.0.113.7'))).toBe('203.0.113.7');
    expect(clientAddress(via('::ffff:127.0.0.1', '::ffff:203.0.113.7'))).toBe('203.0.113.7');
    // Not a proxy: its header is ignored, its own address counts, in the IPv4 form.
    expect(clientAddress(via('::ffff:203.0.113.9', '6.6.6.6'))).toBe('203.0.113.9');
  });

  it('skip every hop inside a trusted range, however many proxies the request passed', () => {
    trust('10.0.0.0/8');
    expect(clientAddress(via('::ffff:10.0.0.2', '198.51.100.4, 10.1.1.1, 10.0.0.3'))).toBe('198.51.100.4');
  });
});
