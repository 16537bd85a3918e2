import { defineJob } from '../platform/jobs.server';
import { upgradeStoredRides } from './stored-rides.server';

/**
 * Rides stored by older versions brought up to date from their kept files (decisions 045, 046,
 * 105), as one job queued at every start (decision 130): with several instances one of them does
 * it, instead of each re-reading every old file before it listens. Idempotent: every row it
 * visits is marked current.
 */
export const storedRidesUpgradeJob = defineJob<Record<string, never>>(
  'activities.upgrade-stored-rides',
  async () => {
    await upgradeStoredRides();
  },
  { retryLimit: 3, retryDelaySeconds: 60, expireInSeconds: 3600 },
);
