import type { Database } from '~/db/client.server';
import { seedAccounts } from './accounts';
import { seedEventData } from './events';
import { seedActivities } from './activities';
import { seedImports } from './imports';
import { seedPartners } from './partners';
import { seedShop } from './shop';
import { seedWallet } from './wallet';

/**
 * The one seed entry point: idempotent, so start-up can run it every time. Each area adds
 * its demo data as a step here, after the areas it depends on.
 */
export async function seedDatabase(database: Database): Promise<void> {
  await seedAccounts(database);
  await seedEventData(database);
  await seedActivities(database);
  await seedImports(database);
  await seedPartners(database);
  await seedShop(database);
  await seedWallet(database);
}
