import type { LoaderFunctionArgs } from '@remix-run/node';
import { startsAndCompletions } from '~/lib/flows/activity';
import { funnelOf } from '~/lib/flows/funnel';
import { findCatalogueEntry } from '~/machines/catalogue';
import { getEnv } from '~/services/platform/env.server';
import { readFlowActivity } from '~/services/platform/flow-activity.server';
import { requireFlowsAccess } from '~/services/platform/flows-access.server';

/**
 * GET /flows/<id>/activity.json?days=N — the counts /flows/<id> draws, for staff to take
 * elsewhere (docs/flows-activity.md): runs per state, times per transition, the main path's
 * funnel, over the N product days ending today (default 7, at most the days counts are kept).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireFlowsAccess(request);
  const entry = findCatalogueEntry(params.id ?? '');
  if (!entry) throw new Response('No such machine', { status: 404 });
  const maxDays = getEnv().FLOW_ACTIVITY_RETENTION_DAYS;
  const asked = new URL(request.url).searchParams.get('days') ?? '7';
  const days = /^\d{1,4}$/.test(asked) ? Number(asked) : NaN;
  if (!(days >= 1 && days <= maxDays)) {
    return new Response(`days must be a whole number from 1 to ${maxDays} (counts are kept ${maxDays} days).`, {
      status: 400,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
    });
  }
  const activity = await readFlowActivity(entry, days);
  const body = {
    ...activity,
    ...startsAndCompletions(entry.mainPath, activity.states),
    mainPath: entry.mainPath,
    funnel: funnelOf(entry.mainPath, activity),
  };
  return Response.json(body, { headers: { 'Cache-Control': 'no-store' } });
}
