import { redirect } from '@remix-run/node';

/**
 * Framing rules (spec 1 §2, spec 3 §2): Paceline may not be shown inside another site's
 * frame. Only the warning page itself, and the pages Paceline frames in its own pages
 * (its results board), may be framed.
 */
export const IFRAME_WARNING_PATH = '/iframe-warning';
const FRAMEABLE_PREFIXES = [IFRAME_WARNING_PATH, '/results-board'];

export function isFrameable(pathname: string): boolean {
  return FRAMEABLE_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

export function applySecurityHeaders(pathname: string, headers: Headers): void {
  headers.set('X-Content-Type-Options', 'nosniff');
  headers.set('Referrer-Policy', 'strict-origin-when-cross-origin');
  if (isFrameable(pathname)) {
    // Paceline's own framed pages may be framed by Paceline only; the warning by anyone.
    headers.set('Content-Security-Policy', pathname.startsWith(IFRAME_WARNING_PATH) ? "object-src 'none'" : "frame-ancestors 'self'; object-src 'none'");
  } else {
    headers.set('Content-Security-Policy', "frame-ancestors 'none'; object-src 'none'; base-uri 'self'");
    headers.set('X-Frame-Options', 'DENY');
  }
}

/** A document request made for a frame goes to the warning instead (the server half of the check). */
export function redirectFramedRequest(request: Request): void {
  const { pathname } = new URL(request.url);
  if (request.headers.get('Sec-Fetch-Dest') === 'iframe' && !isFrameable(pathname)) {
    throw redirect(IFRAME_WARNING_PATH);
  }
}
