import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import { db, type Transaction } from '~/db/client.server';
import { activities, ftpHistory, users } from '~/db/schema';
import { walkThresholds, type Detection, type HistoryEntry, type RideForThreshold, type RideThreshold } from '~/lib/activities/threshold-history';
import type { FtpSource } from '~/lib/domain/activities';
import { figuresAtFtp } from '~/lib/power/analyse-ride';
import { invalidateRiderPage } from '~/db/rider-reads.server';

/**
 * The threshold in force at each ride's date and the thresholds rides detect (decisions 106 and
 * 141; the rules are in app/lib/activities/threshold-history.ts). A ride's threshold never depends
 * on rides after it, so stored figures do not change with upload order.
 */

type Database = ReturnType<typeof db> | Transaction;

/** A history row as the walk reads it; entries at the same instant are in the order of their serial id. */
const entryColumns = { at: ftpHistory.recordedAt, ftpW: ftpHistory.ftpW, source: ftpHistory.source, order: ftpHistory.id };

function toEntry(row: { at: Date; ftpW: number | null; source: HistoryEntry['source']; order: number }): HistoryEntry {
  return { at: row.at.getTime(), ftpW: row.ftpW, source: row.source, order: row.order };
}

/** Profile entries and detections in force (not undone), oldest first; detections only before `before`. */
async function historyEntries(userId: string, before: Date): Promise<HistoryEntry[]> {
  const rows = await db()
    .select(entryColumns)
    .from(ftpHistory)
    .where(and(eq(ftpHistory.userId, userId), isNull(ftpHistory.undoneAt), or(eq(ftpHistory.source, 'profile'), lt(ftpHistory.recordedAt, before))))
    .orderBy(asc(ftpHistory.recordedAt), asc(ftpHistory.id));
  return rows.map(toEntry);
}

/** The threshold the latest file of a ride started before `at` carried. */
async function carriedFileThreshold(database: Database, userId: string, at: Date): Promise<number | null> {
  const [row] = await database
    .select({ ftpW: activities.fileFtpW })
    .from(activities)
    .where(and(eq(activities.userId, userId), lt(activities.startedAt, at), isNotNull(activities.fileFtpW)))
    .orderBy(desc(activities.startedAt), desc(activities.id))
    .limit(1);
  return row?.ftpW ?? null;
}

/** The latest history entry in force at `at` (not undone). */
async function latestEntry(database: Database, userId: string, at: Date): Promise<HistoryEntry | undefined> {
  const [row] = await database
    .select(entryColumns)
    .from(ftpHistory)
    .where(and(eq(ftpHistory.userId, userId), lte(ftpHistory.recordedAt, at), isNull(ftpHistory.undoneAt)))
    .orderBy(desc(ftpHistory.recordedAt), desc(ftpHistory.id))
    .limit(1);
  return row && toEntry(row);
}

export interface NewRideThreshold extends RideThreshold {
  detection: Detection | null;
}

/**
 * The threshold a ride about to be stored is scored at, and the detection it makes (ingest
 * writes both in its transaction). Rides after it are brought up to date by the recomputation.
 */
export async function thresholdForNewRide(userId: string, ride: Omit<RideForThreshold, 'id'>): Promise<NewRideThreshold> {
  const at = new Date(ride.at);
  const [entry, carried] = await Promise.all([latestEntry(db(), userId, at), carriedFileThreshold(db(), userId, at)]);
  const walk = walkThresholds({ entries: entry ? [entry] : [], rides: [{ ...ride, id: '' }], carriedFileThresholdW: carried, declined: new Set() });
  return { ...walk.rides[0], detection: walk.detections[0] ?? null };
}

/** Records a ride's detection in the history (inside the ingest transaction). */
export async function recordDetection(tx: Transaction, userId: string, activityId: string, detection: Detection): Promise<void> {
  await tx
    .insert(ftpHistory)
    .values({ userId, ftpW: detection.ftpW, recordedAt: new Date(detection.at), source: 'detected', activityId, previousFtpW: detection.previousFtpW });
}

/** The threshold in force now (the header's FTP); null: the 2.5 W/kg default, at the weight the caller shows. */
export async function thresholdNow(userId: string, now = new Date()): Promise<{ ftpW: number; source: Exclude<FtpSource, 'default'> } | null> {
  const [entry, carried] = await Promise.all([latestEntry(db(), userId, now), carriedFileThreshold(db(), userId, new Date(now.getTime() + 1))]);
  if (entry?.ftpW) return { ftpW: entry.ftpW, source: entry.source };
  return carried ? { ftpW: carried, source: 'file' } : null;
}

/** Stored figures are float4: equal to what the maths gives within its precision. */
function same(stored: number | null, computed: number | null): boolean {
  if (stored === null || computed === null) return stored === computed;
  return Math.abs(stored - computed) <= 1e-5 * Math.max(1, Math.abs(computed));
}

interface ChangedRide {
  id: string;
  ftpW: number;
  ftpSource: FtpSource;
  intensity: number | null;
  trainingLoad: number | null;
}

/**
 * Rows per UPDATE … FROM (VALUES …): an undo years back rewrites thousands of rides in a few
 * statements. The rider's key in each WHERE keeps the writes to this rider's rows (decision 145).
 */
const UPDATE_BATCH = 500;

async function updateRides(userId: string, changed: ChangedRide[]): Promise<void> {
  for (let start = 0; start < changed.length; start += UPDATE_BATCH) {
    const values = sql.join(
      changed
        .slice(start, start + UPDATE_BATCH)
        .map((ride) => sql`(${ride.id}::uuid, ${ride.ftpW}::real, ${ride.ftpSource}::text, ${ride.intensity}::real, ${ride.trainingLoad}::real)`),
      sql`, `,
    );
    await db().execute(sql`
      update ${activities} set ftp_w = v.ftp_w, ftp_source = v.ftp_source, intensity = v.intensity, training_load = v.training_load
      from (values ${values}) as v(id, ftp_w, ftp_source, intensity, training_load)
      where ${activities.id} = v.id and ${activities.userId} = ${userId}`);
  }
}

/** Brings the rider's detections from `from` on to what the walk found: kept, updated, added or removed. */
async function storeDetections(userId: string, from: Date, detections: Detection[]): Promise<void> {
  const existing = await db()
    .select({ id: ftpHistory.id, activityId: ftpHistory.activityId, ftpW: ftpHistory.ftpW })
    .from(ftpHistory)
    .where(and(eq(ftpHistory.userId, userId), eq(ftpHistory.source, 'detected'), isNull(ftpHistory.undoneAt), gte(ftpHistory.recordedAt, from)));
  const wanted = new Map(detections.map((detection) => [detection.activityId, detection]));
  const stale = existing.filter((row) => !wanted.has(row.activityId as string)).map((row) => row.id);
  if (stale.length > 0)
    await db()
      .delete(ftpHistory)
      .where(and(eq(ftpHistory.userId, userId), inArray(ftpHistory.id, stale)));
  for (const detection of detections) {
    const row = existing.find((candidate) => candidate.activityId === detection.activityId);
    if (!row) {
      await db()
        .insert(ftpHistory)
        .values({
          userId,
          ftpW: detection.ftpW,
          recordedAt: new Date(detection.at),
          source: 'detected',
          activityId: detection.activityId,
          previousFtpW: detection.previousFtpW,
        });
    } else if (row.ftpW !== detection.ftpW) {
      // A different value is news: the notice shows again.
      await db()
        .update(ftpHistory)
        .set({ ftpW: detection.ftpW, previousFtpW: detection.previousFtpW, seenAt: null })
        .where(and(eq(ftpHistory.userId, userId), eq(ftpHistory.id, row.id)));
    } else {
      await db()
        .update(ftpHistory)
        .set({ previousFtpW: detection.previousFtpW })
        .where(and(eq(ftpHistory.userId, userId), eq(ftpHistory.id, row.id), ne(ftpHistory.previousFtpW, detection.previousFtpW)));
    }
  }
}

/**
 * Brings the threshold, IF and load of the rider's rides started at or after `from` up to the
 * threshold in force at each one's date, detecting as it goes, after something that changes it:
 * a ride stored before them, a changed setting, an undone detection, an upgrade of stored figures.
 * Only rows whose figures change are written. Returns the start of the earliest ride whose load
 * changed (null: none), where fitness must be recomputed from.
 */
export async function recomputeRideThresholds(userId: string, from: Date = new Date(0)): Promise<Date | null> {
  const [entries, carried, declinedRows, rides] = await Promise.all([
    historyEntries(userId, from),
    carriedFileThreshold(db(), userId, from),
    db()
      .select({ activityId: ftpHistory.activityId })
      .from(ftpHistory)
      .where(and(eq(ftpHistory.userId, userId), eq(ftpHistory.source, 'detected'), isNotNull(ftpHistory.undoneAt))),
    db()
      .select({
        id: activities.id,
        startedAt: activities.startedAt,
        fileFtpW: activities.fileFtpW,
        estimateW: activities.thresholdEstimateW,
        weightKg: activities.weightKg,
        ftpW: activities.ftpW,
        ftpSource: activities.ftpSource,
        normalizedPowerW: activities.normalizedPowerW,
        intensity: activities.intensity,
        trainingLoad: activities.trainingLoad,
        loadDurationS: activities.loadDurationS,
      })
      .from(activities)
      .where(and(eq(activities.userId, userId), gte(activities.startedAt, from)))
      .orderBy(asc(activities.startedAt), asc(activities.id)),
  ]);
  const walk = walkThresholds({
    entries,
    rides: rides.map((ride) => ({
      id: ride.id,
      at: ride.startedAt.getTime(),
      fileThresholdW: ride.fileFtpW,
      estimateW: ride.estimateW,
      weightKg: ride.weightKg,
    })),
    carriedFileThresholdW: carried,
    declined: new Set(declinedRows.map((row) => row.activityId as string)),
  });
  const scored = new Map(walk.rides.map((ride) => [ride.id, ride]));
  let earliestLoadChange: Date | null = null;
  const changed: ChangedRide[] = [];
  for (const ride of rides) {
    const threshold = scored.get(ride.id) as RideThreshold;
    const figures = figuresAtFtp(ride.normalizedPowerW, ride.loadDurationS ?? 0, threshold.ftpW);
    if (
      ride.ftpW === threshold.ftpW &&
      ride.ftpSource === threshold.source &&
      same(ride.intensity, figures.intensity) &&
      same(ride.trainingLoad, figures.trainingLoad)
    )
      continue;
    changed.push({ id: ride.id, ...figures, ftpSource: threshold.source });
    if (!same(ride.trainingLoad, figures.trainingLoad) && (!earliestLoadChange || ride.startedAt < earliestLoadChange)) earliestLoadChange = ride.startedAt;
  }
  await updateRides(userId, changed);
  await storeDetections(userId, from, walk.detections);
  invalidateRiderPage(userId);
  return earliestLoadChange;
}

/** Records the FTP the rider set on the profile (null: no value of the rider's own), in force from `at`. */
export async function recordFtpSetting(tx: Transaction, userId: string, ftpW: number | null, at: Date): Promise<void> {
  await tx.insert(ftpHistory).values({ userId, ftpW, recordedAt: at, source: 'profile' });
  await tx.update(users).set({ ftpW }).where(eq(users.id, userId));
}
