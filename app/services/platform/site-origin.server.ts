import { AsyncLocalStorage } from 'node:async_hooks';
import { getEnv } from './env.server';
import { isTrustedProxy, PEER_HEADER, type HeaderSource } from './peer.server';

/**
 * The site's origin (issue 25 item 1, decision 120): the one answer to "where is Paceline?"
 * for every absolute URL it hands out (checkout sessions and return links, e-mailed links,
 * connection callbacks, the results frame) or calls itself (the sandbox's webhook and token
 * endpoints), for the same-origin rule of state changes, and for resolving redirect targets.
 *
 * 1. `SITE_URL` when set: its origin, whatever a request says.
 * 2. Otherwise, for a request whose TCP peer is a proxy named in `TRUSTED_PROXIES`, the origin
 *    it forwarded (`X-Forwarded-Proto`, `X-Forwarded-Host`).
 * 3. Otherwise `http://localhost:<the port the server listens on>`.
 *
 * A request's own `Host` (or a forwarded header from anyone else) never counts: a client that
 * forges it changes no URL and makes the server call no other host.
 */

let listeningPort: number | null = null;
const forwardedScope = new AsyncLocalStorage<string>();

/** server.mjs (and the dev server) say which port they actually listen on; null: none (tests). */
export function noteListeningPort(port: number | null | undefined): void {
  listeningPort = port ?? null;
}

const parsedUrls = new Map<string, { origin: string; host: string }>();

/**
 * The origin and host of a URL, parsed once per value (the configured one, the listening port's,
 * a trusted proxy's): every request asks several times.
 */
function parsed(url: string): { origin: string; host: string } {
  let found = parsedUrls.get(url);
  if (!found) {
    const { origin, host } = new URL(url);
    if (parsedUrls.size >= 64) parsedUrls.clear();
    parsedUrls.set(url, (found = { origin, host }));
  }
  return found;
}

function configuredOrigin(): string | null {
  const configured = getEnv().SITE_URL;
  return configured ? parsed(configured).origin : null;
}

function listeningOrigin(): string {
  return `http://localhost:${listeningPort ?? getEnv().PORT}`;
}

function firstValue(header: string | null | undefined): string {
  return (header ?? '').split(',')[0].trim();
}

/**
 * The origin a trusted proxy forwarded, or null: only from a peer in TRUSTED_PROXIES, and only
 * a plain `scheme://host[:port]` (no path, no user, nothing the URL parser had to repair).
 */
export function forwardedOrigin(headers: HeaderSource): string | null {
  if (!isTrustedProxy(headers.get(PEER_HEADER) ?? '')) return null;
  const host = firstValue(headers.get('X-Forwarded-Host')).toLowerCase();
  const proto = firstValue(headers.get('X-Forwarded-Proto')).toLowerCase() || 'http';
  if (!host || (proto !== 'http' && proto !== 'https')) return null;
  try {
    const url = new URL(`${proto}://${host}`);
    // The parser drops a default port; anything else it changed was not a bare host.
    const bare = host.replace(proto === 'https' ? /:443$/ : /:80$/, '');
    return url.host === bare && url.pathname === '/' && !url.username && !url.password && !url.search && !url.hash ? url.origin : null;
  } catch {
    return null;
  }
}

/** The site's origin as this request should see it (the rule above). */
export function requestSiteOrigin(headers: HeaderSource): string {
  return configuredOrigin() ?? forwardedOrigin(headers) ?? listeningOrigin();
}

/**
 * Runs `work` with the request's site origin in scope, so code far from the request (services,
 * mail, the work left for after the response) builds URLs on it. server.mjs and the dev server
 * run each request inside it.
 */
export function inSiteOriginOf<T>(headers: HeaderSource, work: () => T): T {
  return forwardedScope.run(requestSiteOrigin(headers), work);
}

/** The site's origin: the configured one, the one in scope for this request, or the listening port's. */
export function siteOrigin(): string {
  return configuredOrigin() ?? forwardedScope.getStore() ?? listeningOrigin();
}

/** An absolute URL on the site for a path (with its query). */
export function siteUrl(path: string): string {
  return new URL(path, siteOrigin()).toString();
}

/**
 * The request as the app sees it: its URL on the site's origin and its `Host` the site's host,
 * with no forwarded host left. Every `request.url` a loader or action reads then names the
 * site, and Remix's own check of `Origin` against `Host` compares with the site, so a post
 * through a proxy that rewrites `Host` (or to 127.0.0.1 or [::1]) is not refused by it.
 */
export function onSiteOrigin(request: Request, body: BodyInit | null = request.body): Request {
  const origin = requestSiteOrigin(request.headers);
  // Already as the app would see it (the usual case): the request itself, not a copy of it.
  if (body === request.body && isOnOrigin(request, origin)) return request;
  const url = new URL(request.url);
  const headers = new Headers(request.headers);
  headers.set('Host', parsed(origin).host);
  headers.delete('X-Forwarded-Host');
  headers.delete('X-Forwarded-Proto');
  // A stream body (an /api/ upload, still unread) is handed on as it is, read as it arrives.
  const init = { method: request.method, headers, signal: request.signal, body, duplex: 'half' } as RequestInit;
  return new Request(`${origin}${url.pathname}${url.search}`, init);
}

/** Its URL on `origin`, `Host` that origin's host, and no forwarded origin left to drop. */
function isOnOrigin(request: Request, origin: string): boolean {
  const { headers, url } = request;
  return (
    url.startsWith(origin) &&
    url.charAt(origin.length) === '/' &&
    headers.get('Host') === parsed(origin).host &&
    !headers.has('X-Forwarded-Host') &&
    !headers.has('X-Forwarded-Proto')
  );
}
