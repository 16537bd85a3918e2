import { and, asc, desc, eq, gte, lt, lte, max } from 'drizzle-orm';
import { db } from '~/db/client.server';
import { activities, ftpHistory, users } from '~/db/schema';
import { deriveFtp } from '~/lib/activities/rider-level';
import { figuresAtFtp } from '~/lib/power/analyse-ride';
import { invalidateRiderPage } from './page-cache.server';

/**
 * The FTP in force at a ride's date (decision 106): the value the rider set on the profile
 * at or before that time, else 95 % of the best 20 minutes of the rides started before it, else
 * the 2.5 W/kg default at the ride's weight. A ride's FTP never depends on later rides, so its
 * stored load does not change with upload order.
 */

interface SetFtp {
  ftpW: number | null;
  recordedAt: Date;
}

/** The rider's FTP settings, oldest first. */
async function ftpSettings(userId: string): Promise<SetFtp[]> {
  return db().select({ ftpW: ftpHistory.ftpW, recordedAt: ftpHistory.recordedAt }).from(ftpHistory).where(eq(ftpHistory.userId, userId)).orderBy(asc(ftpHistory.recordedAt), asc(ftpHistory.id));
}

/** The set value in force at `at` (null: none, or the rider cleared it). */
function setValueAt(settings: SetFtp[], at: Date): number | null {
  let value: number | null = null;
  for (const setting of settings) {
    if (setting.recordedAt.getTime() > at.getTime()) break;
    value = setting.ftpW;
  }
  return value;
}

/** The best 20-minute power of the rider's rides started before `at` (0 without one). */
async function bestTwentyMinutesBefore(userId: string, at: Date): Promise<number> {
  const [row] = await db()
    .select({ best: max(activities.bestTwentyMinW) })
    .from(activities)
    .where(and(eq(activities.userId, userId), lt(activities.startedAt, at)));
  return row?.best ?? 0;
}

export async function ftpAt(userId: string, at: Date, weightKg: number | null): Promise<number> {
  const [setting] = await db()
    .select({ ftpW: ftpHistory.ftpW })
    .from(ftpHistory)
    .where(and(eq(ftpHistory.userId, userId), lte(ftpHistory.recordedAt, at)))
    .orderBy(desc(ftpHistory.recordedAt), desc(ftpHistory.id))
    .limit(1);
  return setting?.ftpW ?? deriveFtp(await bestTwentyMinutesBefore(userId, at), weightKg);
}

/** Stored figures are float4: equal to what the maths gives within its precision. */
function same(stored: number | null, computed: number | null): boolean {
  if (stored === null || computed === null) return stored === computed;
  return Math.abs(stored - computed) <= 1e-5 * Math.max(1, Math.abs(computed));
}

/**
 * Brings the FTP, IF and load of the rider's rides started at or after `from` up to the FTP in
 * force at each one's date, after something that changes it: a ride stored before them, a
 * changed setting, an upgrade of stored figures. Only rows whose figures change are written.
 * Returns how many rides changed.
 */
export async function recomputeRideFtps(userId: string, from: Date = new Date(0)): Promise<number> {
  const settings = await ftpSettings(userId);
  const rides = await db()
    .select({
      id: activities.id,
      startedAt: activities.startedAt,
      ftpW: activities.ftpW,
      weightKg: activities.weightKg,
      normalizedPowerW: activities.normalizedPowerW,
      intensity: activities.intensity,
      trainingLoad: activities.trainingLoad,
      loadDurationS: activities.loadDurationS,
      bestTwentyMinW: activities.bestTwentyMinW,
    })
    .from(activities)
    .where(and(eq(activities.userId, userId), gte(activities.startedAt, from)))
    .orderBy(asc(activities.startedAt), asc(activities.id));
  let bestBefore = await bestTwentyMinutesBefore(userId, from);
  // Rides started at the same instant are not "before" each other: their bests join after the group.
  let groupAt = Number.NaN;
  let groupBest = 0;
  let changed = 0;
  for (const ride of rides) {
    if (ride.startedAt.getTime() !== groupAt) {
      bestBefore = Math.max(bestBefore, groupBest);
      groupAt = ride.startedAt.getTime();
      groupBest = 0;
    }
    groupBest = Math.max(groupBest, ride.bestTwentyMinW ?? 0);
    const ftpW = setValueAt(settings, ride.startedAt) ?? deriveFtp(bestBefore, ride.weightKg);
    const figures = figuresAtFtp(ride.normalizedPowerW, ride.loadDurationS ?? 0, ftpW);
    if (ride.ftpW === ftpW && same(ride.intensity, figures.intensity) && same(ride.trainingLoad, figures.trainingLoad)) continue;
    // The rider's key in the WHERE keeps the write to this rider's rows (decision 145).
    await db().update(activities).set(figures).where(and(eq(activities.id, ride.id), eq(activities.userId, userId)));
    changed++;
  }
  if (changed > 0) invalidateRiderPage(userId);
  return changed;
}

/**
 * Records the FTP the rider set on the profile (null: derive it from rides again), in force from
 * `at`, and brings the rides from then on to it.
 */
export async function setFtp(userId: string, ftpW: number | null, at: Date = new Date()): Promise<void> {
  await db().insert(ftpHistory).values({ userId, ftpW, recordedAt: at });
  await db().update(users).set({ ftpW }).where(eq(users.id, userId));
  await recomputeRideFtps(userId, at);
  invalidateRiderPage(userId);
}
