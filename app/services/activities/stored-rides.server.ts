import { and, eq, isNotNull, isNull, lt, or } from 'drizzle-orm';
import { db } from '~/db/client.server';
import { activities } from '~/db/schema';
import { UNKNOWN_PLATFORM } from '~/lib/fit/platform';
import { FitReadError, readRide, type DecodedRide } from '~/lib/fit/read-ride';
import { ANALYSIS_VERSION, analyseRide, type RideAnalysis } from '~/lib/power/analyse-ride';
import { storage } from '../adapters/storage.server';
import { requestRecompute } from './recompute.server';
import { invalidateRiderPage } from '~/db/rider-reads.server';

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
 * The figures of one ride that its file alone decides and no rollup sums (decision 105):
 * recomputed from the kept file; FTP, IF and load follow from them per rider.
 */
function rideFigures(ride: DecodedRide, analysis: RideAnalysis) {
  return {
    avgPowerW: analysis.avgPowerW,
    avgPowerNonZeroW: analysis.avgPowerNonZeroW,
    thresholdEstimateW: analysis.thresholdEstimateW,
    fileFtpW: ride.file.thresholdW,
    deviceAvgPowerW: ride.file.avgPowerW,
    deviceNpW: ride.file.normalizedPowerW,
    avgWattsPerKg: analysis.avgWattsPerKg,
    maxPowerW: analysis.maxPowerW,
    normalizedPowerW: analysis.normalizedPowerW,
    loadDurationS: analysis.loadDurationS,
    bestTwentyMinW: analysis.bestTwentyMinW,
  };
}

/**
 * Brings rides stored by older versions up to what ingest stores today, reading each kept FIT
 * file once: the platform it was recorded on (decision 046) when the row has none, and NP, average
 * and maximum power, the load's duration and the ride's 20-minute best (decision 105) when its
 * `analysis_version` is older; then FTP, IF and load of each rider's rides at the FTP in force at
 * each ride's date. Idempotent: every row visited is marked
 * current, also when its file no longer reads (its platform then says so and its figures stay),
 * so nothing is retried forever. Returns how many rows were upgraded from their file.
 */
export async function upgradeStoredRides(): Promise<number> {
  let upgraded = 0;
  const upgradedRiders = new Set<string>();
  for (;;) {
    const rows = await db()
      .select({
        id: activities.id,
        userId: activities.userId,
        fileKey: activities.fileKey,
        weightKg: activities.weightKg,
        platform: activities.platform,
        analysisVersion: activities.analysisVersion,
      })
      .from(activities)
      .where(
        and(eq(activities.fileType, 'fit'), isNotNull(activities.fileKey), or(isNull(activities.platform), lt(activities.analysisVersion, ANALYSIS_VERSION))),
      )
      .limit(BATCH);
    const riders = new Set<string>();
    for (const row of rows) {
      const ride = await readKeptRide(row.fileKey as string);
      const figuresAreOld = ride !== null && row.analysisVersion < ANALYSIS_VERSION;
      await db()
        .update(activities)
        .set({
          analysisVersion: ANALYSIS_VERSION,
          ...(row.platform === null ? { platform: ride?.platform ?? UNKNOWN_PLATFORM } : {}),
          ...(figuresAreOld ? rideFigures(ride, analyseRide(ride, row.weightKg, null)) : {}),
        })
        .where(and(eq(activities.id, row.id), eq(activities.userId, row.userId)));
      if (ride) {
        upgraded++;
        riders.add(row.userId);
        if (figuresAreOld) upgradedRiders.add(row.userId);
      }
    }
    for (const userId of riders) invalidateRiderPage(userId);
    if (rows.length < BATCH) break;
  }
  for (const userId of upgradedRiders) await requestRecompute(userId, new Date(0));
  return upgraded;
}
