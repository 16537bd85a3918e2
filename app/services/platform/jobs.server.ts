import type PgBoss from 'pg-boss';
import { db, jobQueueSql, type Database, type Transaction } from '~/db/client.server';
import { createBoss, trackedExecutor, transactionExecutor, type SqlExecutor, type TrackedExecutor } from '~/db/job-queue.server';

/**
 * The durable job queue (decision 130): pg-boss on PostgreSQL and on PGlite alike, its rows in
 * the `pgboss` schema of the app's database.
 *
 * - A **job kind** is a name, a JSON payload and an idempotent handler (it may run twice: a job
 *   whose instance died mid-way is run again by another once it expires).
 * - **Workers** (`startJobWorkers`, called by the server at start-up) run every kind's queue;
 *   one statement per interval finds the queues with due jobs and wakes their loops. On
 *   PostgreSQL every instance's workers share the queue, `FOR UPDATE SKIP LOCKED` handing each
 *   job to one of them. A job queued by this process wakes its own worker at once.
 * - **Without workers** (tests, scripts) a job queued outside a transaction is run in place
 *   before `enqueueJob` returns, through the same claim, run and complete/fail statements;
 *   `runDueJobs()` runs what is due (jobs queued inside a transaction, retries).
 *
 * Kinds are defined at module load; `job-registry.server.ts` imports every module that
 * defines one, so a server's workers know them all.
 */
export interface JobOptions {
  /** Attempts after the first (default 3). */
  retryLimit?: number;
  /** Seconds before a retry (default 10), doubled each attempt with `backoff` (default true). */
  retryDelaySeconds?: number;
  backoff?: boolean;
  /** A run taking longer is failed (and retried); also how long a dead instance holds a job (default 300). */
  expireInSeconds?: number;
  /**
   * The payload names a person (an e-mail address that may have no account behind it, so no id
   * can stand for it): it is emptied once the job is done — completed, or failed after its last
   * attempt — so the rows the queue keeps for days hold no address (decision 177). Such a job
   * cannot be retried by staff once it failed.
   */
  forgetPayloadWhenDone?: boolean;
}

export interface JobRun {
  id: string;
  /** 1 for the first run, 2 for the first retry … */
  attempt: number;
}

export interface JobKind<P> {
  readonly name: string;
  readonly options: Required<JobOptions>;
  readonly handler: (payload: P, job: JobRun) => Promise<void>;
}

export interface EnqueueOptions {
  /** Queue inside this transaction: committed with it, or not at all. */
  tx?: Transaction;
  /** At most one queued (not yet running) job per key: a second enqueue returns the first's id. */
  singletonKey?: string;
  startAfterSeconds?: number;
  /**
   * Queue it but start nothing here: not run in place, this process's workers not woken. The
   * caller starts it with `startQueuedJobs` when it may run (after an answer that must not wait
   * for it, or look different for what it finds: decision 134). Other instances' workers may take
   * it at their next poll.
   */
  deferStart?: boolean;
}

const DEFAULT_OPTIONS: Required<JobOptions> = { retryLimit: 3, retryDelaySeconds: 10, backoff: true, expireInSeconds: 300, forgetPayloadWhenDone: false };
const QUEUE_NAME = /^[a-z][a-z0-9.-]*$/;

const kinds = new Map<string, JobKind<never>>();
const schedules = new Map<string, { cron: string; queue: string }>();

export function defineJob<P>(name: string, handler: (payload: P, job: JobRun) => Promise<void>, options: JobOptions = {}): JobKind<P> {
  if (!QUEUE_NAME.test(name)) throw new Error(`Job names are lower-case words with dots or dashes: ${name}`);
  const kind: JobKind<P> = { name, handler, options: { ...DEFAULT_OPTIONS, ...options } };
  // A module loaded again (development reloads) replaces its kinds rather than failing.
  kinds.set(name, kind);
  return kind;
}

/** A job that runs on a schedule (cron syntax, UTC), once across all instances per tick. */
export function defineSchedule(name: string, cron: string, handler: () => Promise<void>): void {
  const queue = `schedule.${name}`;
  defineJob(queue, handler, { retryLimit: 0, expireInSeconds: 600 });
  schedules.set(name, { cron, queue });
}

export function jobKind(name: string): JobKind<never> | undefined {
  return kinds.get(name);
}

function jobKindNames(): string[] {
  return [...kinds.keys()];
}

/** One pg-boss per open database, for queueing and in-place runs (the workers have their own). */
const clients = new WeakMap<Database, { boss: PgBoss; queues: Set<string> }>();

function client() {
  const database = db();
  let entry = clients.get(database);
  if (!entry) {
    entry = { boss: createBoss(jobQueueSql()), queues: new Set() };
    clients.set(database, entry);
  }
  return entry;
}

function queueSettings(kind: JobKind<never>) {
  return {
    retryLimit: kind.options.retryLimit,
    retryDelay: kind.options.retryDelaySeconds,
    retryBackoff: kind.options.backoff,
    expireInSeconds: kind.options.expireInSeconds,
  };
}

/** Any fixed number: the lock under which instances create queues one at a time. */
const QUEUE_CREATION_LOCK = 7_302_130;

function createQueueStatement(kind: JobKind<never>): string {
  // Names match QUEUE_NAME and the settings are numbers and booleans: nothing to escape.
  return `SELECT pgboss.create_queue('${kind.name}', '${JSON.stringify({ policy: 'standard', ...queueSettings(kind) })}'::json);`;
}

/**
 * pg-boss keeps one partition per queue, created on first use. Creating one attaches a
 * partition to the job table: two instances doing it at once deadlock, so creation takes a
 * transaction-scoped advisory lock (inside `tx` when given; idempotent either way).
 */
async function ensureQueues(wanted: JobKind<never>[], executor: SqlExecutor | undefined): Promise<void> {
  const entry = client();
  const missing = wanted.filter((kind) => !entry.queues.has(kind.name));
  if (missing.length === 0) return;
  if (executor) {
    await executor.executeSql('SELECT pg_advisory_xact_lock($1)', [QUEUE_CREATION_LOCK]);
    for (const kind of missing) await executor.executeSql(createQueueStatement(kind), []);
    // Created inside a transaction, they exist only once it commits: remember only the sure case.
    return;
  }
  await jobQueueSql().executeSql(
    ['BEGIN;', `SELECT pg_advisory_xact_lock(${QUEUE_CREATION_LOCK});`, ...missing.map(createQueueStatement), 'COMMIT;'].join('\n'),
  );
  for (const kind of missing) entry.queues.add(kind.name);
}

export async function enqueueJob<P>(kind: JobKind<P>, payload: P, options: EnqueueOptions = {}): Promise<string> {
  const known = kind as unknown as JobKind<never>;
  const executor = options.tx ? transactionExecutor(options.tx) : undefined;
  await ensureQueues([known], executor);
  const { boss } = client();
  const sendOptions: PgBoss.SendOptions = {
    ...queueSettings(known),
    ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
    // In a transaction, pg-boss's repeated `$n` become separate parameters (transactionExecutor), and
    // the one it casts to a time must then hold a time: a date, not a number of seconds.
    ...(options.startAfterSeconds ? { startAfter: executor ? new Date(Date.now() + options.startAfterSeconds * 1000) : options.startAfterSeconds } : {}),
    ...(executor ? { db: executor } : {}),
  };
  const id = (await boss.send(kind.name, payload as object, sendOptions)) ?? (await queuedWithKey(kind.name, options.singletonKey, executor));
  if (options.deferStart) return id;
  if (workers) workers.wake(kind.name);
  else if (!executor && !options.startAfterSeconds) await runDueJobs([kind.name]);
  return id;
}

/**
 * Called once the transaction that queued jobs of `kind` has committed: this process's workers
 * look at once (woken inside the transaction, they would have found nothing yet and slept a
 * polling interval), or, without workers, the due jobs of the kind run in place.
 */
export async function startQueuedJobs<P>(kind: JobKind<P>): Promise<void> {
  if (workers) workers.wake(kind.name);
  else await runDueJobs([kind.name]);
}

/** The job already queued under a singleton key (the insert that met it queued nothing). */
async function queuedWithKey(name: string, key: string | undefined, executor: SqlExecutor | undefined): Promise<string> {
  if (!key) throw new Error(`The job queue refused a job of ${name}`);
  const { rows } = await (executor ?? jobQueueSql()).executeSql(
    `SELECT id FROM pgboss.job WHERE name = $1 AND singleton_key = $2 AND state < 'active' LIMIT 1`,
    [name, key],
  );
  if (!rows[0]) throw new Error(`The job queue refused a job of ${name}`);
  return String(rows[0].id);
}

/**
 * Removes every job of `kind` queued under `singletonKey`, in any state, archived ones too,
 * inside `tx`: for a key that names an account being erased (its kept, completed jobs would name
 * it for the queue's retention period otherwise).
 */
export async function removeJobsWithKey<P>(tx: Transaction, kind: JobKind<P>, singletonKey: string): Promise<void> {
  const executor = transactionExecutor(tx);
  for (const table of ['job', 'archive']) {
    await executor.executeSql(`DELETE FROM pgboss.${table} WHERE name = $1 AND singleton_key = $2`, [kind.name, singletonKey]);
  }
}

/** Runs one claimed job: the handler, then complete, or fail (pg-boss retries it with backoff). */
async function runClaimed(boss: PgBoss, job: PgBoss.JobWithMetadata<unknown>): Promise<boolean> {
  const kind = kinds.get(job.name);
  let completed: boolean;
  try {
    if (!kind) throw new Error(`No handler for job kind ${job.name}: is its module imported by job-registry.server.ts?`);
    await kind.handler(job.data as never, { id: job.id, attempt: job.retryCount + 1 });
    await boss.complete(job.name, job.id);
    completed = true;
  } catch (error) {
    console.warn(`job ${job.name} ${job.id} failed (attempt ${job.retryCount + 1}):`, error);
    await boss.fail(job.name, job.id, errorRecord(error));
    completed = false;
  }
  // A job still to be retried keeps its payload; a finished one of these kinds forgets it now.
  if (kind?.options.forgetPayloadWhenDone) await forgetFinishedPayloads([kind.name], job.id);
  return completed;
}

/**
 * Empties the payloads of finished jobs (completed, or failed for good) of kinds whose payload
 * names a person, in the queue and its archive: one job's right after it ran, and every such
 * kind's by the hourly cleanup, the backstop for a process that died between the two statements.
 * Returns how many payloads were emptied.
 */
export async function forgetFinishedPayloads(names = personalPayloadKinds(), id?: string, executor: SqlExecutor = jobQueueSql()): Promise<number> {
  let forgotten = 0;
  for (const name of names) {
    for (const [table, finished] of [
      ['job', `state IN ('completed', 'failed')`],
      ['archive', 'true'],
    ]) {
      const { rows } = await executor.executeSql(
        `UPDATE pgboss.${table} SET data = '{}'::jsonb WHERE name = $1 AND ${finished} AND data <> '{}'::jsonb${id ? ' AND id = $2' : ''} RETURNING id`,
        id ? [name, id] : [name],
      );
      forgotten += rows.length;
    }
  }
  return forgotten;
}

function personalPayloadKinds(): string[] {
  return [...kinds.values()].filter((kind) => kind.options.forgetPayloadWhenDone).map((kind) => kind.name);
}

function errorRecord(error: unknown): object {
  return error instanceof Error ? { message: error.message, stack: error.stack } : { message: String(error) };
}

/**
 * Runs every due job of the named kinds (all kinds by default) in this process until none is
 * left; returns how many ran. For tests and scripts; servers have workers.
 */
export async function runDueJobs(names: string[] = jobKindNames()): Promise<number> {
  const { boss } = client();
  let ran = 0;
  for (const name of names) {
    const kind = kinds.get(name);
    if (!kind) continue;
    await ensureQueues([kind], undefined);
    for (;;) {
      const [job] = await boss.fetch<unknown>(name, { includeMetadata: true });
      if (!job) break;
      await runClaimed(boss, job);
      ran += 1;
    }
  }
  return ran;
}

export interface WorkerSettings {
  /** How often each queue is polled for jobs queued by other instances or become due. */
  pollingSeconds: number;
  /** How often expired jobs (their instance died) are failed for a retry, and old ones archived. */
  maintenanceSeconds: number;
  /** Jobs of one kind this process runs at once (default 2). */
  concurrency?: number;
}

/**
 * Every loop of every kind polls only this often on its own: one watcher statement per process
 * asks every `pollingSeconds` which queues hold a due job and wakes those kinds' loops. Each loop
 * polling at `pollingSeconds` cost an idle PGlite server ~10 fetches a second on its request
 * thread (decisions 157 and 161); the loops' own polls are only a safety net now.
 */
const LOOP_POLLING_SECONDS = 60;

/**
 * The queues holding a job that may run now (created or retrying, its start passed): one
 * statement over every queue's partition, each read through pg-boss's index of waiting jobs.
 */
export async function dueQueueNames(executor: SqlExecutor = jobQueueSql()): Promise<string[]> {
  const { rows } = await executor.executeSql(`SELECT DISTINCT name FROM pgboss.job WHERE state < 'active' AND start_after <= now()`, []);
  return rows.map((row) => String(row.name));
}

/** Asks `dueQueueNames` every `seconds` and wakes those kinds; returns its stop. */
function watchDueQueues(executor: SqlExecutor, seconds: number, wake: (name: string) => void, onError: (error: unknown) => void): () => void {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const look = async () => {
    try {
      for (const name of await dueQueueNames(executor)) if (!stopped) wake(name);
    } catch (error) {
      if (!stopped) onError(error);
    }
    if (!stopped) timer = setTimeout(() => void look(), seconds * 1000).unref();
  };
  timer = setTimeout(() => void look(), seconds * 1000).unref();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}

let workers: { boss: PgBoss; executor: TrackedExecutor; ids: Map<string, string[]>; wake(name: string): void; stopWatching(): void } | undefined;

/** Starts a worker for every defined kind and the schedules' clock (one per process). */
export async function startJobWorkers(settings: WorkerSettings): Promise<void> {
  if (workers) return;
  const executor = trackedExecutor(jobQueueSql());
  const boss = createBoss(executor, {
    migrate: false,
    supervise: true,
    schedule: true,
    maintenanceIntervalSeconds: settings.maintenanceSeconds,
  });
  const ids = new Map<string, string[]>();
  const started = {
    boss,
    executor,
    ids,
    wake: (name: string) => {
      for (const id of ids.get(name) ?? []) boss.notifyWorker(id);
    },
    stopWatching: () => {},
  };
  // Once stopping, a statement cut short by the closing database is expected, not an error.
  boss.on('error', (error) => {
    if (workers === started) console.error('job queue:', error);
  });
  workers = started;
  try {
    await boss.start();
    await ensureQueues([...kinds.values()], undefined);
    for (const kind of kinds.values()) {
      const loops: string[] = [];
      ids.set(kind.name, loops);
      for (let loop = 0; loop < (settings.concurrency ?? 2); loop += 1) {
        const pollingIntervalSeconds = Math.max(settings.pollingSeconds, LOOP_POLLING_SECONDS);
        const id: string = await boss.work<unknown>(kind.name, { pollingIntervalSeconds, includeMetadata: true }, async ([job]) => {
          if (!job) return;
          // Where one job was found more may wait (a burst queued by another instance): every
          // loop of the kind looks at once, the slow-polling ones included.
          started.wake(kind.name);
          // The handler's failure is recorded by runClaimed; pg-boss's own complete then finds nothing active.
          await runClaimed(boss, job);
          // pg-boss waits a polling interval after every fetch: a loop that found work looks again at once.
          boss.notifyWorker(id);
        });
        loops.push(id);
      }
    }
    started.stopWatching = watchDueQueues(executor, settings.pollingSeconds, started.wake, (error) => {
      if (workers === started) console.error('job queue:', error);
    });
    for (const { cron, queue } of schedules.values()) await boss.schedule(queue, cron, undefined, { tz: 'UTC' });
    await dropUndefinedSchedules(boss);
  } catch (error) {
    await stopJobWorkers(0);
    throw error;
  }
}

/**
 * A schedule an older version defined (renamed or removed) would go on queueing a job each tick
 * for a queue no worker reads: it is dropped. Only `schedule.*` queues are this module's.
 */
async function dropUndefinedSchedules(boss: PgBoss): Promise<void> {
  const defined = new Set([...schedules.values()].map((schedule) => schedule.queue));
  for (const { name } of await boss.getSchedules()) {
    if (name.startsWith('schedule.') && !defined.has(name)) await boss.unschedule(name);
  }
}

/**
 * Stops taking jobs and waits up to `drainMs` for the running ones; any still running then
 * is failed, so it is retried (by another instance, or this one's next start).
 */
export async function stopJobWorkers(drainMs = 30_000): Promise<void> {
  const running = workers;
  workers = undefined;
  if (!running) return;
  running.stopWatching();
  await running.boss.stop({ graceful: drainMs > 0, timeout: Math.max(drainMs, 1_000), close: false });
  // pg-boss has stopped, but a job's completion it sent may still be running: the database must
  // not close under it.
  await running.executor.settled();
}

export function jobWorkersRunning(): boolean {
  return workers !== undefined;
}

/**
 * A deleted account's traces in the queue (issue 26: no row names a deleted rider): jobs whose
 * payload holds the rider's id or address in a field (`userId`, `email`, `childUserId` …) or whose
 * singleton key is the rider's id, queued, finished or archived, go with the account, inside its
 * deletion's transaction. A job of theirs still running finds its rows gone and does nothing
 * (handlers are idempotent).
 */
export async function forgetJobsOf(tx: Transaction, account: { id: string; email: string }): Promise<void> {
  const executor = transactionExecutor(tx);
  for (const table of ['job', 'archive']) {
    await executor.executeSql(
      `DELETE FROM pgboss.${table} WHERE singleton_key = $1 OR CASE WHEN jsonb_typeof(data) = 'object'
         THEN EXISTS (SELECT 1 FROM jsonb_each_text(data) AS field WHERE field.value = $2 OR lower(field.value) = $3) ELSE false END`,
      [account.id, account.id, account.email.toLowerCase()],
    );
  }
}
