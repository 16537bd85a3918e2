import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { activityDetails, outbox } from '~/db/schema';
import { encodeRideFit, generateRide } from '~/lib/fit/synthetic-ride';
import { setUpTestDatabase } from '../../../tests/helpers/db';
import { createTestUser } from '../../../tests/helpers/users';
import { storage } from '../adapters/storage.server';
import { confirmAccountDeletion, requestAccountDeletion } from '../accounts/deletion.server';
import { runDueJobs } from '../platform/jobs.server';
import { ingestActivity } from './activities.server';
import { getActivityDetail } from './detail.server';
import { keptFilesOf, moveSeriesOutOfDatabase, readSeries } from './ride-series.server';

const { db } = setUpTestDatabase();

function rideFit(minutes: number, day: number) {
  return encodeRideFit(
    generateRide({ seed: day, start: new Date(Date.UTC(2026, 2, day, 7)), durationS: minutes * 60, ftpW: 250, weightKg: 70, shape: 'endurance' }),
  );
}

async function detailRow(activityId: string) {
  const [row] = await db().select().from(activityDetails).where(eq(activityDetails.activityId, activityId));
  return row;
}

describe('ride series kept as files (decision 118)', () => {
  it('ingest writes the per-second rows to a file, not to the database, and the ride page reads them', async () => {
    const rider = await createTestUser({ weightKg: 70 });
    const { id } = await ingestActivity(rider.id, rideFit(20, 1));
    const row = await detailRow(id);
    expect(row.series).toBeNull();
    expect(row.seriesKey).toMatch(/^ride-series\/[0-9a-f]{32}\.f32$/);
    expect((await storage().get(row.seriesKey as string))?.byteLength).toBe(1200 * 7 * 4);
    const detail = await getActivityDetail(rider.id, id);
    if (detail.status !== 'ok') throw new Error(`expected the ride's rows, got ${detail.status}`);
    expect(detail.series.t).toHaveLength(1200);
    expect(detail.series.t.slice(0, 3)).toEqual([0, 1, 2]);
    expect(Math.max(...detail.series.power)).toBeGreaterThan(100);
  });

  it('moves rows stored in the database by older versions to files at start, once, with the same rows', async () => {
    const rider = await createTestUser({ weightKg: 70 });
    const { id } = await ingestActivity(rider.id, rideFit(10, 2));
    const before = await getActivityDetail(rider.id, id);
    // As an older version stored it: the bytes in the column, no file.
    const { seriesKey } = await detailRow(id);
    const bytes = await storage().get(seriesKey as string);
    await db().update(activityDetails).set({ series: bytes, seriesKey: null }).where(eq(activityDetails.activityId, id));
    await storage().delete(seriesKey as string);
    expect((await getActivityDetail(rider.id, id)).status).toBe('no_detail');

    expect(await moveSeriesOutOfDatabase()).toBeGreaterThanOrEqual(1);
    const moved = await detailRow(id);
    expect(moved.series).toBeNull();
    expect(await readSeries(moved.seriesKey as string)).not.toBeNull();
    expect(await getActivityDetail(rider.id, id)).toEqual(before);
    expect(await moveSeriesOutOfDatabase()).toBe(0);
  });

  it('a missing or cut file shows the ride without rows instead of failing', async () => {
    const rider = await createTestUser();
    const { id } = await ingestActivity(rider.id, rideFit(5, 3));
    const { seriesKey } = await detailRow(id);
    const key = await storage().put('ride-series', new Uint8Array(30), 'f32');
    await db().update(activityDetails).set({ seriesKey: key }).where(eq(activityDetails.activityId, id));
    expect((await getActivityDetail(rider.id, id)).status).toBe('no_detail');
    await storage().delete(seriesKey as string);
  });

  it("deleting the account removes the rider's ride files with the rows", async () => {
    const rider = await createTestUser();
    await ingestActivity(rider.id, rideFit(5, 4));
    await ingestActivity(rider.id, rideFit(5, 5));
    const files = await keptFilesOf(rider.id);
    expect(files).toHaveLength(4);
    for (const key of files) expect(await storage().get(key)).not.toBeNull();
    await requestAccountDeletion(rider.id);
    const [mail] = await db().select().from(outbox).where(eq(outbox.recipient, rider.email));
    expect(await confirmAccountDeletion(new URL(String(mail.meta?.link)).pathname.split('/').pop() ?? '')).toMatchObject({ ok: true });
    await runDueJobs(['storage.remove-objects']);
    for (const key of files) expect(await storage().get(key)).toBeNull();
  });
});
