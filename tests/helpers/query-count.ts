import { PgliteSession } from 'drizzle-orm/pglite';
import { PostgresJsSession } from 'drizzle-orm/postgres-js';
import { vi } from 'vitest';

/**
 * The SQL statements `work` sends, on either engine: every Drizzle query (inside a transaction
 * too) goes through its session's `prepareQuery`, so spying on both engines' sessions counts
 * them without a logger in the app. Transaction control (BEGIN, COMMIT) is not counted.
 */
export async function queriesOf<T>(work: () => Promise<T>): Promise<{ result: T; queries: string[] }> {
  const queries: string[] = [];
  const spies = [PgliteSession.prototype, PostgresJsSession.prototype].map((session) => {
    // Taken unbound on purpose: the spy calls it with each session as `this`.
    // eslint-disable-next-line @typescript-eslint/unbound-method
    const original = session.prepareQuery;
    return vi.spyOn(session, 'prepareQuery').mockImplementation(function (this: typeof session, ...args: Parameters<typeof original>) {
      queries.push(args[0].sql);
      return original.apply(this, args);
    });
  });
  try {
    return { result: await work(), queries };
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
}
