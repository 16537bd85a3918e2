/**
 * The messages between the request thread and the thread that runs PGlite (decision 152):
 * app/db/pglite-thread.server.ts sends requests, app/db/pglite.worker.ts answers each one with
 * the same `id`. Only cloneable values cross: SQL text, parameters, result rows; functions
 * (PGlite's per-query parsers) stay on the request thread, which applies them to the text the
 * worker leaves unparsed.
 */

/**
 * One thread serves every database the process opens (one at a time in a server; one per test
 * file in a test run), so PGlite's compiled WebAssembly is kept between them as it was on the
 * request thread. `db` names the open database a request is for.
 */
type ForDatabase = { id: number; db: number };
/** Which transaction a statement belongs to (none: it waits for any running one, as in PGlite). */
type InTransaction = { tx?: number };

export type Operation =
  | { op: 'open'; dataDir?: string; /** A data folder's tarball (`dumpDataDir`), moved to the worker. */ snapshot?: ArrayBuffer }
  | ({ op: 'query'; sql: string; params?: unknown[]; rowMode?: 'array' | 'object'; rawTypes?: string[]; paramTypes?: number[] } & InTransaction)
  | ({ op: 'exec'; sql: string; rowMode?: 'array' | 'object'; rawTypes?: string[] } & InTransaction)
  | { op: 'begin'; tx: number }
  | { op: 'rollback'; tx: number }
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'dump'; compression?: 'gzip' | 'none' | 'auto' }
  | { op: 'close' };

export type Request = Operation & ForDatabase;

export type Reply = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: ErrorFields };

/**
 * What an error carries across: PostgreSQL's fields (`code` above all: callers tell a unique
 * violation by it) and, for a database error, its message name, so the request thread raises
 * the same `DatabaseError` class PGlite raises.
 */
export interface ErrorFields {
  message: string;
  name: string;
  databaseError: boolean;
  length?: number;
  stack?: string;
  fields: Record<string, unknown>;
}

/** PGlite's DatabaseError fields (and what it adds: the statement, its parameters). */
export const DATABASE_ERROR_FIELDS = [
  'severity',
  'code',
  'detail',
  'hint',
  'position',
  'internalPosition',
  'internalQuery',
  'where',
  'schema',
  'table',
  'column',
  'dataType',
  'constraint',
  'file',
  'line',
  'routine',
  'query',
  'params',
] as const;
