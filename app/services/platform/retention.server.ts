import { pruneExpiredExports } from '../accounts/data-export.server';
import { pruneOutbox } from '../adapters/mail.server';
import { defineSchedule } from './jobs.server';
import { pruneRateLimits } from './rate-limit.server';

/**
 * Retention (issue 26, docs/accounts.md "Retention"): personal data that outlives its purpose is
 * removed on a schedule. The outbox keeps mail and codes for OUTBOX_RETENTION_DAYS; rate-limit
 * counters (their keys carry e-mails, account ids and client addresses) only while they can still
 * refuse something; a copy of a rider's data once its 7 days are over. What a deleted account
 * owned goes at once (rider-data.server.ts).
 */
export async function pruneExpiredPersonalData(now = new Date()): Promise<{ outbox: number; rateLimits: number; exports: number }> {
  return { outbox: await pruneOutbox(now), rateLimits: await pruneRateLimits(now), exports: await pruneExpiredExports(now) };
}

/** Hourly, by one instance (the job queue's clock: decision 130). */
defineSchedule('retention', '17 * * * *', async () => {
  await pruneExpiredPersonalData();
});
