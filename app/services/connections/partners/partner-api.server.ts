import { desc, eq } from 'drizzle-orm';
import { db } from '~/db/client.server';
import { activities, users } from '~/db/schema';

/** What a partner with `profile:read` sees of the rider (docs/partner-api.md). No e-mail, no birth date. */
export async function partnerProfile(userId: string) {
  const [user] = await db()
    .select({ id: users.id, firstname: users.firstname, lastname: users.lastname, country: users.country, weightKg: users.weightKg, heightCm: users.heightCm })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) return null;
  const rides = await db().$count(activities, eq(activities.userId, userId));
  return {
    id: user.id,
    firstname: user.firstname,
    lastname: user.lastname,
    country: user.country,
    weight_kg: user.weightKg,
    height_cm: user.heightCm,
    activity_count: rides,
  };
}

export const PARTNER_ACTIVITIES_DEFAULT = 20;
export const PARTNER_ACTIVITIES_MAX = 50;

/** With `activities:read`: the rider's latest rides, newest first. */
export async function partnerActivities(userId: string, limit: number) {
  const rows = await db()
    .select({
      id: activities.id,
      title: activities.title,
      type: activities.type,
      startedAt: activities.startedAt,
      distanceM: activities.distanceM,
      timerS: activities.timerS,
      elevationM: activities.elevationM,
      avgPowerW: activities.avgPowerW,
      normalizedPowerW: activities.normalizedPowerW,
      platform: activities.platform,
    })
    .from(activities)
    .where(eq(activities.userId, userId))
    .orderBy(desc(activities.startedAt))
    .limit(Math.min(Math.max(1, Math.floor(limit) || 1), PARTNER_ACTIVITIES_MAX));
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    type: row.type,
    started_at: row.startedAt.toISOString(),
    distance_m: row.distanceM,
    moving_time_s: row.timerS,
    elevation_m: row.elevationM,
    average_watts: row.avgPowerW,
    normalized_watts: row.normalizedPowerW,
    platform: row.platform,
  }));
}
