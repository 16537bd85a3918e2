import type { ActionFunctionArgs } from '@remix-run/node';
import { REPORT_LIMITS } from '~/lib/flows/activity';
import { countReport } from '~/services/platform/flow-activity.server';
import { REPORT_REFUSALS } from '~/services/platform/flow-reports.server';
import { clientAddress } from '~/services/platform/rate-limit.server';
import { BodyTooLargeError, readBodyWithin } from '~/services/platform/security.server';

/**
 * POST /flows/report — a browser's flow activity (decision 191, docs/flows-activity.md). Sent
 * without cookies or referrer; its answer is never waited for. A browser asking not to be tracked
 * (Do Not Track, Global Privacy Control) sends nothing, and a report that comes anyway with
 * either header is answered as taken and not counted.
 */
const TEXT_TYPES = ['text/plain', 'application/json'];

function answer(status: number, message?: string): Response {
  const headers: Record<string, string> = { 'Cache-Control': 'no-store' };
  if (message) headers['Content-Type'] = 'text/plain; charset=utf-8';
  if (status === 429) headers['Retry-After'] = '60';
  return new Response(message ?? null, { status, headers });
}

function asksNotToBeTracked(headers: Headers): boolean {
  return headers.get('DNT') === '1' || headers.get('Sec-GPC') === '1';
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return answer(405, 'Send the report with POST.');
  if (asksNotToBeTracked(request.headers)) return answer(204);
  const type = (request.headers.get('Content-Type') ?? '').toLowerCase();
  if (!TEXT_TYPES.some((accepted) => type.startsWith(accepted))) return answer(415, 'Send the report as text/plain or application/json.');
  let body: Uint8Array;
  try {
    body = await readBodyWithin(request, REPORT_LIMITS.maxBytes);
  } catch (error) {
    if (error instanceof BodyTooLargeError) return answer(413, REPORT_REFUSALS.tooLarge);
    return answer(400, REPORT_REFUSALS.unreadable);
  }
  const counted = countReport(new TextDecoder().decode(body), clientAddress(request));
  return counted.status === 204 ? answer(204) : answer(counted.status, counted.message);
}
