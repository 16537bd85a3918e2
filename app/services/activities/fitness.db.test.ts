import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { activities, riderPowerModels, riderTrainingDays } from '~/db/schema';
import { FATIGUE_DAYS, FITNESS_DAYS } from '~/lib/constants';
import { encodeRideFit, generateRide, type RideShape } from '~/lib/fit/synthetic-ride';
import { setUpTestDatabase } from '../../../tests/helpers/db';
import { queriesOf } from '../../../tests/helpers/query-count';
import { createTestUser } from '../../../tests/helpers/users';
import { ingestActivity } from './activities.server';
import { setFtp } from './ftp-history.server';
import { getPowerModels } from './power-models.server';
import { ridesRemoved } from './recompute.server';
import { getFitnessSeries } from './training-load.server';

const { db } = setUpTestDatabase();
const DAY_MS = 86_400_000;

function rideOn(day: string, minutes: number, shape: RideShape, seed: number): Uint8Array {
  return encodeRideFit(generateRide({ seed, start: new Date(`${day}T07:00:00Z`), durationS: minutes * 60, ftpW: 250, weightKg: 70, shape }));
}

/** The series the slow way: every day from the first, each day's load summed from the stored rides. */
async function denseSeries(userId: string, from: string, to: string) {
  const rides = await db().select({ startedAt: activities.startedAt, load: activities.trainingLoad }).from(activities).where(eq(activities.userId, userId));
  const loadOf = new Map<string, number>();
  for (const ride of rides) {
    const day = ride.startedAt.toISOString().slice(0, 10);
    loadOf.set(day, (loadOf.get(day) ?? 0) + (ride.load ?? 0));
  }
  const first = [from, ...loadOf.keys()].sort()[0];
  let fitness = 0;
  let fatigue = 0;
  const points: Array<{ day: string; fitness: number; fatigue: number; form: number }> = [];
  for (let time = Date.parse(`${first}T00:00:00Z`); time <= Date.parse(`${to}T00:00:00Z`); time += DAY_MS) {
    const day = new Date(time).toISOString().slice(0, 10);
    const form = fitness - fatigue;
    const load = loadOf.get(day) ?? 0;
    fitness += (load - fitness) / FITNESS_DAYS;
    fatigue += (load - fatigue) / FATIGUE_DAYS;
    if (day >= from) points.push({ day, fitness, fatigue, form });
  }
  return points;
}

async function expectSeriesToBeDense(userId: string, from: string, to: string) {
  const series = await getFitnessSeries(userId, from, to);
  const dense = await denseSeries(userId, from, to);
  expect(series.map((point) => point.day)).toEqual(dense.map((point) => point.day));
  // Loads are stored as float4: the database's sum and this one differ in the seventh digit.
  series.forEach((point, index) => {
    expect(point.fitness).toBeCloseTo(dense[index].fitness, 4);
    expect(point.fatigue).toBeCloseTo(dense[index].fatigue, 4);
    expect(point.form).toBeCloseTo(dense[index].form, 4);
  });
}

describe('fitness, fatigue and form kept in the database (decision 142)', () => {
  it('keeps a row per day with load only, and reads the same series as summing every day from the first ride', async () => {
    const rider = await createTestUser({ weightKg: 70 });
    await ingestActivity(rider.id, rideOn('2026-02-02', 45, 'intervals', 1));
    await ingestActivity(rider.id, rideOn('2026-02-02', 30, 'recovery', 2));
    await ingestActivity(rider.id, rideOn('2026-02-10', 60, 'endurance', 3));
    await ingestActivity(rider.id, rideOn('2026-03-20', 40, 'race', 4));
    const days = await db()
      .select({ day: riderTrainingDays.day })
      .from(riderTrainingDays)
      .where(eq(riderTrainingDays.userId, rider.id))
      .orderBy(asc(riderTrainingDays.day));
    expect(days.map((row) => row.day)).toEqual(['2026-02-02', '2026-02-10', '2026-03-20']);
    await expectSeriesToBeDense(rider.id, '2026-01-25', '2026-04-30');
    // Reading any range costs two indexed reads, however many rides there are.
    const { queries } = await queriesOf(() => getFitnessSeries(rider.id, '2026-02-15', '2026-05-15'));
    expect(queries).toHaveLength(2);
  });

  it('an older ride uploaded later rewrites the days from its own on, and leaves the days before it as they were', async () => {
    const rider = await createTestUser({ weightKg: 70 });
    await ingestActivity(rider.id, rideOn('2026-01-05', 40, 'endurance', 5));
    await ingestActivity(rider.id, rideOn('2026-01-20', 40, 'intervals', 6));
    const [january5] = await db()
      .select()
      .from(riderTrainingDays)
      .where(and(eq(riderTrainingDays.userId, rider.id), eq(riderTrainingDays.day, '2026-01-05')));
    const before = await getFitnessSeries(rider.id, '2026-01-20', '2026-01-20');
    await ingestActivity(rider.id, rideOn('2026-01-12', 50, 'race', 7));
    const [january5After] = await db()
      .select()
      .from(riderTrainingDays)
      .where(and(eq(riderTrainingDays.userId, rider.id), eq(riderTrainingDays.day, '2026-01-05')));
    expect(january5After).toEqual(january5);
    const after = await getFitnessSeries(rider.id, '2026-01-20', '2026-01-20');
    expect(after[0].fitness).toBeGreaterThan(before[0].fitness);
    await expectSeriesToBeDense(rider.id, '2026-01-01', '2026-02-10');
  });

  it('follows the loads when the threshold in force changes, and when rides are removed', async () => {
    const rider = await createTestUser({ weightKg: 70 });
    for (const [day, seed] of [
      ['2026-04-01', 8],
      ['2026-04-03', 9],
      ['2026-04-06', 10],
    ] as const)
      await ingestActivity(rider.id, rideOn(day, 45, 'endurance', seed));
    const before = await getFitnessSeries(rider.id, '2026-04-10', '2026-04-10');
    // A higher threshold from April 2nd on: lower loads from then (load goes with 1/FTP²).
    await setFtp(rider.id, 400, new Date('2026-04-02T00:00:00Z'));
    const after = await getFitnessSeries(rider.id, '2026-04-10', '2026-04-10');
    expect(after[0].fitness).toBeLessThan(before[0].fitness);
    await expectSeriesToBeDense(rider.id, '2026-03-30', '2026-04-20');

    const [last] = await db()
      .select({ id: activities.id, startedAt: activities.startedAt })
      .from(activities)
      .where(and(eq(activities.userId, rider.id)))
      .orderBy(asc(activities.startedAt))
      .offset(2);
    await db().delete(activities).where(eq(activities.id, last.id));
    await ridesRemoved(rider.id, last.startedAt);
    const rows = await db().select({ day: riderTrainingDays.day }).from(riderTrainingDays).where(eq(riderTrainingDays.userId, rider.id));
    expect(rows.map((row) => row.day).sort()).toEqual(['2026-04-01', '2026-04-03']);
    await expectSeriesToBeDense(rider.id, '2026-03-30', '2026-04-20');
  });
});

describe('the power-duration models of the last 42 and 90 days (decision 143)', () => {
  it('are fitted once per day and again after an upload, from the rides of each window', async () => {
    const rider = await createTestUser({ weightKg: 70 });
    const now = new Date('2026-06-30T12:00:00Z');
    await ingestActivity(rider.id, rideOn('2026-06-20', 40, 'race', 11));
    await ingestActivity(rider.id, rideOn('2026-04-20', 40, 'intervals', 12));
    const fitted = await getPowerModels(rider.id, now);
    expect(fitted.map((entry) => entry.windowDays)).toEqual([42, 90]);
    expect(fitted[0].model?.eftpW).toBeGreaterThan(0);
    // The April ride is only in the 90-day window.
    expect(fitted[1].model).not.toEqual(fitted[0].model);
    const { result: kept, queries } = await queriesOf(() => getPowerModels(rider.id, now));
    expect(kept).toEqual(fitted);
    expect(queries).toHaveLength(1);

    await ingestActivity(rider.id, rideOn('2026-06-25', 30, 'recovery', 13));
    expect(await db().select().from(riderPowerModels).where(eq(riderPowerModels.userId, rider.id))).toEqual([]);
    // Another day fits again, as of that day.
    await getPowerModels(rider.id, new Date('2026-08-01T12:00:00Z'));
    const stored = await db().select({ asOf: riderPowerModels.asOf }).from(riderPowerModels).where(eq(riderPowerModels.userId, rider.id));
    expect(stored).toEqual([{ asOf: '2026-08-01' }, { asOf: '2026-08-01' }]);
  });
});
