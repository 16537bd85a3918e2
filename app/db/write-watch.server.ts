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

/** A statement that changes nothing: SELECT or SHOW (a WITH may hold an INSERT: counted as a write). */
const READ_ONLY = /^\s*(?:select|show)\b/i;

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
