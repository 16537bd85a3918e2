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

export class BodyTooLargeError extends Error {}

/**
 * Reads a request body while counting, and stops at `maxBytes` (issue 15 item 4): a chunked
 * body without Content-Length is refused as soon as it passes the cap, not after it was
 * buffered whole.
 */
export async function readBodyWithin(request: Request, maxBytes: number): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(request.headers.get('Content-Length') ?? 0);
  if (declared > maxBytes) throw new BodyTooLargeError();
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      throw new BodyTooLargeError();
    }
    chunks.push(value);
  }
  const body = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}
