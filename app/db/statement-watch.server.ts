import { schemaFacts } from './row-keys.server';
import { analyzeStatement, type RowSet, type StatementShape, type ValueSource } from './statement-tags.server';
import { EVERYTHING, invalidate, noteReads, type Tag } from './write-watch.server';

/**
 * The database client's side of app/db/write-watch.server.ts: every statement is tagged from
 * its SQL text (analysed once per text) and its parameters; its read tags go to the running
 * request's recorder, its write tags are announced once the write is visible — after the
 * statement settles outside a transaction, after the whole transaction settles inside one
 * (committed or not: a needless announcement only costs a cache miss).
 *
 * The hooks sit on the surfaces Drizzle calls: PGlite's `query / exec / transaction` and
 * postgres.js's `unsafe / begin / savepoint`.
 */

const SHAPES_MAX = 5_000;
const shapes = new Map<string, StatementShape>();

function shapeOf(sql: string): StatementShape {
  let shape = shapes.get(sql);
  if (!shape) {
    shape = analyzeStatement(sql, schemaFacts());
    if (shapes.size >= SHAPES_MAX) shapes.clear();
    shapes.set(sql, shape);
  }
  return shape;
}

const UUID = /^\{?([0-9a-f]{8})-?([0-9a-f]{4})-?([0-9a-f]{4})-?([0-9a-f]{4})-?([0-9a-f]{12})\}?$/i;
const INTEGER = /^\s*[+-]?\d+\s*$/;

/**
 * A key value as the database compares it: the tags of `'1'`, `1` and `' 01'` for an integer
 * key, or of a UUID in upper case or without hyphens, must be the same. Null when the value
 * cannot be a key (null, an object): the rows are then the whole table.
 */
export function keyText(value: unknown): string | null {
  if (typeof value === 'number') return Number.isInteger(value) ? String(value) : null;
  if (typeof value === 'bigint') return value.toString();
  if (typeof value !== 'string') return null;
  if (INTEGER.test(value)) return BigInt(value.trim()).toString();
  const uuid = UUID.exec(value);
  if (uuid) return uuid.slice(1).join('-').toLowerCase();
  return value;
}

/**
 * The tags of rows whose key values are `values`, or null for the whole table. A SQL NULL key
 * names no rider: a row whose key is (or becomes) NULL is seen only by readers of the whole
 * table, whom any keyed tag of the table stales, so it adds no tag of its own while another
 * remains — a deleted account's rows handed to its tombstone are written as its own rows only,
 * as the PostgreSQL triggers announce them (other-writers.server.ts). A value that cannot be a
 * key, or only NULLs, leave the whole table.
 */
function keyTags(table: string, values: readonly unknown[]): Tag[] | null {
  const tags = new Set<Tag>();
  for (const value of values) {
    if (value === null) continue;
    const text = keyText(value);
    if (text === null) return null;
    tags.add(`${table}:${text}`);
  }
  return tags.size > 0 ? [...tags] : null;
}

/** Adds the tags of the row sets whose keys the text and parameters give; returns those the result must name. */
function rowTags(rows: RowSet[], params: readonly unknown[] | undefined, tags: Set<Tag>): ReturnedKeys[] {
  const returned: ReturnedKeys[] = [];
  for (const { table, keys, returnedAs } of rows) {
    if (!keys && returnedAs) {
      returned.push({ table, column: returnedAs });
      continue;
    }
    const keyed =
      keys &&
      keyTags(
        table,
        keys.map((source: ValueSource) => ('param' in source ? params?.[source.param] : source.literal)),
      );
    if (!keyed) tags.add(table);
    else for (const tag of keyed) tags.add(tag);
  }
  return returned;
}

/** A write whose rows are those its result hands back: the table and the output column of their keys. */
export interface ReturnedKeys {
  table: string;
  column: string;
}

export interface StatementTags {
  reads: Set<Tag>;
  writes: Set<Tag>;
  /** Writes known only once the result is in (`writtenByResult`). */
  returned: ReturnedKeys[];
}

export function statementTags(sql: unknown, params?: readonly unknown[]): StatementTags {
  if (typeof sql !== 'string') return { reads: new Set([EVERYTHING]), writes: new Set([EVERYTHING]), returned: [] };
  const shape = shapeOf(sql);
  const reads = new Set<Tag>();
  const writes = new Set<Tag>();
  if (shape.readsEverything) reads.add(EVERYTHING);
  if (shape.writesEverything) writes.add(EVERYTHING);
  rowTags(shape.reads, params, reads);
  const returned = rowTags(shape.writes, params, writes);
  return { reads, writes, returned };
}

/** The column names and rows of a result: PGlite's `{ rows, fields }` (one, or `exec`'s list of one) or a postgres.js result list. */
function resultTable(result: unknown): { names: string[]; rows: unknown[] } | null {
  if (Array.isArray(result) && result.length === 1 && isPgliteResult(result[0])) return resultTable(result[0]);
  if (isPgliteResult(result)) return { names: result.fields.map((field) => field.name), rows: result.rows };
  if (Array.isArray(result)) {
    const columns = (result as { columns?: Array<{ name: string }> }).columns;
    if (columns) return { names: columns.map((column) => column.name), rows: result };
  }
  return null;
}

function isPgliteResult(value: unknown): value is { rows: unknown[]; fields: Array<{ name: string }> } {
  return (
    typeof value === 'object' && value !== null && Array.isArray((value as { rows?: unknown }).rows) && Array.isArray((value as { fields?: unknown }).fields)
  );
}

/**
 * The tags of the rows a write's result hands back (their key values), or the whole table when
 * the result cannot say (a failed statement, an unexpected shape, a key column named twice, only
 * NULL keys): sound either way, a needless whole-table tag only costs kept answers.
 */
export function writtenByResult(returned: ReturnedKeys[], result: unknown): Tag[] {
  const table = resultTable(result);
  const tags: Tag[] = [];
  for (const { table: name, column } of returned) {
    const index = table ? table.names.indexOf(column) : -1;
    if (!table || index === -1 || table.names.lastIndexOf(column) !== index) {
      tags.push(name);
      continue;
    }
    if (table.rows.length === 0) continue;
    const keyed = keyTags(
      name,
      table.rows.map((row) => (Array.isArray(row) ? (row as unknown[])[index] : (row as Record<string, unknown> | null)?.[column])),
    );
    tags.push(...(keyed ?? [name]));
  }
  return tags;
}

type AnyFunction = (...args: never[]) => unknown;

interface Thenable {
  then: (onFulfilled?: (value: unknown) => unknown, onRejected?: (reason: unknown) => unknown) => Promise<unknown>;
}

function isThenable(value: unknown): value is Thenable {
  return typeof value === 'object' && value !== null && typeof (value as Thenable).then === 'function';
}

/** Runs `settle` with the result (undefined when it failed) when the call's promise settles, before the caller sees it. */
function afterSettling<T>(result: T, settle: (value?: unknown) => void): T {
  if (!isThenable(result)) {
    settle(result);
    return result;
  }
  const settled = (value: unknown) => {
    settle(value);
    return value;
  };
  const failed = (reason: unknown) => {
    settle();
    throw reason;
  };
  // A native promise is awaited without reading its `then`: hand back a chained one.
  if (result.constructor === Promise) return (result as unknown as Promise<unknown>).then(settled, failed) as T;
  // postgres.js queries are lazy Promise subclasses with their own methods (`values()`,
  // chained by Drizzle after this returns): keep the object, wrap its `then`.
  const then = result.then;
  result.then = function (onFulfilled, onRejected) {
    return then.call(this, settled, failed).then(onFulfilled, onRejected);
  };
  return result;
}

/**
 * The writes of a transaction so far. A write whose rows only its result names is a table
 * owed until that result is in: one never read (a statement not awaited before the commit)
 * counts as the whole table.
 */
class PendingWrites {
  private readonly tags = new Set<Tag>();
  private readonly owed = new Set<ReturnedKeys[]>();
  add(tags: Iterable<Tag>): void {
    for (const tag of tags) this.tags.add(tag);
  }
  owe(returned: ReturnedKeys[]): (result?: unknown) => void {
    this.owed.add(returned);
    return (result) => {
      if (!this.owed.delete(returned)) return;
      this.add(writtenByResult(returned, result));
    };
  }
  all(): Tag[] {
    return [...this.tags, ...[...this.owed].flatMap((returned) => returned.map(({ table }) => table))];
  }
}

/**
 * Replaces `target[name]`, a statement call `(sql, params?, …)`, with one that notes its reads
 * and announces its writes: at once into `pending` inside a transaction, after it settles outside.
 */
function watchStatementCall<T extends object>(target: T, name: keyof T & string, pending?: PendingWrites): void {
  const original = target[name] as unknown as AnyFunction;
  (target as Record<string, unknown>)[name] = function (this: unknown, ...args: unknown[]) {
    const { reads, writes, returned } = statementTags(args[0], Array.isArray(args[1]) ? args[1] : undefined);
    noteReads(reads);
    const result = original.apply(this, args as never[]);
    if (writes.size === 0 && returned.length === 0) return result;
    if (pending) {
      pending.add(writes);
      return returned.length === 0 ? result : afterSettling(result, pending.owe(returned));
    }
    return afterSettling(result, (value) => invalidate([...writes, ...writtenByResult(returned, value)]));
  };
}

/** Replaces a transaction call whose last argument is the callback: its writes are announced when it settles. */
function watchTransactionCall<T extends object>(
  target: T,
  name: keyof T & string,
  watchInside: (tx: never, pending: PendingWrites) => void,
  outer?: PendingWrites,
): void {
  const original = target[name] as unknown as AnyFunction;
  (target as Record<string, unknown>)[name] = function (this: unknown, ...args: unknown[]) {
    const callback = args[args.length - 1] as (tx: never) => unknown;
    // A savepoint's writes belong to its transaction and are announced with it.
    const pending = outer ?? new PendingWrites();
    const watched = (tx: never) => {
      watchInside(tx, pending);
      return callback(tx);
    };
    const result = original.apply(this, [...args.slice(0, -1), watched] as never[]);
    if (outer) return result;
    return afterSettling(result, () => {
      const written = pending.all();
      if (written.length > 0) invalidate(written);
    });
  };
}

interface PgliteSurface {
  query: AnyFunction;
  exec: AnyFunction;
  transaction: AnyFunction;
}

/** PGlite: `query(sql, params)` and `exec(sql)`, alone or on a transaction's object. */
export function watchPglite(client: PgliteSurface): void {
  watchStatementCall(client, 'query');
  watchStatementCall(client, 'exec');
  watchTransactionCall(client, 'transaction', (tx: PgliteSurface, pending) => {
    watchStatementCall(tx, 'query', pending);
    watchStatementCall(tx, 'exec', pending);
  });
}

interface PostgresSurface {
  unsafe: AnyFunction;
  begin: AnyFunction;
  savepoint?: AnyFunction;
}

function watchPostgresTransaction(tx: PostgresSurface, pending: PendingWrites): void {
  watchStatementCall(tx, 'unsafe', pending);
  if (typeof tx.savepoint === 'function') watchTransactionCall(tx as Required<PostgresSurface>, 'savepoint', watchPostgresTransaction, pending);
}

/** postgres.js: `unsafe(sql, params)` outside transactions, `begin(cb)` and its `savepoint(cb)`. */
export function watchPostgres(client: PostgresSurface): void {
  watchStatementCall(client, 'unsafe');
  watchTransactionCall(client, 'begin', watchPostgresTransaction);
}
