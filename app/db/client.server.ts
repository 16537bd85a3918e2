import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import * as schema from './schema';
import { advanceAfter, advanceWriteGeneration, followOtherWriters, unlessReadOnly } from './write-watch.server';

export type Schema = typeof schema;
/** Both engines speak PostgreSQL; services see one database type. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** What a service receives inside `db().transaction(async (tx) => …)`. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export type OpenOptions =
  | { engine: 'postgres'; url: string }
  | { engine: 'pglite'; dataDir?: string; snapshot?: Blob };

interface OpenDatabase {
  engine: OpenOptions['engine'];
  db: Database;
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** PGlite only: the data folder as a tarball, for test snapshots. */
  dump?(): Promise<Blob>;
}

const MIGRATIONS_FOLDER = path.resolve(process.cwd(), 'app/db/migrations');

let current: OpenDatabase | undefined;

export async function openDatabase(options: OpenOptions): Promise<OpenDatabase> {
  if (current) await closeDatabase();
  // What was read from another database must not be served from this one.
  advanceWriteGeneration();
  current = options.engine === 'postgres' ? openPostgres(options.url) : await openPglite(options);
  return current;
}

function openPostgres(url: string): OpenDatabase {
  // Quiet notices: "relation already exists, skipping" from migrations is noise.
  const client = postgres(url, { max: 10, onnotice: () => {} });
  // Statements outside a transaction, and whole transactions (Drizzle's two entry points).
  advanceAfter(client, 'unsafe', unlessReadOnly);
  advanceAfter(client, 'begin');
  const db = drizzlePostgres(client, { schema }) as unknown as Database;
  return {
    engine: 'postgres',
    db,
    migrate: async () => {
      await migratePostgres(db as never, { migrationsFolder: MIGRATIONS_FOLDER });
      await followOtherWriters(client);
    },
    close: () => client.end({ timeout: 5 }),
  };
}

async function openPglite(options: { dataDir?: string; snapshot?: Blob }): Promise<OpenDatabase> {
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = await PGlite.create(options.dataDir, options.snapshot ? { loadDataDir: options.snapshot } : {});
  advanceAfter(client, 'query', unlessReadOnly);
  advanceAfter(client, 'exec', unlessReadOnly);
  advanceAfter(client, 'transaction');
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    engine: 'pglite',
    db,
    migrate: () => migratePglite(db as never, { migrationsFolder: MIGRATIONS_FOLDER }),
    close: () => client.close(),
    dump: () => client.dumpDataDir('gzip'),
  };
}

/** The open database. Start-up (or a test's setup) opens it; requests never do. */
export function db(): Database {
  if (!current) throw new Error('The database is not open: call openDatabase() at start-up');
  return current.db;
}

export function databaseEngine(): OpenOptions['engine'] | undefined {
  return current?.engine;
}

export async function closeDatabase(): Promise<void> {
  const closing = current;
  current = undefined;
  await closing?.close();
}
