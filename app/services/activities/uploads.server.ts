import { randomUUID, webcrypto } from 'node:crypto';
import { and, eq, inArray, lt, ne, or } from 'drizzle-orm';
import { db, type Database, type Transaction } from '~/db/client.server';
import { FAILED_JOBS_KEPT_SECONDS } from '~/db/job-queue.server';
import { rideUploads } from '~/db/schema';
import type { RideUploadStatus } from '~/lib/domain/activities';
import { storage } from '../adapters/storage.server';
import { defineJob, enqueueJob, startQueuedJobs } from '../platform/jobs.server';
import { INGEST_MESSAGES, rideWithContent, storeRide } from './activities.server';
import { readUploadInWorker } from './ride-pool.server';
import { screenFile, type DecodeRefusal } from './ride-analysis.worker';
import { deleteKeptFiles } from './ride-series.server';

/**
 * An upload's analysis as a durable job (issue 22 item 2, decision 133). The request keeps the
 * original in storage and, in one transaction, a `ride_uploads` row and the job that analyses
 * it; then it waits a bounded time for the job (run by this instance's workers, or by any other)
 * and answers as an analysis in the request did. If the instance dies, the job is run by another
 * and the ride appears; the client's retry of the same file then answers with that ride.
 */

/** How long the request waits for its analysis before answering 202 (the job goes on). */
const UPLOAD_ANSWER_WAIT_MS = 30_000;
/** Attempts of the job after the first; the last failure marks the upload failed. */
const UPLOAD_RETRIES = 3;
/** A finished upload row is kept this long (the waiting request, a client's retry), then pruned. */
const FINISHED_UPLOADS_KEPT_MS = 24 * 3600 * 1000;

export type UploadAnswer =
  | { outcome: 'stored'; id: string }
  | { outcome: 'duplicate'; id: string }
  | { outcome: 'refused'; code: DecodeRefusal; message: string }
  /** Not analysed within the wait: `id` is the ride's id once it is (unless the file turns out to be a ride already kept). */
  | { outcome: 'analysing'; id: string };

type UploadRow = typeof rideUploads.$inferSelect;

const refused = (code: DecodeRefusal): UploadAnswer => ({ outcome: 'refused', code, message: INGEST_MESSAGES[code] });

/** SHA-256, hex, computed off the request thread (WebCrypto runs it on libuv's pool). */
async function contentHashOf(bytes: Uint8Array): Promise<string> {
  return Buffer.from(await webcrypto.subtle.digest('SHA-256', bytes)).toString('hex');
}

async function uploadRow(id: string): Promise<UploadRow | undefined> {
  const [row] = await db().select().from(rideUploads).where(eq(rideUploads.id, id));
  return row;
}

async function pendingUploadOf(userId: string, contentHash: string): Promise<UploadRow | undefined> {
  const [row] = await db()
    .select()
    .from(rideUploads)
    .where(and(eq(rideUploads.userId, userId), eq(rideUploads.contentHash, contentHash), eq(rideUploads.status, 'pending')));
  return row;
}

export interface AcceptOptions {
  /** How long to wait for the analysis (default UPLOAD_ANSWER_WAIT_MS). */
  waitMs?: number;
  /** Queue the job this many seconds ahead (test mode: lets `test:scale` kill the instance first). */
  holdSeconds?: number;
}

/**
 * `POST /api/activities`' work: the refusals a glance decides, the ride already made from this
 * file, or the file kept and its analysis queued and waited for.
 */
export async function acceptUpload(userId: string, bytes: Uint8Array, options: AcceptOptions = {}): Promise<UploadAnswer> {
  const waitMs = options.waitMs ?? UPLOAD_ANSWER_WAIT_MS;
  const glance = screenFile(bytes);
  if (glance) return refused(glance);
  const contentHash = await contentHashOf(bytes);
  // The same file again (a retry, a double click) is the ride already stored (issue 15 item 8),
  // or the upload of it still being analysed.
  const known = await rideWithContent(userId, contentHash);
  if (known) return { outcome: 'duplicate', id: known };
  const pending = await pendingUploadOf(userId, contentHash);
  if (pending) return answerOf(await settled(pending.id, waitMs), { sentBefore: true });
  const fileKey = await storage().put('activities', bytes, 'fit');
  const id = randomUUID();
  const queued = await db().transaction(async (tx) => {
    // The partial unique index lets one pending upload of a file in: a second at once waits for it.
    const [row] = await tx.insert(rideUploads).values({ id, userId, fileKey, contentHash }).onConflictDoNothing().returning({ id: rideUploads.id });
    if (row) await enqueueJob(analyseUploadJob, { uploadId: id }, { tx, startAfterSeconds: options.holdSeconds });
    return Boolean(row);
  });
  if (!queued) {
    await storage().delete(fileKey);
    const other = await pendingUploadOf(userId, contentHash);
    if (other) return answerOf(await settled(other.id, waitMs), { sentBefore: true });
    // It finished between the insert and this look.
    const ride = await rideWithContent(userId, contentHash);
    if (ride) return { outcome: 'duplicate', id: ride };
    return acceptUpload(userId, bytes, options);
  }
  await startQueuedJobs(analyseUploadJob);
  return answerOf(await settled(id, waitMs), { sentBefore: false });
}

function answerOf(row: UploadRow | undefined, { sentBefore }: { sentBefore: boolean }): UploadAnswer {
  if (!row) throw new Error('The upload went while it was analysed (its account was deleted?)');
  switch (row.status) {
    case 'pending':
      return { outcome: 'analysing', id: row.id };
    case 'stored':
      // A second upload of a file that the first made into a ride answers as a duplicate of it.
      return sentBefore ? { outcome: 'duplicate', id: row.id } : { outcome: 'stored', id: row.id };
    case 'duplicate':
      return { outcome: 'duplicate', id: row.activityId! };
    case 'refused':
      return refused(row.refusal as DecodeRefusal);
    case 'failed':
      throw new Error(`The analysis of upload ${row.id} failed (staff can retry its job at /staff/jobs)`);
  }
}

// ——— Waiting for the job ———

/** Waiters of this process, woken when a job run here finishes their upload. */
const waiters = new Map<string, Set<() => void>>();

function finishedHere(id: string): void {
  for (const wake of waiters.get(id) ?? []) wake();
}

/** Resolves when this process finishes the upload, or after `ms`. */
function nextLook(id: string, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const set = waiters.get(id) ?? new Set();
    waiters.set(id, set);
    const done = () => {
      clearTimeout(timer);
      set.delete(done);
      if (set.size === 0) waiters.delete(id);
      resolve();
    };
    const timer = setTimeout(done, ms);
    set.add(done);
  });
}

/**
 * The upload's row once it is no longer pending, or as it is when `waitMs` is over. A job run by
 * this process wakes the wait at once; one run by another instance is seen by looking at the row,
 * at growing intervals (25 ms to half a second).
 */
async function settled(id: string, waitMs: number): Promise<UploadRow | undefined> {
  const deadline = Date.now() + waitMs;
  let pause = 25;
  for (;;) {
    const row = await uploadRow(id);
    const left = deadline - Date.now();
    if (!row || row.status !== 'pending' || left <= 0) return row;
    await nextLook(id, Math.min(pause, left));
    pause = Math.min(pause * 2, 500);
  }
}

// ——— The job ———

type Outcome = { status: Extract<RideUploadStatus, 'stored' | 'duplicate' | 'refused' | 'failed'>; activityId?: string; refusal?: DecodeRefusal };

/** Writes the upload's outcome, only over a pending (or failed, when staff retried) row; true when it did. */
async function recordOutcome(upload: UploadRow, outcome: Outcome, executor: Database | Transaction = db()): Promise<boolean> {
  const updated = await executor
    .update(rideUploads)
    .set({ status: outcome.status, activityId: outcome.activityId ?? null, refusal: outcome.refusal ?? null, finishedAt: new Date() })
    .where(and(eq(rideUploads.id, upload.id), eq(rideUploads.userId, upload.userId), inArray(rideUploads.status, ['pending', 'failed'])))
    .returning({ id: rideUploads.id });
  return updated.length > 0;
}

/** An upload that makes no ride: its outcome, then its original goes. */
async function answerWithoutRide(upload: UploadRow, outcome: Outcome): Promise<void> {
  if (await recordOutcome(upload, outcome)) await deleteKeptFiles([upload.fileKey]);
}

/**
 * The job: decode and analyse the kept original and store the ride under the upload's id, with
 * the upload marked stored in the ride's transaction. Idempotent: a finished upload is left as it
 * is, and a run that meets the ride a previous run stored finds it by its id.
 */
async function runUploadAnalysis(uploadId: string, attempt: number): Promise<void> {
  const upload = await uploadRow(uploadId);
  if (!upload || (upload.status !== 'pending' && upload.status !== 'failed')) return;
  try {
    const bytes = await storage().get(upload.fileKey);
    if (!bytes) throw new Error(`The original of upload ${uploadId} is not in storage`);
    const { outcome } = await readUploadInWorker(bytes);
    if (!outcome.ok) return await answerWithoutRide(upload, { status: 'refused', refusal: outcome.code });
    const known = await rideWithContent(upload.userId, upload.contentHash);
    if (known && known !== upload.id) return await answerWithoutRide(upload, { status: 'duplicate', activityId: known });
    if (!known) {
      const stored = await storeRide({
        userId: upload.userId,
        ride: outcome.ride,
        contentHash: upload.contentHash,
        fileKey: upload.fileKey,
        id: upload.id,
        alongside: async (tx, rideId) => {
          await recordOutcome(upload, { status: 'stored', activityId: rideId }, tx);
        },
      });
      if (stored.duplicate && stored.id !== upload.id) return await answerWithoutRide(upload, { status: 'duplicate', activityId: stored.id });
    }
  } catch (error) {
    if (attempt > UPLOAD_RETRIES) await recordOutcome(upload, { status: 'failed' });
    throw error;
  } finally {
    finishedHere(uploadId);
  }
}

export const analyseUploadJob = defineJob<{ uploadId: string }>('activities.analyse-upload', ({ uploadId }, job) => runUploadAnalysis(uploadId, job.attempt), {
  retryLimit: UPLOAD_RETRIES,
  retryDelaySeconds: 5,
  // A day-long ride takes seconds; an instance that died holds its job this long before another takes it.
  expireInSeconds: 120,
});

/**
 * Retention (the hourly prune): finished uploads older than a day go, failed ones once their job
 * is no longer kept for staff to retry; the originals of those that made no ride go with them
 * (removed when answered already: this is the backstop for a process that died in between). A
 * stored upload's original is its ride's.
 */
export async function pruneFinishedUploads(now = new Date()): Promise<number> {
  const dayAgo = new Date(now.getTime() - FINISHED_UPLOADS_KEPT_MS);
  const retryable = new Date(now.getTime() - FAILED_JOBS_KEPT_SECONDS * 1000);
  const finished = await db()
    .delete(rideUploads)
    .where(or(and(lt(rideUploads.finishedAt, dayAgo), ne(rideUploads.status, 'failed')), lt(rideUploads.finishedAt, retryable)))
    .returning({ fileKey: rideUploads.fileKey, status: rideUploads.status });
  await deleteKeptFiles(finished.filter((row) => row.status !== 'stored').map((row) => row.fileKey));
  return finished.length;
}
