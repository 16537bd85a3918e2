import { redirect, type LoaderFunctionArgs } from '@remix-run/node';
import { CONNECTIONS_TAB_PATH, IMPORTING_NETWORKS, isNetwork } from '~/lib/connections/networks';
import { requireUser } from '~/services/accounts/auth.server';
import { completeCallback } from '~/services/connections/connections.server';
import { startBackgroundImport } from '~/services/connections/import.server';
import { checkSession } from '~/services/accounts/session.server';

// /oauth/{network}/{source?}: the fitness network sends the rider back here (spec 1 §2, §4 "OAuth callback").
// It always ends on the Connections tab; the outcome in the query drives the card (connectNetwork machine).
export async function loader({ request, params }: LoaderFunctionArgs) {
  const network = params.network;
  if (!isNetwork(network)) throw redirect('/');
  const user = await requireUser(request);
  const session = await checkSession(request);
  const outcome =
    session.status === 'valid'
      ? await completeCallback({ userId: user.id, sessionId: session.sessionId, network, query: new URL(request.url).searchParams })
      : ({ ok: false, reason: 'state' } as const);
  if (outcome.ok && IMPORTING_NETWORKS.includes(network)) await startBackgroundImport(user.id, network);
  return redirect(`${CONNECTIONS_TAB_PATH}&${new URLSearchParams({ network, outcome: outcome.ok ? 'connected' : 'failed' })}`);
}
