import type { IncomingMessage, ServerResponse } from 'node:http';
import { FLOW_REPORT_PATH, REPORT_LIMITS } from '~/lib/flows/activity';
import { countReport } from './flow-activity.server';
import { REPORT_REFUSALS } from './flow-reports.server';
import { clientAddress } from './rate-limit.server';
import { applyBaselineHeaders, applyNothingRunsPolicy, BodyTooLargeError, isCrossSite, REQUEST_REFUSALS } from './security.server';
import type { HeaderSource } from './peer.server';

/**
 * POST /flows/report — a browser's flow activity (decision 191, docs/flows-activity.md), sent
 * without cookies or referrer and never waited for. A browser asking not to be tracked (Do Not
 * Track, Global Privacy Control) sends nothing, and a report that comes anyway with either header
 * is answered as taken and not counted. server.mjs answers it before Remix (decision 193: every
 * page sends one); the route `flows.report` answers it the same way under the dev server and in
 * tests.
 */
export interface ReportCall {
  method: string;
  headers: HeaderSource;
  /** The body, refused with BodyTooLargeError past `maxBytes` (before it is all read). */
  readBody: (maxBytes: number) => Promise<Uint8Array>;
}

export interface ReportReply {
  status: number;
  message?: string;
}

const TEXT_TYPES = ['text/plain', 'application/json'];

export async function answerFlowReport({ method, headers, readBody }: ReportCall): Promise<ReportReply> {
  if (method !== 'POST') return { status: 405, message: 'Send the report with POST.' };
  if (isCrossSite(headers)) return { status: 403, message: REQUEST_REFUSALS.crossSite };
  if (headers.get('DNT') === '1' || headers.get('Sec-GPC') === '1') return { status: 204 };
  const type = (headers.get('Content-Type') ?? '').toLowerCase();
  if (!TEXT_TYPES.some((accepted) => type.startsWith(accepted))) return { status: 415, message: 'Send the report as text/plain or application/json.' };
  let body: Uint8Array;
  try {
    body = await readBody(REPORT_LIMITS.maxBytes);
  } catch (error) {
    return error instanceof BodyTooLargeError ? { status: 413, message: REPORT_REFUSALS.tooLarge } : { status: 400, message: REPORT_REFUSALS.unreadable };
  }
  const counted = countReport(new TextDecoder().decode(body), clientAddress({ headers }));
  return counted.status === 204 ? { status: 204 } : counted;
}

/** The reply's headers: what every answer of the site carries, and nothing to keep. */
export function replyHeaders({ status, message }: ReportReply): Headers {
  const headers = new Headers({ 'Cache-Control': 'no-store' });
  applyBaselineHeaders(headers);
  applyNothingRunsPolicy(FLOW_REPORT_PATH, headers);
  if (message) headers.set('Content-Type', 'text/plain; charset=utf-8');
  if (status === 429) headers.set('Retry-After', '60');
  return headers;
}

/** Reads a Node request's body, refusing it past `maxBytes` (declared or as it arrives). */
function readNodeBody(req: IncomingMessage, maxBytes: number): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    if (Number(req.headers['content-length'] ?? 0) > maxBytes) return reject(new BodyTooLargeError());
    const chunks: Buffer[] = [];
    let total = 0;
    req.on('data', (chunk: Buffer) => {
      total += chunk.byteLength;
      if (total > maxBytes) {
        req.removeAllListeners('data');
        req.resume();
        reject(new BodyTooLargeError());
      } else chunks.push(chunk);
    });
    req.once('end', () => resolve(Buffer.concat(chunks)));
    req.once('error', reject);
  });
}

/**
 * server.mjs's handler, before Remix: a report costs its parse and count, not a Fetch request,
 * a route match and a response stream (about half its CPU time: docs/performance.md).
 */
export function serveFlowReport(req: IncomingMessage, res: ServerResponse): void {
  const headers: HeaderSource = {
    get: (name) => {
      const value = req.headers[name.toLowerCase()];
      return Array.isArray(value) ? value.join(', ') : value;
    },
  };
  answerFlowReport({ method: req.method ?? 'GET', headers, readBody: (maxBytes) => readNodeBody(req, maxBytes) }).then(
    (reply) => {
      const headers = replyHeaders(reply);
      res.writeHead(reply.status, Object.fromEntries(headers)).end(reply.message);
    },
    () => res.writeHead(500).end(),
  );
}
