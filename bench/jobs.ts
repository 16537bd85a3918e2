// Job throughput of one instance (docs/deploy.md, capacity): N jobs queued at once, then one
// process's workers run them; prints jobs per second. Each job writes one outbox row, the size
// of a mail, so the figure includes a real write besides the queue's claim and completion.
//   npx tsx bench/jobs.ts                      (PGlite, a fresh folder)
//   BENCH_DATABASE_URL=postgres://… npx tsx bench/jobs.ts
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { closeDatabase, db, jobQueueSql, openDatabase } from '~/db/client.server';
import { outbox } from '~/db/schema';
import { defineJob, enqueueJob, startJobWorkers, stopJobWorkers } from '~/services/platform/jobs.server';

const count = Number(process.env.BENCH_JOBS ?? 500);
const url = process.env.BENCH_DATABASE_URL;
const folder = url ? undefined : mkdtempSync(path.join(tmpdir(), 'paceline-bench-jobs-'));
const opened = await openDatabase(url ? { engine: 'postgres', url } : { engine: 'pglite', dataDir: folder });
await opened.migrate();

let done = 0;
const benchJob = defineJob<{ n: number }>('bench.mail', async ({ n }) => {
  await db()
    .insert(outbox)
    .values({ channel: 'email', recipient: `bench-${n}@example.com`, subject: 'bench', body: 'x'.repeat(600) });
  done += 1;
});

const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 2);
// A database used before keeps its old bench jobs: they are not this run's.
await jobQueueSql()
  .executeSql(`DELETE FROM pgboss.job WHERE name = 'bench.mail'`, [])
  .catch(() => {});

// Queued in one transaction per 100 (as a burst of requests would), before the workers start.
for (let start = 0; start < count; start += 100) {
  await db().transaction(async (tx) => {
    for (let n = start; n < Math.min(start + 100, count); n += 1) await enqueueJob(benchJob, { n }, { tx });
  });
}
const began = performance.now();
await startJobWorkers({ pollingSeconds: 0.5, maintenanceSeconds: 30, concurrency });
while (done < count) await new Promise((resolve) => setTimeout(resolve, 20));
const seconds = (performance.now() - began) / 1000;
await stopJobWorkers(1_000);
const { rows } = await jobQueueSql().executeSql(`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'bench.mail' AND state = 'completed'`, []);
console.log(
  `${opened.engine}: ${count} jobs in ${seconds.toFixed(1)} s = ${(count / seconds).toFixed(0)} jobs/s, ${concurrency} at a time (completed rows: ${String(rows[0].n)}; load average ${(await import('node:os')).loadavg()[0].toFixed(1)})`,
);
await closeDatabase();
if (folder) rmSync(folder, { recursive: true, force: true });
