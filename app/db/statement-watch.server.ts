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

function rowTags(rows: RowSet[], params: readonly unknown[] | undefined, tags: Set<Tag>): void {
  for (const { table, keys } of rows) {
    const texts = keys?.map((source: ValueSource) => keyText('param' in source ? params?.[source.param] : source.literal));
    if (!texts || texts.some((text) => text === null)) tags.add(table);
    else for (const text of texts) tags.add(`${table}:${text}`);
  }
}

export interface StatementTags {
  reads: Set<Tag>;
  writes: Set<Tag>;
}

export function statementTags(sql: unknown, params?: readonly unknown[]): StatementTags {
  if (typeof sql !== 'string') return { reads: new Set([EVERYTHING]), writes: new Set([EVERYTHING]) };
  const shape = shapeOf(sql);
  const reads = new Set<Tag>();
  const writes = new Set<Tag>();
  if (shape.readsEverything) reads.add(EVERYTHING);
  if (shape.writesEverything) writes.add(EVERYTHING);
  rowTags(shape.reads, params, reads);
  rowTags(shape.writes, params, writes);
  return { reads, writes };
}

type AnyFunction = (...args: never[]) => unknown;

interface Thenable {
  then: (onFulfilled?: (value: unknown) => unknown, onRejected?: (reason: unknown) => unknown) => Promise<unknown>;
}

function isThenable(value: unknown): value is Thenable {
  return typeof value === 'object' && value !== null && typeof (value as Thenable).then === 'function';
}

/** Runs `settle` when the call's promise settles, before the caller sees the result. */
function afterSettling<T>(result: T, settle: () => void): T {
  if (!isThenable(result)) {
    settle();
    return result;
  }
  // A native promise is awaited without reading its `then`: hand back a chained one.
  if (result.constructor === Promise) return (result as unknown as Promise<unknown>).finally(settle) as T;
  // postgres.js queries are lazy Promise subclasses with their own methods (`values()`,
  // chained by Drizzle after this returns): keep the object, wrap its `then`.
  const then = result.then;
  result.then = function (onFulfilled, onRejected) {
    return then
      .call(
        this,
        (value) => {
          settle();
          return value;
        },
        (reason) => {
          settle();
          throw reason;
        },
      )
      .then(onFulfilled, onRejected);
  };
  return result;
}

/**
 * Replaces `target[name]`, a statement call `(sql, params?, …)`, with one that notes its reads
 * and announces its writes: at once into `pending` inside a transaction, after it settles outside.
 */
function watchStatementCall<T extends object>(target: T, name: keyof T & string, pending?: Set<Tag>): void {
  const original = target[name] as unknown as AnyFunction;
  (target as Record<string, unknown>)[name] = function (this: unknown, ...args: unknown[]) {
    const { reads, writes } = statementTags(args[0], Array.isArray(args[1]) ? args[1] : undefined);
    noteReads(reads);
    const result = original.apply(this, args as never[]);
    if (writes.size === 0) return result;
    if (pending) {
      for (const tag of writes) pending.add(tag);
      return result;
    }
    return afterSettling(result, () => invalidate(writes));
  };
}

/** Replaces a transaction call whose last argument is the callback: its writes are announced when it settles. */
function watchTransactionCall<T extends object>(target: T, name: keyof T & string, watchInside: (tx: never, pending: Set<Tag>) => void, outer?: Set<Tag>): void {
  const original = target[name] as unknown as AnyFunction;
  (target as Record<string, unknown>)[name] = function (this: unknown, ...args: unknown[]) {
    const callback = args[args.length - 1] as (tx: never) => unknown;
    // A savepoint's writes belong to its transaction and are announced with it.
    const pending = outer ?? new Set<Tag>();
    const watched = (tx: never) => {
      watchInside(tx, pending);
      return callback(tx);
    };
    const result = original.apply(this, [...args.slice(0, -1), watched] as never[]);
    return outer ? result : afterSettling(result, () => pending.size > 0 && invalidate(pending));
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

function watchPostgresTransaction(tx: PostgresSurface, pending: Set<Tag>): void {
  watchStatementCall(tx, 'unsafe', pending);
  if (typeof tx.savepoint === 'function') watchTransactionCall(tx as Required<PostgresSurface>, 'savepoint', watchPostgresTransaction, pending);
}

/** postgres.js: `unsafe(sql, params)` outside transactions, `begin(cb)` and its `savepoint(cb)`. */
export function watchPostgres(client: PostgresSurface): void {
  watchStatementCall(client, 'unsafe');
  watchTransactionCall(client, 'begin', watchPostgresTransaction);
}
