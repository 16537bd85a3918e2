import { and, desc, eq } from 'drizzle-orm';
import { db } from '~/db/client.server';
import { activities } from '~/db/schema';
import type { ActivityType } from '~/lib/domain/activities';
import { storage, type ByteRange } from '../adapters/storage.server';
import { requestedRange } from '../platform/byte-range.server';
import { addToRollups } from './rollups.server';
import { invalidateRiderPage } from './page-cache.server';
import { isUuid } from '~/lib/domain/ids';

const FIT_CONTENT_TYPE = 'application/vnd.ant.fit';

/** One line of the profile's Activity Files tab (spec 1 §2 profile "activities (files list)"). */
export interface ActivityFile {
  id: string;
  type: string;
  date: string;
  distanceKm: number;
  elevationM: number;
}

export async function listActivityFiles(userId: string): Promise<ActivityFile[]> {
  const rows = await db()
    .select({ id: activities.id, type: activities.fileType, startedAt: activities.startedAt, distanceM: activities.distanceM, elevationM: activities.elevationM })
    .from(activities)
    .where(eq(activities.userId, userId))
    .orderBy(desc(activities.startedAt), desc(activities.id));
  return rows.map((row) => ({
    id: row.id,
    type: row.type,
    date: row.startedAt.toISOString(),
    distanceKm: Math.round(row.distanceM / 10) / 100,
    elevationM: Math.round(row.elevationM),
  }));
}

export interface ActivityDownload {
  filename: string;
  contentType: string;
  body: Uint8Array;
}

export interface OriginalFitDownload {
  filename: string;
  contentType: string;
  /** The whole file's size. */
  size: number;
  /** The range sent (null: the whole file), or the file cannot satisfy the one asked for. */
  range: ByteRange | null | 'unsatisfiable';
  body: ReadableStream<Uint8Array> | null;
}

/**
 * The original FIT file, streamed from storage (issue 22 item 1): a `Range` header (resumed
 * downloads, download managers) gets just those bytes. Null when the activity is not the
 * rider's, not a FIT recording, or its file is gone; `getActivityDownload` serves the rest.
 */
export async function openOriginalFit(userId: string, activityId: string, rangeHeader: string | null): Promise<OriginalFitDownload | null> {
  if (!isUuid(activityId)) return null;
  const [row] = await db()
    .select({ fileType: activities.fileType, fileKey: activities.fileKey, startedAt: activities.startedAt })
    .from(activities)
    .where(and(eq(activities.id, activityId), eq(activities.userId, userId)));
  if (!row || row.fileType !== 'fit' || !row.fileKey) return null;
  const size = await storage().size(row.fileKey);
  if (size === null) return null;
  const filename = `activity-${row.startedAt.toISOString().slice(0, 10)}.fit`;
  const range = requestedRange(rangeHeader, size);
  if (range === 'unsatisfiable') return { filename, contentType: FIT_CONTENT_TYPE, size, range, body: null };
  const opened = await storage().open(row.fileKey, range ?? undefined);
  if (!opened) return null;
  return { filename, contentType: FIT_CONTENT_TYPE, size, range, body: opened.body };
}

/**
 * Spec 2 §7 download-activity-file: a FIT activity is the original raw file; any other type is
 * a JSON text file named activity.{ext}. Only the owner gets it (null otherwise).
 */
export async function getActivityDownload(userId: string, activityId: string): Promise<ActivityDownload | null> {
  if (!isUuid(activityId)) return null;
  const [row] = await db()
    .select()
    .from(activities)
    .where(and(eq(activities.id, activityId), eq(activities.userId, userId)));
  if (!row) return null;
  if (row.fileType === 'fit' && row.fileKey) {
    const bytes = await storage().get(row.fileKey);
    if (!bytes) return null;
    const day = row.startedAt.toISOString().slice(0, 10);
    return { filename: `activity-${day}.fit`, contentType: FIT_CONTENT_TYPE, body: bytes };
  }
  const stored = row.fileKey ? await storage().get(row.fileKey) : null;
  const json = stored
    ? new TextDecoder().decode(stored)
    : JSON.stringify(
        {
          title: row.title,
          type: row.type,
          date: row.startedAt.toISOString(),
          distanceKm: row.distanceM / 1000,
          elevationM: row.elevationM,
          rideDurationS: row.timerS,
        },
        null,
        2,
      );
  return { filename: `activity.${row.fileType}`, contentType: 'application/json; charset=utf-8', body: new TextEncoder().encode(json) };
}

/** An activity that arrived as data rather than a recording (another app's workout, an import). */
export async function createJsonActivity(
  userId: string,
  input: { title: string; type: ActivityType; startedAt: Date; distanceM: number; timerS: number; elevationM?: number; platform?: string },
): Promise<{ id: string }> {
  const body = JSON.stringify({ title: input.title, type: input.type, date: input.startedAt.toISOString(), distanceM: input.distanceM, timerS: input.timerS }, null, 2);
  const fileKey = await storage().put('activities', new TextEncoder().encode(body), 'json');
  return db().transaction(async (tx) => {
    const [row] = await tx
      .insert(activities)
      .values({ userId, type: input.type, title: input.title, startedAt: input.startedAt, fileType: 'json', fileKey, distanceM: input.distanceM, elevationM: input.elevationM ?? 0, timerS: input.timerS, elapsedS: input.timerS, platform: input.platform ?? null })
      .returning({ id: activities.id });
    await addToRollups(tx, { userId, activityId: row.id, type: input.type, startedAt: input.startedAt, distanceM: input.distanceM, timeS: input.timerS, elevationM: input.elevationM ?? 0, powerCurve: [] });
    return { id: row.id };
  }).finally(() => invalidateRiderPage(userId));
}
