import { jobQueueSql } from '~/db/client.server';
import { isUuid } from '~/lib/domain/ids';
import { jobKind, jobWorkersRunning, runDueJobs } from '../platform/jobs.server';
import { textOf } from '~/lib/form-text';

/**
 * The staff console's view of the job queue (decision 130): how many jobs of each kind wait,
 * run, retry or failed, the failed ones with their error, and a retry that queues one again.
 */
export interface QueueCounts {
  name: string;
  queued: number;
  active: number;
  retrying: number;
  failed: number;
  completed: number;
}

export interface FailedJob {
  id: string;
  name: string;
  attempts: number;
  failedAt: string;
  error: string;
  payload: string;
  /** False for a kind whose payload was forgotten when it failed (an e-mail address): nothing is left to run. */
  retryable: boolean;
}

const num = (value: unknown) => Number(value ?? 0);

export async function queueCounts(): Promise<QueueCounts[]> {
  const { rows } = await jobQueueSql().executeSql(
    `SELECT q.name,
       count(*) FILTER (WHERE j.state = 'created') AS queued,
       count(*) FILTER (WHERE j.state = 'active') AS active,
       count(*) FILTER (WHERE j.state = 'retry') AS retrying,
       count(*) FILTER (WHERE j.state = 'failed') AS failed,
       count(*) FILTER (WHERE j.state = 'completed') AS completed
     FROM pgboss.queue q LEFT JOIN pgboss.job j ON j.name = q.name
     WHERE q.name NOT LIKE '\\_\\_%'
     GROUP BY q.name ORDER BY q.name`,
    [],
  );
  return rows.map((row) => ({
    name: String(row.name),
    queued: num(row.queued),
    active: num(row.active),
    retrying: num(row.retrying),
    failed: num(row.failed),
    completed: num(row.completed),
  }));
}

/** The newest failed jobs first (the 100 most recent). */
export async function listFailedJobs(limit = 100): Promise<FailedJob[]> {
  const { rows } = await jobQueueSql().executeSql(
    `SELECT id, name, retry_count, completed_on, output, data FROM pgboss.job WHERE state = 'failed' ORDER BY completed_on DESC NULLS LAST LIMIT $1`,
    [limit],
  );
  return rows.map((row) => {
    const output = (row.output ?? {}) as { message?: string; value?: { message?: string } };
    return {
      id: String(row.id),
      name: String(row.name),
      attempts: num(row.retry_count) + 1,
      failedAt: row.completed_on instanceof Date ? row.completed_on.toISOString() : textOf(row.completed_on),
      error: output.message ?? output.value?.message ?? JSON.stringify(output),
      payload: JSON.stringify(row.data ?? null).slice(0, 300),
      retryable: !payloadForgotten(String(row.name)),
    };
  });
}

const payloadForgotten = (name: string) => jobKind(name)?.options.forgetPayloadWhenDone ?? false;

export type RetryOutcome = 'queued' | 'not-failed' | 'payload-forgotten';

/**
 * Queues a failed job again (one more attempt): 'not-failed' when it is not (or no longer)
 * failed, 'payload-forgotten' for a kind whose payload was emptied when it failed (decision 177).
 * Without workers in this process (tests, a script) it runs in place.
 */
export async function retryFailedJob(name: string, id: string): Promise<RetryOutcome> {
  if (payloadForgotten(name)) return 'payload-forgotten';
  if (!isUuid(id)) return 'not-failed';
  const { rows } = await jobQueueSql().executeSql(
    `UPDATE pgboss.job SET state = 'retry', retry_limit = retry_limit + 1, start_after = now() WHERE name = $1 AND id = $2 AND state = 'failed' RETURNING id`,
    [name, id],
  );
  if (rows.length === 0) return 'not-failed';
  if (!jobWorkersRunning()) await runDueJobs([name]);
  return 'queued';
}
