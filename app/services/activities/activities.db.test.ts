import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { activities, activityDetails, riderPowerBests } from '~/db/schema';
import { encodeRideFit, generateRide } from '~/lib/fit/synthetic-ride';
import { ACTIVITY_UPLOAD_MAX_BYTES } from '~/lib/constants';
import { setUpTestDatabase } from '../../../tests/helpers/db';
import { createTestUser } from '../../../tests/helpers/users';
import { INGEST_MESSAGES, type IngestError, ingestActivity, listActivities } from './activities.server';
import { createJsonActivity, getActivityDownload, listActivityFiles } from './activity-files.server';
import { readSeries } from './ride-series.server';
import { recordWeight } from './weight-history.server';

const { db } = setUpTestDatabase();
const fixture = (name: string) => new Uint8Array(readFileSync(path.resolve('tests/fixtures/fit', name)));

function demoFit(start: Date, minutes = 25, seed = 1) {
  return encodeRideFit(generateRide({ seed, start, durationS: minutes * 60, ftpW: 250, weightKg: 70, shape: 'endurance' }));
}

async function expectRejected(userId: string, bytes: Uint8Array, code: IngestError['code']) {
  await expect(ingestActivity(userId, bytes)).rejects.toMatchObject({ code, message: INGEST_MESSAGES[code] });
}

describe('ingestActivity', () => {
  it('stores the figures, the per-second rows and the curve, using the weight of the ride date', async () => {
    const user = await createTestUser({ weightKg: 80 });
    await recordWeight(user.id, 75, new Date('2026-01-01T00:00:00Z'));
    await recordWeight(user.id, 70, new Date('2026-06-01T00:00:00Z'));
    const { id } = await ingestActivity(user.id, demoFit(new Date('2026-03-10T07:00:00Z')));
    const [row] = await db().select().from(activities).where(eq(activities.id, id));
    expect(row.weightKg).toBe(75);
    expect(row.timerS).toBe(1500);
    expect(row.avgPowerW).toBeGreaterThan(100);
    expect(row.avgWattsPerKg).toBeCloseTo((row.avgPowerW ?? 0) / 75, 4);
    expect(row.normalizedPowerW).toBeGreaterThanOrEqual(row.avgPowerW ?? 0);
    expect(row.trainingLoad).toBeGreaterThan(0);
    expect(row.distanceM).toBeGreaterThan(5000);
    const [detail] = await db().select().from(activityDetails).where(eq(activityDetails.activityId, id));
    expect(detail.sampleCount).toBe(1500);
    expect(detail.series).toBeNull();
    expect((await readSeries(detail.seriesKey as string))?.t).toHaveLength(1500);
    expect(detail.powerCurve.byteLength).toBe(1500 * 4);
    const [bests] = await db().select().from(riderPowerBests).where(eq(riderPowerBests.userId, user.id));
    expect(bests.sources).toEqual([{ id, date: '2026-03-10T07:00:00.000Z' }]);
  });

  it('rejects a file that is not FIT, a truncated one and one too big', async () => {
    const user = await createTestUser();
    await expectRejected(user.id, new TextEncoder().encode('%PDF-1.4 not a ride'), 'not_fit');
    await expectRejected(user.id, demoFit(new Date('2026-02-01T07:00:00Z')).slice(0, 300), 'unreadable');
    const big = new Uint8Array(ACTIVITY_UPLOAD_MAX_BYTES + 1);
    big.set(demoFit(new Date('2026-02-01T07:00:00Z')).slice(0, 14));
    await expectRejected(user.id, big, 'too_big');
    // A swim and a run, no cycling session: refused with its own message.
    await expectRejected(user.id, fixture('multisport-no-ride.fit'), 'not_cycling');
    expect(await db().select().from(activities).where(eq(activities.userId, user.id))).toHaveLength(0);
  });

  it("stores a multi-sport file's cycling session: its timer, distance and sport, not the swim before it", async () => {
    const user = await createTestUser({ weightKg: 70 });
    const { id } = await ingestActivity(user.id, fixture('multisport-swim-ride-run.fit'));
    const [row] = await db().select().from(activities).where(eq(activities.id, id));
    expect(row).toMatchObject({ timerS: 13471, elapsedS: 23595, sportType: 'cycling', startedAt: new Date('2019-02-17T06:26:44Z') });
    expect(row.distanceM).toBeCloseTo(78940.55, 2);
    expect(row.normalizedPowerW).toBeCloseTo(157, 0);
  });

  it('accepts rides without power, with zero power and with a spike, and analyses them sensibly', async () => {
    const user = await createTestUser({ weightKg: 64.7 });
    const zero = await ingestActivity(user.id, fixture('nick.fit'));
    const spike = await ingestActivity(user.id, fixture('road-with-power.fit'));
    const [zeroRow] = await db().select().from(activities).where(eq(activities.id, zero.id));
    expect(zeroRow.avgPowerW).toBeNull();
    expect(zeroRow.normalizedPowerW).toBeNull();
    expect(zeroRow.trainingLoad).toBeNull();
    expect(zeroRow.avgHeartRate).toBeGreaterThan(60);
    const [spikeRow] = await db().select().from(activities).where(eq(activities.id, spike.id));
    expect(spikeRow.spikesRemoved).toBeGreaterThanOrEqual(1);
    expect(spikeRow.maxPowerW).toBe(495);
  });
});

describe('listActivities', () => {
  it('pages by date, newest first by default, oldest first on request, and filters by type', async () => {
    const user = await createTestUser();
    for (let day = 1; day <= 5; day++) {
      await createJsonActivity(user.id, {
        title: `Day ${day}`,
        type: day % 2 ? 'ride' : 'workout',
        startedAt: new Date(Date.UTC(2026, 4, day, 7)),
        distanceM: day * 1000,
        timerS: 600,
      });
    }
    const first = await listActivities({ userId: user.id, pageSize: 2 });
    expect(first).toMatchObject({ totalCount: 5, totalPages: 3, currentPage: 1 });
    expect(first.results.map((row) => row.title)).toEqual(['Day 5', 'Day 4']);
    const last = await listActivities({ userId: user.id, pageSize: 2, page: 3 });
    expect(last.results.map((row) => row.title)).toEqual(['Day 1']);
    const ascending = await listActivities({ userId: user.id, pageSize: 2, sort: 'asc' });
    expect(ascending.results.map((row) => row.title)).toEqual(['Day 1', 'Day 2']);
    const workouts = await listActivities({ userId: user.id, pageSize: 2, type: 'workout' });
    expect(workouts).toMatchObject({ totalCount: 2, totalPages: 1 });
    expect(workouts.results.map((row) => row.title)).toEqual(['Day 4', 'Day 2']);
  });
});

describe('activity files', () => {
  it('lists files and lets only the owner download: FIT raw, other types as activity.{ext}', async () => {
    const owner = await createTestUser();
    const stranger = await createTestUser();
    const bytes = demoFit(new Date('2026-04-02T07:00:00Z'), 10);
    const fit = await ingestActivity(owner.id, bytes);
    const json = await createJsonActivity(owner.id, { title: 'Yoga', type: 'workout', startedAt: new Date('2026-04-03T07:00:00Z'), distanceM: 0, timerS: 900 });
    const files = await listActivityFiles(owner.id);
    expect(files.map((file) => file.type)).toEqual(['json', 'fit']);
    const download = await getActivityDownload(owner.id, fit.id);
    expect(download?.body).toEqual(bytes);
    const jsonDownload = await getActivityDownload(owner.id, json.id);
    expect(jsonDownload?.filename).toBe('activity.json');
    expect(JSON.parse(new TextDecoder().decode(jsonDownload?.body))).toMatchObject({ title: 'Yoga' });
    expect(await getActivityDownload(stranger.id, fit.id)).toBeNull();
  });
});
