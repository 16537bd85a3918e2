// Full ingest of a 3-hour ride: decode the FIT file and compute every figure (NP, IF, load,
// averages, spike filter, exact curve), then the same with the database writes. Target < 150 ms.
//   npx tsx bench/ingest.ts
import { openDatabase, closeDatabase } from '~/db/client.server';
import { encodeRideFit, generateRide } from '~/lib/fit/synthetic-ride';
import { analyseUpload, ingestActivity } from '~/services/activities/activities.server';
import { createTestUserForBench } from './helpers';

const runs = 7;
const fit = encodeRideFit(
  generateRide({
    seed: 3,
    start: new Date('2026-06-01T06:00:00Z'),
    durationS: 10_800,
    ftpW: 250,
    weightKg: 70,
    shape: 'race',
    pauses: [{ atS: 5000, forS: 300 }],
  }),
);
analyseUpload(fit, 70, null);
const times: number[] = [];
for (let run = 0; run < runs; run++) {
  const started = performance.now();
  analyseUpload(fit, 70, null);
  times.push(performance.now() - started);
}
times.sort((a, b) => a - b);
console.log(
  `ingest (decode + all metrics), 3 h ride, ${(fit.byteLength / 1024).toFixed(0)} KiB: median ${times[runs >> 1].toFixed(1)} ms, worst ${times[runs - 1].toFixed(1)} ms (target < 150 ms)`,
);

process.env.STORAGE_DIR ??= 'data/bench-uploads';
const opened = await openDatabase({ engine: 'pglite' });
await opened.migrate();
const userId = await createTestUserForBench();
await ingestActivity(userId, fit);
const stored: number[] = [];
for (let run = 0; run < 5; run++) {
  const started = performance.now();
  await ingestActivity(userId, fit);
  stored.push(performance.now() - started);
}
stored.sort((a, b) => a - b);
console.log(`ingest with storage + database writes (in-memory PGlite): median ${stored[2].toFixed(1)} ms`);
await closeDatabase();
