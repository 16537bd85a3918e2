import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { and, isNull, lt, or } from 'drizzle-orm';
import { db } from '~/db/client.server';
import { networkOauthStates, oauthCodes, oauthTokens, phoneVerifications, rateLimits, sessions, spentChallenges, verifications } from '~/db/schema';
import { getEnv } from './env.server';
import { defineSchedule } from './jobs.server';

const DAY_MS = 24 * 3600 * 1000;

/**
 * Rows whose time is over (decision 130), kept a grace period where a later answer still reads
 * them: an expired verification still tells the rider "expired" for a week rather than "invalid";
 * a rate-limit window is long past its hour; a used phone verification stays (a registration
 * names it). Returns how many rows each table lost.
 */
export async function pruneExpiredRows(now = new Date()): Promise<Record<string, number>> {
  const dayAgo = new Date(now.getTime() - DAY_MS);
  const weekAgo = new Date(now.getTime() - 7 * DAY_MS);
  const pruned: Record<string, number> = {};
  const count = async (name: string, work: Promise<unknown[]>) => {
    pruned[name] = (await work).length;
  };
  // Returning their riders names the rows deleted (decision 145): the hourly pruning stales the
  // session checks of those riders only, not every signed-in page.
  await count('sessions', db().delete(sessions).where(lt(sessions.expiresAt, dayAgo)).returning({ userId: sessions.userId }));
  await count('verifications', db().delete(verifications).where(lt(verifications.expiresAt, weekAgo)).returning({ id: verifications.id }));
  await count(
    'rate_limits',
    db()
      .delete(rateLimits)
      .where(and(lt(rateLimits.windowStart, dayAgo), or(isNull(rateLimits.blockedUntil), lt(rateLimits.blockedUntil, now))))
      .returning({ key: rateLimits.key }),
  );
  await count('spent_challenges', db().delete(spentChallenges).where(lt(spentChallenges.expiresAt, now)).returning({ s: spentChallenges.signature }));
  await count('network_oauth_states', db().delete(networkOauthStates).where(lt(networkOauthStates.expiresAt, dayAgo)).returning({ s: networkOauthStates.stateHash }));
  await count('oauth_codes', db().delete(oauthCodes).where(lt(oauthCodes.expiresAt, dayAgo)).returning({ c: oauthCodes.codeHash }));
  await count('oauth_tokens', db().delete(oauthTokens).where(lt(oauthTokens.expiresAt, weekAgo)).returning({ t: oauthTokens.tokenHash }));
  await count(
    'phone_verifications',
    db()
      .delete(phoneVerifications)
      .where(and(lt(phoneVerifications.expiresAt, weekAgo), isNull(phoneVerifications.usedAt)))
      .returning({ id: phoneVerifications.id }),
  );
  return pruned;
}

/**
 * Uploads a process died in the middle of: the folder store's `*.partial` files older than a
 * day (an S3 store's unfinished multipart uploads are a bucket lifecycle rule: docs/deploy.md).
 */
export async function sweepAbandonedUploads(now = Date.now()): Promise<number> {
  const env = getEnv();
  if (env.S3_BUCKET) return 0;
  const root = path.resolve(env.STORAGE_DIR);
  let swept = 0;
  for (const area of await readdir(root).catch(() => [] as string[])) {
    for (const name of await readdir(path.join(root, area)).catch(() => [] as string[])) {
      if (!name.endsWith('.partial')) continue;
      const file = path.join(root, area, name);
      const { mtimeMs } = await stat(file);
      if (now - mtimeMs < DAY_MS) continue;
      await rm(file, { force: true });
      swept += 1;
    }
  }
  return swept;
}

defineSchedule('prune-expired-rows', '17 * * * *', async () => {
  await pruneExpiredRows();
});

defineSchedule('sweep-abandoned-uploads', '47 3 * * *', async () => {
  await sweepAbandonedUploads();
});
