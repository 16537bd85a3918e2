import { isNetwork, type ConnectionsTabData } from '~/lib/connections/networks';
import { listAuthorizedPartners } from './partners/oauth-server.server';
import { listConnectionCards } from './connections.server';

/** Everything the profile's Connections tab shows: network cards, authorized partners, the callback outcome. */
export async function loadConnectionsTab(user: { id: string; isNormalUser: boolean }, url: URL): Promise<ConnectionsTabData> {
  const network = url.searchParams.get('network');
  const outcome = url.searchParams.get('outcome');
  const confirm = url.searchParams.get('confirm');
  return {
    cards: await listConnectionCards(user.id, user.isNormalUser),
    partners: await listAuthorizedPartners(user.id),
    outcome: isNetwork(network) && (outcome === 'connected' || outcome === 'failed') ? { network, outcome } : null,
    confirm: isNetwork(confirm) ? confirm : null,
    xertOpen: url.searchParams.get('xert') === 'open',
  };
}
