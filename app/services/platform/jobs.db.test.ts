import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { jobQueueSql } from '~/db/client.server';
import { createBoss } from '~/db/job-queue.server';
import { setUpTestDatabase } from '../../../tests/helpers/db';
import { defineJob, defineSchedule, dueQueueNames, enqueueJob, forgetFinishedPayloads, runDueJobs, startJobWorkers, stopJobWorkers } from './jobs.server';

const { db } = setUpTestDatabase();

async function jobRow(id: string) {
  const { rows } = await jobQueueSql().executeSql('SELECT state, retry_count, start_after, singleton_key, output FROM pgboss.job WHERE id = $1', [id]);
  return rows[0] as { state: string; retry_count: number; start_after: Date; output: { message?: string } | null } | undefined;
}

/** Polls `check` until it is true or the deadline passes (no fixed sleeps). */
async function until(check: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met before the deadline');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const seen: Array<{ payload: unknown; attempt: number }> = [];
const recordJob = defineJob<{ n: number }>('test.record', async (payload, job) => {
  seen.push({ payload, attempt: job.attempt });
});

let failuresLeft = 0;
const flakyJob = defineJob<{ n: number }>(
  'test.flaky',
  async (payload, job) => {
    if (failuresLeft > 0) {
      failuresLeft -= 1;
      throw new Error(`flaky failure on attempt ${job.attempt}`);
    }
    seen.push({ payload, attempt: job.attempt });
  },
  { retryLimit: 2, retryDelaySeconds: 30, backoff: true },
);

afterEach(async () => {
  await stopJobWorkers(1_000);
  seen.length = 0;
  failuresLeft = 0;
});

describe('the job queue without workers (tests, scripts)', () => {
  it('runs a job queued outside a transaction before enqueueJob returns, and marks it completed', async () => {
    const id = await enqueueJob(recordJob, { n: 1 });
    expect(seen).toEqual([{ payload: { n: 1 }, attempt: 1 }]);
    expect((await jobRow(id))?.state).toBe('completed');
  });

  it('queues inside a transaction: committed with it, or not at all', async () => {
    let kept = '';
    await db().transaction(async (tx) => {
      kept = await enqueueJob(recordJob, { n: 2 }, { tx });
    });
    await expect(
      db().transaction(async (tx) => {
        await enqueueJob(recordJob, { n: 3 }, { tx });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect((await jobRow(kept))?.state).toBe('created');
    expect(await runDueJobs(['test.record'])).toBe(1);
    expect(seen.map((entry) => entry.payload)).toEqual([{ n: 2 }]);
  });

  it('keeps one queued job per singleton key, and a delayed job waits for its time', async () => {
    const first = await enqueueJob(recordJob, { n: 4 }, { singletonKey: 'rider-7', startAfterSeconds: 60 });
    const second = await enqueueJob(recordJob, { n: 5 }, { singletonKey: 'rider-7', startAfterSeconds: 60 });
    expect(second).toBe(first);
    const row = await jobRow(first);
    expect(row?.state).toBe('created');
    expect(new Date(row!.start_after).getTime()).toBeGreaterThan(Date.now() + 50_000);
    expect(await runDueJobs(['test.record'])).toBe(0);
    // Another key is its own job.
    expect(await enqueueJob(recordJob, { n: 6 }, { singletonKey: 'rider-8', startAfterSeconds: 60 })).not.toBe(first);
  });

  it('retries a failing job with a growing delay, then records it failed with its error', async () => {
    failuresLeft = 10;
    const id = await enqueueJob(flakyJob, { n: 7 });
    let row = await jobRow(id);
    expect(row?.state).toBe('retry');
    // pg-boss's backoff: the n-th retry waits between delay·2^n/2 and delay·2^n (a random share
    // of the upper half), so each wait is checked against its own window, with a few seconds for
    // the time the test itself takes.
    const expectWaitWithin = (startAfter: Date | string, fromS: number, toS: number) => {
      const waitMs = new Date(startAfter).getTime() - Date.now();
      expect(waitMs).toBeGreaterThan(fromS * 1000 - 5_000);
      expect(waitMs).toBeLessThan(toS * 1000 + 1_000);
    };
    expectWaitWithin(row!.start_after, 30, 60);
    // Time passes: the retry is due.
    await db().execute(sql`UPDATE pgboss.job SET start_after = now() - interval '1 second' WHERE id = ${id}`);
    await runDueJobs(['test.flaky']);
    row = await jobRow(id);
    expect(row?.state).toBe('retry');
    expectWaitWithin(row!.start_after, 60, 120);
    await db().execute(sql`UPDATE pgboss.job SET start_after = now() - interval '1 second' WHERE id = ${id}`);
    await runDueJobs(['test.flaky']);
    row = await jobRow(id);
    expect(row?.state).toBe('failed');
    expect(row?.output?.message).toBe('flaky failure on attempt 3');
    expect(seen).toEqual([]);
  });

  it("queues what a schedule's tick queues (pg-boss's insert of already-serialized JSON) and runs it", async () => {
    // The timekeeper sends each tick through this statement; on PostgreSQL its JSON must not be encoded twice.
    await enqueueJob(recordJob, { n: 0 });
    seen.length = 0;
    await createBoss(jobQueueSql()).insert([
      { name: 'test.record', data: { n: 11 } },
      { name: 'test.record', data: { n: 12 } },
    ]);
    expect(await runDueJobs(['test.record'])).toBe(2);
    expect(seen.map((entry) => (entry.payload as { n: number }).n).sort()).toEqual([11, 12]);
  });
});

let personalFailuresLeft = 0;
const personalJob = defineJob<{ email: string }>(
  'test.personal',
  async (payload, job) => {
    if (personalFailuresLeft > 0) {
      personalFailuresLeft -= 1;
      throw new Error(`personal failure on attempt ${job.attempt}`);
    }
    seen.push({ payload, attempt: job.attempt });
  },
  { retryLimit: 1, retryDelaySeconds: 30, forgetPayloadWhenDone: true },
);

async function payloadOf(id: string, table = 'job') {
  const { rows } = await jobQueueSql().executeSql(`SELECT data FROM pgboss.${table} WHERE id = $1`, [id]);
  return rows[0]?.data;
}

describe('a payload that names a person (decision 177)', () => {
  it('is kept while the job may still run, and forgotten once it completed or failed for good', async () => {
    const done = await enqueueJob(personalJob, { email: 'done-177@example.com' });
    expect(seen).toEqual([{ payload: { email: 'done-177@example.com' }, attempt: 1 }]);
    expect((await jobRow(done))?.state).toBe('completed');
    expect(await payloadOf(done)).toEqual({});

    personalFailuresLeft = 5;
    const failing = await enqueueJob(personalJob, { email: 'failing-177@example.com' });
    expect((await jobRow(failing))?.state).toBe('retry');
    expect(await payloadOf(failing)).toEqual({ email: 'failing-177@example.com' });
    await db().execute(sql`UPDATE pgboss.job SET start_after = now() - interval '1 second' WHERE id = ${failing}`);
    await runDueJobs(['test.personal']);
    expect((await jobRow(failing))?.state).toBe('failed');
    expect(await payloadOf(failing)).toEqual({});
    personalFailuresLeft = 0;

    // Another kind's payload is kept, as staff may need it to retry.
    const kept = await enqueueJob(recordJob, { n: 177 });
    expect(await payloadOf(kept)).toEqual({ n: 177 });
  });

  it('the hourly backstop forgets what a process that died after completing missed, in the queue and its archive', async () => {
    const done = await enqueueJob(personalJob, { email: 'missed-177@example.com' });
    await jobQueueSql().executeSql(`UPDATE pgboss.job SET data = '{"email":"missed-177@example.com"}'::jsonb WHERE id = $1`, [done]);
    const archived = await enqueueJob(personalJob, { email: 'archived-177@example.com' });
    await jobQueueSql().executeSql(`INSERT INTO pgboss.archive SELECT *, now() FROM pgboss.job WHERE id = $1`, [archived]);
    await jobQueueSql().executeSql(`UPDATE pgboss.archive SET data = '{"email":"archived-177@example.com"}'::jsonb WHERE id = $1`, [archived]);
    const waiting = await enqueueJob(personalJob, { email: 'waiting-177@example.com' }, { startAfterSeconds: 600 });
    expect(await forgetFinishedPayloads()).toBe(2);
    expect(await payloadOf(done)).toEqual({});
    expect(await payloadOf(archived, 'archive')).toEqual({});
    expect(await payloadOf(waiting)).toEqual({ email: 'waiting-177@example.com' });
  });
});

describe('the due-queue watcher', () => {
  it('names the queues holding a job that may run now: not one whose start is ahead, running or finished', async () => {
    await runDueJobs(['test.record', 'test.flaky']);
    const insert = (name: string, extra: string) =>
      jobQueueSql().executeSql(`INSERT INTO pgboss.job (name, data${extra ? ', state, start_after' : ''}) VALUES ($1, '{}'::jsonb${extra})`, [name]);
    await insert('test.flaky', `, 'created', now() + interval '1 hour'`);
    await insert('test.flaky', `, 'active', now() - interval '1 minute'`);
    await insert('test.flaky', `, 'completed', now() - interval '1 minute'`);
    expect(await dueQueueNames()).toEqual([]);
    await insert('test.flaky', `, 'retry', now() - interval '1 second'`);
    await insert('test.record', '');
    await insert('test.record', '');
    expect((await dueQueueNames()).sort()).toEqual(['test.flaky', 'test.record']);
    // Gone again: the workers' tests count what they run.
    await jobQueueSql().executeSql(`DELETE FROM pgboss.job WHERE data = '{}'::jsonb`);
  });
});

describe('the job queue with workers (servers)', () => {
  it('a worker runs a job queued by this process at once, and one queued inside a transaction once it commits', async () => {
    await startJobWorkers({ pollingSeconds: 0.5, maintenanceSeconds: 1 });
    await enqueueJob(recordJob, { n: 8 });
    await db().transaction(async (tx) => {
      await enqueueJob(recordJob, { n: 9 }, { tx });
    });
    await until(async () => seen.length === 2);
    expect(seen.map((entry) => entry.payload)).toEqual([{ n: 8 }, { n: 9 }]);
  });

  it("shares a burst another instance queued between a kind's loops, woken by the due-queue watcher (the loops poll once a minute)", async () => {
    let running = 0;
    let bothRan: () => void = () => {};
    const together = new Promise<void>((resolve) => (bothRan = resolve));
    const pairJob = defineJob<{ n: number }>('test.pair', async (payload) => {
      running += 1;
      if (running === 2) bothRan();
      // Each job waits for the other: with one loop running alone this would never end.
      await together;
      seen.push({ payload, attempt: 1 });
    });
    await startJobWorkers({ pollingSeconds: 0.5, maintenanceSeconds: 1, concurrency: 2 });
    // Queued as another instance would: straight into the table, no wake-up of this process's loops.
    for (const n of [1, 2]) {
      await jobQueueSql().executeSql(`INSERT INTO pgboss.job (name, data) VALUES ($1, $2::jsonb)`, [pairJob.name, JSON.stringify({ n })]);
    }
    await until(async () => seen.length === 2, 10_000);
    expect(seen.map((entry) => (entry.payload as { n: number }).n).sort()).toEqual([1, 2]);
  });

  it('a job whose instance died while running is failed by the maintenance and run again by a worker', async () => {
    const slowJob = defineJob<{ n: number }>(
      'test.expiring',
      async (payload, job) => {
        seen.push({ payload, attempt: job.attempt });
      },
      { expireInSeconds: 1, retryDelaySeconds: 0, backoff: false },
    );
    // Another instance claimed the job, then died: its row stays active with nobody running it.
    await db().execute(sql`SELECT pgboss.create_queue('test.expiring', '{"policy":"standard","expireInSeconds":1,"retryDelay":0}'::json)`);
    const { rows } = await jobQueueSql().executeSql(
      `INSERT INTO pgboss.job (name, data, state, started_on, expire_in, retry_delay) VALUES ('test.expiring', '{"n":10}', 'active', now(), interval '1 second', 0) RETURNING id`,
    );
    const id = String(rows[0].id);
    await startJobWorkers({ pollingSeconds: 0.5, maintenanceSeconds: 1 });
    await until(async () => (await jobRow(id))?.state === 'completed');
    expect(seen).toEqual([{ payload: { n: 10 }, attempt: 2 }]);
    expect(slowJob.name).toBe('test.expiring');
  });

  it('drops a schedule no module defines any more, so no tick queues jobs nobody runs', async () => {
    await jobQueueSql().executeSql(`SELECT pgboss.create_queue('schedule.test-gone', '{"policy":"standard"}'::json)`);
    await jobQueueSql().executeSql(`INSERT INTO pgboss.schedule (name, cron, timezone) VALUES ('schedule.test-gone', '0 * * * *', 'UTC')`);
    await startJobWorkers({ pollingSeconds: 0.5, maintenanceSeconds: 1 });
    const { rows } = await jobQueueSql().executeSql(`SELECT name FROM pgboss.schedule WHERE name = 'schedule.test-gone'`);
    expect(rows).toEqual([]);
  });

  it('registers each schedule once, in UTC', async () => {
    defineSchedule('test-nightly', '15 3 * * *', async () => {});
    await startJobWorkers({ pollingSeconds: 0.5, maintenanceSeconds: 1 });
    await stopJobWorkers(1_000);
    await startJobWorkers({ pollingSeconds: 0.5, maintenanceSeconds: 1 });
    const { rows } = await jobQueueSql().executeSql(`SELECT name, cron, timezone FROM pgboss.schedule WHERE name = 'schedule.test-nightly'`);
    expect(rows).toEqual([{ name: 'schedule.test-nightly', cron: '15 3 * * *', timezone: 'UTC' }]);
  });
});
