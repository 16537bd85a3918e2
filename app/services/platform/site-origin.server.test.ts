import { afterEach, describe, expect, it } from 'vitest';
import { throwIfPotentialCSRFAttack } from '@remix-run/server-runtime/dist/actions.js';
import { resetEnvForTests } from './env.server';
import { PEER_HEADER } from './peer.server';
import { forwardedOrigin, inSiteOriginOf, noteListeningPort, onSiteOrigin, requestSiteOrigin, siteOrigin, siteUrl } from './site-origin.server';

/** Issue 25 item 1, issue 21 item 5, decision 120: where every absolute URL starts. */
const saved = { SITE_URL: process.env.SITE_URL, TRUSTED_PROXIES: process.env.TRUSTED_PROXIES, PORT: process.env.PORT };

function configure(values: Partial<Record<keyof typeof saved, string>>) {
  for (const name of Object.keys(saved) as Array<keyof typeof saved>) {
    if (values[name] === undefined) delete process.env[name];
    else process.env[name] = values[name];
  }
  resetEnvForTests();
}

afterEach(() => {
  configure(saved);
  noteListeningPort(null);
});

const fromPeer = (peer: string, headers: Record<string, string> = {}) => new Headers({ [PEER_HEADER]: peer, ...headers });

describe('the site origin', () => {
  it('is SITE_URL when set, whatever a request or a proxy says', () => {
    configure({ SITE_URL: 'https://paceline.example/some/path', TRUSTED_PROXIES: '10.0.0.1' });
    const proxied = fromPeer('10.0.0.1', { 'X-Forwarded-Proto': 'http', 'X-Forwarded-Host': 'other.example' });
    expect(siteOrigin()).toBe('https://paceline.example');
    expect(requestSiteOrigin(proxied)).toBe('https://paceline.example');
    expect(inSiteOriginOf(proxied, () => siteUrl('/verify-user?es=a b'))).toBe('https://paceline.example/verify-user?es=a%20b');
  });

  it('unset, follows the port the server listens on, not 3000', () => {
    configure({});
    noteListeningPort(3918);
    expect(siteOrigin()).toBe('http://localhost:3918');
    expect(siteUrl('/oauth/strava')).toBe('http://localhost:3918/oauth/strava');
    expect(requestSiteOrigin(new Headers({ Host: 'evil.example:3955' }))).toBe('http://localhost:3918');
  });

  it('unset and with no server listening (a job, a test), is PORT on localhost', () => {
    configure({ PORT: '4321' });
    expect(siteOrigin()).toBe('http://localhost:4321');
  });

  it('believes a forwarded origin only from a peer in TRUSTED_PROXIES, and only a bare scheme://host[:port]', () => {
    configure({ TRUSTED_PROXIES: '10.0.0.1,::1' });
    noteListeningPort(3111);
    const forwarded = { 'X-Forwarded-Proto': 'https', 'X-Forwarded-Host': 'rides.example' };
    expect(forwardedOrigin(fromPeer('10.0.0.1', forwarded))).toBe('https://rides.example');
    expect(forwardedOrigin(fromPeer('::1', { 'X-Forwarded-Host': 'rides.example:8443, inner.example' }))).toBe('http://rides.example:8443');
    expect(forwardedOrigin(fromPeer('10.0.0.1', { 'X-Forwarded-Proto': 'https', 'X-Forwarded-Host': 'rides.example:443' }))).toBe('https://rides.example');
    expect(forwardedOrigin(fromPeer('10.0.0.2', forwarded))).toBeNull();
    expect(forwardedOrigin(new Headers(forwarded))).toBeNull();
    for (const host of ['rides.example/evil', 'user@evil.example', 'evil.example?x', 'evil.example#x', 'a b', '']) {
      expect(forwardedOrigin(fromPeer('10.0.0.1', { 'X-Forwarded-Host': host })), host).toBeNull();
    }
    expect(forwardedOrigin(fromPeer('10.0.0.1', { 'X-Forwarded-Proto': 'javascript', 'X-Forwarded-Host': 'rides.example' }))).toBeNull();
    expect(requestSiteOrigin(fromPeer('10.0.0.2', forwarded))).toBe('http://localhost:3111');
    expect(inSiteOriginOf(fromPeer('10.0.0.1', forwarded), () => siteUrl('/oauth/strava'))).toBe('https://rides.example/oauth/strava');
    expect(siteOrigin()).toBe('http://localhost:3111');
  });

  it('stays in scope for work the request leaves for later', async () => {
    configure({ TRUSTED_PROXIES: '10.0.0.1' });
    const later = inSiteOriginOf(
      fromPeer('10.0.0.1', { 'X-Forwarded-Host': 'rides.example' }),
      () => new Promise<string>((resolve) => setTimeout(() => resolve(siteOrigin()), 5)),
    );
    expect(await later).toBe('http://rides.example');
  });
});

describe('the request the app sees', () => {
  it('is on the site origin whatever Host it came with, so the framework compares Origin with the site', () => {
    configure({});
    noteListeningPort(3112);
    for (const host of ['127.0.0.1:3112', '[::1]:3112', 'localhost:3955']) {
      const sent = new Request(`http://${host}/contact-us?x=1`, {
        method: 'POST',
        headers: { Host: host, Origin: 'http://localhost:3112', 'X-Forwarded-Host': 'evil.example' },
      });
      const seen = onSiteOrigin(sent, 'a=1');
      expect(seen.url).toBe('http://localhost:3112/contact-us?x=1');
      expect(seen.headers.get('Host')).toBe('localhost:3112');
      expect(seen.headers.has('X-Forwarded-Host')).toBe(false);
      // Remix's own check of every action request: it threw on the request as sent (a 500).
      expect(() => throwIfPotentialCSRFAttack(sent.headers)).toThrow();
      expect(() => throwIfPotentialCSRFAttack(seen.headers)).not.toThrow();
    }
  });

  it('is the request itself when it is already on the site origin, and a copy when any part of it is not', () => {
    configure({ SITE_URL: 'https://rides.example' });
    const onSite = new Request('https://rides.example/events?page=2', { headers: { Host: 'rides.example' } });
    expect(onSiteOrigin(onSite)).toBe(onSite);
    const others = [
      new Request('http://localhost:3000/events?page=2', { headers: { Host: 'localhost:3000' } }),
      new Request('https://rides.example/events', { headers: { Host: 'evil.example' } }),
      new Request('https://rides.example/events', { headers: { Host: 'rides.example', 'X-Forwarded-Host': 'evil.example' } }),
      new Request('https://rides.example.evil/events', { headers: { Host: 'rides.example' } }),
    ];
    for (const sent of others) {
      const seen = onSiteOrigin(sent);
      expect(seen).not.toBe(sent);
      expect(new URL(seen.url).origin).toBe('https://rides.example');
      expect(seen.headers.get('Host')).toBe('rides.example');
      expect(seen.headers.has('X-Forwarded-Host')).toBe(false);
    }
  });
});
