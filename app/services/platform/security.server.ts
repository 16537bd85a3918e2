import { randomFillSync } from 'node:crypto';
import { redirect } from '@remix-run/node';
import { IMPORT_PROOF_MAX_BYTES, IMPORT_PROOF_MAX_FILES } from '~/lib/constants';
import { FLOW_REPORT_PATH } from '~/lib/flows/activity';
import { releaseWhenSent, tagRequest } from './after-response.server';
import { getEnv } from './env.server';
import type { HeaderSource } from './peer.server';
import { onSiteOrigin, requestSiteOrigin, siteOrigin } from './site-origin.server';
import { connectAuthorizeOrigins } from '../connections/networks.server';

/**
 * Framing rules (spec 1 §2, spec 3 §2): Paceline may not be shown inside another site's
 * frame. Only the warning page itself, and the pages Paceline frames in its own pages
 * (its results board), may be framed.
 */
const IFRAME_WARNING_PATH = '/iframe-warning';
const FRAMEABLE_PREFIXES = [IFRAME_WARNING_PATH, '/results-board'];

function isFrameable(pathname: string): boolean {
  return FRAMEABLE_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

const NONCE_BYTES = 16;
const NONCES_PER_FILL = 256;
const noncePool = Buffer.alloc(NONCE_BYTES * NONCES_PER_FILL);
let nextNonce = NONCES_PER_FILL;

/**
 * A fresh CSP nonce: one per rendered document, 16 bytes of the system's CSPRNG. They are drawn
 * 256 at a time (one call into the system instead of one per page) and each byte is used once.
 */
export function newNonce(): string {
  if (nextNonce === NONCES_PER_FILL) {
    randomFillSync(noncePool);
    nextNonce = 0;
  }
  const start = NONCE_BYTES * nextNonce++;
  return noncePool.toString('base64', start, start + NONCE_BYTES);
}

/** Where the results board may come from: Paceline itself, or RESULTS_URL's origin. */
function frameSources(): string {
  const results = getEnv().RESULTS_URL;
  return results ? `'self' ${new URL(results).origin}` : "'self'";
}

/**
 * Where a form post may lead: Paceline (the page's own origin and the site's), and the sign-in
 * pages of the fitness networks configured with a real provider, where a Connect post redirects
 * (browsers apply form-action to the redirect too).
 */
function formTargets(): string {
  return [...new Set(["'self'", siteOrigin(), ...connectAuthorizeOrigins()])].join(' ');
}

/**
 * The document policy (issue 15 item 11, ASVS V3.4): scripts only from Paceline with this
 * response's nonce; styles may be inline (React's style props, the ALTCHA widget); the robot
 * check's proof of work runs in a blob: worker.
 */
function documentPolicy(nonce: string, frameAncestors: string | null): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self' blob:",
    `frame-src ${frameSources()}`,
    `form-action ${formTargets()}`,
    "object-src 'none'",
    "base-uri 'self'",
    ...(frameAncestors ? [`frame-ancestors ${frameAncestors}`] : []),
  ].join('; ');
}

/** Headers every response carries, pages, data and resource routes alike. */
export function applyBaselineHeaders(headers: Headers): void {
  headers.set('X-Content-Type-Options', 'nosniff');
  headers.set('Referrer-Policy', 'strict-origin-when-cross-origin');
  headers.set('Cross-Origin-Opener-Policy', 'same-origin');
  if (getEnv().APP_MODE === 'production') headers.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
}

export function applySecurityHeaders(pathname: string, headers: Headers, nonce: string): void {
  applyBaselineHeaders(headers);
  if (isFrameable(pathname)) {
    // Paceline's own framed pages may be framed by Paceline only; the warning by anyone.
    headers.set('Content-Security-Policy', documentPolicy(nonce, pathname.startsWith(IFRAME_WARNING_PATH) ? null : "'self'"));
  } else {
    headers.set('Content-Security-Policy', documentPolicy(nonce, "'none'"));
    headers.set('X-Frame-Options', 'DENY');
  }
}

/**
 * Responses that are not rendered documents (JSON loaders, resource routes, redirects,
 * refusals): the baseline, and a policy that lets nothing run or frame them unless the
 * route set its own.
 */
export function secureResponse(request: Request, response: Response): Response {
  response = releaseWhenSent(request, explainMethodRefusal(request, response));
  let headers = response.headers;
  try {
    applyBaselineHeaders(headers);
  } catch {
    // Some responses (fetch results passed through) have immutable headers: copy them.
    headers = new Headers(response.headers);
    applyBaselineHeaders(headers);
    response = new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  }
  if (!headers.has('Content-Security-Policy')) applyNothingRunsPolicy(new URL(request.url).pathname, headers);
  return response;
}

/** The policy of a response that is no document: nothing runs in it, and only Paceline may frame its frameable pages. */
export function applyNothingRunsPolicy(pathname: string, headers: Headers): void {
  headers.set('Content-Security-Policy', `default-src 'none'; frame-ancestors ${isFrameable(pathname) ? "'self'" : "'none'"}`);
  if (!isFrameable(pathname)) headers.set('X-Frame-Options', 'DENY');
}

/**
 * A write to a resource route without an action (405) or a read of one without a loader (400):
 * Remix answers with the message "Unexpected Server Error" in production, which is neither true
 * nor helpful to the client. It is told which method the address does not take.
 */
function explainMethodRefusal(request: Request, response: Response): Response {
  if (response.headers.get('X-Remix-Error') !== 'yes' || (response.status !== 400 && response.status !== 405)) return response;
  void response.body?.cancel();
  const headers = new Headers(response.headers);
  headers.delete('Content-Length');
  return new Response(JSON.stringify({ message: REQUEST_REFUSALS.method(request.method) }), { status: response.status, headers });
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
 * buffered whole. The rest is left unread, not cancelled: cancelling the body of a Node request
 * destroys its connection before the refusal is written, and the server drops what is left once
 * the answer has gone (`discardUnreadBody`, decision 172).
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
      reader.releaseLock();
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

/** The largest page form post: a full set of import proofs plus the form around them. */
export const PAGE_POST_MAX_BYTES = IMPORT_PROOF_MAX_FILES * IMPORT_PROOF_MAX_BYTES + 1024 * 1024;

/**
 * The most text a page form may carry, every field but its files together (issue 35 item 5,
 * decision 172). The longest field a form takes is an event's description (50,000 characters).
 * A form of tens of megabytes of text was parsed here and again by the action on the request
 * thread, then written back twice into the page that refused it: a few such posts held every
 * other request for seconds.
 */
export const FORM_TEXT_MAX_BYTES = 1024 * 1024;

export const REQUEST_REFUSALS = {
  crossSite: 'Cross-site form posts are refused: send the form from Paceline itself.',
  contentType: 'Send the form as application/x-www-form-urlencoded or multipart/form-data.',
  tooLarge: 'The form is too large.',
  textTooLarge: 'The form holds too much text: its fields together may hold 1 MB at most.',
  unreadable: 'The form could not be read: it is truncated or malformed.',
  nul: 'A field holds a NUL character, which no form field may contain.',
  address: 'The address is malformed: it holds a NUL character or a broken %-escape.',
  method: (method: string) => `This address does not take a ${method} request.`,
} as const;

const URLENCODED = 'application/x-www-form-urlencoded';
const MULTIPART = 'multipart/form-data';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function refusal(status: number, message: string): Response {
  return new Response(message, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } });
}

/**
 * An address no route can take: a NUL in its path or in any name or value of its query (the
 * database refuses it in text; issue 35 item 2), or a path escape that does not decode.
 */
function isMalformedAddress(url: string): boolean {
  const { pathname, searchParams } = new URL(url);
  try {
    if (decodeURIComponent(pathname).includes('\u0000')) return true;
  } catch {
    return true;
  }
  for (const [name, value] of searchParams) if (name.includes('\u0000') || value.includes('\u0000')) return true;
  return false;
}

/**
 * Same-origin check for every state-changing request (issue 15 items 9 and 10, ASVS V3.5): the
 * `Origin` must be the site's (decision 120), never whatever `Host` the request names.
 */
export function isCrossSite(headers: HeaderSource): boolean {
  const origin = headers.get('Origin');
  if (origin) return origin !== requestSiteOrigin(headers);
  return headers.get('Sec-Fetch-Site') === 'cross-site';
}

/**
 * Screens a request before Remix sees it (server.mjs calls this for every request): state
 * changes come only from our own origin, and a page action only ever receives a form it can
 * read — anything else is a 4xx with a message, never a 500 from deep inside an action.
 * Returns the request to hand on (on the site's origin, its body re-buffered) or the refusal
 * to send. /api/ routes take their own bodies (bearer-authenticated, not cookie-driven) but
 * keep the origin rule; so does the flow activity report (it reads no cookie).
 */
export async function screenRequest(request: Request): Promise<Request | Response> {
  tagRequest(request);
  if (isMalformedAddress(request.url)) return refusal(400, REQUEST_REFUSALS.address);
  if (SAFE_METHODS.has(request.method)) return onSiteOrigin(request);
  if (isCrossSite(request.headers)) return refusal(403, REQUEST_REFUSALS.crossSite);
  const { pathname } = new URL(request.url);
  // The flow activity report is a beacon's text body, read (and capped) by its route: decision 191.
  if (pathname.startsWith('/api/') || pathname === FLOW_REPORT_PATH) return onSiteOrigin(request);
  return screenPageForm(request);
}

/**
 * A page action's body: a form of one of the two types, within its caps, readable, and free of
 * NUL. A post with no body and no type at all is an empty form (issue 35 item 1): the action
 * answers it as it answers an empty form of the form type, where reading a body without a type
 * as a form threw. A body of another type is refused unread.
 */
async function screenPageForm(request: Request): Promise<Request | Response> {
  const contentType = request.headers.get('Content-Type') ?? '';
  const type = [URLENCODED, MULTIPART].find((candidate) => contentType.toLowerCase().startsWith(candidate));
  if (contentType && !type) return refusal(415, REQUEST_REFUSALS.contentType);
  let body: Uint8Array<ArrayBuffer>;
  try {
    // A form of text alone is refused at its cap, before a byte more is read or any is parsed.
    body = await readBodyWithin(request, type === MULTIPART ? PAGE_POST_MAX_BYTES : FORM_TEXT_MAX_BYTES);
  } catch (error) {
    if (!(error instanceof BodyTooLargeError)) return refusal(400, REQUEST_REFUSALS.unreadable);
    if (!type) return refusal(415, REQUEST_REFUSALS.contentType);
    return refusal(413, type === MULTIPART ? REQUEST_REFUSALS.tooLarge : REQUEST_REFUSALS.textTooLarge);
  }
  if (!type) {
    if (body.byteLength > 0) return refusal(415, REQUEST_REFUSALS.contentType);
    request.headers.set('Content-Type', URLENCODED);
    return onSiteOrigin(request, null);
  }
  let form: FormData;
  try {
    form = await new Response(body, { headers: { 'Content-Type': contentType } }).formData();
  } catch {
    return refusal(400, REQUEST_REFUSALS.unreadable);
  }
  let textBytes = 0;
  for (const [name, value] of form) {
    if (name.includes('\u0000') || (typeof value === 'string' && value.includes('\u0000'))) return refusal(400, REQUEST_REFUSALS.nul);
    textBytes += Buffer.byteLength(name) + (typeof value === 'string' ? Buffer.byteLength(value) : 0);
  }
  if (textBytes > FORM_TEXT_MAX_BYTES) return refusal(413, REQUEST_REFUSALS.textTooLarge);
  return onSiteOrigin(request, body.byteLength > 0 ? body : null);
}
