import { closeDatabase, db, openDatabase } from '~/db/client.server';
import { seedDatabase } from '~/db/seed';
import { upgradeStoredRides } from '../activities/stored-rides.server';
import { moveSeriesOutOfDatabase } from '../activities/ride-series.server';
import { closeRidePool } from '../activities/ride-pool.server';
import { settleAfterResponse } from './after-response.server';
import { getEnv } from './env.server';
import { startJobWorkers, stopJobWorkers } from './jobs.server';
import './job-registry.server';

/**
 * Opens the database once, before the server accepts requests (PGlite takes seconds to
 * open: never on a first request), migrates it, brings stored rides up to date and, unless
 * disabled, seeds demo data.
 */
export async function startServices({ seed, workers }: { seed?: boolean; workers?: boolean } = {}): Promise<void> {
  const env = getEnv();
  const opened = await openDatabase(
    env.DATABASE_URL ? { engine: 'postgres', url: env.DATABASE_URL } : { engine: 'pglite', dataDir: env.PGLITE_DIR },
  );
  await opened.migrate();
  // Rides stored by older versions get what the current code stores (decisions 045, 046, 118).
  await moveSeriesOutOfDatabase();
  await upgradeStoredRides();
  if (seed ?? env.SEED_DEMO) await seedDatabase(db());
  // Ride analysis, mail, payment reconciliation, cleanups: the durable queue (decision 130).
  if (workers ?? env.JOBS_WORKERS) await startJobWorkers({ pollingSeconds: env.JOBS_POLL_SECONDS, maintenanceSeconds: env.JOBS_MAINTENANCE_SECONDS });
}

export async function stopServices(): Promise<void> {
  // Mail a request promised is queued before the workers drain and the database closes.
  await settleAfterResponse();
  await stopJobWorkers(getEnv().DRAIN_SECONDS * 1000);
  await closeRidePool();
  await closeDatabase();
}
