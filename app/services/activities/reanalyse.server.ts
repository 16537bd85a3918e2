import { and, eq, isNotNull, lt } from 'drizzle-orm';
import { db } from '~/db/client.server';
import { activities } from '~/db/schema';
import { FitReadError, readRide } from '~/lib/fit/read-ride';
import { ANALYSIS_VERSION, loadFigures } from '~/lib/power/analyse-ride';
import { filterPowerSpikes } from '~/lib/power/spike-filter';
import { storage } from '../adapters/storage.server';
import { invalidateRiderPage } from './page-cache.server';

const BATCH = 100;

/**
 * Rides stored with older maths get today's NP, IF and training load, recomputed from their kept
 * FIT file with the FTP stored at their ingest (so a ride's load never depends on rides after
 * it). Idempotent: every row it visits is marked with ANALYSIS_VERSION, also when its file no
 * longer reads, so nothing is retried forever. Returns how many rows got new figures.
 */
export async function reanalyseStoredRides(): Promise<number> {
  let recomputed = 0;
  for (;;) {
    const rows = await db()
      .select({ id: activities.id, userId: activities.userId, fileKey: activities.fileKey, ftpW: activities.ftpW })
      .from(activities)
      .where(and(lt(activities.analysisVersion, ANALYSIS_VERSION), eq(activities.fileType, 'fit'), isNotNull(activities.fileKey)))
      .limit(BATCH);
    if (rows.length === 0) return recomputed;
    const riders = new Set<string>();
    for (const row of rows) {
      const figures = await figuresFromFile(row.fileKey as string, row.ftpW ?? 0);
      await db()
        .update(activities)
        .set({ ...(figures ?? {}), analysisVersion: ANALYSIS_VERSION })
        .where(eq(activities.id, row.id));
      if (figures) {
        recomputed++;
        riders.add(row.userId);
      }
    }
    for (const userId of riders) invalidateRiderPage(userId);
  }
}

async function figuresFromFile(fileKey: string, ftpW: number) {
  const bytes = await storage().get(fileKey);
  if (!bytes) return null;
  try {
    const ride = readRide(bytes);
    return loadFigures(ride, filterPowerSpikes(ride.samples.power).power, ftpW);
  } catch (error) {
    if (error instanceof FitReadError) return null;
    throw error;
  }
}
