import { readFileSync } from 'node:fs';
import path from 'node:path';
import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { activities, ftpHistory, users } from '~/db/schema';
import { deriveFtp } from '~/lib/activities/rider-level';
import { setUpTestDatabase } from '../../../tests/helpers/db';
import { createTestUser } from '../../../tests/helpers/users';
import { ingestActivity } from './activities.server';
import { updateProfile } from '../accounts/profile.server';
import { getRiderHeader } from './rider-page.server';
import { latestDetectionNotice, markDetectionSeen, setFtp, undoDetection } from './ftp-history.server';

const { db } = setUpTestDatabase();
const bytesOf = (name: string) => new Uint8Array(readFileSync(path.resolve('tests/fixtures/fit', name)));
// Start dates, and the threshold each file carries (tests/fixtures/fit/README.md).
const INDOOR = 'sample-activity-indoor-trainer.fit'; // 2011-11-02, 250 W
const EDGE_810 = 'Edge810-Vector-2013-08-16-15-35-10.fit'; // 2013-08-16, 315 W
const EDGE_510 = 'edge510-test.fit'; // 2015-10-12, 200 W
const LOW_BATTERY = 'sdk-activity-lowbattery.fit'; // 2020-05-29, 250 W
const GARMIN_BPG = 'garmin-bpg.fit'; // 2020-11-07, 284 W; 2.4 h, NP 267.5
const ROAD = 'road-with-power.fit'; // 2026-01-19, 234 W

async function ridesOf(userId: string) {
  return db()
    .select({
      id: activities.id,
      startedAt: activities.startedAt,
      ftp: activities.ftpW,
      source: activities.ftpSource,
      intensity: activities.intensity,
      load: activities.trainingLoad,
      timerS: activities.timerS,
    })
    .from(activities)
    .where(eq(activities.userId, userId))
    .orderBy(asc(activities.startedAt));
}

async function detectionsOf(userId: string) {
  return db()
    .select({
      id: ftpHistory.id,
      activityId: ftpHistory.activityId,
      ftpW: ftpHistory.ftpW,
      previous: ftpHistory.previousFtpW,
      at: ftpHistory.recordedAt,
      undone: ftpHistory.undoneAt,
    })
    .from(ftpHistory)
    .where(and(eq(ftpHistory.userId, userId), eq(ftpHistory.source, 'detected')))
    .orderBy(asc(ftpHistory.recordedAt));
}

/** A rider who set 175 W on the profile long before these rides (the demo rider). */
async function riderAt175() {
  const rider = await createTestUser({ weightKg: 70 });
  await setFtp(rider.id, 175, new Date('2010-01-01T00:00:00Z'));
  return rider;
}

describe("the threshold in force at each ride's date (decisions 106 and 141)", () => {
  it('without a history, each ride is scored at the threshold its file carries, whatever the upload order', async () => {
    const inOrder = await createTestUser({ weightKg: 70 });
    for (const file of [INDOOR, EDGE_810, EDGE_510]) await ingestActivity(inOrder.id, bytesOf(file));
    const reversed = await createTestUser({ weightKg: 70 });
    for (const file of [EDGE_510, EDGE_810, INDOOR]) await ingestActivity(reversed.id, bytesOf(file));

    const rides = await ridesOf(inOrder.id);
    expect(rides.map((ride) => [ride.ftp, ride.source])).toEqual([
      [250, 'file'],
      [315, 'file'],
      [200, 'file'],
    ]);
    // None of them shows more than its head unit's threshold: nothing is detected.
    expect(await detectionsOf(inOrder.id)).toEqual([]);
    const strip = (list: Awaited<ReturnType<typeof ridesOf>>) => list.map(({ id: _id, ...figures }) => figures);
    expect(strip(await ridesOf(reversed.id))).toEqual(strip(rides));
  });

  it('a ride that shows more than the threshold in force records a detection from its date; later rides use it; the header shows it', async () => {
    const rider = await riderAt175();
    for (const file of [ROAD, GARMIN_BPG]) await ingestActivity(rider.id, bytesOf(file));
    const [bpg, road] = await ridesOf(rider.id);
    // The 2.4 h ride at NP 267.5 W would read IF 1.53 at 175 W: it records the lowest threshold
    // that keeps it at IF 1.05 (above 95 % of its best 20 minutes, 239 W).
    expect(bpg.ftp).toBe(255);
    expect(bpg.source).toBe('detected');
    expect(bpg.intensity).toBeLessThanOrEqual(1.05);
    expect(road.ftp).toBe(255);
    expect(road.source).toBe('detected');
    const [detection] = await detectionsOf(rider.id);
    expect(detection).toMatchObject({ activityId: bpg.id, ftpW: 255, previous: 175, at: bpg.startedAt, undone: null });
    const [user] = await db().select().from(users).where(eq(users.id, rider.id));
    expect((await getRiderHeader(user)).ftpW).toBe(255);
    expect(await latestDetectionNotice(rider.id)).toMatchObject({ activityId: bpg.id, ftpW: 255, previousFtpW: 175, undone: false });
  });

  it('undoing a detection puts the rides it covered back at the threshold before it, and the ride never detects again', async () => {
    const rider = await riderAt175();
    for (const file of [GARMIN_BPG, ROAD]) await ingestActivity(rider.id, bytesOf(file));
    const [detection] = await detectionsOf(rider.id);
    expect(await undoDetection(rider.id, detection.id)).toBe(true);
    expect(await undoDetection(rider.id, detection.id)).toBe(false);

    const [bpg, road] = await ridesOf(rider.id);
    expect([bpg.ftp, bpg.source, road.ftp, road.source]).toEqual([175, 'profile', 175, 'profile']);
    expect(bpg.intensity).toBeGreaterThan(1.5);
    expect(await latestDetectionNotice(rider.id)).toBeNull();

    // An earlier ride that shows a threshold is detected; the declined ride still detects nothing.
    await ingestActivity(rider.id, bytesOf(LOW_BATTERY));
    const detections = await detectionsOf(rider.id);
    expect(detections.map((entry) => [entry.ftpW, entry.previous, entry.undone === null])).toEqual([
      [197, 175, true],
      [255, 175, false],
    ]);
    expect((await ridesOf(rider.id)).map((ride) => ride.ftp)).toEqual([197, 197, 197]);
  });

  it("undo and dismiss belong to the rider: another rider's detection is not found", async () => {
    const rider = await riderAt175();
    await ingestActivity(rider.id, bytesOf(GARMIN_BPG));
    const [detection] = await detectionsOf(rider.id);
    const other = await createTestUser();
    expect(await undoDetection(other.id, detection.id)).toBe(false);
    expect(await markDetectionSeen(other.id, detection.id)).toBe(false);
    expect(await markDetectionSeen(rider.id, detection.id)).toBe(true);
    // Dismissed: the overview no longer shows it, and it stays in force.
    expect(await latestDetectionNotice(rider.id)).toBeNull();
    expect((await ridesOf(rider.id))[0].ftp).toBe(255);
  });

  it('a value set on the profile is in force from its time: rides before keep theirs, rides after are recomputed and may detect again', async () => {
    const rider = await createTestUser({ weightKg: 70 });
    for (const file of [EDGE_810, EDGE_510]) await ingestActivity(rider.id, bytesOf(file));
    const [edge810, edge510] = await ridesOf(rider.id);

    await setFtp(rider.id, 250, new Date('2014-01-01T00:00:00Z'));
    const [before, after] = await ridesOf(rider.id);
    expect(before).toEqual(edge810);
    expect([after.ftp, after.source]).toEqual([250, 'profile']);
    expect(after.intensity).toBeCloseTo((edge510.intensity ?? 0) * ((edge510.ftp ?? 0) / 250), 4);
    expect(after.load).toBeCloseTo((edge510.load ?? 0) * ((edge510.ftp ?? 0) / 250) ** 2, 2);

    // Emptied: the head unit's threshold again.
    await setFtp(rider.id, null, new Date('2015-01-01T00:00:00Z'));
    expect(await ridesOf(rider.id)).toEqual([edge810, edge510]);

    // Set too low for the Edge 810's ride: it detects 95 % of its best 20 minutes.
    await setFtp(rider.id, 120, new Date('2013-01-01T00:00:00Z'));
    const [low810] = await ridesOf(rider.id);
    expect([low810.ftp, low810.source]).toEqual([297, 'detected']);
  });

  it('entries written at the same instant are in force in the order they were written, on upload and on recomputation alike', async () => {
    const at = new Date('2015-01-01T00:00:00Z');
    const settle = async (values: Array<number | null>) => {
      const rider = await createTestUser({ weightKg: 70 });
      // Written before the ride (the upload reads them) and once more after it (the recomputation walks them).
      for (const ftpW of values) await setFtp(rider.id, ftpW, at);
      await ingestActivity(rider.id, bytesOf(EDGE_510)); // 2015-10-12, its file 200 W
      const [uploaded] = await ridesOf(rider.id);
      await setFtp(rider.id, values.at(-1) as number | null, at);
      const [recomputed] = await ridesOf(rider.id);
      const [user] = await db().select().from(users).where(eq(users.id, rider.id));
      return { uploaded: [uploaded.ftp, uploaded.source], recomputed: [recomputed.ftp, recomputed.source], header: (await getRiderHeader(user)).ftpW };
    };
    expect(await settle([null, 230])).toEqual({ uploaded: [230, 'profile'], recomputed: [230, 'profile'], header: 230 });
    expect(await settle([230, null])).toEqual({ uploaded: [200, 'file'], recomputed: [200, 'file'], header: 200 });
  });

  it('with no history and no threshold in the file, the 2.5 W/kg default; the profile form records the FTP history', async () => {
    const rider = await createTestUser({ weightKg: 70 });
    const profile = { firstname: 'Fay', lastname: 'Tee', country: 246, weight: 70, height: 175, marketingConsent: false };
    await updateProfile(rider.id, { ...profile, ftpW: 265 }, new Date('2026-01-02T00:00:00Z'));
    await updateProfile(rider.id, { ...profile, ftpW: 265 }, new Date('2026-01-03T00:00:00Z'));
    const [row] = await db().select().from(users).where(eq(users.id, rider.id));
    expect(row.ftpW).toBe(265);
    // Saving the form again without a change records nothing new.
    expect(await db().select({ ftpW: ftpHistory.ftpW }).from(ftpHistory).where(eq(ftpHistory.userId, rider.id))).toEqual([{ ftpW: 265 }]);
    expect((await getRiderHeader(row)).ftpW).toBe(265);
    const { id } = await ingestActivity(rider.id, bytesOf(ROAD)); // 2026-01-19
    const [ride] = await db().select({ ftp: activities.ftpW }).from(activities).where(eq(activities.id, id));
    expect(ride.ftp).toBe(265);

    const plain = await createTestUser({ weightKg: 70 });
    const { id: zwiftRide } = await ingestActivity(plain.id, bytesOf('null_compressed_speed_dist.fit'));
    const [zwift] = await db().select({ ftp: activities.ftpW, source: activities.ftpSource }).from(activities).where(eq(activities.id, zwiftRide));
    expect(zwift).toEqual({ ftp: deriveFtp(0, 70), source: 'default' });
  });
});
