import type { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import type postgres from 'postgres';

/**
 * The job queue's storage (decision 130): pg-boss's tables in the `pgboss` schema, on
 * PostgreSQL and PGlite alike. pg-boss never opens a connection of its own here: it is handed
 * an executor, so the queue shares the database the app opened (and a transaction's
 * connection when a job is queued inside one).
 */
const JOB_SCHEMA = 'pgboss';

export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[]; rowCount?: number }>;
}

/**
 * PGlite's client as the queue uses it: taken before the write watch hooks it (job polling is
 * no page-visible write), after its fair turns. A statement string without parameters may
 * hold several statements (pg-boss's schema plans): those go through `exec`.
 */
export function pgliteExecutor(client: Pick<PGlite, 'query' | 'exec'>): SqlExecutor {
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  return {
    async executeSql(text, values) {
      if (!values || values.length === 0) {
        const results = await exec(text);
        const last = results.at(-1);
        return { rows: last?.rows ?? [], rowCount: last?.affectedRows };
      }
      const result = await query<Record<string, unknown>>(text, values);
      return { rows: result.rows, rowCount: result.affectedRows };
    },
  };
}

/**
 * A postgres.js client of the queue's own (the app's is watched for writes; polling is not one).
 * A string without parameters may be a whole `BEGIN … COMMIT` (pg-boss's schema plans): it runs
 * on a connection set aside for it, with the simple protocol.
 */
export function postgresExecutor(client: postgres.Sql): SqlExecutor {
  return {
    async executeSql(text, values) {
      if (!values || values.length === 0) {
        const connection = await client.reserve();
        try {
          const results = (await connection.unsafe(text).simple()) as unknown as
            postgres.RowList<Record<string, unknown>[]> | postgres.RowList<Record<string, unknown>[]>[];
          const last = Array.isArray(results[0]) || results.length === 0 ? (results as postgres.RowList<Record<string, unknown>[]>[]).at(-1) : results;
          return { rows: [...((last ?? []) as Record<string, unknown>[])], rowCount: (last as { count?: number } | undefined)?.count };
        } finally {
          connection.release();
        }
      }
      const result = await client.unsafe(text, values.map((value) => value ?? null) as postgres.ParameterOrJSON<never>[]);
      return { rows: [...result] as Record<string, unknown>[], rowCount: result.count };
    },
  };
}

/** What a Drizzle transaction (either engine) can run: the statements pg-boss sends, as Drizzle SQL. */
interface ExecutesSql {
  execute(query: SQL): PromiseLike<unknown>;
}

/**
 * Runs pg-boss's statements on a Drizzle transaction, so a job queued inside it is committed
 * with it or not at all. `$n` placeholders become Drizzle parameters (renumbered by Drizzle).
 */
export function transactionExecutor(tx: ExecutesSql): SqlExecutor {
  return {
    async executeSql(text, values = []) {
      const parts = text.split(/\$(\d+)/);
      const chunks: SQL[] = [];
      parts.forEach((part, index) => {
        if (index % 2 === 0) chunks.push(sql.raw(part));
        else chunks.push(sql`${asParameter(values[Number(part) - 1])}`);
      });
      const result = await tx.execute(sql.join(chunks));
      const rows = Array.isArray(result) ? result : ((result as { rows?: unknown[] }).rows ?? []);
      return { rows: rows as Record<string, unknown>[] };
    },
  };
}

/** JSON payloads go as text (both drivers would otherwise guess the type of a bare object). */
function asParameter(value: unknown): unknown {
  if (value === undefined) return null;
  if (value !== null && typeof value === 'object' && !(value instanceof Date) && !Array.isArray(value)) return JSON.stringify(value);
  return value;
}

/** How long failed jobs stay where staff can retry them before pg-boss archives them. */
export const FAILED_JOBS_KEPT_SECONDS = 30 * 24 * 3600;

/**
 * An executor that knows which of its statements are still running. pg-boss's worker sends the
 * statement that marks a job complete and moves on without waiting for it, so `stop()` can
 * resolve while it runs; closing the database then cut it short, and its rejection, which
 * nothing awaits, ended the process (seen as a failed seed script). A stop waits for `settled`.
 */
export interface TrackedExecutor extends SqlExecutor {
  settled(): Promise<void>;
}

export function trackedExecutor(inner: SqlExecutor): TrackedExecutor {
  const running = new Set<Promise<unknown>>();
  return {
    executeSql(text, values) {
      const statement = inner.executeSql(text, values);
      running.add(statement);
      const forget = () => running.delete(statement);
      statement.then(forget, forget);
      return statement;
    },
    async settled() {
      // A statement may follow one that settles (a completion, then its wip report): loop.
      while (running.size > 0) await Promise.allSettled([...running]);
    },
  };
}

/** A pg-boss instance over `executor`; started only by the workers (`startJobWorkers`). */
export function createBoss(executor: SqlExecutor, options: Partial<PgBoss.ConstructorOptions> = {}): PgBoss {
  return new PgBoss({
    db: executor,
    schema: JOB_SCHEMA,
    archiveFailedAfterSeconds: FAILED_JOBS_KEPT_SECONDS,
    ...options,
  });
}

/**
 * Creates or upgrades pg-boss's schema (its own advisory lock keeps instances from racing),
 * then adds the one index Paceline's `singletonKey` means: at most one *queued* (created or
 * retrying) job per queue and key, whatever the queue's policy. pg-boss's insert is
 * `ON CONFLICT DO NOTHING`, so a second job with the key is not queued.
 */
export async function installJobQueue(executor: SqlExecutor): Promise<void> {
  const boss = createBoss(executor, { migrate: true, supervise: false, schedule: false });
  boss.on('error', (error) => console.error('job queue:', error));
  await boss.start();
  await boss.stop({ graceful: false, close: false });
  await executor.executeSql(
    `CREATE UNIQUE INDEX IF NOT EXISTS job_queued_singleton ON ${JOB_SCHEMA}.job (name, singleton_key) WHERE state < 'active' AND singleton_key IS NOT NULL`,
  );
}
