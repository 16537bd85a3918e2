// The patch of patches/pg-boss+*.patch (applied by `patch-package` on `npm ci`, decision 157):
// a job is due at its start time. pg-boss fetched only jobs whose start came strictly before
// now(), and PGlite's clock counts in milliseconds, so a job queued and run in place within one
// millisecond (a script, a test, a staff retry) was not found. Inside one transaction now() does
// not move, which makes the moment exact here.
import { sql } from 'drizzle-orm';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { db } from '~/db/client.server';
import { setUpTestDatabase } from './helpers/db';

setUpTestDatabase();

const plans = createRequire(import.meta.url)('pg-boss/src/plans.js') as { fetchNextJob(schema: string): (options: object) => string };

describe('pg-boss fetch (patched)', () => {
  it('finds a job whose start time is this very moment', async () => {
    const name = `test.due-now-${Date.now()}`;
    const fetched = await db().transaction(async (tx) => {
      await tx.execute(sql`SELECT pgboss.create_queue(${name}, '{"policy":"standard"}'::json)`);
      await tx.execute(sql`INSERT INTO pgboss.job (name, data, start_after) VALUES (${name}, '{}'::jsonb, now())`);
      const fetch = plans.fetchNextJob('pgboss')({ includeMetadata: false }).replaceAll('$1', `'${name}'`).replaceAll('$2', '1');
      return tx.execute(sql.raw(fetch));
    });
    expect(rowsOf(fetched)).toHaveLength(1);
  });

  it('still leaves a job whose start is to come', async () => {
    const name = `test.due-later-${Date.now()}`;
    const fetched = await db().transaction(async (tx) => {
      await tx.execute(sql`SELECT pgboss.create_queue(${name}, '{"policy":"standard"}'::json)`);
      await tx.execute(sql`INSERT INTO pgboss.job (name, data, start_after) VALUES (${name}, '{}'::jsonb, now() + interval '1 millisecond')`);
      const fetch = plans.fetchNextJob('pgboss')({ includeMetadata: false }).replaceAll('$1', `'${name}'`).replaceAll('$2', '1');
      return tx.execute(sql.raw(fetch));
    });
    expect(rowsOf(fetched)).toHaveLength(0);
  });
});

/** Drizzle answers `execute` with the rows (postgres.js) or with `{ rows }` (PGlite). */
function rowsOf(result: unknown): unknown[] {
  return Array.isArray(result) ? result : (result as { rows: unknown[] }).rows;
}
