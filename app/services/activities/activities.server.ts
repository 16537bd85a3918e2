import { and, eq } from 'drizzle-orm';
import { db, type Transaction } from '~/db/client.server';
import { activities, activityDetails, riderPowerModels } from '~/db/schema';
import type { ActivityType } from '~/lib/domain/activities';
import { packFloat32 } from '~/lib/activities/packing';
import { ACTIVITY_UPLOAD_MAX_BYTES, RIDE_MAX_SAMPLES } from '~/lib/constants';
import type { DecodedRide } from '~/lib/fit/read-ride';
import { ANALYSIS_VERSION, analyseRide, atFtp, type RideAnalysis } from '~/lib/power/analyse-ride';
import { decode, type DecodeOutcome, type DecodeRefusal } from './ride-analysis.worker';
import { analyseInWorker, readUploadInWorker } from './ride-pool.server';
import { storage } from '../adapters/storage.server';
import { deleteKeptFiles, storeSeries } from './ride-series.server';
import { addToRollups } from './rollups.server';
import { recordDetection, thresholdForNewRide } from './ftp.server';
import { markForRecompute, queueRecompute } from './recompute.server';
import { invalidateRiderPage } from '~/db/rider-reads.server';
import { weightAt } from './weight-history.server';

export { listActivities } from './list.server';

export class IngestError extends Error {
  constructor(
    readonly code: DecodeRefusal,
    message: string,
  ) {
    super(message);
  }
}

export const INGEST_MESSAGES = {
  too_big: `The file is too large (at most ${ACTIVITY_UPLOAD_MAX_BYTES / 1024 / 1024} MB).`,
  not_fit: 'Only FIT activity files can be uploaded.',
  unreadable: 'The FIT file is truncated or corrupt.',
  not_cycling: 'This FIT file holds no cycling session: only rides can be uploaded.',
  too_long: `The ride is longer than ${RIDE_MAX_SAMPLES / 3600} hours of one-second samples: split it and upload each part.`,
} as const;

export interface IngestOptions {
  type?: ActivityType;
  title?: string;
  routeName?: string;
}

function decodedOrRefused(outcome: DecodeOutcome): DecodedRide {
  if (!outcome.ok) throw new IngestError(outcome.code, INGEST_MESSAGES[outcome.code]);
  return outcome.ride;
}

/** Checks and decodes an upload on this thread; throws IngestError with a message for the rider. */
function decodeUpload(bytes: Uint8Array): DecodedRide {
  return decodedOrRefused(decode(bytes));
}

function defaultTitle(startedAt: Date): string {
  const hour = startedAt.getUTCHours();
  const part = hour < 12 ? 'Morning' : hour < 18 ? 'Afternoon' : 'Evening';
  return `${part} Ride`;
}

/**
 * Decode + analysis without the database: what the ingest benchmark times. `previousBest` is
 * the best curve of the rides before this one (IF and load at the FTP derived from it); ingest
 * itself re-bases them on the FTP in force at the ride's date (`atFtp`, decision 106).
 */
export function analyseUpload(
  bytes: Uint8Array,
  weightKg: number | null,
  previousBest: ArrayLike<number> | null,
): { ride: DecodedRide; analysis: RideAnalysis } {
  const ride = decodeUpload(bytes);
  return { ride, analysis: analyseRide(ride, weightKg, previousBest) };
}

/** The rider's ride made from this very file, if any. */
export async function rideWithContent(userId: string, contentHash: string): Promise<string | undefined> {
  const [row] = await db()
    .select({ id: activities.id })
    .from(activities)
    .where(and(eq(activities.userId, userId), eq(activities.contentHash, contentHash)));
  return row?.id;
}

/**
 * A ride entered in place (the seed, network imports, which already run as jobs): check, decode,
 * keep the original, then `storeRide`. Uploads go through the analysis job instead
 * (uploads.server.ts, decision 133), which ends in the same `storeRide`.
 */
export async function ingestActivity(userId: string, upload: Uint8Array, options: IngestOptions = {}): Promise<{ id: string; duplicate?: true }> {
  // Hashing, decoding and analysis run on the ride pool's threads: a day-long file must not
  // stall requests. A copy is moved there and back, so the caller keeps `upload`.
  const { contentHash, bytes, outcome } = await readUploadInWorker(upload.slice());
  // The same file again (a retry, a double click) is the ride already stored (issue 15 item 8).
  const known = await rideWithContent(userId, contentHash);
  if (known) return { id: known, duplicate: true };
  const ride = decodedOrRefused(outcome);
  const fileKey = await storage().put('activities', bytes, 'fit');
  const stored = await storeRide({ userId, ride, contentHash, fileKey, options }).catch(async (error: unknown) => {
    await deleteKeptFiles([fileKey]);
    throw error;
  });
  // No row names the original when another upload of the file won.
  if (stored.duplicate) await deleteKeptFiles([fileKey]);
  return stored;
}

export interface RideToStore {
  userId: string;
  ride: DecodedRide;
  contentHash: string;
  /** The original file, already kept by the caller (who removes it if this fails). */
  fileKey: string;
  options?: IngestOptions;
  /** The ride's id, when the caller named it beforehand (an upload's id). */
  id?: string;
  /** More writes for the ride's transaction (an upload marking itself stored). */
  alongside?: (tx: Transaction, rideId: string) => Promise<void>;
}

/**
 * The one way a decoded ride becomes a stored one: its figures computed once (on the ride pool's
 * threads) and stored with its per-second rows and curve, its rollups and its marks, in one
 * transaction. Answers the ride already holding the file when another upload of it won.
 */
export async function storeRide({ userId, ride, contentHash, fileKey, options = {}, id, alongside }: RideToStore): Promise<{ id: string; duplicate?: true }> {
  const sampleCount = ride.samples.t.length;
  const weightKg = await weightAt(userId, ride.startTime);
  // The threshold in force at the ride's date, and the one it detects, are read here on the
  // server around the worker's analysis (decisions 106 and 141).
  const { analysis: analysed, series } = await analyseInWorker({ ride, weightKg, previousBest: null });
  const threshold = await thresholdForNewRide(userId, {
    at: ride.startTime.getTime(),
    fileThresholdW: ride.file.thresholdW,
    estimateW: analysed.thresholdEstimateW,
    weightKg,
  });
  const analysis = atFtp(analysed, threshold.ftpW);
  // The series file is written before the rows that name it, by the system's I/O threads (decision 118).
  const seriesKey = await storeSeries(series);
  const type = options.type ?? 'ride';
  const stored = db()
    .transaction(async (tx) => {
      const [row] = await tx
        .insert(activities)
        .values({
          ...(id ? { id } : {}),
          userId,
          type,
          sportType: ride.sport === 'running' ? 'running' : 'cycling',
          title: options.title ?? defaultTitle(ride.startTime),
          routeName: options.routeName ?? '',
          startedAt: ride.startTime,
          fileType: 'fit',
          fileKey,
          distanceM: analysis.distanceM,
          elevationM: analysis.elevationM,
          timerS: analysis.timerS,
          elapsedS: analysis.elapsedS,
          avgPowerW: analysis.avgPowerW,
          avgPowerNonZeroW: analysis.avgPowerNonZeroW,
          maxPowerW: analysis.maxPowerW,
          avgWattsPerKg: analysis.avgWattsPerKg,
          avgHeartRate: analysis.avgHeartRate,
          avgCadence: analysis.avgCadence,
          avgSpeedKmh: analysis.avgSpeedKmh,
          normalizedPowerW: analysis.normalizedPowerW,
          intensity: analysis.intensity,
          trainingLoad: analysis.trainingLoad,
          ftpW: analysis.ftpW,
          ftpSource: threshold.source,
          loadDurationS: analysis.loadDurationS,
          bestTwentyMinW: analysis.bestTwentyMinW,
          thresholdEstimateW: analysis.thresholdEstimateW,
          fileFtpW: ride.file.thresholdW,
          deviceAvgPowerW: ride.file.avgPowerW,
          deviceNpW: ride.file.normalizedPowerW,
          weightKg,
          spikesRemoved: analysis.spikesRemoved,
          platform: ride.platform,
          analysisVersion: ANALYSIS_VERSION,
          contentHash,
        })
        .returning({ id: activities.id });
      await tx.insert(activityDetails).values({
        activityId: row.id,
        sampleCount,
        seriesKey,
        powerCurve: packFloat32([analysis.powerCurve]),
      });
      if (threshold.detection) await recordDetection(tx, userId, row.id, threshold.detection);
      // Rides started after this one may have a new threshold in force, and fitness changes from
      // its day: marked with the ride, so the recomputation cannot be lost between commit and queue.
      await markForRecompute(userId, ride.startTime, tx);
      // The power-duration models are fitted again on their next read (decision 143).
      await tx.delete(riderPowerModels).where(eq(riderPowerModels.userId, userId));
      await addToRollups(tx, {
        userId,
        activityId: row.id,
        type,
        startedAt: ride.startTime,
        distanceM: analysis.distanceM,
        timeS: analysis.timerS,
        elevationM: analysis.elevationM,
        powerCurve: analysis.powerCurve,
      });
      await alongside?.(tx, row.id);
      return { id: row.id };
    })
    .finally(() => invalidateRiderPage(userId));
  let result: { id: string; duplicate?: true };
  try {
    result = await stored;
  } catch (error) {
    // No row names the series file now (the original is the caller's).
    await deleteKeptFiles([seriesKey]);
    // Two identical uploads at once: the unique index lets one in; the other answers with it.
    const winner = await rideWithContent(userId, contentHash);
    if (!winner) throw error;
    return { id: winner, duplicate: true };
  }
  await queueRecompute(userId);
  return result;
}
