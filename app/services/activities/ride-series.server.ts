import { and, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import { db } from '~/db/client.server';
import { activities, activityDetails } from '~/db/schema';
import { unpackRideSeries, type RideSeries } from '~/lib/activities/packing';
import { storage } from '../adapters/storage.server';

/**
 * A ride's per-second rows live in a file of the upload store beside its original FIT file, not
 * in the database (decision 118): a day-long ride is 2.4 MB that the embedded database would
 * take 60–100 ms of the server's only thread to write and 250 ms to read (issue 15 item 4),
 * while a file is written and read by the system's I/O threads. The database row keeps the key.
 */
const SERIES_AREA = 'ride-series';
const SERIES_EXTENSION = 'f32';

/** Writes rows packed by `packRideSeries` to the store; the key goes into `activity_details.series_key`. */
export function storeSeries(packed: Uint8Array): Promise<string> {
  return storage().put(SERIES_AREA, packed, SERIES_EXTENSION);
}

/** The rows of a stored ride; null when its file is missing or not whole. */
export async function readSeries(key: string): Promise<RideSeries<Float32Array> | null> {
  const bytes = await storage().get(key);
  return bytes ? unpackRideSeries(bytes) : null;
}

/** Every file kept for these rides of the rider (all of them without ids): originals and rows. */
export async function keptFilesOf(userId: string, activityIds?: string[]): Promise<string[]> {
  if (activityIds?.length === 0) return [];
  const rows = await db()
    .select({ fileKey: activities.fileKey, seriesKey: activityDetails.seriesKey })
    .from(activities)
    .leftJoin(activityDetails, eq(activityDetails.activityId, activities.id))
    .where(activityIds ? and(eq(activities.userId, userId), inArray(activities.id, activityIds)) : eq(activities.userId, userId));
  return rows.flatMap((row) => [row.fileKey, row.seriesKey].filter((key): key is string => key !== null));
}

/** Removes files whose rows are gone (after the deleting transaction committed). */
export async function deleteKeptFiles(keys: string[]): Promise<void> {
  for (const key of keys) await storage().delete(key);
}

const MOVE_BATCH = 50;

/**
 * Start-up: rows stored before decision 118 kept their series in `activity_details.series`;
 * each is written to a file and the column emptied. Idempotent, in small batches. Returns how
 * many rides moved.
 */
export async function moveSeriesOutOfDatabase(): Promise<number> {
  let moved = 0;
  for (;;) {
    const rows = await db()
      .select({ activityId: activityDetails.activityId, series: activityDetails.series })
      .from(activityDetails)
      .where(and(isNull(activityDetails.seriesKey), isNotNull(activityDetails.series)))
      .limit(MOVE_BATCH);
    for (const row of rows) {
      const key = await storeSeries(row.series as Uint8Array);
      await db().update(activityDetails).set({ seriesKey: key, series: null }).where(eq(activityDetails.activityId, row.activityId));
      moved++;
    }
    if (rows.length < MOVE_BATCH) return moved;
  }
}
