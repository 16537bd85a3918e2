import { createHash, timingSafeEqual } from 'node:crypto';
import { jwtVerify, SignJWT, type JWTPayload } from 'jose';
import { isNetwork, NETWORK_NAMES, type Network } from '~/lib/connections/networks';
import { generateRide } from '~/lib/fit/synthetic-ride';
import { callbackUrl, networkClient, sandboxClientId, sandboxClientSecret } from './networks.server';
import { derivedSecret, hashToken, randomToken } from './secrets.server';
import { sandboxesEnabled } from '../platform/env.server';

/**
 * The sandbox OAuth provider mounted at /sandbox/{network}/… (decision 091): the embedded default
 * of every fitness network, so a fresh start connects end to end. It speaks the real protocol —
 * an authorize page with Allow and Deny, a token endpoint (authorization code with PKCE, refresh
 * with rotation, Xert's password grant), revocation — and a Strava-shaped activity API.
 * Tokens are signed JWTs; the single-use and revocation lists live in memory (a sandbox restarts
 * clean). It is not a security boundary of Paceline: it only stands in for the outside world.
 */
const CODE_TTL_S = 60;
const ACCESS_TTL_S = 3_600;
/** Any username with this password signs in to the sandbox's Xert (docs/connections.md). */
export const SANDBOX_XERT_PASSWORD = 'sandbox';
const SANDBOX_RIDES = 3;
const RIDE_MINUTES = [20, 25, 30];

const spent = new Set<string>();
const revoked = new Set<string>();

function signingKey(): Uint8Array {
  return new TextEncoder().encode(derivedSecret('sandbox-signing-key'));
}

interface SandboxClaims extends JWTPayload {
  typ: 'code' | 'access' | 'refresh';
  net: Network;
  sub: string;
  ru?: string;
  cc?: string | null;
  scope?: string;
}

async function sign(claims: SandboxClaims, ttlS: number | null): Promise<string> {
  const jwt = new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setIssuedAt().setJti(randomToken(12));
  if (ttlS !== null) jwt.setExpirationTime(`${ttlS}s`);
  return jwt.sign(signingKey());
}

async function verify(token: string, typ: SandboxClaims['typ'], network: Network): Promise<SandboxClaims | null> {
  try {
    const { payload } = await jwtVerify<SandboxClaims>(token, signingKey(), { algorithms: ['HS256'] });
    if (payload.typ !== typ || payload.net !== network || revoked.has(hashToken(token))) return null;
    return payload;
  } catch {
    return null;
  }
}

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' } });
}

function oauthError(error: string, status = 400): Response {
  return json({ error }, status);
}

function html(body: string, status = 200): Response {
  return new Response(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sandbox</title></head><body style="font-family:sans-serif;max-width:32rem;margin:3rem auto">${body}</body></html>`,
    {
      status,
      headers: { 'Content-Type': 'text/html; charset=utf-8' },
    },
  );
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function clientAuthenticated(network: Network, request: Request, form: URLSearchParams): boolean {
  let id = form.get('client_id');
  let secret = form.get('client_secret');
  const basic = request.headers.get('Authorization')?.match(/^Basic\s+(.+)$/i)?.[1];
  if (basic) [id, secret] = Buffer.from(basic, 'base64').toString('utf8').split(':').map(decodeURIComponent);
  return id === sandboxClientId(network) && secret !== null && secret !== undefined && sameSecret(secret, sandboxClientSecret(network));
}

function authorizeParams(url: URL, network: Network): { redirectUri: string; state: string; challenge: string | null; scope: string } | null {
  const redirectUri = url.searchParams.get('redirect_uri') ?? '';
  if (
    url.searchParams.get('client_id') !== sandboxClientId(network) ||
    redirectUri !== callbackUrl(network) ||
    url.searchParams.get('response_type') !== 'code'
  )
    return null;
  const method = url.searchParams.get('code_challenge_method');
  if (method && method !== 'S256') return null;
  return {
    redirectUri,
    state: url.searchParams.get('state') ?? '',
    challenge: url.searchParams.get('code_challenge'),
    scope: url.searchParams.get('scope') ?? '',
  };
}

async function authorize(request: Request, network: Network, url: URL): Promise<Response> {
  const params = authorizeParams(url, network);
  if (!params) return html('<h1>Invalid request</h1><p>Unknown client or redirect URI.</p>', 400);
  if (request.method === 'GET') {
    const name = escapeHtml(NETWORK_NAMES[network]);
    return html(
      `<h1>${name} sandbox</h1><p><strong>Paceline</strong> would like to access your ${name} account (${escapeHtml(params.scope || 'basic access')}).</p>` +
        `<form method="post"><button name="decision" value="allow">Allow</button> <button name="decision" value="deny">Deny</button></form>`,
    );
  }
  const form = new URLSearchParams(await request.text());
  const target = new URL(params.redirectUri);
  if (params.state) target.searchParams.set('state', params.state);
  if (form.get('decision') !== 'allow') {
    target.searchParams.set('error', 'access_denied');
  } else {
    const athlete = randomToken(6);
    target.searchParams.set(
      'code',
      await sign({ typ: 'code', net: network, sub: athlete, ru: params.redirectUri, cc: params.challenge, scope: params.scope }, CODE_TTL_S),
    );
  }
  return new Response(null, { status: 302, headers: { Location: target.toString() } });
}

async function issueTokens(network: Network, athlete: string, scope: string): Promise<Response> {
  const body: Record<string, unknown> = {
    token_type: 'Bearer',
    access_token: await sign({ typ: 'access', net: network, sub: athlete, scope }, ACCESS_TTL_S),
    refresh_token: await sign({ typ: 'refresh', net: network, sub: athlete, scope }, null),
    expires_in: ACCESS_TTL_S,
    scope,
    athlete: { id: athlete },
  };
  if (network === 'analogx') body.terms_token = randomToken(12);
  return json(body);
}

function challengeOf(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

async function token(request: Request, network: Network): Promise<Response> {
  const form = new URLSearchParams(await request.text());
  if (!clientAuthenticated(network, request, form)) return oauthError('invalid_client', 401);
  switch (form.get('grant_type')) {
    case 'authorization_code': {
      const code = form.get('code') ?? '';
      const claims = await verify(code, 'code', network);
      if (!claims?.jti || spent.has(claims.jti) || claims.ru !== form.get('redirect_uri')) return oauthError('invalid_grant');
      spent.add(claims.jti);
      if (claims.cc && challengeOf(form.get('code_verifier') ?? '') !== claims.cc) return oauthError('invalid_grant');
      return issueTokens(network, claims.sub, claims.scope ?? '');
    }
    case 'refresh_token': {
      const presented = form.get('refresh_token') ?? '';
      const claims = await verify(presented, 'refresh', network);
      // Rotation as Strava and WHOOP do it: the old refresh token stops working once used.
      if (!claims?.jti || spent.has(claims.jti)) return oauthError('invalid_grant');
      spent.add(claims.jti);
      return issueTokens(network, claims.sub, claims.scope ?? '');
    }
    case 'password': {
      if (network !== 'xert') return oauthError('unsupported_grant_type');
      const username = form.get('username') ?? '';
      if (!username || form.get('password') !== SANDBOX_XERT_PASSWORD) return oauthError('invalid_grant');
      return issueTokens(network, hashToken(username).slice(0, 8), '');
    }
    default:
      return oauthError('unsupported_grant_type');
  }
}

async function revoke(request: Request, network: Network): Promise<Response> {
  const form = new URLSearchParams(await request.text());
  if (!clientAuthenticated(network, request, form)) return oauthError('invalid_client', 401);
  const presented = form.get('token');
  if (presented) revoked.add(hashToken(presented));
  return new Response(null, { status: 200 });
}

function athleteRides(athlete: string) {
  const seed = parseInt(
    hashToken(athlete)
      .replace(/[^0-9a-f]/gi, '')
      .slice(0, 8) || '1',
    16,
  );
  const today = new Date();
  const day = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate(), 7);
  return Array.from({ length: SANDBOX_RIDES }, (_, index) => ({
    id: `${athlete}-${index + 1}`,
    name: ['Sandbox Morning Spin', 'Sandbox Tempo', 'Sandbox Hill Repeats'][index],
    start: new Date(day - (index + 1) * 2 * 86_400_000),
    seed: (seed + index) >>> 0,
    minutes: RIDE_MINUTES[index],
  }));
}

async function api(request: Request, network: Network, path: string): Promise<Response> {
  const bearer = request.headers.get('Authorization')?.match(/^Bearer\s+(.+)$/i)?.[1] ?? '';
  const claims = await verify(bearer, 'access', network);
  if (!claims) return json({ message: 'Authorization Error' }, 401);
  const rides = athleteRides(claims.sub);
  if (path === 'athlete/activities') {
    return json(
      rides.map((ride) => ({
        id: ride.id,
        name: ride.name,
        type: 'Ride',
        sport_type: 'Ride',
        start_date: ride.start.toISOString(),
        elapsed_time: ride.minutes * 60,
      })),
    );
  }
  const streams = path.match(/^activities\/([^/]+)\/streams$/);
  const ride = streams ? rides.find((candidate) => candidate.id === streams[1]) : undefined;
  if (ride) {
    const data = generateRide({ seed: ride.seed, start: ride.start, durationS: ride.minutes * 60, ftpW: 230, weightKg: 70, shape: 'endurance' });
    const stream = (values: number[]) => ({ data: values, series_type: 'time', original_size: values.length, resolution: 'high' });
    return json({
      time: stream(data.t),
      watts: stream(data.power),
      heartrate: stream(data.heartRate),
      cadence: stream(data.cadence),
      velocity_smooth: stream(data.speedMps),
      distance: stream(data.distanceM),
      altitude: stream(data.altitudeM),
    });
  }
  if (path === 'terms' && network === 'analogx') return html('<h1>AnalogX terms</h1><p>Sandbox terms of use.</p>');
  return json({ message: 'Record Not Found' }, 404);
}

/** Every sandbox request: /sandbox/{network}/oauth/{authorize|token|revoke} and /sandbox/{network}/api/…. */
export async function handleSandboxRequest(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const [, prefix, network, area, ...rest] = url.pathname.split('/');
  // A network configured with a real provider has no sandbox: its callback only trusts that
  // provider. Production has none unless SANDBOXES=true (decision 119).
  if (prefix !== 'sandbox' || !isNetwork(network) || !networkClient(network).sandbox || !sandboxesEnabled()) return json({ message: 'Not Found' }, 404);
  const path = rest.join('/');
  if (area === 'oauth' && path === 'authorize') return authorize(request, network, url);
  if (area === 'oauth' && path === 'token' && request.method === 'POST') return token(request, network);
  if (area === 'oauth' && path === 'revoke' && request.method === 'POST') return revoke(request, network);
  if (area === 'api') return api(request, network, path);
  return json({ message: 'Not Found' }, 404);
}
