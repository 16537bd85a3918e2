import { and, eq, isNotNull, isNull, lt, or } from 'drizzle-orm';
import { db } from '~/db/client.server';
import { activities } from '~/db/schema';
import { UNKNOWN_PLATFORM } from '~/lib/fit/platform';
import { FitReadError, readRide, type DecodedRide } from '~/lib/fit/read-ride';
import { ANALYSIS_VERSION, loadFigures } from '~/lib/power/analyse-ride';
import { filterPowerSpikes } from '~/lib/power/spike-filter';
import { storage } from '../adapters/storage.server';
import { invalidateRiderPage } from './page-cache.server';

const BATCH = 100;

async function readKeptRide(fileKey: string): Promise<DecodedRide | null> {
  const bytes = await storage().get(fileKey);
  if (!bytes) return null;
  try {
    return readRide(bytes);
  } catch (error) {
    if (error instanceof FitReadError) return null;
    throw error;
  }
}

/**
 * Brings rides stored by older versions up to what ingest stores today, reading each kept FIT
 * file once: the platform it was recorded on (decision 046) when the row has none, and NP, IF
 * and training load (decision 045) when its `analysis_version` is older, at the FTP stored with
 * the ride so its load never depends on later rides. Idempotent: every row visited is marked
 * current, also when its file no longer reads (its platform then says so and its figures stay),
 * so nothing is retried forever. Returns how many rows were upgraded from their file.
 */
export async function upgradeStoredRides(): Promise<number> {
  let upgraded = 0;
  for (;;) {
    const rows = await db()
      .select({ id: activities.id, userId: activities.userId, fileKey: activities.fileKey, ftpW: activities.ftpW, platform: activities.platform, analysisVersion: activities.analysisVersion })
      .from(activities)
      .where(and(eq(activities.fileType, 'fit'), isNotNull(activities.fileKey), or(isNull(activities.platform), lt(activities.analysisVersion, ANALYSIS_VERSION))))
      .limit(BATCH);
    if (rows.length === 0) return upgraded;
    const riders = new Set<string>();
    for (const row of rows) {
      const ride = await readKeptRide(row.fileKey as string);
      const figuresAreOld = ride !== null && row.analysisVersion < ANALYSIS_VERSION;
      await db()
        .update(activities)
        .set({
          analysisVersion: ANALYSIS_VERSION,
          ...(row.platform === null ? { platform: ride?.platform ?? UNKNOWN_PLATFORM } : {}),
          ...(figuresAreOld ? loadFigures(ride, filterPowerSpikes(ride.samples.power).power, row.ftpW ?? 0) : {}),
        })
        .where(eq(activities.id, row.id));
      if (ride) {
        upgraded++;
        riders.add(row.userId);
      }
    }
    for (const userId of riders) invalidateRiderPage(userId);
  }
}
