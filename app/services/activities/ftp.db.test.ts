import { readFileSync } from 'node:fs';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { activities, ftpHistory, users } from '~/db/schema';
import { deriveFtp } from '~/lib/activities/rider-level';
import { analyseRide } from '~/lib/power/analyse-ride';
import { readRide } from '~/lib/fit/read-ride';
import { useTestDatabase } from '../../../tests/helpers/db';
import { createTestUser } from '../../../tests/helpers/users';
import { ingestActivity } from './activities.server';
import { updateProfile } from '../accounts/profile.server';
import { getRiderHeader } from './rider-page.server';
import { setFtp } from './ftp.server';

const { db } = useTestDatabase();
const bytesOf = (name: string) => new Uint8Array(readFileSync(path.resolve('tests/fixtures/fit', name)));
const EDGE_810 = 'Edge810-Vector-2013-08-16-15-35-10.fit'; // 2013-08-16
const EDGE_510 = 'edge510-test.fit'; // 2015-10-12
const INDOOR = 'sample-activity-indoor-trainer.fit'; // 2011-11-02
const best20 = (name: string) => analyseRide(readRide(bytesOf(name)), null, null).bestTwentyMinW;

async function ridesOf(userId: string) {
  return db()
    .select({ startedAt: activities.startedAt, ftp: activities.ftpW, intensity: activities.intensity, load: activities.trainingLoad })
    .from(activities)
    .where(eq(activities.userId, userId))
    .orderBy(asc(activities.startedAt));
}

describe('FTP in force at the ride\'s date (decision 106)', () => {
  it('derives each ride\'s FTP from the rides before it only, whatever the upload order', async () => {
    const inOrder = await createTestUser({ weightKg: 70 });
    for (const file of [INDOOR, EDGE_810, EDGE_510]) await ingestActivity(inOrder.id, bytesOf(file));
    const reversed = await createTestUser({ weightKg: 70 });
    for (const file of [EDGE_510, EDGE_810, INDOOR]) await ingestActivity(reversed.id, bytesOf(file));

    const rides = await ridesOf(inOrder.id);
    // The first ride has no earlier 20-minute effort: 2.5 W/kg; then 95 % of the best so far.
    expect(rides.map((ride) => ride.ftp)).toEqual([deriveFtp(0, 70), deriveFtp(best20(INDOOR), 70), deriveFtp(Math.max(best20(INDOOR), best20(EDGE_810)), 70)]);
    expect(await ridesOf(reversed.id)).toEqual(rides);
  });

  it('uses the FTP the rider set from its time on, recomputes the rides it covers, and derives again when cleared', async () => {
    const rider = await createTestUser({ weightKg: 70 });
    for (const file of [EDGE_810, EDGE_510]) await ingestActivity(rider.id, bytesOf(file));
    const [edge810, edge510] = await ridesOf(rider.id);

    await setFtp(rider.id, 250, new Date('2014-01-01T00:00:00Z'));
    const [before, after] = await ridesOf(rider.id);
    expect(before).toEqual(edge810);
    expect(after.ftp).toBe(250);
    expect(after.intensity).toBeCloseTo((edge510.intensity ?? 0) * ((edge510.ftp ?? 0) / 250), 4);
    expect(after.load).toBeCloseTo((edge510.load ?? 0) * ((edge510.ftp ?? 0) / 250) ** 2, 2);

    await setFtp(rider.id, null, new Date('2015-01-01T00:00:00Z'));
    expect(await ridesOf(rider.id)).toEqual([edge810, edge510]);
  });

  it('takes the FTP from the profile form: dated history, the header shows it', async () => {
    const rider = await createTestUser({ weightKg: 70 });
    const profile = { firstname: 'Fay', lastname: 'Tee', country: 246, weight: 70, height: 175, marketingConsent: false };
    await updateProfile(rider.id, { ...profile, ftpW: 265 }, new Date('2026-01-02T00:00:00Z'));
    await updateProfile(rider.id, { ...profile, ftpW: 265 }, new Date('2026-01-03T00:00:00Z'));
    const [row] = await db().select().from(users).where(eq(users.id, rider.id));
    expect(row.ftpW).toBe(265);
    // Saving the form again without a change records nothing new.
    expect(await db().select({ ftpW: ftpHistory.ftpW }).from(ftpHistory).where(eq(ftpHistory.userId, rider.id))).toEqual([{ ftpW: 265 }]);
    expect((await getRiderHeader(row)).ftpW).toBe(265);
    // A ride recorded after it is scored at it.
    const { id } = await ingestActivity(rider.id, bytesOf('road-with-power.fit')); // 2026-01-19
    const [ride] = await db().select({ ftp: activities.ftpW }).from(activities).where(eq(activities.id, id));
    expect(ride.ftp).toBe(265);
  });
});
