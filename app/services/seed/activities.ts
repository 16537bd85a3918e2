import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Database } from '~/db/client.server';
import { activities, users } from '~/db/schema';
import { DEMO_USERS } from './accounts';
import { encodeRideFit, generateRide, type RideShape } from '~/lib/fit/synthetic-ride';
import { ingestActivity } from '~/services/activities/activities.server';
import { createJsonActivity } from '~/services/activities/activity-files.server';
import { recordWeight } from '~/services/activities/weight-history.server';
import { recordVerifiedMeasurement } from '~/services/staff/verified-measurements.server';

/*
 * Every write goes through the services the app itself uses (ingestion, weight history, staff
 * measurements), so the demo rides carry the figures, files and caches a real upload would.
 */

/** Encoded demo rides are cached here: encoding is the slow part, and they never change. */
const CACHE_DIR = path.resolve('data/demo-rides');
const DAY_MS = 86_400_000;
const SHAPES: RideShape[] = ['endurance', 'intervals', 'recovery', 'endurance', 'race'];
const ROUTES = ['Desert Loop', 'Corniche Sprint', 'Hatta Climb', 'Marina Circuit', 'Jebel Jais'];

interface DemoPlan {
  email: string;
  ftpW: number;
  weightKg: number;
  rides: number;
  minMinutes: number;
  maxMinutes: number;
  /** Weight over the 12 weeks, first and last (kg). */
  weightFrom: number;
  weightTo: number;
  /** The last weigh-in was done by the demo staff member, who also measured the rider's height (decision 047). */
  verifiedBy?: { staffEmail: string; heightCm: number };
}

const PLANS: DemoPlan[] = [
  { email: DEMO_USERS.rider, ftpW: 240, weightKg: 72, rides: 14, minMinutes: 30, maxMinutes: 90, weightFrom: 74.5, weightTo: 72 },
  {
    email: DEMO_USERS.pro,
    ftpW: 250,
    weightKg: 58,
    rides: 14,
    minMinutes: 40,
    maxMinutes: 100,
    weightFrom: 58.5,
    weightTo: 58,
    verifiedBy: { staffEmail: DEMO_USERS.staff, heightCm: 167.5 },
  },
  { email: DEMO_USERS.kid, ftpW: 110, weightKg: 45, rides: 6, minMinutes: 20, maxMinutes: 40, weightFrom: 44, weightTo: 45 },
];

async function demoFit(key: string, build: () => Uint8Array): Promise<Uint8Array> {
  const file = path.join(CACHE_DIR, `${key}.fit`);
  try {
    return new Uint8Array(await readFile(file));
  } catch {
    const bytes = build();
    await mkdir(CACHE_DIR, { recursive: true });
    await writeFile(file, bytes);
    return bytes;
  }
}

/** Rides go back 12 weeks from the most recent Monday 06:00 UTC, so the demo stays current. */
function rideStart(index: number, count: number): Date {
  const now = new Date();
  const anchor = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 6);
  const spacingDays = Math.floor(84 / count);
  return new Date(anchor - (count - index) * spacingDays * DAY_MS + (index % 3) * 5 * 3_600_000);
}

async function seedRider(database: Database, plan: DemoPlan): Promise<void> {
  const userId = await userIdOf(database, plan.email);
  if (!userId) return;
  const [existing] = await database.select({ id: activities.id }).from(activities).where(eq(activities.userId, userId)).limit(1);
  if (existing) return;
  const staffId = plan.verifiedBy ? await userIdOf(database, plan.verifiedBy.staffEmail) : null;
  // Before the rides: each ride's W/kg uses the weight that applied on its date.
  for (let week = 0; week <= 12; week += 3) {
    const weightKg = Math.round((plan.weightFrom + ((plan.weightTo - plan.weightFrom) * week) / 12) * 10) / 10;
    const at = new Date(Date.now() - (12 - week) * 7 * DAY_MS - 13 * DAY_MS);
    if (week === 12 && plan.verifiedBy && staffId) {
      await recordVerifiedMeasurement({ riderId: userId, staffId, measuredAt: at, weightKg, heightCm: plan.verifiedBy.heightCm });
    } else {
      await recordWeight(userId, weightKg, at);
    }
  }
  for (let index = 0; index < plan.rides; index++) {
    const shape = SHAPES[index % SHAPES.length];
    const minutes = plan.minMinutes + ((index * 37) % (plan.maxMinutes - plan.minMinutes + 1));
    const seed = (plan.ftpW * 1000 + index) >>> 0;
    const start = rideStart(index, plan.rides);
    const bytes = await demoFit(`${start.toISOString().slice(0, 13)}-${plan.ftpW}-${index}-${minutes}-${shape}`, () =>
      encodeRideFit(
        generateRide({
          seed,
          start,
          durationS: minutes * 60,
          ftpW: plan.ftpW,
          weightKg: plan.weightKg,
          shape,
          pauses: index % 4 === 1 ? [{ atS: Math.floor(minutes * 30), forS: 180 }] : [],
        }),
      ),
    );
    await ingestActivity(userId, bytes, {
      type: shape === 'race' ? 'event' : shape === 'intervals' ? 'workout' : 'ride',
      title: shape === 'race' ? 'Sunday Race Club' : shape === 'intervals' ? '4×4 VO2 Intervals' : undefined,
      routeName: ROUTES[index % ROUTES.length],
    });
  }
  // One workout from another app, kept as JSON (no per-second rows): downloads as activity.json.
  await createJsonActivity(userId, {
    title: 'Strength & Mobility',
    type: 'workout',
    startedAt: new Date(rideStart(plan.rides - 1, plan.rides).getTime() + 2 * DAY_MS),
    distanceM: 0,
    timerS: 1800,
    platform: 'Other app',
  });
}

async function userIdOf(database: Database, email: string): Promise<string | null> {
  const [user] = await database.select({ id: users.id }).from(users).where(eq(users.email, email));
  return user?.id ?? null;
}

export async function seedActivities(database: Database): Promise<void> {
  for (const plan of PLANS) await seedRider(database, plan);
}
