import { and, eq } from 'drizzle-orm';
import { db } from '~/db/client.server';
import { activities, activityDetails, ftpHistory } from '~/db/schema';
import type { FtpSource } from '~/lib/domain/activities';
import type { DetectionNotice } from './ftp-history.server';
import { rideCurveLine } from './curves.server';
import type { CurveView } from '~/lib/activities/curve-view';
import { toCurveView } from './curve-view.server';
import { readSeries } from './ride-series.server';
import { isUuid } from '~/lib/domain/ids';

/** Spec 2 §3 "Single activity": header_detail plus the per-second rows (detail). */
export interface ActivityHeader {
  id: string;
  title: string;
  routeName: string;
  date: string;
  normalizePower: number | null;
  totalWorkout: number;
  traningLoad: number | null;
  intensity: number | null;
  elevation: number;
  distance: number;
  watt: number | null;
  wattPerKg: number | null;
  heartrate: number | null;
  rideDuration: number;
  weightKg: number | null;
  ftpW: number | null;
  /** Where the threshold in force came from (decision 141). */
  ftpSource: FtpSource | null;
  /** Average power with zeros left out (decision 140); `watt` counts them. */
  wattWithoutZeros: number | null;
  /** What the head unit itself wrote: its average power, NP and threshold. */
  headUnit: { avgPowerW: number | null; normalizedPowerW: number | null; ftpW: number | null };
  elapsedS: number;
  /** The threshold this ride detected, undone or in force (null: none). */
  detection: DetectionNotice | null;
}

export interface ActivitySeries {
  t: number[];
  distanceKm: number[];
  altitudeM: number[];
  power: number[];
  speedKmh: number[];
  heartRate: number[];
  cadence: number[];
}

export type ActivityDetailResult =
  | { status: 'ok'; header: ActivityHeader; series: ActivitySeries; curve: CurveView | null }
  | { status: 'no_detail'; header: ActivityHeader }
  | { status: 'not_found' };

const round = (digits: number) => {
  const factor = 10 ** digits;
  return (value: number) => Math.round(value * factor) / factor;
};

export async function getActivityDetail(userId: string, activityId: string): Promise<ActivityDetailResult> {
  if (!isUuid(activityId)) return { status: 'not_found' };
  // The ride, where its rows are kept, its curve and the threshold it detected, in one query.
  // The detection is the ride's rider's: naming that keys the read of `ftp_history` by the
  // rider, so another rider's detections leave this page kept (decision 145).
  const [found] = await db()
    .select({
      row: activities,
      sampleCount: activityDetails.sampleCount,
      seriesKey: activityDetails.seriesKey,
      curve: activityDetails.powerCurve,
      detection: { id: ftpHistory.id, ftpW: ftpHistory.ftpW, previousFtpW: ftpHistory.previousFtpW, undoneAt: ftpHistory.undoneAt },
    })
    .from(activities)
    .leftJoin(activityDetails, eq(activityDetails.activityId, activities.id))
    .leftJoin(ftpHistory, and(eq(ftpHistory.activityId, activities.id), eq(ftpHistory.userId, activities.userId), eq(ftpHistory.source, 'detected')))
    .where(and(eq(activities.id, activityId), eq(activities.userId, userId)));
  if (!found) return { status: 'not_found' };
  const { row, sampleCount, seriesKey, curve, detection } = found;
  const header: ActivityHeader = {
    id: row.id,
    title: row.title,
    routeName: row.routeName,
    date: row.startedAt.toISOString(),
    normalizePower: row.normalizedPowerW,
    totalWorkout: row.timerS,
    traningLoad: row.trainingLoad,
    intensity: row.intensity,
    elevation: row.elevationM,
    distance: row.distanceM / 1000,
    watt: row.avgPowerW,
    wattPerKg: row.avgWattsPerKg,
    heartrate: row.avgHeartRate,
    rideDuration: row.timerS,
    weightKg: row.weightKg,
    ftpW: row.ftpW,
    ftpSource: row.ftpSource,
    wattWithoutZeros: row.avgPowerNonZeroW,
    headUnit: { avgPowerW: row.deviceAvgPowerW, normalizedPowerW: row.deviceNpW, ftpW: row.fileFtpW },
    elapsedS: row.elapsedS,
    detection: detection
      ? {
          id: detection.id,
          activityId: row.id,
          rideTitle: row.title,
          rideDate: row.startedAt.toISOString(),
          ftpW: detection.ftpW ?? 0,
          previousFtpW: detection.previousFtpW,
          undone: detection.undoneAt !== null,
        }
      : null,
  };
  const stored = seriesKey && sampleCount ? await readSeries(seriesKey) : null;
  if (!stored || !curve) return { status: 'no_detail', header };
  return {
    status: 'ok',
    header,
    series: {
      t: Array.from(stored.t),
      distanceKm: Array.from(stored.distanceM, (metres) => round(3)(metres / 1000)),
      altitudeM: Array.from(stored.altitudeM, round(1)),
      power: Array.from(stored.power, Math.round),
      speedKmh: Array.from(stored.speedMps, (mps) => round(1)(mps * 3.6)),
      heartRate: Array.from(stored.heartRate, Math.round),
      cadence: Array.from(stored.cadence, Math.round),
    },
    curve: toCurveView(rideCurveLine({ id: row.id, startedAt: row.startedAt, weightKg: row.weightKg, curve })),
  };
}
