import { and, eq, inArray, min, sql } from 'drizzle-orm';
import { db, type Transaction } from '~/db/client.server';
import { activities, riderPowerModels, riderRecompute } from '~/db/schema';
import { dayOf } from '~/lib/activities/training-load';
import { recomputeRideThresholds } from './ftp.server';
import { invalidateRiderPage } from '~/db/rider-reads.server';
import { recomputeTrainingDays } from './training-load.server';
import { defineJob, enqueueJob, removeJobsWithKey } from '../platform/jobs.server';

/**
 * The rider recomputation (decision 141): after anything that changes the threshold in force or
 * a ride's load (an upload, a deleted ride, a profile FTP, an undone detection, an upgrade of
 * stored figures), the rides from a time on get their threshold, IF, load and detections again,
 * and fitness and fatigue are rewritten from that day. It runs as a job of the durable queue
 * (decision 130), never in the request. The earliest such time is kept per rider in
 * `rider_recompute`, so requests coalesce (one queued job per rider reads the earliest) and a
 * crash loses nothing: the row goes only once the work it asked for is done, and rows left by a
 * process that died before queueing are queued again at start.
 */

/** The job: the rider's pending recomputation (idempotent: a run that finds none does nothing). */
const riderRecomputeJob = defineJob<{ userId: string }>('activities.rider-recompute', ({ userId }) => runRecompute(userId));

/** At an account's erasure (inside its transaction): its recomputation jobs, whose key and payload name it. */
export async function forgetRecomputeJobs(tx: Transaction, userId: string): Promise<void> {
  await removeJobsWithKey(tx, riderRecomputeJob, userId);
}

/** Keeps the earliest time from which the rider's rides must be recomputed (inside `tx` when given). */
export async function markForRecompute(userId: string, from: Date, tx?: Transaction): Promise<void> {
  const requestedAt = new Date();
  await (tx ?? db())
    .insert(riderRecompute)
    .values({ userId, fromAt: from, requestedAt })
    .onConflictDoUpdate({ target: riderRecompute.userId, set: { fromAt: sql`least(${riderRecompute.fromAt}, excluded.from_at)`, requestedAt } });
}

/** Queues the rider's recomputation (at most one queued job per rider: it reads the earliest mark). */
export async function queueRecompute(userId: string): Promise<void> {
  await enqueueJob(riderRecomputeJob, { userId }, { singletonKey: userId });
}

/** Asks for the rider's rides from `from` on to be recomputed by the queue. */
export async function requestRecompute(userId: string, from: Date): Promise<void> {
  await markForRecompute(userId, from);
  await queueRecompute(userId);
}

/** At start: queues the recomputations a process marked but did not live to queue. */
export async function queueMarkedRecomputes(): Promise<number> {
  const marked = await db().select({ userId: riderRecompute.userId }).from(riderRecompute);
  for (const { userId } of marked) await queueRecompute(userId);
  return marked.length;
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
