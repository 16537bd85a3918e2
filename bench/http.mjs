// `npm run bench:http`: requests per second of the production build for the home page,
// /faqs and a bare route (the shell with no data of its own), and each page's ratio to the
// bare route (issue 2 "Performance": target ≥ 70 %). Loopback only, bounded loops.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';

const URLS = ['/bench/bare', '/', '/faqs'];
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const MEASURE_MS = Number(process.env.BENCH_MS ?? 3_000);
const WARMUP_REQUESTS = 300;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const MAX_REQUESTS_PER_RUN = 500_000;
const START_TIMEOUT_MS = 120_000;

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = http.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

function get(agent, port, url) {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path: url, agent }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode));
      response.on('error', reject);
    });
    request.on('error', reject);
    request.setTimeout(10_000, () => request.destroy(new Error(`timeout on ${url}`)));
  });
}

async function waitUntilUp(port, child) {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await get(undefined, port, '/healthz')) === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('server did not start in time');
}

/** The server's CPU time so far in ms (Linux /proc; null elsewhere): steadier than req/s on a busy machine. */
function serverCpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return null;
  }
}

/** CONCURRENCY keep-alive clients requesting `url` back to back for MEASURE_MS. */
async function measure(port, url) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  let completed = 0;
  const started = performance.now();
  const deadline = started + MEASURE_MS;
  const client = async () => {
    while (performance.now() < deadline && completed < MAX_REQUESTS_PER_RUN) {
      const status = await get(agent, port, url);
      if (status !== 200) throw new Error(`${url} answered ${status}`);
      completed += 1;
    }
  };
  const cpuBefore = serverCpuMs(child.pid);
  await Promise.all(Array.from({ length: CONCURRENCY }, client));
  const cpuAfter = serverCpuMs(child.pid);
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  return { rps: completed / seconds, cpuMsPerRequest: cpuBefore === null || cpuAfter === null ? null : (cpuAfter - cpuBefore) / completed };
}

async function warmUp(port, url) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  let sent = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (sent < WARMUP_REQUESTS) {
        sent += 1;
        await get(agent, port, url);
      }
    }),
  );
  agent.destroy();
}

if (!existsSync('build/server/index.js')) {
  console.log('No production build: building first (npx remix vite:build)');
  const build = spawnSync('npx', ['remix', 'vite:build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'paceline-bench-'));
const port = await freePort();
// The bench always runs on its own throwaway PGlite, never on a configured PostgreSQL.
const { DATABASE_URL: _ignored, ...inherited } = process.env;
const child = spawn(process.execPath, ['server.mjs'], {
  stdio: ['ignore', 'ignore', 'inherit'],
  env: {
    ...inherited,
    APP_MODE: 'production',
    PORT: String(port),
    SITE_URL: `http://localhost:${port}`,
    PGLITE_DIR: path.join(dataDir, 'pglite'),
    STORAGE_DIR: path.join(dataDir, 'uploads'),
    SEED_DEMO: 'true',
    SESSION_SECRET: 'bench-only-session-secret-0123456789abcdefghij',
  },
});

try {
  await waitUntilUp(port, child);
  for (const url of URLS) await warmUp(port, url);
  const totals = Object.fromEntries(URLS.map((url) => [url, { rps: 0, cpu: 0 }]));
  // Rounds alternate the URLs so a burst of load from elsewhere does not favour one of them.
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const url of URLS) {
      const { rps, cpuMsPerRequest } = await measure(port, url);
      totals[url].rps += rps;
      totals[url].cpu += cpuMsPerRequest ?? Number.NaN;
    }
  }
  const rps = Object.fromEntries(URLS.map((url) => [url, totals[url].rps / ROUNDS]));
  const cpu = Object.fromEntries(URLS.map((url) => [url, totals[url].cpu / ROUNDS]));
  const bare = rps['/bench/bare'];
  console.log(`Paceline HTTP bench: ${CONCURRENCY} keep-alive clients, ${ROUNDS} × ${MEASURE_MS} ms per URL, production build, PGlite`);
  for (const url of URLS) {
    const ratio = rps[url] / bare;
    const verdict = url === '/bench/bare' ? 'baseline' : ratio >= 0.7 ? 'meets ≥ 70 %' : 'BELOW 70 %';
    const cpuNote = Number.isNaN(cpu[url]) ? '' : `  server CPU ${cpu[url].toFixed(2)} ms/request`;
    console.log(`${url.padEnd(12)} ${rps[url].toFixed(0).padStart(7)} req/s  ${(ratio * 100).toFixed(1).padStart(5)} % of bare  (${verdict})${cpuNote}`);
  }
} finally {
  child.kill('SIGTERM');
  await new Promise((resolve) => {
    if (child.exitCode !== null) resolve();
    else child.once('exit', resolve);
  });
  rmSync(dataDir, { recursive: true, force: true });
}
