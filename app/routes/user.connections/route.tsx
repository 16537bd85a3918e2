import { parseWithZod } from '@conform-to/zod';
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { z } from 'zod';
import { CONNECTION_MESSAGES, CONNECTIONS_TAB_PATH, IMPORTING_NETWORKS, NETWORKS, isNetwork, type Network } from '~/lib/connections/networks';
import { requireUser } from '~/services/accounts/auth.server';
import { connectXert, disconnectNetwork, listConnectionCards, startConnect } from '~/services/connections/connections.server';
import { isNetworkOffered } from '~/services/connections/networks.server';
import { revokePartnerForRider } from '~/services/connections/partners/oauth-server.server';
import { checkSession } from '~/services/accounts/session.server';

// The Connections tab's actions (the profile route only renders the tab). Every form here
// works without JavaScript (redirects back to the tab); fetchers ask for JSON instead.
const NetworkSchema = z.enum(NETWORKS);
export const ConnectionSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('connect'), network: NetworkSchema }),
  z.object({ intent: z.literal('disconnect'), network: NetworkSchema }),
  z.object({
    intent: z.literal('xert'),
    username: z.string({ required_error: CONNECTION_MESSAGES.usernameRequired }).trim().min(1, CONNECTION_MESSAGES.usernameRequired),
    password: z.string({ required_error: CONNECTION_MESSAGES.passwordRequired }).min(1, CONNECTION_MESSAGES.passwordRequired),
  }),
  z.object({ intent: z.literal('revoke-partner'), clientId: z.string().min(1) }),
]);

function wantsJson(request: Request): boolean {
  return (request.headers.get('Accept') ?? '').includes('application/json');
}

function backToTab(network: Network, outcome: 'connected' | 'failed') {
  return redirect(`${CONNECTIONS_TAB_PATH}&${new URLSearchParams({ network, outcome })}`);
}

/** GET ?network=strava — the import progress the card polls while an import runs. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const network = new URL(request.url).searchParams.get('network');
  if (!isNetwork(network) || !IMPORTING_NETWORKS.includes(network)) return json({ progress: null });
  const card = (await listConnectionCards(user.id, user.isNormalUser)).find((entry) => entry.network === network);
  return json({ progress: card?.import ?? null });
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const submission = parseWithZod(await request.formData(), { schema: ConnectionSchema });
  if (submission.status !== 'success') {
    if (wantsJson(request)) return json({ errors: submission.error }, { status: 400 });
    // Without JavaScript an incomplete Xert form comes back open with the error.
    return redirect(submission.payload.intent === 'xert' ? `${CONNECTIONS_TAB_PATH}&network=xert&outcome=failed&xert=open` : CONNECTIONS_TAB_PATH);
  }
  const input = submission.value;
  switch (input.intent) {
    case 'connect': {
      const session = await checkSession(request);
      if (session.status !== 'valid' || input.network === 'xert' || !isNetworkOffered(input.network)) return backToTab(input.network, 'failed');
      return redirect(await startConnect(user.id, session.sessionId, input.network));
    }
    case 'xert': {
      const ok = isNetworkOffered('xert') && (await connectXert(user.id, input.username, input.password));
      return wantsJson(request) ? json({ ok }) : backToTab('xert', ok ? 'connected' : 'failed');
    }
    case 'disconnect': {
      await disconnectNetwork(user.id, input.network);
      return wantsJson(request) ? json({ ok: true }) : redirect(CONNECTIONS_TAB_PATH);
    }
    case 'revoke-partner': {
      await revokePartnerForRider(user.id, input.clientId);
      return redirect(CONNECTIONS_TAB_PATH);
    }
  }
}
