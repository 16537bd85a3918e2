import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { closeDatabase, openDatabase } from '~/db/client.server';
import { SNAPSHOT_PATH } from '../../../tests/helpers/global-setup';
import { defineJob, enqueueJob, runDueJobs } from './jobs.server';

const ran: unknown[] = [];
const rememberJob = defineJob<{ n: number }>('test.restart', async (payload) => {
  ran.push(payload);
});

it('on PGlite, a job queued before a restart is still there and runs after it', async () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'paceline-jobs-'));
  try {
    await openDatabase({ engine: 'pglite', dataDir: folder, snapshot: new Blob([readFileSync(SNAPSHOT_PATH)]) });
    const id = await enqueueJob(rememberJob, { n: 1 }, { startAfterSeconds: 3600 });
    expect(ran).toEqual([]);
    await closeDatabase();
    const reopened = await openDatabase({ engine: 'pglite', dataDir: folder });
    // The hour has passed.
    await reopened.db.execute(sql`UPDATE pgboss.job SET start_after = now() WHERE id = ${id}`);
    expect(await runDueJobs(['test.restart'])).toBe(1);
    expect(ran).toEqual([{ n: 1 }]);
  } finally {
    await closeDatabase();
    rmSync(folder, { recursive: true, force: true });
  }
  // Opens PGlite twice in the test itself (seconds each, far more on a loaded machine).
}, 90_000);
