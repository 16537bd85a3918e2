import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { db } from '~/db/client.server';
import { activities } from '~/db/schema';
import { FitReadError, readRide } from '~/lib/fit/read-ride';
import { UNKNOWN_PLATFORM } from '~/lib/fit/platform';
import { storage } from '../adapters/storage.server';
import { invalidateRiderPage } from './page-cache.server';

const BATCH = 200;

/**
 * Rides stored before the platform column (decision 046) get it from their kept FIT file,
 * read the way ingest reads it. Idempotent: only rows still without a platform are touched;
 * a file that no longer reads is marked UNKNOWN_PLATFORM so it is not retried forever.
 */
export async function backfillActivityPlatforms(): Promise<number> {
  let updated = 0;
  const byFile = new Map<string, string>();
  for (;;) {
    const rows = await db()
      .select({ id: activities.id, userId: activities.userId, fileKey: activities.fileKey })
      .from(activities)
      .where(and(isNull(activities.platform), eq(activities.fileType, 'fit'), isNotNull(activities.fileKey)))
      .limit(BATCH);
    if (rows.length === 0) return updated;
    const users = new Set<string>();
    for (const row of rows) {
      const key = row.fileKey as string;
      let platform = byFile.get(key);
      if (!platform) {
        const bytes = await storage().get(key);
        try {
          platform = bytes ? readRide(bytes).platform : UNKNOWN_PLATFORM;
        } catch (error) {
          if (!(error instanceof FitReadError)) throw error;
          platform = UNKNOWN_PLATFORM;
        }
        byFile.set(key, platform);
      }
      await db().update(activities).set({ platform }).where(eq(activities.id, row.id));
      users.add(row.userId);
      updated++;
    }
    for (const userId of users) invalidateRiderPage(userId);
  }
}
