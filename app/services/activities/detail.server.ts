import { and, eq } from 'drizzle-orm';
import { db } from '~/db/client.server';
import { activities, activityDetails } from '~/db/schema';
import { unpackFloat32 } from '~/lib/activities/packing';
import { getActivityCurves } from './curves.server';
import { toCurveView, type CurveView } from './curve-view.server';

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
  if (!/^[0-9a-f-]{36}$/i.test(activityId)) return { status: 'not_found' };
  const [row] = await db()
    .select()
    .from(activities)
    .where(and(eq(activities.id, activityId), eq(activities.userId, userId)));
  if (!row) return { status: 'not_found' };
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
  };
  const [detail] = await db().select().from(activityDetails).where(eq(activityDetails.activityId, activityId));
  if (!detail || detail.sampleCount === 0) return { status: 'no_detail', header };
  const [t, distance, altitude, power, speed, heartRate, cadence] = unpackFloat32(detail.series, 7);
  const [curve] = await getActivityCurves(userId, [activityId]);
  return {
    status: 'ok',
    header,
    series: {
      t: Array.from(t),
      distanceKm: Array.from(distance, (metres) => round(3)(metres / 1000)),
      altitudeM: Array.from(altitude, round(1)),
      power: Array.from(power, Math.round),
      speedKmh: Array.from(speed, (mps) => round(1)(mps * 3.6)),
      heartRate: Array.from(heartRate, Math.round),
      cadence: Array.from(cadence, Math.round),
    },
    curve: curve ? toCurveView(curve) : null,
  };
}
