import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { jobQueueSql } from '~/db/client.server';
import { activities, rideUploads } from '~/db/schema';
import { storage } from '../adapters/storage.server';
import { runDueJobs, startJobWorkers, stopJobWorkers } from '../platform/jobs.server';
import { setUpTestDatabase } from '../../../tests/helpers/db';
import { minimalFit } from '../../../tests/helpers/minimal-fit';
import { createTestUser } from '../../../tests/helpers/users';
import { INGEST_MESSAGES } from './activities.server';
import { acceptUpload, analyseUploadJob, pruneFinishedUploads } from './uploads.server';

const { db } = setUpTestDatabase();

const ride = (minutes: number, powerW = 200) => minimalFit({ records: minutes * 60, powerW, start: new Date(Date.UTC(2026, 0, 5, 6, minutes)) });

async function uploadJobs(uploadId: string) {
  const { rows } = await jobQueueSql().executeSql(`SELECT id, state FROM pgboss.job WHERE name = $1 AND data->>'uploadId' = $2`, [
    analyseUploadJob.name,
    uploadId,
  ]);
  return rows as Array<{ id: string; state: string }>;
}

async function uploadOf(id: string) {
  const [row] = await db().select().from(rideUploads).where(eq(rideUploads.id, id));
  return row;
}

/** Time passes: held jobs (and retries) of the upload kind are due now. */
async function makeDue() {
  await db().execute(
    sql`UPDATE pgboss.job SET start_after = now() - interval '1 second' WHERE name = ${analyseUploadJob.name} AND state IN ('created', 'retry')`,
  );
}

describe('an upload is analysed by a job of the queue (decision 133)', () => {
  it('keeps the file and a pending row with its job, runs the job, and answers with the ride the job stored under the upload id', async () => {
    const rider = await createTestUser();
    const answer = await acceptUpload(rider.id, ride(20));
    expect(answer.outcome).toBe('stored');
    const id = (answer as { id: string }).id;
    const [stored] = await db().select().from(activities).where(eq(activities.id, id));
    expect(stored.userId).toBe(rider.id);
    expect(stored.avgPowerW).toBeGreaterThan(150);
    const upload = await uploadOf(id);
    expect(upload).toMatchObject({ status: 'stored', activityId: id, fileKey: stored.fileKey });
    expect(upload.finishedAt).not.toBeNull();
    // The job did the work, and is done.
    expect((await uploadJobs(id)).map((job) => job.state)).toEqual(['completed']);
    expect(await storage().get(stored.fileKey!)).toEqual(ride(20));
  });

  it('answers the same file again with the ride it made, and a file already pending waits for that upload', async () => {
    const rider = await createTestUser();
    const first = await acceptUpload(rider.id, ride(21));
    expect(await acceptUpload(rider.id, ride(21))).toEqual({ outcome: 'duplicate', id: (first as { id: string }).id });
    // A held analysis (the instance took long): both the upload and its retry are told it is being analysed, as one upload.
    const held = await acceptUpload(rider.id, ride(22), { holdSeconds: 60, waitMs: 50 });
    const retried = await acceptUpload(rider.id, ride(22), { holdSeconds: 60, waitMs: 50 });
    expect(held.outcome).toBe('analysing');
    expect(retried).toEqual(held);
    const uploadId = (held as { id: string }).id;
    expect(await db().$count(rideUploads, and(eq(rideUploads.userId, rider.id), eq(rideUploads.status, 'pending')))).toBe(1);
    expect(await uploadJobs(uploadId)).toHaveLength(1);
    await makeDue();
    expect(await runDueJobs([analyseUploadJob.name])).toBe(1);
    // The ride has the id the 202 named; the client's next retry answers with it.
    expect(await db().$count(activities, eq(activities.id, uploadId))).toBe(1);
    expect(await acceptUpload(rider.id, ride(22))).toEqual({ outcome: 'duplicate', id: uploadId });
  });

  it('refuses what a glance decides before keeping anything, and what only decoding tells in the job, removing the kept file', async () => {
    const rider = await createTestUser();
    expect(await acceptUpload(rider.id, new TextEncoder().encode('not a ride at all'))).toEqual({
      outcome: 'refused',
      code: 'not_fit',
      message: INGEST_MESSAGES.not_fit,
    });
    expect(await db().$count(rideUploads, eq(rideUploads.userId, rider.id))).toBe(0);
    const cut = ride(5).slice(0, 200);
    expect(await acceptUpload(rider.id, cut)).toEqual({ outcome: 'refused', code: 'unreadable', message: INGEST_MESSAGES.unreadable });
    const [upload] = await db().select().from(rideUploads).where(eq(rideUploads.userId, rider.id));
    expect(upload).toMatchObject({ status: 'refused', refusal: 'unreadable' });
    expect(await storage().get(upload.fileKey)).toBeNull();
    expect(await db().$count(activities, eq(activities.userId, rider.id))).toBe(0);
  });

  it('is idempotent: the job run again after it stored the ride changes nothing', async () => {
    const rider = await createTestUser();
    const answer = (await acceptUpload(rider.id, ride(23))) as { id: string };
    await analyseUploadJob.handler({ uploadId: answer.id }, { id: 'again', attempt: 2 });
    expect(await db().$count(activities, eq(activities.userId, rider.id))).toBe(1);
    const upload = await uploadOf(answer.id);
    expect(upload.status).toBe('stored');
    expect(await storage().get(upload.fileKey)).not.toBeNull();
  });

  it('retries a failing analysis and marks the upload failed after its last attempt; the file sent again is a new upload', async () => {
    const rider = await createTestUser();
    const held = (await acceptUpload(rider.id, ride(24), { holdSeconds: 60, waitMs: 0 })) as { id: string };
    // The kept original is lost (a store outage): every attempt fails.
    await storage().delete((await uploadOf(held.id)).fileKey);
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      await makeDue();
      await runDueJobs([analyseUploadJob.name]);
    }
    expect((await uploadJobs(held.id)).map((job) => job.state)).toEqual(['failed']);
    expect((await uploadOf(held.id)).status).toBe('failed');
    await expect(acceptUpload(rider.id, ride(24))).resolves.toMatchObject({ outcome: 'stored' });
  }, 60_000);

  it('a worker of this process runs the job at once and wakes the waiting request', async () => {
    const rider = await createTestUser();
    await startJobWorkers({ pollingSeconds: 30, maintenanceSeconds: 30 });
    try {
      // With a 30 s poll, only the wake after commit can answer within the wait.
      const answer = await acceptUpload(rider.id, ride(25), { waitMs: 20_000 });
      expect(answer.outcome).toBe('stored');
    } finally {
      await stopJobWorkers(1_000);
    }
  }, 30_000);

  it('prunes answered uploads after a day, with the originals of those that made no ride', async () => {
    const rider = await createTestUser();
    const stored = (await acceptUpload(rider.id, ride(26))) as { id: string };
    await acceptUpload(rider.id, ride(5).slice(0, 200));
    const refusedKey = await storage().put('activities', new Uint8Array([1, 2, 3]), 'fit');
    await db()
      .update(rideUploads)
      .set({ fileKey: refusedKey })
      .where(and(eq(rideUploads.userId, rider.id), eq(rideUploads.status, 'refused')));
    expect(await pruneFinishedUploads(new Date())).toBe(0);
    const later = new Date(Date.now() + 25 * 3600 * 1000);
    expect(await pruneFinishedUploads(later)).toBeGreaterThanOrEqual(2);
    expect(await db().$count(rideUploads, eq(rideUploads.userId, rider.id))).toBe(0);
    expect(await storage().get(refusedKey)).toBeNull();
    // The ride keeps its original.
    const [kept] = await db().select().from(activities).where(eq(activities.id, stored.id));
    expect(await storage().get(kept.fileKey!)).not.toBeNull();
  });
});
