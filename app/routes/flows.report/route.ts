import type { ActionFunctionArgs } from '@remix-run/node';
import { answerFlowReport, replyHeaders } from '~/services/platform/flow-report-endpoint.server';
import { readBodyWithin } from '~/services/platform/security.server';

/**
 * POST /flows/report — a browser's flow activity (docs/flows-activity.md). In production
 * server.mjs answers it before Remix with the same `answerFlowReport` (decision 193); this route
 * answers it under the dev server and in tests.
 */
export async function action({ request }: ActionFunctionArgs) {
  const reply = await answerFlowReport({ method: request.method, headers: request.headers, readBody: (maxBytes) => readBodyWithin(request, maxBytes) });
  return new Response(reply.message ?? null, { status: reply.status, headers: replyHeaders(reply) });
}
