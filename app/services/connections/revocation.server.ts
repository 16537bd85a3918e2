import { eq } from 'drizzle-orm';
import type { Transaction } from '~/db/client.server';
import { networkConnections } from '~/db/schema';
import { isNetwork } from '~/lib/connections/networks';
import { defineJob, enqueueJob } from '../platform/jobs.server';
import { networkClient } from './networks.server';
import { revokeAtProvider } from './provider-client.server';
import { decryptToken } from './secrets.server';

/**
 * A deleted account's fitness-network tokens are revoked at each provider (RFC 7009, through the
 * network's OAuth client), by a durable job queued in the deletion's transaction: the account's
 * rows go at once, and a provider that is down is retried with backoff on any instance (a failed
 * revocation stays at /staff/jobs for 30 days). The job carries what it must and nothing that
 * names the rider: the network and the tokens, still sealed with TOKEN_ENCRYPTION_KEY.
 */
export const revokeNetworkTokensJob = defineJob<{ network: string; accessTokenEnc: string; refreshTokenEnc: string | null }>(
  'connections.revoke-tokens',
  async ({ network, accessTokenEnc, refreshTokenEnc }) => {
    if (!isNetwork(network)) return;
    const client = networkClient(network);
    // A provider without a revocation endpoint: its tokens lapse on their own.
    if (!client.revokeUrl) return;
    // The refresh token first (it may take the grant's access tokens with it), then the access token.
    // Revoking an already revoked token is no error (RFC 7009 §2.2): a retry revokes both again.
    for (const sealed of [refreshTokenEnc, accessTokenEnc]) if (sealed) await revokeAtProvider(client, decryptToken(sealed));
  },
  { retryLimit: 8, retryDelaySeconds: 30, backoff: true, expireInSeconds: 120 },
);

/** In the deletion's transaction: one revocation job per connected network of the rider. */
export async function queueTokenRevocations(tx: Transaction, userId: string): Promise<void> {
  const connections = await tx
    .select({ network: networkConnections.network, accessTokenEnc: networkConnections.accessTokenEnc, refreshTokenEnc: networkConnections.refreshTokenEnc })
    .from(networkConnections)
    .where(eq(networkConnections.userId, userId));
  for (const connection of connections) await enqueueJob(revokeNetworkTokensJob, connection, { tx });
}
