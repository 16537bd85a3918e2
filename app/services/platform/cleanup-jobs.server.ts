import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { and, isNull, lt } from 'drizzle-orm';
import { db } from '~/db/client.server';
import { networkOauthStates, oauthCodes, oauthTokens, phoneVerifications, sessions, spentChallenges, verifications } from '~/db/schema';
import { pruneExpiredExports } from '../accounts/data-export.server';
import { pruneStaleSignups } from '../accounts/registration.server';
import { pruneConsentDecoys } from '../accounts/consent-decoys.server';
import { pruneFinishedUploads } from '../activities/uploads.server';
import { pruneOutbox } from '../adapters/mail.server';
import { getEnv } from './env.server';
import { pruneFlowActivity } from './flow-activity.server';
import { defineSchedule, forgetFinishedPayloads } from './jobs.server';
import { pruneRateLimits } from './rate-limit.server';

const DAY_MS = 24 * 3600 * 1000;

/**
 * Every cleanup Paceline runs, and the one place that schedules them (issues 22 and 26,
 * decisions 129 and 130): each kind of cleanup is one entry, run by one schedule of the job queue
 * (pg-boss's clock: once per tick across all instances). The rows' own module says what expires
 * (rate limits: rate-limit.server.ts; the outbox: mail.server.ts …); this list says when.
 * docs/deploy.md and docs/accounts.md ("Retention") describe them.
 */
export interface Cleanup {
  kind: string;
  /** Cron, UTC. Hourly kinds are spread over the hour's first half. */
  cron: string;
  run(now: Date): Promise<number | Record<string, number>>;
}

/**
 * Rows whose time is over (decision 130), kept a grace period where a later answer still reads
 * them: an expired verification still tells the rider "expired" for a week rather than "invalid";
 * a used phone verification stays (a registration names it). Returns how many rows each table lost.
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
  await count('spent_challenges', db().delete(spentChallenges).where(lt(spentChallenges.expiresAt, now)).returning({ s: spentChallenges.signature }));
  await count(
    'network_oauth_states',
    db().delete(networkOauthStates).where(lt(networkOauthStates.expiresAt, dayAgo)).returning({ s: networkOauthStates.stateHash }),
  );
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
async function sweepAbandonedUploads(now = Date.now()): Promise<number> {
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

export const CLEANUPS: Cleanup[] = [
  // Expired sessions, codes, robot-check solutions, OAuth states, codes and tokens, phone codes.
  { kind: 'expired-rows', cron: '17 * * * *', run: pruneExpiredRows },
  // Rate-limit counters (their keys carry addresses and ids) once they can refuse nothing (decision 129).
  { kind: 'rate-limits', cron: '19 * * * *', run: pruneRateLimits },
  // Mail and phone codes past OUTBOX_RETENTION_DAYS (decision 129).
  { kind: 'outbox', cron: '21 * * * *', run: pruneOutbox },
  // Copies of a rider's data past their 7 days, failed ones, unconfirmed children's requests (decision 128).
  { kind: 'data-exports', cron: '23 * * * *', run: pruneExpiredExports },
  // Answered uploads after a day, with the originals of those that made no ride (decision 133).
  { kind: 'ride-uploads', cron: '25 * * * *', run: pruneFinishedUploads },
  // Registrations whose job never succeeded, with their password hash, after a day (decision 134).
  { kind: 'pending-signups', cron: '27 * * * *', run: pruneStaleSignups },
  // Consent decoys (a child's name and the parent's address) a day after their registration (decision 173).
  { kind: 'consent-decoys', cron: '31 * * * *', run: pruneConsentDecoys },
  // Finished jobs' payloads that held an e-mail address, missed when the job finished (decision 177).
  { kind: 'job-payloads', cron: '29 * * * *', run: () => forgetFinishedPayloads() },
  // Flow activity counts of days past FLOW_ACTIVITY_RETENTION_DAYS (decision 190).
  { kind: 'flow-activity', cron: '31 * * * *', run: pruneFlowActivity },
  // The folder store's half-written files (an S3 store's unfinished multipart uploads: a lifecycle rule).
  { kind: 'abandoned-uploads', cron: '47 3 * * *', run: (now) => sweepAbandonedUploads(now.getTime()) },
];

for (const cleanup of CLEANUPS) {
  defineSchedule(cleanup.kind, cleanup.cron, async () => {
    await cleanup.run(new Date());
  });
}

/** Every cleanup now (tests, an operator's one-off run): what each removed. */
export async function runCleanups(now = new Date()): Promise<Record<string, number | Record<string, number>>> {
  const removed: Record<string, number | Record<string, number>> = {};
  for (const cleanup of CLEANUPS) removed[cleanup.kind] = await cleanup.run(now);
  return removed;
}
