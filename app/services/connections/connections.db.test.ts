import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { db, jobQueueSql } from '~/db/client.server';
import { activities, networkConnections, networkImports, networkOauthStates, riderActivityTotals } from '~/db/schema';
import { createTestUser } from '../../../tests/helpers/users';
import { setUpTestDatabase } from '../../../tests/helpers/db';
import { completeCallback, connectXert, disconnectNetwork, freshAccessToken, listConnectionCards, startConnect } from './connections.server';
import { importRecentRides, startBackgroundImport } from './import.server';
import { SANDBOX_XERT_PASSWORD, handleSandboxRequest } from './sandbox.server';
import { decryptToken } from './secrets.server';
import { storage } from '../adapters/storage.server';
import { keptFilesOf } from '../activities/ride-series.server';
import { eraseAccount } from '../accounts/deletion.server';
import { readDeletedAccount } from '../accounts/rider-data.server';
import { runDueJobs } from '../platform/jobs.server';
import { networkClient } from './networks.server';
import { apiGet, refreshTokens } from './provider-client.server';
import { revokeNetworkTokensJob } from './revocation.server';

setUpTestDatabase();

// The provider is the sandbox mounted in the app: its handler answers every outgoing call.
const realFetch = globalThis.fetch;
const tokenCalls: string[] = [];
beforeAll(() => {
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    if (new URL(request.url).pathname.endsWith('/oauth/token')) tokenCalls.push(new URLSearchParams(await request.clone().text()).get('grant_type') ?? '');
    return handleSandboxRequest(request);
  });
});
afterAll(() => {
  vi.stubGlobal('fetch', realFetch);
});

/** What the rider's browser does on the sandbox's page: Allow (or Deny) and follow the redirect back. */
async function decide(authorizeUrl: string, decision: 'allow' | 'deny'): Promise<URLSearchParams> {
  const response = await handleSandboxRequest(
    new Request(authorizeUrl, { method: 'POST', body: new URLSearchParams({ decision }), headers: { 'Content-Type': 'application/x-www-form-urlencoded' } }),
  );
  expect(response.status).toBe(302);
  return new URL(response.headers.get('Location') as string).searchParams;
}

async function connectionOf(userId: string, network: string) {
  const [row] = await db()
    .select()
    .from(networkConnections)
    .where(and(eq(networkConnections.userId, userId), eq(networkConnections.network, network)));
  return row;
}

describe('connecting a fitness network (OAuth 2.0 client)', () => {
  it('Connect sends the provider scopes, a random state and a PKCE challenge', async () => {
    const rider = await createTestUser();
    const url = new URL(await startConnect(rider.id, 'session-a', 'strava'));
    expect(url.searchParams.get('scope')).toBe('read,activity:read_all');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('state')).toMatch(/^[\w-]{40,}$/);
    expect(url.searchParams.get('redirect_uri')).toMatch(/\/oauth\/strava$/);
    const other = new URL(await startConnect(rider.id, 'session-a', 'strava'));
    expect(other.searchParams.get('state')).not.toBe(url.searchParams.get('state'));
  });

  it('a wrong state, a state of another session, a replayed state and a denial are refused; nothing is stored', async () => {
    const rider = await createTestUser();
    const query = await decide(await startConnect(rider.id, 'session-a', 'strava'), 'allow');
    const forged = new URLSearchParams(query);
    forged.set('state', 'not-the-state');
    expect(await completeCallback({ userId: rider.id, sessionId: 'session-a', network: 'strava', query: forged })).toEqual({ ok: false, reason: 'state' });
    expect(await completeCallback({ userId: rider.id, sessionId: 'session-b', network: 'strava', query })).toEqual({ ok: false, reason: 'state' });
    // The state was spent by that attempt: the real session cannot replay it either.
    expect(await completeCallback({ userId: rider.id, sessionId: 'session-a', network: 'strava', query })).toEqual({ ok: false, reason: 'state' });
    const denied = await decide(await startConnect(rider.id, 'session-a', 'strava'), 'deny');
    expect(denied.get('error')).toBe('access_denied');
    expect(await completeCallback({ userId: rider.id, sessionId: 'session-a', network: 'strava', query: denied })).toEqual({ ok: false, reason: 'denied' });
    expect(await connectionOf(rider.id, 'strava')).toBeUndefined();
  });

  it('a good callback stores encrypted tokens once; replaying it is refused', async () => {
    const rider = await createTestUser();
    const query = await decide(await startConnect(rider.id, 'session-a', 'strava'), 'allow');
    expect(await completeCallback({ userId: rider.id, sessionId: 'session-a', network: 'strava', query })).toEqual({ ok: true, network: 'strava' });
    const row = await connectionOf(rider.id, 'strava');
    expect(row.accessTokenEnc.startsWith('v1.')).toBe(true);
    expect(decryptToken(row.accessTokenEnc).split('.')).toHaveLength(3);
    expect(row.accessTokenEnc).not.toContain(decryptToken(row.accessTokenEnc));
    expect(await completeCallback({ userId: rider.id, sessionId: 'session-a', network: 'strava', query })).toEqual({ ok: false, reason: 'state' });
    expect(await db().$count(networkOauthStates, eq(networkOauthStates.userId, rider.id))).toBe(0);
    const cards = await listConnectionCards(rider.id, true);
    expect(cards.find((card) => card.network === 'strava')?.linked).toBe(true);
    expect(cards.map((card) => card.network)).not.toContain('whoop');
    expect((await listConnectionCards(rider.id, false)).map((card) => card.network)).toContain('whoop');
  });

  it('an import asked for reads running at once, before a worker takes its job, which then imports the rides', async () => {
    const rider = await createTestUser({ weightKg: 70 });
    await completeCallback({ userId: rider.id, sessionId: 's', network: 'strava', query: await decide(await startConnect(rider.id, 's', 'strava'), 'allow') });
    await startBackgroundImport(rider.id, 'strava');
    // The page the rider lands on now shows the import under way, and follows it.
    const card = (await listConnectionCards(rider.id, true)).find((entry) => entry.network === 'strava');
    expect(card?.import).toEqual({ status: 'running', done: 0, total: 0 });
    expect(await runDueJobs(['connections.import'])).toBe(1);
    expect(await connectionOf(rider.id, 'strava')).toMatchObject({ importStatus: 'done', importDone: 3, importTotal: 3 });
    expect(await db().$count(activities, eq(activities.userId, rider.id))).toBe(3);
  });

  it('imports recent rides with the platform set, once; disconnect removes them and their totals', async () => {
    const rider = await createTestUser({ weightKg: 70 });
    await completeCallback({ userId: rider.id, sessionId: 's', network: 'strava', query: await decide(await startConnect(rider.id, 's', 'strava'), 'allow') });
    expect(await importRecentRides(rider.id, 'strava')).toBe(3);
    const rides = await db().select().from(activities).where(eq(activities.userId, rider.id));
    expect(rides).toHaveLength(3);
    expect(rides.every((ride) => ride.platform === 'Strava' && ride.avgPowerW !== null && ride.distanceM > 0)).toBe(true);
    expect((await connectionOf(rider.id, 'strava')).importStatus).toBe('done');
    expect(await importRecentRides(rider.id, 'strava')).toBe(0);
    expect(await db().$count(activities, eq(activities.userId, rider.id))).toBe(3);
    await expect(
      db()
        .insert(networkImports)
        .values({
          userId: rider.id,
          network: 'strava',
          providerActivityId: (await db().select().from(networkImports).where(eq(networkImports.userId, rider.id)))[0].providerActivityId,
          activityId: rides[0].id,
        }),
    ).rejects.toThrow();
    const [totals] = await db().select().from(riderActivityTotals).where(eq(riderActivityTotals.userId, rider.id));
    expect(totals.count).toBe(3);

    const files = await keptFilesOf(rider.id);
    expect(files).toHaveLength(6);
    expect(await disconnectNetwork(rider.id, 'strava')).toEqual({ removedRides: 3 });
    expect(await db().$count(activities, eq(activities.userId, rider.id))).toBe(0);
    // The originals and the per-second rows go with the rides.
    for (const key of files) expect(await storage().get(key)).toBeNull();
    expect(await db().$count(riderActivityTotals, eq(riderActivityTotals.userId, rider.id))).toBe(0);
    expect(await connectionOf(rider.id, 'strava')).toBeUndefined();
  });

  it('two concurrent refreshes of an expired token make one refresh and keep the connection healthy', async () => {
    const rider = await createTestUser();
    await completeCallback({ userId: rider.id, sessionId: 's', network: 'strava', query: await decide(await startConnect(rider.id, 's', 'strava'), 'allow') });
    const before = await connectionOf(rider.id, 'strava');
    await db()
      .update(networkConnections)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(networkConnections.id, before.id));
    tokenCalls.length = 0;
    const [first, second] = await Promise.all([freshAccessToken(rider.id, 'strava'), freshAccessToken(rider.id, 'strava')]);
    expect(first).toBe(second);
    expect(tokenCalls).toEqual(['refresh_token']);
    const after = await connectionOf(rider.id, 'strava');
    expect(decryptToken(after.refreshTokenEnc as string)).not.toBe(decryptToken(before.refreshTokenEnc as string));
    // The rotated refresh token still works: the connection was not broken by the race.
    await db()
      .update(networkConnections)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(networkConnections.id, before.id));
    expect(await freshAccessToken(rider.id, 'strava')).not.toBe(first);
  });

  it('Xert: the password grant connects with good credentials, a wrong password stores nothing, the password is never stored', async () => {
    const rider = await createTestUser();
    expect(await connectXert(rider.id, 'rider@xert.example', 'wrong')).toBe(false);
    expect(await connectionOf(rider.id, 'xert')).toBeUndefined();
    expect(await connectXert(rider.id, 'rider@xert.example', SANDBOX_XERT_PASSWORD)).toBe(true);
    expect(JSON.stringify(await connectionOf(rider.id, 'xert'))).not.toContain(SANDBOX_XERT_PASSWORD);
  });

  it('analogx keeps the terms token for Read Terms', async () => {
    const rider = await createTestUser();
    await completeCallback({
      userId: rider.id,
      sessionId: 's',
      network: 'analogx',
      query: await decide(await startConnect(rider.id, 's', 'analogx'), 'allow'),
    });
    const card = (await listConnectionCards(rider.id, true)).find((entry) => entry.network === 'analogx');
    expect(card?.termsUrl).toMatch(/\/sandbox\/analogx\/api\/terms\?token=[\w-]+$/);
  });

  it('deleting the account revokes its tokens at the provider, by a job that names no rider', async () => {
    const rider = await createTestUser();
    await completeCallback({ userId: rider.id, sessionId: 's', network: 'strava', query: await decide(await startConnect(rider.id, 's', 'strava'), 'allow') });
    const row = await connectionOf(rider.id, 'strava');
    const [accessToken, refreshToken] = [decryptToken(row.accessTokenEnc), decryptToken(row.refreshTokenEnc as string)];
    const client = networkClient('strava');
    expect(await apiGet<unknown[]>(client, accessToken, 'athlete/activities')).toHaveLength(3);

    await db().transaction(async (tx) => eraseAccount(tx, (await readDeletedAccount(tx, rider.id))!));
    expect(await connectionOf(rider.id, 'strava')).toBeUndefined();
    const { rows } = await jobQueueSql().executeSql(`SELECT data FROM pgboss.job WHERE name = $1 AND state = 'created'`, [revokeNetworkTokensJob.name]);
    const queued = rows.map((job) => JSON.stringify(job.data)).filter((data) => data.includes(row.accessTokenEnc));
    expect(queued).toHaveLength(1);
    for (const needle of [rider.id, rider.email, accessToken, refreshToken, String(row.athleteId)]) expect(queued[0]).not.toContain(needle);

    expect(await runDueJobs([revokeNetworkTokensJob.name])).toBeGreaterThanOrEqual(1);
    // The provider refuses both tokens from now on.
    await expect(apiGet(client, accessToken, 'athlete/activities')).rejects.toThrow(/401/);
    await expect(refreshTokens(client, refreshToken)).rejects.toThrow();
  });
});
