import { parse } from 'cookie';
import { readMark, readsOf, unchangedSince, type Tag } from '~/db/write-watch.server';
import { RESPONSE_CACHE_HEADER } from '~/lib/response-cache';
import { cms } from '../content/cms/index.server';
import { TOKEN_COOKIE, UUID_COOKIE, verifySessionToken } from '../accounts/session.server';
import { getEnv } from './env.server';
import { newNonce } from './security.server';

/**
 * Rendered responses remembered in front of Remix (decision 102, docs/performance.md).
 *
 * A response is kept only when every route that made it declared that its output depends on
 * nothing but the URL, the signed-in session and the database (`handle.pageCache`, or the
 * header a resource route sets), came back 200 without a cookie, and is served again only:
 * - for the same URL and the same live session (the session is checked on every request);
 * - while nothing its render read has been written since the render began: a write makes
 *   stale only the kept responses that read its rows (app/db/write-watch.server.ts, decision
 *   145), and a write that commits during the render makes the render unkeepable;
 * - for at most the seconds the route allowed, which bounds what only the clock changes, and
 *   never past the moment the CMS's own cache would fetch again;
 * - with a fresh CSP nonce in its body and headers.
 * Requests that carry anything else a page may read (another cookie such as a toast, a frame
 * destination) are never answered from here.
 */

export interface CacheTicket {
  key: string;
  /** Taken before anything is read for the request: a write after it makes the render stale. */
  mark: number;
  /** What the render read, once `recordRender` has run it. */
  reads?: ReadonlySet<Tag>;
  /** Set when this request renders the page: the requests waiting for it go on once it is called. */
  release?: () => void;
}

export interface CachedResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

interface Entry {
  mark: number;
  reads: ReadonlySet<Tag>;
  expiresAtMs: number;
  status: number;
  /** Header values and the body, each split where the render's nonce was. */
  headers: Array<[string, string[]]>;
  bodyParts: Buffer[];
  bytes: number;
}

/** Bounds the memory the cache holds; the oldest entries go first. */
const MAX_BYTES = 32 * 1024 * 1024;
const entries = new Map<string, Entry>();
let heldBytes = 0;

interface RequestFacts {
  method: string;
  /** Scheme and host as Remix will see them (Host, X-Forwarded-Host): pages may build links from them. */
  origin: string;
  /** Path and query, as the request line has them. */
  url: string;
  cookie: string | undefined;
  fetchDest: string | undefined;
}

/** The cache key of a request that may be answered from the cache, or null. */
export async function ticketFor({ method, origin, url, cookie, fetchDest }: RequestFacts): Promise<CacheTicket | null> {
  if (method !== 'GET' || fetchDest === 'iframe' || !getEnv().RESPONSE_CACHE) return null;
  const mark = readMark();
  const viewer = cookie ? await viewerOf(cookie) : '';
  return viewer === null ? null : { key: `${viewer} ${origin}${url}`, mark };
}

/** Runs the render of a request that may be kept, recording what it reads. */
export async function recordRender<T>(ticket: CacheTicket | null, render: () => Promise<T>): Promise<T> {
  if (!ticket) return render();
  const { value, reads } = await readsOf(render);
  ticket.reads = reads;
  return value;
}

/** '' for a visitor, the session id for a live session, null when the cookies say anything else. */
async function viewerOf(cookieHeader: string): Promise<string | null> {
  const cookies = parse(cookieHeader);
  const names = Object.keys(cookies);
  if (names.length === 0) return '';
  if (names.some((name) => name !== UUID_COOKIE && name !== TOKEN_COOKIE)) return null;
  const userId = cookies[UUID_COOKIE];
  const token = cookies[TOKEN_COOKIE];
  if (!userId || !token) return null;
  const session = await verifySessionToken(token);
  return session && session.userId === userId ? session.sessionId : null;
}

/**
 * Renders under way, by key: a request for a page whose render another request has started
 * waits for it instead of rendering it again (four connections asking for one page after a
 * write cost one render, not four). Sound: the render began before the waiter arrived, and its
 * answer is kept only if nothing it read was written after it began, so nothing it shows had
 * changed when the waiter arrived either; otherwise the waiter renders for itself.
 */
const rendering = new Map<string, Promise<void>>();
/** A waiter never waits longer than this for another request's render. */
const MAX_WAIT_MS = 10_000;

/**
 * The kept answer for the ticket: at once, after waiting for a render of the same page already
 * under way, or null — then this request renders, and `releaseTicket` must follow (server.mjs).
 */
export async function cachedResponse(ticket: CacheTicket): Promise<CachedResponse | null> {
  const kept = keptAnswer(ticket);
  if (kept) return kept;
  const under = rendering.get(ticket.key);
  if (under) {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([under, new Promise<void>((resolve) => (timer = setTimeout(resolve, MAX_WAIT_MS)))]);
    clearTimeout(timer);
    const shared = keptAnswer(ticket);
    if (shared) return shared;
  }
  if (!rendering.has(ticket.key)) {
    let release = () => {};
    const done = new Promise<void>((resolve) => (release = resolve));
    rendering.set(ticket.key, done);
    ticket.release = () => {
      if (rendering.get(ticket.key) === done) rendering.delete(ticket.key);
      release();
    };
  }
  return null;
}

/** Lets the requests waiting for this ticket's render go on (after the answer was kept or not); once. */
export function releaseTicket(ticket: CacheTicket | null): void {
  const release = ticket?.release;
  if (ticket) ticket.release = undefined;
  release?.();
}

function keptAnswer(ticket: CacheTicket): CachedResponse | null {
  const entry = entries.get(ticket.key);
  if (!entry) return null;
  if (entry.expiresAtMs <= Date.now() || !unchangedSince(entry.reads, entry.mark)) {
    forget(ticket.key, entry);
    return null;
  }
  const nonce = newNonce();
  const headers: Record<string, string> = {};
  for (const [name, parts] of entry.headers) headers[name] = parts.join(nonce);
  // Says where the answer came from, as shared caches do (QA and the tests read it).
  headers['x-response-cache'] = 'hit';
  return { status: entry.status, headers, body: joinParts(entry.bodyParts, Buffer.from(nonce)) };
}

/**
 * Keeps a response Remix produced for the ticket when its routes allowed it, and hands back
 * one to send (a body can be read once). The internal header never leaves the server.
 */
export async function keepResponse(ticket: CacheTicket | null, response: Response): Promise<Response> {
  const seconds = Number(response.headers.get(RESPONSE_CACHE_HEADER));
  if (!response.headers.has(RESPONSE_CACHE_HEADER)) return response;
  response.headers.delete(RESPONSE_CACHE_HEADER);
  if (!ticket?.reads || !(seconds > 0) || response.status !== 200 || response.headers.has('Set-Cookie') || !response.body) return response;
  const body = Buffer.from(await response.arrayBuffer());
  // A write that committed while the page rendered, to rows it read: the page may show either.
  if (!unchangedSince(ticket.reads, ticket.mark)) return new Response(body, response);
  const nonce = nonceOf(response.headers.get('Content-Security-Policy'));
  const headers: Array<[string, string[]]> = [];
  response.headers.forEach((value, name) => headers.push([name, nonce ? value.split(nonce) : [value]]));
  const entry: Entry = {
    mark: ticket.mark,
    reads: ticket.reads,
    // A menu changed in the CMS shows within the CMS's own cache time, not later.
    expiresAtMs: Math.min(Date.now() + seconds * 1000, cms().contentFreshUntil()),
    status: response.status,
    headers,
    bodyParts: nonce ? splitBuffer(body, Buffer.from(nonce)) : [body],
    bytes: body.byteLength,
  };
  remember(ticket.key, entry);
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
}

function remember(key: string, entry: Entry) {
  const previous = entries.get(key);
  if (previous) forget(key, previous);
  if (entry.bytes > MAX_BYTES / 8) return;
  entries.set(key, entry);
  heldBytes += entry.bytes;
  for (const [oldKey, oldEntry] of entries) {
    if (heldBytes <= MAX_BYTES) break;
    forget(oldKey, oldEntry);
  }
}

function forget(key: string, entry: Entry) {
  entries.delete(key);
  heldBytes -= entry.bytes;
}

function nonceOf(policy: string | null): string | null {
  return policy?.match(/'nonce-([^']+)'/)?.[1] ?? null;
}

function splitBuffer(buffer: Buffer, separator: Buffer): Buffer[] {
  const parts: Buffer[] = [];
  let start = 0;
  for (let at = buffer.indexOf(separator); at !== -1; at = buffer.indexOf(separator, start)) {
    parts.push(buffer.subarray(start, at));
    start = at + separator.byteLength;
  }
  parts.push(buffer.subarray(start));
  return parts;
}

function joinParts(parts: Buffer[], separator: Buffer): Buffer {
  if (parts.length === 1) return parts[0];
  const pieces: Buffer[] = [];
  parts.forEach((part, index) => {
    if (index > 0) pieces.push(separator);
    pieces.push(part);
  });
  return Buffer.concat(pieces);
}
