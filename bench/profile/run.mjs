// Profiles one page of a running build under load (docs/performance.md, fourth round):
//   node bench/profile/run.mjs <paceline|bare> <path> [seconds]
// Starts server.mjs (or bench/bare-server.mjs with BARE_BUILD_DIR) on a Unix socket with the
// preload, warms it up, profiles `seconds` of autocannon load (CONNECTIONS, default 4) and prints
// requests, req/s, p99, CPU µs per request (the process's, and its request thread's alone: the
// rest is garbage-collection helper threads) and PGlite statements per request. The database comes
// from the environment as for server.mjs (PGLITE_DIR or DATABASE_URL, secrets, RESPONSE_CACHE=false
// for the render path); PROFILE_COOKIE is sent with every request (a signed-in page).
// Output: PROFILE_OUT_DIR (default /tmp/paceline-profile)/<tag>.cpuprofile and .json, for summary.mjs.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
const [kind, urlPath, secondsArg] = process.argv.slice(2);
const seconds = Number(secondsArg ?? 8);
const root = path.resolve(import.meta.dirname, '../..');
const outDir = process.env.PROFILE_OUT_DIR ?? '/tmp/paceline-profile';
mkdirSync(outDir, { recursive: true });
const tag = process.env.TAG ?? `${kind}-${urlPath.replace(/[^a-z0-9]+/gi, '_')}`;
const out = path.join(outDir, tag);
const sock = path.join(outDir, `${tag}.sock`);
rmSync(sock, { force: true });
const args = ['--import', path.join(import.meta.dirname, 'preload.mjs'), kind === 'bare' ? `${root}/bench/bare-server.mjs` : 'server.mjs'];
const env = {
  ...process.env,
  PROF_OUT: out,
  LISTEN_SOCKET: sock,
  LISTEN: sock,
  BUILD_DIR: process.env.BARE_BUILD_DIR,
  PROF_PGLITE: kind === 'bare' ? '' : `file://${root}/node_modules/@electric-sql/pglite/dist/index.js`,
};
const child = spawn(process.execPath, args, { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'] });
while (!existsSync(sock)) await new Promise((r) => setTimeout(r, 100));
const headers = process.env.PROFILE_COOKIE ? { cookie: process.env.PROFILE_COOKIE } : {};
const run = (duration) =>
  autocannon({ url: `http://localhost${urlPath}`, socketPath: sock, connections: Number(process.env.CONNECTIONS ?? 4), duration, headers });
await run(Number(process.env.WARM ?? 2));
child.kill('SIGUSR2');
await new Promise((r) => setTimeout(r, 200));
const result = await run(seconds);
child.kill('SIGUSR2');
rmSync(out + '.json', { force: true });
while (!existsSync(out + '.json')) await new Promise((r) => setTimeout(r, 100));
await new Promise((r) => setTimeout(r, 300));
child.kill('SIGTERM');
const stats = JSON.parse(readFileSync(out + '.json', 'utf8'));
const n = result.requests.total;
const cpuMs = stats.cpuUserMs + stats.cpuSystemMs;
console.log(
  JSON.stringify({
    tag,
    requests: n,
    rps: +(n / seconds).toFixed(0),
    non2xx: result.non2xx,
    p99: result.latency.p99,
    cpuUsPerRequest: +((cpuMs * 1000) / n).toFixed(0),
    userUs: +((stats.cpuUserMs * 1000) / n).toFixed(0),
    requestThreadUsPerRequest: +((stats.mainThreadMs * 1000) / n).toFixed(0),
    bytes: Math.round(result.throughput.total / n),
    queriesPerRequest: +((stats.counts.query + stats.counts.exec) / n).toFixed(2),
    queryMsPerRequest: +(stats.counts.queryMs / n).toFixed(2),
  }),
);
