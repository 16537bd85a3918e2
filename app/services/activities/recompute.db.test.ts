import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { activities, ftpHistory, riderRecompute } from '~/db/schema';
import { setUpTestDatabase } from '../../../tests/helpers/db';
import { createTestUser } from '../../../tests/helpers/users';
import { ingestActivity } from './activities.server';
import { setFtp } from './ftp-history.server';
import { markForRecompute, queueMarkedRecomputes } from './recompute.server';

const { db } = setUpTestDatabase();
const GARMIN_BPG = new Uint8Array(readFileSync(path.resolve('tests/fixtures/fit/garmin-bpg.fit')));

async function recomputeJobs(userId: string) {
  const result = await db().execute(sql`SELECT state FROM pgboss.job WHERE name = 'activities.rider-recompute' AND data->>'userId' = ${userId}`);
  return (result as { rows?: Array<{ state: string }> }).rows ?? (result as Array<{ state: string }>);
}

describe('the rider recomputation runs on the job queue (decisions 130 and 141)', () => {
  it('a profile FTP is recomputed by a queued job, and its request is cleared once done', async () => {
    const rider = await createTestUser({ weightKg: 70 });
    await ingestActivity(rider.id, GARMIN_BPG);
    await setFtp(rider.id, 300, new Date('2020-01-01T00:00:00Z'));
    const states = (await recomputeJobs(rider.id)).map((row) => row.state);
    expect(states.length).toBeGreaterThanOrEqual(2);
    expect(states.every((state) => state === 'completed')).toBe(true);
    expect(await db().select().from(riderRecompute).where(eq(riderRecompute.userId, rider.id))).toEqual([]);
    const [ride] = await db().select({ ftp: activities.ftpW }).from(activities).where(eq(activities.userId, rider.id));
    expect(ride.ftp).toBe(300);
  });

  it('requests coalesce to the earliest time, and a request marked but never queued is queued at start', async () => {
    const rider = await createTestUser({ weightKg: 70 });
    await ingestActivity(rider.id, GARMIN_BPG);
    // A process writes a profile FTP and marks the rides, then dies before queueing the job.
    await db()
      .insert(ftpHistory)
      .values({ userId: rider.id, ftpW: 320, recordedAt: new Date('2020-06-01T00:00:00Z'), source: 'profile' });
    await markForRecompute(rider.id, new Date('2020-09-01T00:00:00Z'));
    await markForRecompute(rider.id, new Date('2020-06-01T00:00:00Z'));
    const [marked] = await db().select({ fromAt: riderRecompute.fromAt }).from(riderRecompute).where(eq(riderRecompute.userId, rider.id));
    expect(marked.fromAt).toEqual(new Date('2020-06-01T00:00:00Z'));
    const [stale] = await db().select({ ftp: activities.ftpW }).from(activities).where(eq(activities.userId, rider.id));
    expect(stale.ftp).toBe(284); // the threshold its head unit wrote

    expect(await queueMarkedRecomputes()).toBeGreaterThanOrEqual(1);
    const [fresh] = await db().select({ ftp: activities.ftpW }).from(activities).where(eq(activities.userId, rider.id));
    expect(fresh.ftp).toBe(320);
    expect(await db().select().from(riderRecompute).where(eq(riderRecompute.userId, rider.id))).toEqual([]);
  });
});
