import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import { db } from '~/db/client.server';
import { activities, activityDetails, riderPowerModels } from '~/db/schema';
import { addDays, dayOf } from '~/lib/activities/training-load';
import { MODEL_WINDOWS_DAYS } from '~/lib/constants';
import { mergeCurves } from '~/lib/power/power-curve';
import { fitCurve, MODEL_TO_S, type PowerModel } from '~/lib/power/power-duration-model';
import { cachedRiderPage } from '~/db/rider-reads.server';

/**
 * The rider's power-duration model over the last 42 and 90 days (decision 143), fitted to the
 * mean-max curve of the rides started in each window and kept in `rider_power_models` with the
 * day it was fitted for. An upload or a deleted ride removes the rows; a read on a later day
 * finds them stale. Either way the next read fits again, once, from the first 20 minutes of
 * each ride's stored curve (all the model reads): about 5 kB a ride.
 */

export interface WindowModel {
  windowDays: number;
  model: PowerModel | null;
}

/**
 * The element-wise best of the curves of the rides started on or after `fromDay`, up to 20 minutes.
 * The rides first, then their curves by ride id: a join would read `activity_details` whole (its
 * rows name their ride, not their rider), and any rider's upload would stale every page that
 * fitted a model (decision 145).
 */
async function windowCurve(userId: string, fromDay: string): Promise<Float64Array> {
  const prefixBytes = MODEL_TO_S * 4;
  const rides = await db()
    .select({ id: activities.id, startedAt: activities.startedAt })
    .from(activities)
    .where(and(eq(activities.userId, userId), gte(activities.startedAt, new Date(`${fromDay}T00:00:00Z`))));
  if (rides.length === 0) return new Float64Array(0);
  const curves = await db()
    .select({
      id: activityDetails.activityId,
      curve: sql`substring(${activityDetails.powerCurve} from 1 for ${prefixBytes})`.mapWith(activityDetails.powerCurve),
    })
    .from(activityDetails)
    .where(
      inArray(
        activityDetails.activityId,
        rides.map((ride) => ride.id),
      ),
    );
  const startedAt = new Map(rides.map((ride) => [ride.id, ride.startedAt]));
  const sources = curves
    .map((row) => ({ id: row.id, date: startedAt.get(row.id)!.toISOString(), watts: new Float32Array(row.curve.slice().buffer) }))
    .filter((source) => source.watts.length > 0 && source.watts[0] > 0);
  return sources.length === 0 ? new Float64Array(0) : Float64Array.from(mergeCurves(sources).watts);
}

/** Fits and stores the models of every window as of `today`. */
async function fitModels(userId: string, today: string): Promise<WindowModel[]> {
  const models: WindowModel[] = [];
  for (const windowDays of MODEL_WINDOWS_DAYS) {
    const model = fitCurve(await windowCurve(userId, addDays(today, 1 - windowDays)));
    models.push({ windowDays, model });
    await db()
      .insert(riderPowerModels)
      .values({ userId, windowDays, asOf: today, model })
      .onConflictDoUpdate({ target: [riderPowerModels.userId, riderPowerModels.windowDays], set: { asOf: today, model, fittedAt: new Date() } });
  }
  return models;
}

/** The kept models of every window as of `today`; null when one is missing or from another day. Reads only. */
async function keptModels(userId: string, today: string): Promise<WindowModel[] | null> {
  const rows = await db().select().from(riderPowerModels).where(eq(riderPowerModels.userId, userId));
  const current = MODEL_WINDOWS_DAYS.map((windowDays) => rows.find((row) => row.windowDays === windowDays && row.asOf === today));
  if (current.some((row) => row === undefined)) return null;
  return current.map((row) => ({ windowDays: row!.windowDays, model: row!.model ?? null }));
}

/** The rider's models over the last 42 and 90 days as of `now`: the kept rows, fitted again when missing or from another day. */
export async function getPowerModels(userId: string, now = new Date()): Promise<WindowModel[]> {
  const today = dayOf(now);
  return (await keptModels(userId, today)) ?? fitModels(userId, today);
}

/**
 * The models as the activities page shows them, through the rider's page cache. Only the read
 * of the kept rows is cached: a fit stores the very rows that read depends on, and a write after
 * a cached read began makes its entry stale at once (decision 145), so the fit runs outside the
 * cached read, which is then made again from the stored rows.
 */
export async function pagePowerModels(userId: string, now = new Date()): Promise<WindowModel[]> {
  const today = dayOf(now);
  const key = `power-models-${today}`;
  const kept = await cachedRiderPage(key, userId, () => keptModels(userId, today));
  if (kept) return kept;
  const fitted = await fitModels(userId, today);
  return (await cachedRiderPage(key, userId, () => keptModels(userId, today))) ?? fitted;
}
