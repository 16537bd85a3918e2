import { db } from '~/db/client.server';
import { activities, activityDetails, type ActivityType } from '~/db/schema';
import { packFloat32 } from '~/lib/activities/packing';
import { ACTIVITY_UPLOAD_MAX_BYTES } from '~/lib/constants';
import { sniffFileType } from '~/lib/file-signature';
import { FitReadError, NoCyclingSessionError, readRide, type DecodedRide } from '~/lib/fit/read-ride';
import { ANALYSIS_VERSION, analyseRide, atFtp, type RideAnalysis } from '~/lib/power/analyse-ride';
import { storage } from './adapters/storage.server';
import { addToRollups } from './activities/rollups.server';
import { ftpAt, recomputeRideFtps } from './activities/ftp.server';
import { invalidateRiderPage } from './activities/page-cache.server';
import { weightAt } from './weight-history.server';

export { listActivities, type ActivityListPage, type ActivityListQuery } from './activities/list.server';

export class IngestError extends Error {
  constructor(
    readonly code: 'too_big' | 'not_fit' | 'unreadable' | 'not_cycling',
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
} as const;

export interface IngestOptions {
  type?: ActivityType;
  title?: string;
  routeName?: string;
}

/** Checks and decodes an upload; throws IngestError with a message for the rider. */
export function decodeUpload(bytes: Uint8Array): DecodedRide {
  if (bytes.byteLength > ACTIVITY_UPLOAD_MAX_BYTES) throw new IngestError('too_big', INGEST_MESSAGES.too_big);
  if (sniffFileType(bytes) !== 'fit') throw new IngestError('not_fit', INGEST_MESSAGES.not_fit);
  try {
    return readRide(bytes);
  } catch (error) {
    if (error instanceof NoCyclingSessionError) throw new IngestError('not_cycling', INGEST_MESSAGES.not_cycling);
    if (error instanceof FitReadError) throw new IngestError('unreadable', INGEST_MESSAGES.unreadable);
    throw error;
  }
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
export function analyseUpload(bytes: Uint8Array, weightKg: number | null, previousBest: ArrayLike<number> | null): { ride: DecodedRide; analysis: RideAnalysis } {
  const ride = decodeUpload(bytes);
  return { ride, analysis: analyseRide(ride, weightKg, previousBest) };
}

/**
 * The one way a ride enters Paceline (uploads, game clients, the seed): check, decode, keep
 * the original, compute every figure once and store it with the per-second rows and curve.
 */
export async function ingestActivity(userId: string, bytes: Uint8Array, options: IngestOptions = {}): Promise<{ id: string }> {
  const ride = decodeUpload(bytes);
  const weightKg = await weightAt(userId, ride.startTime);
  const analysis = atFtp(analyseRide(ride, weightKg, null), await ftpAt(userId, ride.startTime, weightKg));
  const fileKey = await storage().put('activities', bytes, 'fit');
  const { samples } = ride;
  const type = options.type ?? 'ride';
  const stored = await db().transaction(async (tx) => {
    const [row] = await tx
      .insert(activities)
      .values({
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
        maxPowerW: analysis.maxPowerW,
        avgWattsPerKg: analysis.avgWattsPerKg,
        avgHeartRate: analysis.avgHeartRate,
        avgCadence: analysis.avgCadence,
        avgSpeedKmh: analysis.avgSpeedKmh,
        normalizedPowerW: analysis.normalizedPowerW,
        intensity: analysis.intensity,
        trainingLoad: analysis.trainingLoad,
        ftpW: analysis.ftpW,
        loadDurationS: analysis.loadDurationS,
        bestTwentyMinW: analysis.bestTwentyMinW,
        weightKg,
        spikesRemoved: analysis.spikesRemoved,
        platform: ride.platform,
        analysisVersion: ANALYSIS_VERSION,
      })
      .returning({ id: activities.id });
    await tx.insert(activityDetails).values({
      activityId: row.id,
      sampleCount: samples.t.length,
      series: packFloat32([samples.t, samples.distanceM, samples.altitudeM, analysis.power, samples.speedMps, samples.heartRate, samples.cadence]),
      powerCurve: packFloat32([analysis.powerCurve]),
    });
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
    return { id: row.id };
  }).finally(() => invalidateRiderPage(userId));
  // Rides started after this one may have a new 20-minute best before them now.
  await recomputeRideFtps(userId, new Date(ride.startTime.getTime() + 1));
  return stored;
}
