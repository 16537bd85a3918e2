import type { ActionFunctionArgs } from '@remix-run/node';
import { and, eq } from 'drizzle-orm';
import { invalidateRiderPage } from '~/db/rider-reads.server';
import { db } from '~/db/client.server';
import { networkConnections } from '~/db/schema';
import { NETWORK_IMPORT_STATUSES } from '~/lib/domain/connections';
import { isNetwork } from '~/lib/connections/networks';
import { requireUser } from '~/services/accounts/auth.server';
import { assertTestMode } from '~/services/platform/test-mode.server';

/**
 * POST /e2e/network-import network=strava status=running|done|… done=N total=N — test mode
 * only: the signed-in rider's import from a connected network at that point, as the import job
 * records its progress (services/connections/import.server.ts). The sandbox's import of three
 * rides ends in moments; a test that follows an import under way sets where it stands. Answers { ok }.
 */
export async function action({ request }: ActionFunctionArgs) {
  assertTestMode();
  const rider = await requireUser(request);
  const form = await request.formData();
  const network = form.get('network');
  const status = NETWORK_IMPORT_STATUSES.find((known) => known === form.get('status'));
  if (typeof network !== 'string' || !isNetwork(network) || !status)
    return new Response(`network and status (${NETWORK_IMPORT_STATUSES.join(', ')}) are required`, { status: 400 });
  const updated = await db()
    .update(networkConnections)
    .set({ importStatus: status, importDone: Number(form.get('done') ?? 0), importTotal: Number(form.get('total') ?? 0), updatedAt: new Date() })
    .where(and(eq(networkConnections.userId, rider.id), eq(networkConnections.network, network)))
    .returning({ id: networkConnections.id });
  invalidateRiderPage(rider.id);
  return updated.length > 0 ? Response.json({ ok: true }) : new Response(`${rider.email} is not connected to ${network}`, { status: 409 });
}
