import { and, asc, eq, inArray, lt } from 'drizzle-orm';
import { db } from '~/db/client.server';
import {
  activities,
  activityDetails,
  networkConnections,
  networkImports,
  networkOauthStates,
  riderActivityTotals,
  riderDailyTotals,
  riderPowerBests,
} from '~/db/schema';
import { unpackFloat32 } from '~/lib/activities/packing';
import { NETWORK_STATE_TTL_MS } from '~/lib/constants';
import { NETWORK_NAMES, IMPORTING_NETWORKS, networksFor, type ConnectionCard, type Network } from '~/lib/connections/networks';
import { addToRollups } from '../activities/rollups.server';
import { invalidateRiderPage } from '~/db/rider-reads.server';
import { earliestStart, ridesRemoved } from '../activities/recompute.server';
import { deleteKeptFiles, keptFilesOf } from '../activities/ride-series.server';
import { isNetworkOffered, networkClient } from './networks.server';
import { authorizationUrl, exchangeCode, passwordGrant, refreshTokens, revokeAtProvider, type ProviderTokens } from './provider-client.server';
import { decryptToken, encryptToken, hashToken, randomToken } from './secrets.server';

/** Refresh a little before the provider's expiry so a call never starts with a dying token. */
const REFRESH_MARGIN_MS = 60_000;

export async function listConnectionCards(userId: string, isNormalUser: boolean): Promise<ConnectionCard[]> {
  const rows = await db().select().from(networkConnections).where(eq(networkConnections.userId, userId));
  // A network without a provider is not offered (decision 119), unless the rider is linked to it.
  const offered = networksFor(isNormalUser).filter((network) => isNetworkOffered(network) || rows.some((row) => row.network === network));
  return offered.map((network) => {
    const row = rows.find((candidate) => candidate.network === network);
    const client = networkClient(network);
    const termsToken = row?.networkData.termsToken;
    return {
      network,
      name: NETWORK_NAMES[network],
      linked: Boolean(row),
      import: row && IMPORTING_NETWORKS.includes(network) ? { status: row.importStatus, done: row.importDone, total: row.importTotal } : null,
      termsUrl:
        network === 'analogx' && termsToken && client.apiUrl ? `${client.apiUrl.replace(/\/$/, '')}/terms?${new URLSearchParams({ token: termsToken })}` : null,
    };
  });
}

/** Connect: a random state bound to this session (hashed at rest) and PKCE where supported. */
export async function startConnect(userId: string, sessionId: string, network: Network, source: string | null = null): Promise<string> {
  const client = networkClient(network);
  const state = randomToken();
  const { url, codeVerifier } = authorizationUrl(client, state);
  await db().delete(networkOauthStates).where(lt(networkOauthStates.expiresAt, new Date()));
  await db()
    .insert(networkOauthStates)
    .values({
      stateHash: hashToken(state),
      userId,
      sessionId,
      network,
      source,
      codeVerifier: codeVerifier ? encryptToken(codeVerifier) : null,
      expiresAt: new Date(Date.now() + NETWORK_STATE_TTL_MS),
    });
  return url.toString();
}

export type CallbackOutcome = { ok: true; network: Network } | { ok: false; reason: 'state' | 'denied' | 'exchange' };

async function storeConnection(userId: string, network: Network, tokens: ProviderTokens, source: string | null): Promise<void> {
  const athlete = tokens.extra.athlete;
  const athleteId = athlete && typeof athlete === 'object' && 'id' in athlete ? String(athlete.id) : null;
  const networkData: Record<string, string> = typeof tokens.extra.terms_token === 'string' ? { termsToken: tokens.extra.terms_token } : {};
  const values = {
    accessTokenEnc: encryptToken(tokens.accessToken),
    refreshTokenEnc: tokens.refreshToken ? encryptToken(tokens.refreshToken) : null,
    expiresAt: tokens.expiresAt,
    scope: tokens.scope,
    athleteId,
    source,
    networkData,
    updatedAt: new Date(),
  };
  await db()
    .insert(networkConnections)
    .values({ userId, network, ...values })
    .onConflictDoUpdate({ target: [networkConnections.userId, networkConnections.network], set: values });
}

/**
 * The callback /oauth/{network}/{source?}: the state must be one this session started for this
 * network, unexpired and unused (it is deleted before anything else, so a replay finds nothing);
 * then the code is exchanged and the tokens stored encrypted. Any failure stores nothing.
 */
export async function completeCallback(input: { userId: string; sessionId: string; network: Network; query: URLSearchParams }): Promise<CallbackOutcome> {
  const state = input.query.get('state');
  if (!state) return { ok: false, reason: 'state' };
  const [pending] = await db()
    .delete(networkOauthStates)
    .where(eq(networkOauthStates.stateHash, hashToken(state)))
    .returning();
  if (
    !pending ||
    pending.userId !== input.userId ||
    pending.sessionId !== input.sessionId ||
    pending.network !== input.network ||
    pending.expiresAt < new Date()
  ) {
    return { ok: false, reason: 'state' };
  }
  const code = input.query.get('code');
  if (input.query.get('error') || !code) return { ok: false, reason: 'denied' };
  let tokens: ProviderTokens;
  try {
    tokens = await exchangeCode(networkClient(input.network), code, pending.codeVerifier ? decryptToken(pending.codeVerifier) : null);
  } catch {
    return { ok: false, reason: 'exchange' };
  }
  await storeConnection(input.userId, input.network, tokens, pending.source);
  return { ok: true, network: input.network };
}

/** Xert's in-page form: the password is sent to the provider's password grant and never stored. */
export async function connectXert(userId: string, username: string, password: string): Promise<boolean> {
  let tokens: ProviderTokens;
  try {
    tokens = await passwordGrant(networkClient('xert'), username, password);
  } catch {
    return false;
  }
  await storeConnection(userId, 'xert', tokens, null);
  return true;
}

/**
 * A usable access token, refreshed under a row lock (SELECT … FOR UPDATE) with the rotated
 * refresh token stored in the same transaction: a second refresh waits for the first and then
 * finds a fresh token, so it never presents the refresh token the provider has just retired.
 */
export async function freshAccessToken(userId: string, network: Network): Promise<string> {
  return db().transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(networkConnections)
      .where(and(eq(networkConnections.userId, userId), eq(networkConnections.network, network)))
      .for('update');
    if (!row) throw new Error(`${network} is not connected`);
    if (!row.expiresAt || row.expiresAt.getTime() - REFRESH_MARGIN_MS > Date.now() || !row.refreshTokenEnc) return decryptToken(row.accessTokenEnc);
    const tokens = await refreshTokens(networkClient(network), decryptToken(row.refreshTokenEnc));
    await tx
      .update(networkConnections)
      .set({
        accessTokenEnc: encryptToken(tokens.accessToken),
        refreshTokenEnc: tokens.refreshToken ? encryptToken(tokens.refreshToken) : row.refreshTokenEnc,
        expiresAt: tokens.expiresAt,
        updatedAt: new Date(),
      })
      .where(and(eq(networkConnections.id, row.id), eq(networkConnections.userId, userId)));
    return tokens.accessToken;
  });
}

/**
 * Rebuilds a rider's day, type and best-curve rollups from the rides still stored, after rides
 * were deleted (rollups only ever add at ingest). Runs through the same addToRollups as ingest.
 */
async function rebuildRollups(userId: string): Promise<void> {
  await db().transaction(async (tx) => {
    await tx.delete(riderDailyTotals).where(eq(riderDailyTotals.userId, userId));
    await tx.delete(riderActivityTotals).where(eq(riderActivityTotals.userId, userId));
    await tx.delete(riderPowerBests).where(eq(riderPowerBests.userId, userId));
    const rows = await tx
      .select({
        id: activities.id,
        type: activities.type,
        startedAt: activities.startedAt,
        distanceM: activities.distanceM,
        timerS: activities.timerS,
        elevationM: activities.elevationM,
        curve: activityDetails.powerCurve,
      })
      .from(activities)
      .leftJoin(activityDetails, eq(activityDetails.activityId, activities.id))
      .where(eq(activities.userId, userId))
      .orderBy(asc(activities.startedAt));
    for (const row of rows) {
      const powerCurve = row.curve ? unpackFloat32(row.curve, 1)[0] : new Float32Array(0);
      await addToRollups(tx, {
        userId,
        activityId: row.id,
        type: row.type,
        startedAt: row.startedAt,
        distanceM: row.distanceM,
        timeS: row.timerS,
        elevationM: row.elevationM,
        powerCurve,
      });
    }
  });
}

/**
 * Disconnect: revoke at the provider where it has an endpoint (best effort: the rider's wish to
 * leave wins over a provider that is down), delete the connection and every ride imported from
 * that network (Strava's API agreement requires it), and bring the rollups back in line.
 */
export async function disconnectNetwork(userId: string, network: Network): Promise<{ removedRides: number }> {
  const [row] = await db()
    .select()
    .from(networkConnections)
    .where(and(eq(networkConnections.userId, userId), eq(networkConnections.network, network)));
  if (!row) return { removedRides: 0 };
  try {
    await revokeAtProvider(networkClient(network), decryptToken(row.refreshTokenEnc ?? row.accessTokenEnc));
  } catch {
    // Revocation is a courtesy to the provider; the local data is removed regardless.
  }
  const imported = await db()
    .select({ activityId: networkImports.activityId })
    .from(networkImports)
    .where(and(eq(networkImports.userId, userId), eq(networkImports.network, network)));
  const ids = imported.map((entry) => entry.activityId);
  const files = await keptFilesOf(userId, ids);
  const removedFrom = await earliestStart(userId, ids);
  await db().transaction(async (tx) => {
    if (ids.length > 0) await tx.delete(activities).where(and(eq(activities.userId, userId), inArray(activities.id, ids)));
    await tx.delete(networkImports).where(and(eq(networkImports.userId, userId), eq(networkImports.network, network)));
    await tx.delete(networkConnections).where(eq(networkConnections.id, row.id));
  });
  if (ids.length > 0) await rebuildRollups(userId);
  if (removedFrom) await ridesRemoved(userId, removedFrom);
  await deleteKeptFiles(files);
  invalidateRiderPage(userId);
  return { removedRides: ids.length };
}
