import { closeDatabase, db, openDatabase } from '~/db/client.server';
import { allowKeptReads } from '~/db/write-watch.server';
import { seedDatabase } from '~/services/seed';
import { storedRidesUpgradeJob } from '../activities/stored-ride-jobs.server';
import { queueMarkedRecomputes } from '../activities/recompute.server';
import { moveSeriesOutOfDatabase } from '../activities/ride-series.server';
import { closeRidePool } from '../activities/ride-pool.server';
import { settleAfterResponse } from './after-response.server';
import { getEnv } from './env.server';
import { startFlowActivity, stopFlowActivity } from './flow-activity.server';
import { checkFrameworkPatches } from './framework-patches.server';
import { enqueueJob, startJobWorkers, stopJobWorkers } from './jobs.server';
import './job-registry.server';

/**
 * Opens the database once, before the server accepts requests (PGlite takes seconds to
 * open: never on a first request), migrates it, brings stored rides up to date and, unless
 * disabled, seeds demo data.
 */
export async function startServices({ seed, workers }: { seed?: boolean; workers?: boolean } = {}): Promise<void> {
  const env = getEnv();
  checkFrameworkPatches(env.APP_MODE === 'production');
  allowKeptReads(env.READ_CACHES);
  const opened = await openDatabase(env.DATABASE_URL ? { engine: 'postgres', url: env.DATABASE_URL } : { engine: 'pglite', dataDir: env.PGLITE_DIR });
  await opened.migrate();
  // Rides stored by older versions get what the current code stores (decisions 045, 046, 118).
  await moveSeriesOutOfDatabase();
  if (seed ?? env.SEED_DEMO) await seedDatabase(db());
  // Ride analysis, mail, payment reconciliation, cleanups: the durable queue (decision 130).
  if (workers ?? env.JOBS_WORKERS)
    await startJobWorkers({ pollingSeconds: env.JOBS_POLL_SECONDS, maintenanceSeconds: env.JOBS_MAINTENANCE_SECONDS, concurrency: env.JOBS_CONCURRENCY });
  // One instance brings older rides up to date (in place when this process has no workers).
  await enqueueJob(storedRidesUpgradeJob, {}, { singletonKey: 'all' });
  // Ride recomputations marked by a process that stopped before queueing them (decision 141).
  await queueMarkedRecomputes();
  // Flow activity reports are added up in memory and written every few seconds (decision 193).
  startFlowActivity();
}

/**
 * Migrations as a one-off command (`node scripts/migrate.mjs`, the compose file's `migrate`
 * service): the database migrated (under the advisory lock), nothing else started.
 */
export async function migrateDatabase(): Promise<void> {
  const env = getEnv();
  const opened = await openDatabase(env.DATABASE_URL ? { engine: 'postgres', url: env.DATABASE_URL } : { engine: 'pglite', dataDir: env.PGLITE_DIR });
  await opened.migrate();
  await closeDatabase();
}

/** Stops the job workers, giving running jobs up to `jobDrainMs` (DRAIN_SECONDS by default), and closes the database. */
export async function stopServices(jobDrainMs = getEnv().DRAIN_SECONDS * 1000): Promise<void> {
  // Mail a request promised is queued before the workers drain and the database closes.
  await settleAfterResponse();
  await stopJobWorkers(jobDrainMs);
  await closeRidePool();
  // What this process counted since its last write, before the database closes.
  await stopFlowActivity();
  await closeDatabase();
}
