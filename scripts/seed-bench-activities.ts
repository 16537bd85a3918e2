// Creates bench@paceline.local with BENCH_ACTIVITIES (default 100,000) activity rows and their
// rollups: the `seed` of bench/pages/activities.mjs, run by `npm run bench` on its throwaway
// database. By hand, on a separate PGLITE_DIR (or DATABASE_URL):
//   PGLITE_DIR=data/bench-pglite npx tsx scripts/seed-bench-activities.ts
import { eq, sql } from 'drizzle-orm';
import { db } from '~/db/client.server';
import { users } from '~/db/schema';
import { DEMO_PASSWORD } from '~/services/seed/accounts';
import { hashPassword } from '~/services/accounts/password.server';
import { startServices, stopServices } from '~/services/platform/startup.server';
import { recomputeTrainingDays } from '~/services/activities/training-load.server';

export const BENCH_EMAIL = 'bench@paceline.local';
const count = Number(process.env.BENCH_ACTIVITIES ?? 100_000);
// Never the demo database when run by hand.
if (!process.env.DATABASE_URL) process.env.PGLITE_DIR ??= 'data/bench-pglite';

await startServices({ seed: true });
const database = db();
const [existing] = await database.select({ id: users.id }).from(users).where(eq(users.email, BENCH_EMAIL));
let userId = existing?.id;
if (!userId) {
  const [user] = await database
    .insert(users)
    .values({
      email: BENCH_EMAIL,
      passwordHash: await hashPassword(DEMO_PASSWORD),
      firstname: 'Bench',
      lastname: 'Rider',
      status: 'active',
      weightKg: 70,
      heightCm: 178,
    })
    .returning({ id: users.id });
  userId = user.id;
}
const started = performance.now();
await database.execute(sql`delete from activities where user_id = ${userId}`);
await database.execute(sql`delete from rider_daily_totals where user_id = ${userId}`);
await database.execute(sql`delete from rider_activity_totals where user_id = ${userId}`);
await database.execute(sql`delete from rider_training_days where user_id = ${userId}`);
// One ride every ~53 minutes back from now: 100,000 rides span about ten years.
await database.execute(sql`
  insert into activities (user_id, type, title, route_name, started_at, file_type, distance_m, elevation_m, timer_s, elapsed_s,
    avg_power_w, avg_watts_per_kg, avg_heart_rate, avg_speed_kmh, normalized_power_w, training_load)
  select ${userId}, (array['ride','workout','event'])[1 + (g % 3)], 'Bench ride ' || g, 'Desert Loop',
    now() - (g * interval '53 minutes'), 'json', 20000 + (g % 40) * 1000, 100 + (g % 50) * 5, 3600, 3600,
    150 + (g % 100), (150 + (g % 100)) / 70.0, 130 + (g % 30), 30, 160 + (g % 100), 40 + (g % 60)
  from generate_series(1, ${count}) as g`);
await database.execute(sql`
  insert into rider_daily_totals (user_id, day, rides, races, distance_m, time_s, elevation_m, longest_ride_m)
  select user_id, (started_at at time zone 'UTC')::date, count(*), count(*) filter (where type = 'event'),
    sum(distance_m), sum(timer_s), sum(elevation_m), max(distance_m)
  from activities where user_id = ${userId} group by 1, 2`);
await database.execute(sql`
  insert into rider_activity_totals (user_id, type, count, distance_m, time_s, elevation_m)
  select user_id, type, count(*), sum(distance_m), sum(timer_s), sum(elevation_m)
  from activities where user_id = ${userId} group by 1, 2`);
// Fitness and fatigue over the ten years, as the rider recomputation keeps them (decision 142).
await recomputeTrainingDays(userId, '1970-01-01');
await database.execute(sql`analyze activities`);
console.log(`${count} activities for ${BENCH_EMAIL} in ${Math.round(performance.now() - started)} ms`);
await stopServices();
