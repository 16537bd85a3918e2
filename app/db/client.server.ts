import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite, types } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import * as schema from './schema';
import { installJobQueue, pgliteExecutor, postgresExecutor, type SqlExecutor } from './job-queue.server';
import { CONNECTION_NAME, followOtherWriters } from './other-writers.server';
import { watchPglite, watchPostgres } from './statement-watch.server';
import { invalidateEverything } from './write-watch.server';

type Schema = typeof schema;
/** Both engines speak PostgreSQL; services see one database type. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** What a service receives inside `db().transaction(async (tx) => …)`. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export type OpenOptions = { engine: 'postgres'; url: string } | { engine: 'pglite'; dataDir?: string; snapshot?: Blob };

interface OpenDatabase {
  engine: OpenOptions['engine'];
  db: Database;
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** Statements of the job queue (app/db/job-queue.server.ts): outside the write watch. */
  queue: SqlExecutor;
  /** PGlite only: the data folder as a tarball, for test snapshots. */
  dump?(): Promise<Blob>;
}

const MIGRATIONS_FOLDER = path.resolve(process.cwd(), 'app/db/migrations');

let current: OpenDatabase | undefined;

export async function openDatabase(options: OpenOptions): Promise<OpenDatabase> {
  if (current) await closeDatabase();
  // What was read from another database must not be served from this one.
  invalidateEverything();
  current = options.engine === 'postgres' ? openPostgres(options.url) : await openPglite(options);
  return current;
}

/**
 * pg-boss is written for node-postgres, which sends a string parameter as it is. It hands some
 * JSON already serialized (every cron tick's `json_to_recordset($1)`): postgres.js would encode
 * that string again into a JSON *string*, which PostgreSQL refuses, and no schedule would ever
 * queue a job. Strings go as they are; objects are serialized.
 */
const QUEUE_JSON = {
  to: 114,
  from: [114, 3802],
  serialize: (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value)),
  parse: (text: string) => JSON.parse(text) as unknown,
};

function openPostgres(url: string): OpenDatabase {
  // Quiet notices: "relation already exists, skipping" from migrations is noise.
  // The connection name lets this process skip its own writes' announcements (other-writers.server.ts).
  const client = postgres(url, { max: 10, onnotice: () => {}, connection: { application_name: CONNECTION_NAME } });
  // What each statement reads and writes (decision 145): Drizzle's two entry points.
  watchPostgres(client as never);
  const db = drizzlePostgres(client, { schema }) as unknown as Database;
  // The queue polls and claims jobs on connections of its own: those statements are no write
  // a page shows, and must not wait behind (or hold up) the app's pool.
  const queueClient = postgres(url, { max: 4, onnotice: () => {}, types: { json: QUEUE_JSON } });
  const queue = postgresExecutor(queueClient);
  return {
    engine: 'postgres',
    db,
    queue,
    migrate: async () => {
      await migrateOnce(client, async () => {
        await migratePostgres(db as never, { migrationsFolder: MIGRATIONS_FOLDER });
        await installJobQueue(queue);
        // Its triggers are (re)created too: two instances replacing them at once would collide.
        await followOtherWriters(client);
      });
    },
    close: async () => {
      await queueClient.end({ timeout: 5 });
      await client.end({ timeout: 5 });
    },
  };
}

/** Any fixed number: the key of the lock every instance takes to migrate. */
const MIGRATION_LOCK_KEY = 7_302_022;

/**
 * Instances started together migrate one at a time (decision 131): the first takes a session
 * lock on a connection set aside for it and migrates; the others wait, then find nothing to do.
 */
async function migrateOnce(client: postgres.Sql, migrate: () => Promise<void>): Promise<void> {
  const holder = await client.reserve();
  try {
    await holder`SELECT pg_advisory_lock(${MIGRATION_LOCK_KEY})`;
    try {
      await migrate();
    } finally {
      await holder`SELECT pg_advisory_unlock(${MIGRATION_LOCK_KEY})`;
    }
  } finally {
    holder.release();
  }
}

/**
 * bytea arrives as hex text (`\x…`). PGlite's own parser turns it into bytes one pair at a time in
 * JavaScript: 36 ms for a day-long ride's power curve, on the request thread (issue 15 item 4).
 * Buffer's hex decoder is native and takes 3 ms. The other way, bytes are left as they are:
 * PGlite then sends them as a binary parameter, one copy, where its own serializer built hex.
 */
function bytesFromHex(text: string): Uint8Array {
  const bytes = Buffer.from(text.slice(2), 'hex');
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

type Statements = Pick<PGlite, 'query' | 'exec'>;

/** Lets the event loop run other requests' callbacks before the next statement. */
function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

function afterATurn(target: Statements): void {
  const query = target.query.bind(target);
  const exec = target.exec.bind(target);
  target.query = (async (...args: Parameters<PGlite['query']>) => {
    await nextTurn();
    return query(...args);
  }) as PGlite['query'];
  target.exec = async (...args) => {
    await nextTurn();
    return exec(...args);
  };
}

/**
 * PGlite runs a statement inside the call and resolves at once, so awaited statements in a row
 * (a ride's ingest transaction, a page's queries) would run as one task while every other
 * request waited: /healthz answered after a whole upload's statements (issue 15 item 4). Each
 * statement, inside transactions too, first gives the event loop a turn.
 */
function takeTurns(client: PGlite): void {
  afterATurn(client);
  const transaction = client.transaction.bind(client);
  client.transaction = (callback) =>
    transaction((tx) => {
      afterATurn(tx);
      return callback(tx);
    });
}

async function openPglite(options: { dataDir?: string; snapshot?: Blob }): Promise<OpenDatabase> {
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = await PGlite.create(options.dataDir, {
    parsers: { [types.BYTEA]: bytesFromHex },
    serializers: { [types.BYTEA]: (bytes: Uint8Array) => bytes as unknown as string },
    ...(options.snapshot ? { loadDataDir: options.snapshot } : {}),
  });
  takeTurns(client);
  // Taken before the statement hooks: the queue's polling is no page-visible write.
  const queue = pgliteExecutor(client);
  // What each statement reads and writes (decision 145).
  watchPglite(client);
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    engine: 'pglite',
    db,
    queue,
    migrate: async () => {
      await migratePglite(db as never, { migrationsFolder: MIGRATIONS_FOLDER });
      await installJobQueue(queue);
    },
    close: () => client.close(),
    dump: () => client.dumpDataDir('gzip'),
  };
}

/** The open database. Start-up (or a test's setup) opens it; requests never do. */
export function db(): Database {
  if (!current) throw new Error('The database is not open: call openDatabase() at start-up');
  return current.db;
}

/** The open database's job-queue statements (app/services/platform/jobs.server.ts). */
export function jobQueueSql(): SqlExecutor {
  if (!current) throw new Error('The database is not open: call openDatabase() at start-up');
  return current.queue;
}

export async function closeDatabase(): Promise<void> {
  const closing = current;
  current = undefined;
  await closing?.close();
}
