import { and, asc, desc, eq, gte, lt, lte, sql } from 'drizzle-orm';
import { db } from '~/db/client.server';
import { activities, riderTrainingDays } from '~/db/schema';
import { dailySeries, trainingDays, type SeriesPoint, type TrainingDay } from '~/lib/activities/training-load';

/**
 * The rider's fitness, fatigue and form (decision 142), kept in `rider_training_days`: one row per
 * UTC day with training load, holding that day's load and the fitness and fatigue at its end.
 * Days without load are exact decays of the day before them, computed on read, so the rows grow
 * with the days ridden, not the days elapsed.
 */

async function lastDayBefore(userId: string, day: string): Promise<TrainingDay | null> {
  const [row] = await db()
    .select({ day: riderTrainingDays.day, load: riderTrainingDays.load, fitness: riderTrainingDays.fitness, fatigue: riderTrainingDays.fatigue })
    .from(riderTrainingDays)
    .where(and(eq(riderTrainingDays.userId, userId), lt(riderTrainingDays.day, day)))
    .orderBy(desc(riderTrainingDays.day))
    .limit(1);
  return row ?? null;
}

/**
 * Rewrites the rider's days from `fromDay` on from the loads of the rides started then or later
 * (one grouped read of those rides, never all of them), continuing from the last day before.
 */
export async function recomputeTrainingDays(userId: string, fromDay: string): Promise<void> {
  const day = sql<string>`to_char(${activities.startedAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const [before, loads] = await Promise.all([
    lastDayBefore(userId, fromDay),
    db()
      .select({ day, load: sql<number>`coalesce(sum(${activities.trainingLoad}::float8), 0)` })
      .from(activities)
      .where(and(eq(activities.userId, userId), gte(activities.startedAt, new Date(`${fromDay}T00:00:00Z`))))
      .groupBy(day)
      .orderBy(day),
  ]);
  const days = trainingDays(
    before,
    loads.map((row) => ({ day: row.day, load: Number(row.load) })),
  );
  await db().transaction(async (tx) => {
    await tx.delete(riderTrainingDays).where(and(eq(riderTrainingDays.userId, userId), gte(riderTrainingDays.day, fromDay)));
    if (days.length > 0) await tx.insert(riderTrainingDays).values(days.map((row) => ({ userId, ...row })));
  });
}

/** One point per day from `from` to `to` (ISO days, both included): two indexed reads. */
export async function getFitnessSeries(userId: string, from: string, to: string): Promise<SeriesPoint[]> {
  const [before, stored] = await Promise.all([
    lastDayBefore(userId, from),
    db()
      .select({ day: riderTrainingDays.day, load: riderTrainingDays.load, fitness: riderTrainingDays.fitness, fatigue: riderTrainingDays.fatigue })
      .from(riderTrainingDays)
      .where(and(eq(riderTrainingDays.userId, userId), gte(riderTrainingDays.day, from), lte(riderTrainingDays.day, to)))
      .orderBy(asc(riderTrainingDays.day)),
  ]);
  return dailySeries(before, stored, from, to);
}
