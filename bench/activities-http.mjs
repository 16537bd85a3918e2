// Requests per second of the activities page and its paging loader with 100,000 activities,
// against the bare route /bench/bare in the same run (target ≥ 70 %). Needs a build and the
// bench database:  npx remix vite:build
//   PGLITE_DIR=data/bench-pglite npx tsx scripts/seed-bench-activities.ts
//   node bench/activities-http.mjs
import { spawn } from 'node:child_process';

const port = Number(process.env.BENCH_PORT ?? 3193);
const base = `http://localhost:${port}`;
const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 8);

const server = spawn('node', ['server.mjs'], {
  env: { ...process.env, PORT: String(port), APP_MODE: 'test', PGLITE_DIR: process.env.PGLITE_DIR ?? 'data/bench-pglite', STORAGE_DIR: 'data/bench-uploads', SEED_DEMO: 'false' },
  stdio: 'ignore',
});
try {
  for (let i = 0; i < 120; i++) {
    if (await fetch(`${base}/healthz`).then((r) => r.ok, () => false)) break;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  const login = await fetch(`${base}/e2e/login?email=bench%40paceline.local&redirectTo=%2F`, { redirect: 'manual' });
  const cookie = login.headers.getSetCookie().map((header) => header.split(';')[0]).join('; ');
  if (!cookie.includes('paceline_token')) throw new Error('bench user missing: run scripts/seed-bench-activities.ts first');

  async function measure(path) {
    let done = 0;
    let failed = 0;
    const until = performance.now() + seconds * 1000;
    const worker = async () => {
      while (performance.now() < until) {
        const response = await fetch(base + path, { headers: { cookie } });
        await response.arrayBuffer();
        if (response.ok) done++;
        else failed++;
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
    return { rps: done / seconds, failed };
  }

  await measure('/bench/bare');
  const results = {};
  const bareRuns = [];
  for (const path of (process.env.BENCH_PATHS ?? '/bench/bare,/user/activities,/user/activities/list?page=2,/user/activities/list?page=50&sort=asc,/bench/bare').split(',')) {
    results[path] = await measure(path);
    if (path === '/bench/bare') bareRuns.push(results[path].rps);
    console.log(`${path.padEnd(42)} ${results[path].rps.toFixed(1)} req/s${results[path].failed ? ` (${results[path].failed} failed)` : ''}`);
  }
  // The bare route is measured before and after the others: compare with the mean of its runs,
  // so neither a cold first run nor a warm last one flatters the ratios.
  const bare = bareRuns.reduce((sum, rps) => sum + rps, 0) / bareRuns.length;
  console.log(`bare route, mean of ${bareRuns.length} runs: ${bare.toFixed(1)} req/s`);
  for (const path of ['/user/activities', '/user/activities/list?page=2', '/user/activities/list?page=50&sort=asc']) {
    console.log(`${path} vs bare: ${((100 * results[path].rps) / bare).toFixed(0)} % (target ≥ 70 %)`);
  }
} finally {
  server.kill('SIGTERM');
}
