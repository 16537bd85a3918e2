import { closeDatabase, db, openDatabase } from '~/db/client.server';
import { seedDatabase } from '~/services/seed';
import { upgradeStoredRides } from '../activities/stored-rides.server';
import { moveSeriesOutOfDatabase } from '../activities/ride-series.server';
import { closeRidePool } from '../activities/ride-pool.server';
import { settleAfterResponse } from './after-response.server';
import { getEnv } from './env.server';
import { startPaymentReconciler, stopPaymentReconciler } from '../shop/orders.server';

/**
 * Opens the database once, before the server accepts requests (PGlite takes seconds to
 * open: never on a first request), migrates it, brings stored rides up to date and, unless
 * disabled, seeds demo data.
 */
export async function startServices({ seed }: { seed?: boolean } = {}): Promise<void> {
  const env = getEnv();
  const opened = await openDatabase(
    env.DATABASE_URL ? { engine: 'postgres', url: env.DATABASE_URL } : { engine: 'pglite', dataDir: env.PGLITE_DIR },
  );
  await opened.migrate();
  // Rides stored by older versions get what the current code stores (decisions 045, 046, 118).
  await moveSeriesOutOfDatabase();
  await upgradeStoredRides();
  if (seed ?? env.SEED_DEMO) await seedDatabase(db());
  // Gem orders left pending (no return, no webhook) are settled from the provider's word.
  startPaymentReconciler();
}

export async function stopServices(): Promise<void> {
  stopPaymentReconciler();
  // Mail a request promised goes out before the database closes.
  await settleAfterResponse();
  await closeRidePool();
  await closeDatabase();
}
