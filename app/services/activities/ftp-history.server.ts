import { and, desc, eq, isNull } from 'drizzle-orm';
import { db } from '~/db/client.server';
import { activities, ftpHistory } from '~/db/schema';
import { recordFtpSetting } from './ftp.server';
import { invalidateRiderPage } from '~/db/rider-reads.server';
import { requestRecompute } from './recompute.server';

/**
 * What the rider does with the FTP history (decision 141): set a value on the profile, undo a
 * threshold detected from a ride, dismiss the overview's notice of one. Each write that changes
 * the threshold in force asks for the rides it covers to be recomputed.
 */

/** A threshold detected from a ride, as the notices show it. */
export interface DetectionNotice {
  id: number;
  activityId: string;
  rideTitle: string;
  rideDate: string;
  ftpW: number;
  previousFtpW: number | null;
  undone: boolean;
}

/** Records the FTP the rider set on the profile (null: none of the rider's own), in force from `at`. */
export async function setFtp(userId: string, ftpW: number | null, at: Date = new Date()): Promise<void> {
  await db().transaction((tx) => recordFtpSetting(tx, userId, ftpW, at));
  invalidateRiderPage(userId);
  await requestRecompute(userId, at);
}

/**
 * Undoes a detection: it stops being in force (kept, marked, so the same ride never proposes it
 * again) and the rides from its date on are recomputed. False when the rider has no such
 * detection in force (already undone, or another rider's).
 */
export async function undoDetection(userId: string, detectionId: number, now = new Date()): Promise<boolean> {
  const [undone] = await db()
    .update(ftpHistory)
    .set({ undoneAt: now })
    .where(and(eq(ftpHistory.id, detectionId), eq(ftpHistory.userId, userId), eq(ftpHistory.source, 'detected'), isNull(ftpHistory.undoneAt)))
    .returning({ recordedAt: ftpHistory.recordedAt });
  if (!undone) return false;
  invalidateRiderPage(userId);
  await requestRecompute(userId, undone.recordedAt);
  return true;
}

/** Dismisses the overview's notice of a detection (it stays in force). */
export async function markDetectionSeen(userId: string, detectionId: number, now = new Date()): Promise<boolean> {
  const [seen] = await db()
    .update(ftpHistory)
    .set({ seenAt: now })
    .where(and(eq(ftpHistory.id, detectionId), eq(ftpHistory.userId, userId), eq(ftpHistory.source, 'detected'), isNull(ftpHistory.seenAt)))
    .returning({ id: ftpHistory.id });
  if (seen) invalidateRiderPage(userId);
  return Boolean(seen);
}

const noticeColumns = {
  id: ftpHistory.id,
  activityId: ftpHistory.activityId,
  rideTitle: activities.title,
  rideDate: activities.startedAt,
  ftpW: ftpHistory.ftpW,
  previousFtpW: ftpHistory.previousFtpW,
  undoneAt: ftpHistory.undoneAt,
};

function toNotice(row: {
  id: number;
  activityId: string | null;
  rideTitle: string;
  rideDate: Date;
  ftpW: number | null;
  previousFtpW: number | null;
  undoneAt: Date | null;
}): DetectionNotice {
  return {
    id: row.id,
    activityId: row.activityId as string,
    rideTitle: row.rideTitle,
    rideDate: row.rideDate.toISOString(),
    ftpW: row.ftpW ?? 0,
    previousFtpW: row.previousFtpW,
    undone: row.undoneAt !== null,
  };
}

/** The overview's notice: the latest detection in force that the rider has not dismissed. */
export async function latestDetectionNotice(userId: string): Promise<DetectionNotice | null> {
  // The detecting ride is the rider's own; saying so in the join keys the read of `activities`
  // by the rider, so another rider's rides leave this page kept (decision 145).
  const [row] = await db()
    .select(noticeColumns)
    .from(ftpHistory)
    .innerJoin(activities, and(eq(activities.id, ftpHistory.activityId), eq(activities.userId, ftpHistory.userId)))
    .where(and(eq(ftpHistory.userId, userId), eq(ftpHistory.source, 'detected'), isNull(ftpHistory.undoneAt), isNull(ftpHistory.seenAt)))
    .orderBy(desc(ftpHistory.recordedAt), desc(ftpHistory.id))
    .limit(1);
  return row ? toNotice(row) : null;
}

/** An entry of the FTP history as the profile lists it. */
export interface FtpHistoryRow {
  at: string;
  ftpW: number | null;
  source: 'profile' | 'detected';
  rideTitle: string | null;
  rideDate: string | null;
  undone: boolean;
}

/** The rider's FTP history, latest first (at most `limit` entries): what the profile lists. */
export async function listFtpHistory(userId: string, limit = 10): Promise<FtpHistoryRow[]> {
  // As above: the ride named in the join is the rider's own (decision 145).
  const rows = await db()
    .select({
      at: ftpHistory.recordedAt,
      ftpW: ftpHistory.ftpW,
      source: ftpHistory.source,
      rideTitle: activities.title,
      rideDate: activities.startedAt,
      undoneAt: ftpHistory.undoneAt,
    })
    .from(ftpHistory)
    .leftJoin(activities, and(eq(activities.id, ftpHistory.activityId), eq(activities.userId, ftpHistory.userId)))
    .where(eq(ftpHistory.userId, userId))
    .orderBy(desc(ftpHistory.recordedAt), desc(ftpHistory.id))
    .limit(limit);
  return rows.map((row) => ({
    at: row.at.toISOString(),
    ftpW: row.ftpW,
    source: row.source,
    rideTitle: row.rideTitle,
    rideDate: row.rideDate?.toISOString() ?? null,
    undone: row.undoneAt !== null,
  }));
}
