import { and, eq, inArray, min, sql } from 'drizzle-orm';
import { db } from '~/db/client.server';
import { activities, riderPowerModels, riderRecompute } from '~/db/schema';
import { dayOf } from '~/lib/activities/training-load';
import { recomputeRideThresholds } from './ftp.server';
import { invalidateRiderPage } from './page-cache.server';
import { recomputeTrainingDays } from './training-load.server';

/**
 * The rider recomputation (decision 141): after anything that changes the threshold in force or
 * a ride's load (an upload, a deleted ride, a profile FTP, an undone detection, an upgrade of
 * stored figures), the rides from a time on get their threshold, IF, load and detections again,
 * and fitness and fatigue are rewritten from that day. The earliest such time is kept per rider
 * in `rider_recompute`, so requests coalesce and a crash loses nothing: the row goes only once
 * the work it asked for is done.
 */

/** Asks for the rider's rides from `from` on to be recomputed, and runs the recomputation. */
export async function requestRecompute(userId: string, from: Date): Promise<void> {
  const requestedAt = new Date();
  await db()
    .insert(riderRecompute)
    .values({ userId, fromAt: from, requestedAt })
    .onConflictDoUpdate({ target: riderRecompute.userId, set: { fromAt: sql`least(${riderRecompute.fromAt}, excluded.from_at)`, requestedAt } });
  await runRecompute(userId);
}

/**
 * Runs the rider's pending recomputation, if any. Idempotent: it may run twice. The request is
 * cleared only if no newer one arrived while it ran (that one runs next).
 */
export async function runRecompute(userId: string): Promise<void> {
  const [pending] = await db().select().from(riderRecompute).where(eq(riderRecompute.userId, userId));
  if (!pending) return;
  await recomputeRideThresholds(userId, pending.fromAt);
  await recomputeTrainingDays(userId, dayOf(pending.fromAt));
  invalidateRiderPage(userId);
  await db()
    .delete(riderRecompute)
    .where(and(eq(riderRecompute.userId, userId), eq(riderRecompute.fromAt, pending.fromAt), eq(riderRecompute.requestedAt, pending.requestedAt)));
}

/** The earliest start of some of the rider's rides (null: none): where removing them changes things from. */
export async function earliestStart(userId: string, activityIds: string[]): Promise<Date | null> {
  if (activityIds.length === 0) return null;
  const [row] = await db()
    .select({ at: min(activities.startedAt) })
    .from(activities)
    .where(and(eq(activities.userId, userId), inArray(activities.id, activityIds)));
  return row?.at ?? null;
}

/** After rides were deleted: the models are fitted again and the rides and fitness from `from` recomputed. */
export async function ridesRemoved(userId: string, from: Date): Promise<void> {
  await db().delete(riderPowerModels).where(eq(riderPowerModels.userId, userId));
  await requestRecompute(userId, from);
}
