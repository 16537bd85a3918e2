import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { db } from '~/db/client.server';
import { activities } from '~/db/schema';
import type { ActivityType } from '~/lib/domain/activities';
import { storage } from '../adapters/storage.server';
import { openRanged, type RangedDownload } from '../platform/byte-range.server';
import { addToRollups } from './rollups.server';
import { invalidateRiderPage } from '~/db/rider-reads.server';
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
    .select({
      id: activities.id,
      type: activities.fileType,
      startedAt: activities.startedAt,
      distanceM: activities.distanceM,
      elevationM: activities.elevationM,
    })
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

/**
 * The original FIT file, streamed from storage (issue 22 item 1): a `Range` header (resumed
 * downloads, download managers) gets just those bytes. Null when the activity is not the
 * rider's, not a FIT recording, or its file is gone; `getActivityDownload` serves the rest.
 */
export async function openOriginalFit(userId: string, activityId: string, rangeHeader: string | null): Promise<RangedDownload | null> {
  if (!isUuid(activityId)) return null;
  const [row] = await db()
    .select({ fileType: activities.fileType, fileKey: activities.fileKey, startedAt: activities.startedAt })
    .from(activities)
    .where(and(eq(activities.id, activityId), eq(activities.userId, userId)));
  if (!row || row.fileType !== 'fit' || !row.fileKey) return null;
  return openRanged(row.fileKey, rangeHeader, { filename: `activity-${row.startedAt.toISOString().slice(0, 10)}.fit`, contentType: FIT_CONTENT_TYPE });
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
  return row ? fileOfRide(row) : null;
}

type RideRow = typeof activities.$inferSelect;

async function fileOfRide(row: RideRow): Promise<ActivityDownload | null> {
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

/** "2026-03-03-morning-ride-1a2b3c4d.fit": sorts by date, readable, and unique within a zip (the id). */
function zipEntryName(row: RideRow): string {
  const slug =
    row.title
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 40) || 'ride';
  const extension = row.fileType === 'fit' && row.fileKey ? 'fit' : row.fileType;
  return `${row.startedAt.toISOString().slice(0, 10)}-${slug}-${row.id.slice(0, 8)}.${extension}`;
}

export interface RideFile {
  name: string;
  row: RideRow;
  /** The file's bytes, read when asked (a zip reads one ride at a time); empty when the stored file is missing. */
  read: () => Promise<Uint8Array>;
}

/**
 * The rider's rides as files for a zip (the activities table's "Download selected", the data
 * export), oldest first; without `ids`, every ride. Only the rider's own rides are found.
 */
export async function rideFilesOf(userId: string, ids?: string[]): Promise<RideFile[]> {
  const wanted = ids?.filter(isUuid);
  if (wanted && wanted.length === 0) return [];
  const rows = await db()
    .select()
    .from(activities)
    .where(wanted ? and(eq(activities.userId, userId), inArray(activities.id, wanted)) : eq(activities.userId, userId))
    .orderBy(asc(activities.startedAt), asc(activities.id));
  return rows.map((row) => ({
    name: zipEntryName(row),
    row,
    read: async () => (await fileOfRide(row))?.body ?? new Uint8Array(),
  }));
}

/** An activity that arrived as data rather than a recording (another app's workout, an import). */
export async function createJsonActivity(
  userId: string,
  input: { title: string; type: ActivityType; startedAt: Date; distanceM: number; timerS: number; elevationM?: number; platform?: string },
): Promise<{ id: string }> {
  const body = JSON.stringify(
    { title: input.title, type: input.type, date: input.startedAt.toISOString(), distanceM: input.distanceM, timerS: input.timerS },
    null,
    2,
  );
  const fileKey = await storage().put('activities', new TextEncoder().encode(body), 'json');
  return db()
    .transaction(async (tx) => {
      const [row] = await tx
        .insert(activities)
        .values({
          userId,
          type: input.type,
          title: input.title,
          startedAt: input.startedAt,
          fileType: 'json',
          fileKey,
          distanceM: input.distanceM,
          elevationM: input.elevationM ?? 0,
          timerS: input.timerS,
          elapsedS: input.timerS,
          platform: input.platform ?? null,
        })
        .returning({ id: activities.id });
      await addToRollups(tx, {
        userId,
        activityId: row.id,
        type: input.type,
        startedAt: input.startedAt,
        distanceM: input.distanceM,
        timeS: input.timerS,
        elevationM: input.elevationM ?? 0,
        powerCurve: [],
      });
      return { id: row.id };
    })
    .finally(() => invalidateRiderPage(userId));
}
