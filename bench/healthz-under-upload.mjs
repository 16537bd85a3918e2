// `npm run bench:healthz` (issue 15 item 4): how fast /healthz answers while rides are uploaded.
//
// Starts the production server (server.mjs, APP_MODE=test, demo data) on a throwaway PGlite
// folder, signs in as the demo's pro rider, and for each file uploads it in a loop for
// BENCH_SECONDS while another client asks /healthz every BENCH_PROBE_MS; prints p50/p95/p99/max
// of /healthz, idle first. Files: a day-long ride (86,400 one-second records, stored), the
// issue's 200,000-record FIT and a 1,000,000-record one (both refused as longer than 24 h, after
// being read, hashed and decoded).
//
//   npm run bench:healthz                  build, then measure
//   npm run bench:healthz -- --no-build    reuse build/
//   BENCH_CPU_PROF=1                       also write a CPU profile of the server and print
//                                          where its main thread spent the time, and what
//                                          it ran while the slowest /healthz answers waited
//   BENCH_PORT=3133 BENCH_SECONDS=10 BENCH_PROBE_MS=20
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { minimalFit } from '../tests/helpers/minimal-fit.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const PORT = Number(process.env.BENCH_PORT ?? 3133);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const PROBE_MS = Number(process.env.BENCH_PROBE_MS ?? 20);
const PROFILE = Boolean(process.env.BENCH_CPU_PROF);
const BASE = `http://127.0.0.1:${PORT}`;
const TARGET_MS = 50;

if (!process.argv.includes('--no-build')) {
  console.log('Building (npx remix vite:build)…');
  const built = spawnSync('npx', ['remix', 'vite:build'], { cwd: ROOT, stdio: 'ignore' });
  if (built.status !== 0) throw new Error('The build failed');
}

const folder = mkdtempSync(path.join(os.tmpdir(), 'paceline-healthz-'));
const profileDir = path.join(folder, 'profile');
const server = spawn(process.execPath, [...(PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []), 'server.mjs'], {
  cwd: ROOT,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: {
    ...process.env,
    PORT: String(PORT),
    APP_MODE: 'test',
    DRAIN_NOTICE_SECONDS: '0',
    SEED_DEMO: 'true',
    PGLITE_DIR: path.join(folder, 'pglite'),
    STORAGE_DIR: path.join(folder, 'uploads'),
    SITE_URL: BASE,
  },
});

async function until(check, what, timeoutMs = 240_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server exited with ${server.exitCode}`);
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${what} did not happen in time`);
}

function percentile(sorted, share) {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))];
}

function summary(title, timings) {
  const sorted = [...timings].sort((a, b) => a - b);
  const figures = [0.5, 0.95, 0.99].map((share) => percentile(sorted, share).toFixed(1));
  const over = sorted.filter((ms) => ms > TARGET_MS).length;
  console.log(
    `${title.padEnd(44)} n=${String(sorted.length).padStart(4)}  p50 ${figures[0].padStart(6)}  p95 ${figures[1].padStart(6)}  p99 ${figures[2].padStart(6)}  max ${sorted.at(-1).toFixed(1).padStart(7)} ms  (> ${TARGET_MS} ms: ${over})`,
  );
}

/** /healthz every PROBE_MS until `stop()`; the answer times in ms. */
function probe() {
  const timings = [];
  let running = true;
  const phaseStarted = performance.now();
  const done = (async () => {
    while (running) {
      const started = performance.now();
      const response = await fetch(`${BASE}/healthz`);
      await response.arrayBuffer();
      timings.push(performance.now() - started);
      if (timings.at(-1) > TARGET_MS) slowProbes.push({ startUs: hrtimeUs() - timings.at(-1) * 1000, ms: timings.at(-1) });
      if (process.env.BENCH_DEBUG && timings.at(-1) > TARGET_MS)
        console.log(`  slow /healthz at +${(started - phaseStarted).toFixed(0)} ms: ${timings.at(-1).toFixed(0)} ms`);
      await new Promise((resolve) => setTimeout(resolve, PROBE_MS));
    }
  })();
  return async () => {
    running = false;
    await done;
    return timings;
  };
}

async function upload(token, bytes) {
  const form = new FormData();
  form.append('file', new Blob([bytes]), 'ride.fit');
  const response = await fetch(`${BASE}/api/activities`, { method: 'POST', body: form, headers: { Authorization: `Bearer ${token}` } });
  await response.arrayBuffer();
  return response.status;
}

/**
 * Where the server's main thread was busy, from the .cpuprofile node --cpu-prof wrote: self time
 * per function over the uploads, and for each /healthz answer over TARGET_MS what the thread ran
 * while that request waited (idle time there means the wait was not the server's thread).
 */
function printProfile() {
  const file = readdirSync(profileDir).find((name) => name.endsWith('.cpuprofile'));
  if (!file) return console.log('No CPU profile was written');
  const profile = JSON.parse(readFileSync(path.join(profileDir, file), 'utf8'));
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const name = (id) => {
    const { functionName, url, lineNumber } = byId.get(id).callFrame;
    return `${functionName || '(anonymous)'} ${url.replace(/^.*node_modules\//, '').replace(`file://${ROOT}/`, '')}:${lineNumber + 1}`;
  };
  const callPath = (id) => {
    const chain = [];
    for (let at = id; at !== undefined && chain.length < 6; at = parentOf.get(at)) chain.push(name(at).split(' ')[0]);
    return chain.join(' < ');
  };
  const isIdle = (id) => byId.get(id).callFrame.functionName === '(idle)';
  const top = (samples, label, count, describe = name) => {
    const self = new Map();
    for (const [id, ms] of samples) if (!isIdle(id)) self.set(describe(id), (self.get(describe(id)) ?? 0) + ms);
    console.log(label);
    for (const [key, ms] of [...self].sort((x, y) => y[1] - x[1]).slice(0, count)) console.log(`  ${ms.toFixed(0).padStart(7)} ms  ${key}`);
  };
  // Sample times are on the monotonic clock process.hrtime reads in this process too.
  let at = profile.startTime;
  const timed = profile.samples.map((id, index) => [id, (profile.timeDeltas[index + 1] ?? 0) / 1000, (at += profile.timeDeltas[index])]);
  top(
    timed.filter(([, , time]) => time >= uploadsStartedUs),
    '\nServer main thread during the uploads, self time:',
    12,
  );
  for (const probe of [...slowProbes].sort((x, y) => y.ms - x.ms).slice(0, 5)) {
    const during = timed.filter(([, , time]) => time >= probe.startUs && time <= probe.startUs + probe.ms * 1000);
    const idleMs = during.filter(([id]) => isIdle(id)).reduce((sum, [, ms]) => sum + ms, 0);
    top(during, `\n/healthz answered in ${probe.ms.toFixed(0)} ms; the server's thread was idle for ${idleMs.toFixed(0)} ms of it and ran:`, 6, callPath);
  }
}

const hrtimeUs = () => Number(process.hrtime.bigint() / 1000n);
const slowProbes = [];
let uploadsStartedUs = Infinity;
try {
  console.log('Starting the server (migrations and demo data)…');
  await until(async () => (await fetch(`${BASE}/healthz`)).ok, 'The server start');
  const login = await fetch(`${BASE}/e2e/login?email=pro@paceline.local`, { redirect: 'manual' });
  const token = login.headers
    .getSetCookie()
    .find((cookie) => cookie.startsWith('paceline_token='))
    ?.split(';')[0]
    .split('=')[1];
  if (!token) throw new Error('Could not sign in as the demo pro rider');

  const idle = probe();
  await new Promise((resolve) => setTimeout(resolve, SECONDS * 1000));
  summary('/healthz, idle', await idle());

  uploadsStartedUs = hrtimeUs();
  const files = [
    { title: 'day-long ride (86,400 records, stored)', records: 86_400, fresh: true },
    { title: "issue's 200,000-record FIT (refused)", records: 200_000 },
    { title: '1,000,000-record FIT (refused)', records: 1_000_000 },
  ];
  for (const { title, records, fresh } of files) {
    const statuses = new Map();
    const stop = probe();
    const ends = Date.now() + SECONDS * 1000;
    let day = 0;
    const fixed = fresh ? null : minimalFit({ records });
    while (Date.now() < ends) {
      // A stored ride must be new each time (a re-upload answers with the stored one).
      const bytes = fixed ?? minimalFit({ records, start: new Date(Date.UTC(2025, 0, 1 + (day += 1), 6)) });
      const sentAt = performance.now();
      const status = await upload(token, bytes);
      if (process.env.BENCH_DEBUG) console.log(`  upload ${status} in ${(performance.now() - sentAt).toFixed(0)} ms`);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
    summary(`/healthz during uploads: ${title}`, await stop());
    console.log(`${''.padEnd(44)} uploads answered: ${[...statuses].map(([status, count]) => `${count}× ${status}`).join(', ')}`);
  }
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  if (PROFILE) printProfile();
  rmSync(folder, { recursive: true, force: true });
}
