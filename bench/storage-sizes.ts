// Bytes per rider and per ride, measured (docs/deploy.md, capacity): riders with rides ingested
// through the real path (FIT file and series to storage, rows, rollups, curves), then the
// database's table sizes and the storage folder's bytes, divided out.
//   BENCH_DATABASE_URL=postgres://… npx tsx bench/storage-sizes.ts
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { closeDatabase, db, openDatabase } from '~/db/client.server';
import { users } from '~/db/schema';
import { encodeRideFit, generateRide } from '~/lib/fit/synthetic-ride';
import { ingestActivity } from '~/services/activities/activities.server';
import { closeRidePool } from '~/services/activities/ride-pool.server';

const url = process.env.BENCH_DATABASE_URL;
if (!url) throw new Error('Set BENCH_DATABASE_URL to an empty PostgreSQL database (sizes are PostgreSQL’s)');
const riders = Number(process.env.BENCH_RIDERS ?? 5);
const ridesEach = Number(process.env.BENCH_RIDES ?? 8);
process.env.STORAGE_DIR = mkdtempSync(path.join(tmpdir(), 'paceline-sizes-'));
await openDatabase({ engine: 'postgres', url }).then((opened) => opened.migrate());

function folderBytes(folder: string): { files: number; bytes: number } {
  let files = 0;
  let bytes = 0;
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) {
      const inner = folderBytes(full);
      files += inner.files;
      bytes += inner.bytes;
    } else {
      files += 1;
      bytes += statSync(full).size;
    }
  }
  return { files, bytes };
}

// Rides of 1 h at 1 Hz, the typical indoor session, and one real 3 h outdoor file per rider.
const real = new Uint8Array(readFileSync('tests/fixtures/fit/2019-02-17-062644-ELEMNT-297E-195-0.fit'));
for (let r = 0; r < riders; r += 1) {
  const [rider] = await db()
    .insert(users)
    .values({ email: `size-${r}-${Date.now()}@example.com`, passwordHash: 'x', firstname: 'Size', lastname: String(r), status: 'active' })
    .returning({ id: users.id });
  for (let n = 0; n < ridesEach; n += 1) {
    const start = new Date(Date.UTC(2026, 0, 1 + n * 3, 6));
    await ingestActivity(
      rider.id,
      encodeRideFit(generateRide({ seed: r * 100 + n, start, durationS: 3600, ftpW: 240, weightKg: 72, shape: n % 2 ? 'intervals' : 'endurance' })),
    );
  }
  await ingestActivity(rider.id, real);
}
await db().execute(sql`VACUUM ANALYZE`);
const tables = Array.from(
  (await db().execute(sql`
    SELECT relname AS table, pg_total_relation_size(relid) AS bytes, n_live_tup AS rows
    FROM pg_stat_user_tables WHERE schemaname = 'public' ORDER BY pg_total_relation_size(relid) DESC LIMIT 12`)) as unknown as Array<{
    table: string;
    bytes: string;
    rows: string;
  }>,
);
const rides = riders * (ridesEach + 1);
const storage = folderBytes(process.env.STORAGE_DIR);
console.log(`${riders} riders, ${rides} rides (${ridesEach} synthetic 1 h rides and one real 3 h file each)`);
console.log('table                      rows     total bytes   bytes/ride');
for (const row of tables)
  console.log(
    `${row.table.padEnd(26)} ${String(row.rows).padStart(6)} ${String(row.bytes).padStart(14)} ${(Number(row.bytes) / rides).toFixed(0).padStart(11)}`,
  );
const dbBytes = Number(((await db().execute(sql`SELECT pg_database_size(current_database()) AS b`)) as unknown as Array<{ b: string }>)[0].b);
console.log(`database ${dbBytes} bytes (${(dbBytes / rides).toFixed(0)} per ride, empty schema included)`);
console.log(`storage ${storage.files} files, ${storage.bytes} bytes (${(storage.bytes / rides).toFixed(0)} per ride: the FIT file and the series file)`);
await closeRidePool();
await closeDatabase();
rmSync(process.env.STORAGE_DIR, { recursive: true, force: true });
