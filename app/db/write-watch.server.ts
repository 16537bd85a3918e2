/**
 * The database's write generation: a number that changes after every write this process
 * makes has become visible, so anything computed from the database can be remembered with
 * the generation it was read at and thrown away once the generation moves (the page cache,
 * remembered session checks: docs/performance.md, decision 102).
 *
 * The rule that keeps it sound: the generation moves strictly *after* a write is committed.
 * A reader takes the generation before it reads; if a write commits while it reads, what it
 * computed is filed under the old generation and never served again. Moving early as well
 * would be harmless, moving late never happens: every statement that is not a plain read,
 * and every transaction, moves it when it settles (committed or not: a needless move only
 * costs a cache miss).
 */
let generation = 0;

export function writeGeneration(): number {
  return generation;
}

/** For writes the hooks below cannot see (another process's, announced by the database). */
export function advanceWriteGeneration(): void {
  generation += 1;
}

/**
 * A statement that changes nothing: one SELECT or SHOW. A WITH may hold an INSERT, and a string
 * of several statements may write after its first: both count as writes.
 */
const READ_ONLY = /^\s*(?:select|show)\b[^;]*;?\s*$/i;

export function isReadOnlyStatement(sql: unknown): boolean {
  return typeof sql === 'string' && READ_ONLY.test(sql);
}

type AnyFunction = (...args: never[]) => unknown;

/**
 * Replaces `client[name]` with a call that advances the generation when the returned promise
 * settles, for the calls `counts` picks, before the caller sees the result.
 */
export function advanceAfter<T extends object>(client: T, name: keyof T & string, counts: (args: unknown[]) => boolean = () => true): void {
  const original = client[name] as unknown as AnyFunction;
  const wrapped = function (this: unknown, ...args: unknown[]) {
    const result = original.apply(this, args as never[]);
    if (!counts(args) || !isThenable(result)) return result;
    // A native promise is awaited without reading its `then`: hand back a chained one.
    if (result.constructor === Promise) return (result as Promise<unknown>).finally(advanceWriteGeneration);
    // postgres.js queries are lazy Promise subclasses with their own methods (`values()`,
    // chained by Drizzle after this returns): keep the object, wrap its `then`.
    const then = result.then;
    result.then = function (onFulfilled, onRejected) {
      return then
        .call(
          this,
          (value) => {
            advanceWriteGeneration();
            return value;
          },
          (reason) => {
            advanceWriteGeneration();
            throw reason;
          },
        )
        .then(onFulfilled, onRejected);
    };
    return result;
  };
  (client as Record<string, unknown>)[name] = wrapped;
}

interface Thenable {
  then: (onFulfilled?: (value: unknown) => unknown, onRejected?: (reason: unknown) => unknown) => Promise<unknown>;
}

function isThenable(value: unknown): value is Thenable {
  return typeof value === 'object' && value !== null && typeof (value as Thenable).then === 'function';
}

/** A statement call counts as a write unless its SQL text is a plain read. */
export const unlessReadOnly = (args: unknown[]) => !isReadOnlyStatement(args[0]);

/** What followOtherWriters needs of a client (postgres.js's `sql` has both). */
export interface AnnouncingDatabase {
  unsafe(statements: string): PromiseLike<unknown>;
  listen(channel: string, onNotify: () => void, onListen: () => void): PromiseLike<unknown>;
}

/** The channel PostgreSQL announces committed writes on (notifications are sent at commit). */
const WRITES_CHANNEL = 'paceline_writes';

/**
 * Another process on the same PostgreSQL database (a second server, a script) writes where
 * the hooks above cannot see. Every table gets a statement trigger that announces the write,
 * delivered at commit; this process listens and moves its generation. Run after migrating,
 * so tables added by later migrations are covered on the next start. PGlite is opened by one
 * process only and needs none of it.
 */
export async function followOtherWriters(client: AnnouncingDatabase): Promise<void> {
  await client.unsafe(`
    CREATE OR REPLACE FUNCTION paceline_announce_write() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('${WRITES_CHANNEL}', '');
      RETURN NULL;
    END $$;
    DO $$
    DECLARE t record;
    BEGIN
      FOR t IN SELECT tablename FROM pg_tables WHERE schemaname = current_schema() LOOP
        EXECUTE format(
          'CREATE OR REPLACE TRIGGER paceline_announce_write AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I '
          'FOR EACH STATEMENT EXECUTE FUNCTION paceline_announce_write()',
          t.tablename);
      END LOOP;
    END $$;`);
  // Notifications sent while the listening connection was down are lost: (re)connecting moves
  // the generation too.
  await client.listen(WRITES_CHANNEL, advanceWriteGeneration, advanceWriteGeneration);
}
