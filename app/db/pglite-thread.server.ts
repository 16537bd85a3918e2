import { Worker } from 'node:worker_threads';
import { messages, type QueryOptions, type Results } from '@electric-sql/pglite';
import { workerFile } from '~/lib/worker-file.server';
import type { ErrorFields, Operation, Reply, Request } from './pglite-protocol';

/**
 * PGlite on a worker thread (decision 152), behind the part of PGlite's surface the app uses:
 * `query / exec / transaction`, `dumpDataDir`, `close`. PostgreSQL compiled to WebAssembly runs
 * each statement inside the call, so on the request thread a page's statements (17–27 % of a data
 * page's CPU) held up every other request; on the worker they run beside the rendering.
 *
 * The write watch and the job queue hook this object exactly as they hooked PGlite, since it has
 * the same methods. PGlite's rules hold because PGlite applies them on the worker: one
 * transaction at a time, statements outside it wait until it ends. Errors arrive as PGlite's
 * `DatabaseError` with PostgreSQL's fields (its `code` above all). Per-query parsers are
 * functions, which cannot cross threads: the worker leaves those types' text as it is and they
 * are applied here.
 */

export interface PgliteStatements {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(sql: string, options?: QueryOptions): Promise<Results[]>;
}

/** What a transaction's callback receives, as PGlite's `Transaction` (without `listen`/`sql`). */
export interface ThreadTransaction extends PgliteStatements {
  rollback(): Promise<void>;
  readonly closed: boolean;
}

/**
 * The one thread of the process that runs PGlite, started with the first database opened. It
 * outlives a closed database, so the next one opens without compiling PGlite again (a test run
 * opens one per file). Idle, it keeps no process alive: a script that forgets to close still
 * exits; while a statement is out, it does.
 */
class PgliteHost {
  readonly #worker = new Worker(workerFile(import.meta.url, 'pglite'));
  readonly #pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  #nextId = 1;
  #nextDatabase = 1;
  #nextTransaction = 1;
  #stopped: Error | undefined;

  constructor() {
    this.#worker.unref();
    this.#worker.on('message', (reply: Reply) => this.#settle(reply));
    this.#worker.on('error', (error) => this.#stop(error));
    this.#worker.on('exit', (code) => this.#stop(new Error(`The database thread stopped (exit code ${code})`)));
  }

  newDatabaseId(): number {
    return this.#nextDatabase++;
  }

  newTransactionId(): number {
    return this.#nextTransaction++;
  }

  call(db: number, operation: Operation, transfer: ArrayBuffer[] = []): Promise<unknown> {
    if (this.#stopped) return Promise.reject(this.#stopped);
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      if (this.#pending.size === 0) this.#worker.ref();
      this.#pending.set(id, { resolve, reject });
      this.#worker.postMessage({ ...operation, id, db } as Request, transfer);
    });
  }

  #settle(reply: Reply): void {
    const pending = this.#pending.get(reply.id);
    if (!pending) return;
    this.#pending.delete(reply.id);
    if (this.#pending.size === 0) this.#worker.unref();
    if (reply.ok) pending.resolve(reply.value);
    else pending.reject(errorFromFields(reply.error));
  }

  #stop(error: Error): void {
    this.#stopped ??= error;
    if (host === this) host = undefined;
    for (const pending of this.#pending.values()) pending.reject(error);
    this.#pending.clear();
    this.#worker.unref();
  }
}

let host: PgliteHost | undefined;

export class PgliteThread implements PgliteStatements {
  readonly #host: PgliteHost;
  readonly #db: number;
  #closed = false;

  private constructor(host: PgliteHost, db: number) {
    this.#host = host;
    this.#db = db;
  }

  /** Opens PGlite on the database thread: a data folder, a snapshot of one, or memory. */
  static async open(options: { dataDir?: string; snapshot?: Blob }): Promise<PgliteThread> {
    host ??= new PgliteHost();
    const opening = host;
    const db = opening.newDatabaseId();
    const snapshot = options.snapshot ? await options.snapshot.arrayBuffer() : undefined;
    await opening.call(db, { op: 'open', dataDir: options.dataDir, snapshot }, snapshot ? [snapshot] : []);
    return new PgliteThread(opening, db);
  }

  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.#query<T>(undefined, sql, params, options);
  }

  exec(sql: string, options?: QueryOptions): Promise<Results[]> {
    return this.#exec(undefined, sql, options);
  }

  /**
   * PGlite's `transaction`: BEGIN, the callback, then COMMIT, or ROLLBACK if it throws. The
   * worker holds the transaction open between the callback's statements.
   */
  async transaction<T>(callback: (tx: ThreadTransaction) => Promise<T>): Promise<T> {
    const id = this.#host.newTransactionId();
    await this.#call({ op: 'begin', tx: id });
    let closed = false;
    const open = () => {
      if (closed) throw new Error('Transaction is closed');
    };
    const tx: ThreadTransaction = {
      query: async (sql, params, options) => (open(), this.#query(id, sql, params, options)),
      exec: async (sql, options) => (open(), this.#exec(id, sql, options)),
      rollback: async () => {
        open();
        await this.#call({ op: 'rollback', tx: id });
        closed = true;
      },
      get closed() {
        return closed;
      },
    };
    let result: T;
    try {
      result = await callback(tx);
    } catch (error) {
      closed = true;
      await this.#call({ op: 'end', tx: id, commit: false });
      throw error;
    }
    closed = true;
    await this.#call({ op: 'end', tx: id, commit: true });
    return result;
  }

  /** The data folder as a tarball (test snapshots). */
  async dumpDataDir(compression?: 'gzip' | 'none' | 'auto'): Promise<Blob> {
    const bytes = (await this.#call({ op: 'dump', compression })) as ArrayBuffer;
    return new Blob([bytes]);
  }

  /** Closes PGlite: its data folder is then consistent. The thread stays for the next database. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    await this.#host.call(this.#db, { op: 'close' });
  }

  async #query<T>(tx: number | undefined, sql: string, params: unknown[] | undefined, options: QueryOptions | undefined): Promise<Results<T>> {
    const result = (await this.#call({ op: 'query', tx, sql, params, ...portable(options), paramTypes: options?.paramTypes })) as Results<T>;
    return parsed(result, options);
  }

  async #exec(tx: number | undefined, sql: string, options: QueryOptions | undefined): Promise<Results[]> {
    const results = (await this.#call({ op: 'exec', tx, sql, ...portable(options) })) as Results[];
    for (const result of results) parsed(result, options);
    return results;
  }

  #call(operation: Operation): Promise<unknown> {
    if (this.#closed) return Promise.reject(new Error('PGlite is closed'));
    return this.#host.call(this.#db, operation);
  }
}

/** The options that can cross: the row mode, and which types the worker must leave unparsed. */
function portable(options: QueryOptions | undefined): { rowMode?: 'array' | 'object'; rawTypes?: string[] } {
  if (!options) return {};
  if (options.serializers || options.blob || options.onNotice) {
    throw new Error('PGlite on its thread takes no serializers, blob or onNotice per query');
  }
  return { rowMode: options.rowMode, rawTypes: options.parsers ? Object.keys(options.parsers) : undefined };
}

/** Applies the caller's parsers to the columns the worker left as text. */
function parsed<T>(result: Results<T>, options: QueryOptions | undefined): Results<T> {
  const parsers = options?.parsers as Record<number, ((value: string, type: number) => unknown) | undefined> | undefined;
  if (!parsers) return result;
  const columns = result.fields.flatMap((field, index) => {
    const parse = parsers[field.dataTypeID];
    return parse ? [{ key: options?.rowMode === 'array' ? index : field.name, parse, type: field.dataTypeID }] : [];
  });
  if (columns.length === 0) return result;
  for (const row of result.rows as Record<string | number, unknown>[]) {
    for (const { key, parse, type } of columns) {
      const value = row[key];
      if (value !== null && value !== undefined) row[key] = parse(value as string, type);
    }
  }
  return result;
}

/** PGlite's own error class for database errors, a plain Error otherwise, with every field. */
function errorFromFields(fields: ErrorFields): Error {
  const error = fields.databaseError ? new messages.DatabaseError(fields.message, fields.length ?? 0, fields.name as never) : new Error(fields.message);
  if (!fields.databaseError && fields.name !== 'Error') (error as { name: string }).name = fields.name;
  Object.assign(error, fields.fields);
  return error;
}
