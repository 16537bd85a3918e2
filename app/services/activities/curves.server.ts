import { and, desc, eq, gte, inArray, lt } from 'drizzle-orm';
import { mergeCurves } from '~/lib/power/power-curve';
import { db } from '~/db/client.server';
import { activities, activityDetails, riderPowerBests } from '~/db/schema';
import { isUuid } from '~/lib/domain/ids';

/** A curve as the power panel draws it: watts and W/kg per duration, with the date of each best. */
export interface CurveLine {
  id: string;
  label: string;
  watts: number[];
  wattsPerKg: number[];
  dates: string[];
}

const round1 = (value: number) => Math.round(value * 10) / 10;
const round2 = (value: number) => Math.round(value * 100) / 100;

function toFloat32(bytes: Uint8Array): Float32Array {
  return new Float32Array(bytes.slice().buffer);
}

/** The all-time curve: the cached element-wise maximum, each point with its ride's date and weight. */
export async function getAllTimeCurve(userId: string): Promise<CurveLine | null> {
  const [best] = await db().select().from(riderPowerBests).where(eq(riderPowerBests.userId, userId));
  if (!best) return null;
  const watts = toFloat32(best.watts);
  const sourceIndex = new Uint16Array(best.sourceIndex.slice().buffer);
  const ids = best.sources.map((source) => source.id);
  const weights = ids.length
    ? // The rider's key in the WHERE keeps this read to the rider's rows (decision 145).
      await db()
        .select({ id: activities.id, weightKg: activities.weightKg })
        .from(activities)
        .where(and(eq(activities.userId, userId), inArray(activities.id, ids)))
    : [];
  const weightOf = new Map(weights.map((row) => [row.id, row.weightKg]));
  const line: CurveLine = { id: 'all-time', label: 'All TIME', watts: [], wattsPerKg: [], dates: [] };
  for (let i = 0; i < watts.length; i++) {
    const source = best.sources[sourceIndex[i]];
    const weight = weightOf.get(source.id) ?? null;
    line.watts.push(round1(watts[i]));
    line.wattsPerKg.push(weight ? round2(watts[i] / weight) : 0);
    line.dates.push(source.date);
  }
  return line;
}

/** The ticked rides' own curves (spec 2 §7 power-curve: activityFileIds), owner only. */
export async function getActivityCurves(userId: string, activityIds: string[]): Promise<CurveLine[]> {
  const ids = activityIds.filter((id) => isUuid(id));
  if (ids.length === 0) return [];
  const rows = await db()
    .select({ id: activities.id, startedAt: activities.startedAt, weightKg: activities.weightKg, curve: activityDetails.powerCurve })
    .from(activities)
    .innerJoin(activityDetails, eq(activityDetails.activityId, activities.id))
    .where(and(eq(activities.userId, userId), inArray(activities.id, ids)));
  return ids.flatMap((id) => {
    const row = rows.find((candidate) => candidate.id === id);
    return row ? [rideCurveLine(row)] : [];
  });
}

/** One ride's own curve from its stored bytes, W/kg at the ride's weight. */
export function rideCurveLine(row: { id: string; startedAt: Date; weightKg: number | null; curve: Uint8Array }): CurveLine {
  const watts = Array.from(toFloat32(row.curve), round1);
  const date = row.startedAt.toISOString();
  return {
    id: row.id,
    label: date.slice(0, 10),
    watts,
    wattsPerKg: watts.map((value) => (row.weightKg ? round2(value / row.weightKg) : 0)),
    dates: watts.map(() => date),
  };
}

/**
 * The best curve of the rides started in [from, to): the element-wise maximum of their cached
 * curves, each point with the ride it came from (its date, and its weight for W/kg).
 */
export async function getRangeCurve(userId: string, from: Date, to: Date, label: string): Promise<CurveLine | null> {
  const rows = await db()
    .select({ id: activities.id, startedAt: activities.startedAt, weightKg: activities.weightKg, curve: activityDetails.powerCurve })
    .from(activities)
    .innerJoin(activityDetails, eq(activityDetails.activityId, activities.id))
    .where(and(eq(activities.userId, userId), gte(activities.startedAt, from), lt(activities.startedAt, to)));
  const sources = rows
    .map((row) => ({ id: row.id, date: row.startedAt.toISOString(), watts: toFloat32(row.curve) }))
    .filter((source) => source.watts.length > 0 && source.watts[0] > 0);
  if (sources.length === 0) return null;
  const merged = mergeCurves(sources);
  const weightOf = new Map(rows.map((row) => [row.id, row.weightKg]));
  return {
    id: 'range',
    label,
    watts: merged.watts.map(round1),
    wattsPerKg: merged.watts.map((watts, i) => {
      const weight = weightOf.get(merged.ids[i]) ?? null;
      return weight ? round2(watts / weight) : 0;
    }),
    dates: merged.dates,
  };
}

/** Rides averaged into the "overall average" graph shown when nothing is ticked. */
const AVERAGE_CURVE_RIDES = 20;

/**
 * Mean of the latest rides' curves per duration (only rides at least that long count). The
 * latest activities come from the (user, date) index first, so a rider with 100,000 rows
 * costs a 20-row read, not a join over all of them.
 */
export async function getAverageCurve(userId: string): Promise<CurveLine | null> {
  const latest = await db()
    .select({ id: activities.id, weightKg: activities.weightKg })
    .from(activities)
    .where(eq(activities.userId, userId))
    .orderBy(desc(activities.startedAt), desc(activities.id))
    .limit(AVERAGE_CURVE_RIDES);
  if (latest.length === 0) return null;
  const details = await db()
    .select({ id: activityDetails.activityId, curve: activityDetails.powerCurve })
    .from(activityDetails)
    .where(
      inArray(
        activityDetails.activityId,
        latest.map((row) => row.id),
      ),
    );
  const rows = details.map((detail) => ({ curve: detail.curve, weightKg: latest.find((row) => row.id === detail.id)?.weightKg ?? null }));
  const curves = rows.map((row) => ({ watts: toFloat32(row.curve), weightKg: row.weightKg })).filter((curve) => curve.watts.length > 0 && curve.watts[0] > 0);
  if (curves.length === 0) return null;
  const length = Math.max(...curves.map((curve) => curve.watts.length));
  const line: CurveLine = { id: 'average', label: 'Overall average', watts: [], wattsPerKg: [], dates: [] };
  for (let i = 0; i < length; i++) {
    let watts = 0;
    let perKg = 0;
    let count = 0;
    for (const curve of curves) {
      if (i >= curve.watts.length) continue;
      watts += curve.watts[i];
      perKg += curve.weightKg ? curve.watts[i] / curve.weightKg : 0;
      count++;
    }
    line.watts.push(round1(watts / count));
    line.wattsPerKg.push(round2(perKg / count));
    line.dates.push('');
  }
  return line;
}
