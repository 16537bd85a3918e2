import { pruneOutbox } from '../adapters/mail.server';
import { pruneRateLimits } from './rate-limit.server';

/**
 * Retention (issue 26, docs/accounts.md "Retention"): personal data that outlives its purpose is
 * removed on a schedule. The outbox keeps mail and codes for OUTBOX_RETENTION_DAYS; rate-limit
 * counters (their keys carry e-mails, account ids and client addresses) only while they can still
 * refuse something. What a deleted account owned goes at once (rider-data.server.ts).
 */
export const RETENTION_INTERVAL_MS = 60 * 60_000;

export async function pruneExpiredPersonalData(now = new Date()): Promise<{ outbox: number; rateLimits: number }> {
  return { outbox: await pruneOutbox(now), rateLimits: await pruneRateLimits(now) };
}

let timer: ReturnType<typeof setInterval> | undefined;

/** Prunes once at start and then every RETENTION_INTERVAL_MS while the server is up. */
export function startRetention(): void {
  if (timer) return;
  const run = () => void pruneExpiredPersonalData().catch((error: unknown) => console.warn('retention:', error));
  run();
  timer = setInterval(run, RETENTION_INTERVAL_MS);
  timer.unref();
}

export function stopRetention(): void {
  if (timer) clearInterval(timer);
  timer = undefined;
}
