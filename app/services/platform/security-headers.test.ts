import { afterEach, describe, expect, it } from 'vitest';
import { resetEnvForTests } from './env.server';
import { applySecurityHeaders, newNonce, secureResponse } from './security.server';
import { applyProductionEnv } from '../../../tests/helpers/production-env';

afterEach(() => {
  delete process.env.APP_MODE;
  resetEnvForTests();
});

describe('security headers (issue 15 item 11, ASVS V3.4)', () => {
  it('pages get a nonce-based script-src, default-src and no framing', () => {
    const headers = new Headers();
    applySecurityHeaders('/events', headers, 'abc123');
    const policy = headers.get('Content-Security-Policy') ?? '';
    expect(policy).toContain("default-src 'self'");
    expect(policy).toContain("script-src 'self' 'nonce-abc123'");
    expect(policy).not.toContain("unsafe-inline'; script");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(headers.get('X-Frame-Options')).toBe('DENY');
    expect(headers.get('X-Content-Type-Options')).toBe('nosniff');
  });

  it('the framed results board may be framed by Paceline only; the warning by anyone', () => {
    const board = new Headers();
    applySecurityHeaders('/results-board', board, 'n');
    expect(board.get('Content-Security-Policy')).toContain("frame-ancestors 'self'");
    const warning = new Headers();
    applySecurityHeaders('/iframe-warning', warning, 'n');
    expect(warning.get('Content-Security-Policy')).not.toContain('frame-ancestors');
  });

  it('JSON loaders and resource routes get the baseline and a deny-all policy', () => {
    const response = secureResponse(new Request('http://localhost/healthz'), Response.json({ ok: true }));
    expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(response.headers.get('Content-Security-Policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(response.headers.get('Strict-Transport-Security')).toBeNull();
  });

  it("a form may lead only to Paceline and, for Connect, to a configured provider's sign-in page (decision 120)", () => {
    process.env.SITE_URL = 'https://paceline.example';
    process.env.STRAVA_CLIENT_ID = 'id';
    process.env.STRAVA_CLIENT_SECRET = 'secret';
    process.env.STRAVA_AUTHORIZE_URL = 'https://www.strava.com/oauth/authorize';
    process.env.STRAVA_TOKEN_URL = 'https://www.strava.com/oauth/token';
    resetEnvForTests();
    try {
      const headers = new Headers();
      applySecurityHeaders('/user/profile', headers, 'n');
      expect(headers.get('Content-Security-Policy')).toContain("form-action 'self' https://paceline.example https://www.strava.com;");
    } finally {
      for (const name of ['SITE_URL', 'STRAVA_CLIENT_ID', 'STRAVA_CLIENT_SECRET', 'STRAVA_AUTHORIZE_URL', 'STRAVA_TOKEN_URL']) delete process.env[name];
    }
  });

  it('production adds HSTS to every response', () => {
    const restore = applyProductionEnv();
    try {
      const response = secureResponse(new Request('http://localhost/api/activities'), new Response('x'));
      expect(response.headers.get('Strict-Transport-Security')).toBe('max-age=31536000; includeSubDomains');
    } finally {
      restore();
    }
  });
});

describe('newNonce', () => {
  it('gives 16 random bytes each time, never the same twice across refills of its pool', () => {
    const nonces = Array.from({ length: 1_000 }, () => newNonce());
    expect(new Set(nonces).size).toBe(1_000);
    for (const nonce of nonces) expect(Buffer.from(nonce, 'base64')).toHaveLength(16);
    // Bytes drawn from the system, not a counter: no two nonces in a row share a prefix.
    expect(nonces.slice(1).filter((nonce, index) => nonce.slice(0, 8) === nonces[index].slice(0, 8))).toEqual([]);
  });
});
