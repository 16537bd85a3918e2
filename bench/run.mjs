// `npm run bench`: every page of bench/pages/*.mjs against the bare Remix app, in one run.
//
// Builds the bare Remix app of ../shared/bench/bare-remix in a temporary folder with the
// project's node_modules and Paceline's production build, seeds the demo data (and each page
// file's `seed`) on a throwaway PGlite folder, and on PostgreSQL too when BENCH_DATABASE_URL is
// set or the server binaries exist (a throwaway cluster on PG_TEST_PORT). Both apps are served
// by the same Express stack (bench/bare-server.mjs, server.mjs) on Unix sockets, so the bench
// needs no free port. A forked process (bench/load.mjs) drives them with autocannon, 4
// keep-alive connections; bare Remix is measured before and after every page and each page is
// compared with the runs beside it, so drift on a shared machine cancels.
//
//   npm run bench                      build, then measure every engine
//   npm run bench -- --no-build        reuse build/ (after `npx remix vite:build`)
//   BENCH_ONLY=activities,/events      pages whose name or path contains one of the texts
//   BENCH_ENGINES=pglite               pglite, postgres or both (default: what is available)
//   BENCH_SECONDS=3 BENCH_ROUNDS=2 BENCH_CONNECTIONS=4 BENCH_ACTIVITIES=100000
//   BENCH_PHASES=pages,render,cold,mixed  which tables (default all four; BENCH_CACHE=off: render only)
//   BENCH_WRITE_RATES=0,1,10           the mixed load's writes per second (bench/mixed.mjs)
//   BENCH_VARIANTS=without:react+18.3.1,build:/tmp/old-build   the render path beside variants (bench/variants.mjs)
import { fork, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { findPostgresBinaries, startCluster } from '../scripts/pg-cluster.mjs';
import { MIXED_PAGES, WRITE_RATES, writerEmails, WRITERS_SEED } from './mixed.mjs';
import { cpuMsOf, prepareVariant, variantSpecs } from './variants.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const BARE_SOURCE = path.resolve(ROOT, process.env.BARE_REMIX_DIR ?? '../shared/bench/bare-remix');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 4);
// The tables: `pages` (each page with the response cache on), `render` (each page with it off,
// decision 102: the render path that a request after a write to what it read takes), `cold` (the
// render path with no read kept either, READ_CACHES=false: what a page costs when everything it
// shows was just written, as after its rider's own write) and `mixed` (readers cycling pages while
// writers post, decision 145). BENCH_CACHE=off is `render` alone.
const VARIANTS = variantSpecs();
const PHASES = new Set((process.env.BENCH_PHASES ?? (process.env.BENCH_CACHE === 'off' ? 'render' : 'pages,render,cold,mixed')).split(','));
const FIXTURES_DIR = path.resolve(ROOT, process.env.BENCH_FIXTURES_DIR ?? '../shared/fixtures/fit');
const WARM_UP_SECONDS = 1;
const DEFAULT_TARGET = 0.7;
/** The render path's share of bare Remix (issue 21 item 2): what every page pays after a write. */
const RENDER_TARGET = 0.35;
/** A page's p99 may be at most this many times bare Remix's (issue 13). */
const MAX_P99_RATIO = 3;
const START_TIMEOUT_MS = 180_000;
const SHELL_PATH = '/bench/bare';
// Production refuses to start without configured secrets (decision 061): fresh random ones per
// run, shared by the seed scripts (bench/sign-in.ts signs with SESSION_SECRET) and the server.
const SECRETS = {
  SESSION_SECRET: randomBytes(32).toString('base64url'),
  ALTCHA_HMAC_KEY: randomBytes(32).toString('base64url'),
  PAYLOAD_KEY: randomBytes(32).toString('hex'),
  TOKEN_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
};
const bin = (name) => path.join(ROOT, 'node_modules/.bin', name);

function step(title, command, args, options = {}) {
  const started = performance.now();
  const result = spawnSync(command, args, { cwd: ROOT, encoding: 'utf8', ...options, env: { ...process.env, ...options.env } });
  if (result.status !== 0) {
    process.stderr.write(result.stdout ?? '');
    process.stderr.write(result.stderr ?? '');
    throw new Error(`${title} failed (exit ${result.status})`);
  }
  console.log(`  ${title}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return result.stdout;
}

async function loadPages() {
  const folder = path.join(ROOT, 'bench/pages');
  const files = readdirSync(folder)
    .filter((file) => file.endsWith('.mjs'))
    .sort();
  const pages = [];
  const seeds = [];
  for (const file of files) {
    const module = await import(pathToFileURL(path.join(folder, file)).href);
    if (module.seed) seeds.push(module.seed);
    if (PHASES.has('mixed') && !seeds.includes(WRITERS_SEED)) seeds.push(WRITERS_SEED);
    for (const page of module.pages) pages.push({ target: DEFAULT_TARGET, ...page, file });
  }
  // The shell alone comes right after bare Remix: the line that shows what the shell costs.
  pages.sort((a, b) => Number(b.path === SHELL_PATH) - Number(a.path === SHELL_PATH));
  // A comma-separated list: pages whose name or path is or contains one of them.
  const only = process.env.BENCH_ONLY?.split(',').filter(Boolean);
  const chosen = (page) => only.some((text) => page.name === text || page.path === text || page.name.includes(text) || page.path.includes(text));
  return { pages: only?.length ? pages.filter(chosen) : pages, seeds };
}

function startServer(title, args, env, socketPath) {
  const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, ...env } });
  const ready = (async () => {
    const deadline = Date.now() + START_TIMEOUT_MS;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`${title} exited with ${child.exitCode}`);
      if (existsSync(socketPath)) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`${title} did not start in time`);
  })();
  return {
    ready,
    pid: child.pid,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    },
  };
}

const loader = fork(path.join(ROOT, 'bench/load.mjs'), { stdio: 'inherit' });
function load(job) {
  return new Promise((resolve, reject) => {
    loader.once('message', (answer) => (answer.ok ? resolve(answer) : reject(new Error(answer.message))));
    loader.send({ connections: CONNECTIONS, seconds: SECONDS, headers: {}, ...job });
  });
}

async function measure(target, page, seconds = SECONDS, extra = {}) {
  const cpuBefore = target.pid ? cpuMsOf(target.pid) : null;
  const result = await load({ socketPath: target.socketPath, path: page.path, headers: page.headers, seconds, ...extra });
  const cpuAfter = target.pid ? cpuMsOf(target.pid) : null;
  // The server's CPU per answer: steadier than req/s when the machine is shared (it moves little
  // with the share of the cores the server gets).
  if (cpuBefore !== null && cpuAfter !== null && result.requests) result.cpuMsPerRequest = (cpuAfter - cpuBefore) / result.requests;
  if (extra.writeRate !== undefined) return result;
  if (result.non2xx || result.errors) {
    throw new Error(`${target.title} ${page.path}: ${result.non2xx} answers other than 2xx and ${result.errors} errors`);
  }
  return result;
}

const mean = (values) => values.reduce((sum, value) => sum + value, 0) / values.length;
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** Bare Remix, then each page followed by bare Remix again, ROUNDS times. */
async function benchEngine(engine, bare, paceline, pages, what) {
  const barePage = { path: '/' };
  await measure(bare, barePage, WARM_UP_SECONDS);
  for (const page of pages) await measure(paceline, page, WARM_UP_SECONDS);
  const bareRuns = [];
  const pageRuns = new Map(pages.map((page) => [page, { runs: [], bare: [] }]));
  for (let round = 0; round < ROUNDS; round += 1) {
    let before = await measure(bare, barePage);
    bareRuns.push(before);
    for (const page of pages) {
      const run = await measure(paceline, page);
      const after = await measure(bare, barePage);
      bareRuns.push(after);
      const entry = pageRuns.get(page);
      entry.runs.push(run);
      entry.bare.push(before, after);
      before = after;
    }
  }
  const rows = [
    {
      name: 'bare Remix',
      path: '/',
      rps: mean(bareRuns.map((run) => run.rps)),
      p50: mean(bareRuns.map((run) => run.p50)),
      p99: mean(bareRuns.map((run) => run.p99)),
    },
  ];
  let failures = 0;
  for (const page of pages) {
    const { runs, bare: beside } = pageRuns.get(page);
    const rps = mean(runs.map((run) => run.rps));
    const p99 = mean(runs.map((run) => run.p99));
    const ratio = rps / mean(beside.map((run) => run.rps));
    const p99Ratio = p99 / mean(beside.map((run) => run.p99));
    const meets = ratio >= page.target && p99Ratio <= MAX_P99_RATIO;
    if (!meets) failures += 1;
    rows.push({ name: page.name, path: page.path, rps, p50: mean(runs.map((run) => run.p50)), p99, ratio, p99Ratio, target: page.target, meets });
  }
  printTable(engine, rows, what);
  return failures;
}

/**
 * The render path of Paceline and of one variant (BENCH_VARIANTS), page by page: bare Remix, then
 * each page on Paceline, on the variant and bare Remix again, ROUNDS times. The change's gain is
 * the share of the variant's CPU per answer that Paceline does not spend (positive: Paceline is
 * cheaper), and the same from req/s.
 */
async function benchVariant(engine, bare, paceline, variant, pages) {
  const barePage = { path: '/' };
  await measure(bare, barePage, WARM_UP_SECONDS);
  // Both servers have just started: a longer warm-up, so neither is measured while it compiles.
  for (const page of pages) {
    await measure(paceline, page, 3 * WARM_UP_SECONDS);
    await measure(variant, page, 3 * WARM_UP_SECONDS);
  }
  const runs = new Map(pages.map((page) => [page, { ours: [], theirs: [], bare: [] }]));
  let before = await measure(bare, barePage);
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const page of pages) {
      const entry = runs.get(page);
      // Alternate which goes first, so neither always follows bare Remix.
      const pair = round % 2 === 0 ? [paceline, variant] : [variant, paceline];
      for (const target of pair) (target === paceline ? entry.ours : entry.theirs).push(await measure(target, page));
      const after = await measure(bare, barePage);
      entry.bare.push(before, after);
      before = after;
    }
  }
  printHeading(engine, `render path (RESPONSE_CACHE=false), Paceline beside ${variant.title}`);
  console.log(
    "gain: the share of the variant's cost per answer that Paceline does not pay (positive: Paceline is cheaper); median of the rounds' paired runs, with their spread",
  );
  const header = [
    'page',
    'path',
    'Paceline req/s',
    'of bare',
    `${variant.title} req/s`,
    'of bare',
    'CPU ms/answer',
    `${variant.title} CPU ms/answer`,
    'gain (CPU)',
    'gain (req/s)',
  ];
  console.log(`| ${header.join(' | ')} |`);
  console.log(`|${header.map((_, index) => (index >= 2 ? '---:' : '---')).join('|')}|`);
  const percent = (value) => `${(value * 100).toFixed(1)} %`;
  const spread = (values) => `${percent(median(values))} (${percent(Math.min(...values))} … ${percent(Math.max(...values))})`;
  for (const page of pages) {
    const { ours, theirs, bare: beside } = runs.get(page);
    const bareRps = median(beside.map((run) => run.rps));
    const oursRps = median(ours.map((run) => run.rps));
    const theirsRps = median(theirs.map((run) => run.rps));
    const cpuGains = ours.map((run, round) => 1 - run.cpuMsPerRequest / theirs[round].cpuMsPerRequest).filter(Number.isFinite);
    const rpsGains = ours.map((run, round) => 1 - theirs[round].rps / run.rps);
    console.log(
      `| ${[
        page.name,
        page.path,
        oursRps.toFixed(0),
        percent(oursRps / bareRps),
        theirsRps.toFixed(0),
        percent(theirsRps / bareRps),
        median(ours.map((run) => run.cpuMsPerRequest)).toFixed(2),
        median(theirs.map((run) => run.cpuMsPerRequest)).toFixed(2),
        cpuGains.length ? spread(cpuGains) : '—',
        spread(rpsGains),
      ].join(' | ')} |`,
    );
  }
  return 0;
}

function printHeading(engine, what) {
  const cpus = os.cpus();
  console.log(
    `\n${engine}, ${what}: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${cpus.length} × ${cpus[0]?.model.trim()}, Node ${process.version}, ` +
      `${CONNECTIONS} keep-alive connections, ${ROUNDS} × ${SECONDS} s per run, load average ${os
        .loadavg()
        .map((value) => value.toFixed(2))
        .join(' ')}`,
  );
}

/**
 * The mixed load: for each write rate, ROUNDS runs of the readers cycling MIXED_PAGES while the
 * writers post, each beside bare Remix runs. Target (issue 21): at 10 writes/s, ≥ 70 % of bare
 * Remix with no 5xx and no stale page.
 */
async function benchMixed(engine, bare, paceline, pages, writer) {
  const barePage = { path: '/' };
  const rows = [];
  let failures = 0;
  for (const rate of WRITE_RATES) {
    const runs = [];
    const beside = [await measure(bare, barePage)];
    for (let round = 0; round < ROUNDS; round += 1) {
      // Kept pages expire in 5 s (decision 102) and the bare runs between take longer: a warm-up
      // without writes first, so the run measures pages under writes, not a cold start.
      await measure(paceline, { path: '/' }, WARM_UP_SECONDS, { pages, writeRate: 0, writer });
      runs.push(await measure(paceline, { path: '/' }, SECONDS, { pages, writeRate: rate, writer }));
      beside.push(await measure(bare, barePage));
    }
    const sum = (pick) => runs.reduce((total, run) => total + (pick(run) ?? 0), 0);
    const rps = mean(runs.map((run) => run.rps));
    const ratio = rps / mean(beside.map((run) => run.rps));
    const p99Ratio = mean(runs.map((run) => run.p99)) / mean(beside.map((run) => run.p99));
    const serverErrors = sum((run) => run.serverErrors) + sum((run) => run.writes?.serverErrors);
    const stale = sum((run) => run.writes?.stale);
    const row = {
      rate,
      rps,
      p50: mean(runs.map((run) => run.p50)),
      p99: mean(runs.map((run) => run.p99)),
      ratio,
      p99Ratio,
      hits: mean(runs.map((run) => run.hits)),
      writes: sum((run) => run.writes?.writes),
      failed: sum((run) => run.writes?.failed),
      serverErrors,
      stale,
      errors: runs.map((run) => run.writes?.errors).filter(Boolean),
      refusals: runs.flatMap((run) => Object.entries(run.writes?.refusals ?? {})),
      kinds: runs.reduce((all, run) => {
        for (const [kind, { count, ms }] of Object.entries(run.writes?.byKind ?? {})) {
          all[kind] ??= { count: 0, ms: 0 };
          all[kind].count += count;
          all[kind].ms += ms;
        }
        return all;
      }, {}),
    };
    row.meets = rate < 10 || (ratio >= DEFAULT_TARGET && serverErrors === 0 && stale === 0 && row.failed === 0);
    if (!row.meets) failures += 1;
    rows.push(row);
  }
  printHeading(engine, `mixed load (${pages.length} pages cycled; writers: subscribe, login, profile save, FIT upload)`);
  console.log('| writes/s | req/s | p50 ms | p99 ms | of bare | p99 × bare | cache hits | writes | refused | 5xx | stale | verdict |');
  console.log('|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|');
  for (const row of rows) {
    console.log(
      `| ${row.rate} | ${row.rps.toFixed(0)} | ${row.p50.toFixed(1)} | ${row.p99.toFixed(1)} | ${(row.ratio * 100).toFixed(0)} % | ${row.p99Ratio.toFixed(1)} | ` +
        `${(row.hits * 100).toFixed(0)} % | ${row.writes} | ${row.failed} | ${row.serverErrors} | ${row.stale} | ${row.rate < 10 ? '—' : row.meets ? 'ok' : 'MISSES ≥ 70 %, no 5xx, no stale'} |`,
    );
    for (const error of row.errors) console.log(`  writer error: ${error}`);
    for (const [reason, count] of row.refusals) console.log(`  refused ${count} ×: ${reason}`);
    const kinds = Object.entries(row.kinds).map(([kind, { count, ms }]) => `${kind} ${count} × ${(ms / count).toFixed(0)} ms`);
    if (kinds.length) console.log(`  at ${row.rate} writes/s, each write and its check took: ${kinds.join(', ')}`);
  }
  return failures;
}

function printTable(engine, rows, what) {
  printHeading(engine, what);
  const header = ['page', 'path', 'req/s', 'p50 ms', 'p99 ms', 'of bare', 'p99 × bare', 'verdict'];
  const lines = rows.map((row) => [
    row.name,
    row.path,
    row.rps.toFixed(0),
    row.p50.toFixed(1),
    row.p99.toFixed(1),
    row.ratio === undefined ? '100 %' : `${(row.ratio * 100).toFixed(0)} %`,
    row.p99Ratio === undefined ? '1.0' : row.p99Ratio.toFixed(1),
    row.ratio === undefined ? 'baseline' : row.meets ? 'ok' : `MISSES ≥ ${(row.target * 100).toFixed(0)} %, p99 ≤ ${MAX_P99_RATIO}×`,
  ]);
  console.log(`| ${header.join(' | ')} |`);
  console.log(`|${header.map((_, index) => (index >= 2 && index <= 6 ? '---:' : '---')).join('|')}|`);
  for (const line of lines) console.log(`| ${line.join(' | ')} |`);
}

function engines() {
  const wanted = process.env.BENCH_ENGINES;
  const list = ['pglite'];
  if (process.env.BENCH_DATABASE_URL || findPostgresBinaries()) list.push('postgres');
  else console.log('No BENCH_DATABASE_URL and no PostgreSQL server binaries: PGlite only.');
  return wanted && wanted !== 'both' ? list.filter((engine) => engine === wanted) : list;
}

const work = mkdtempSync(path.join(os.tmpdir(), 'paceline-bench-'));
const stops = [];
let failures = 0;
try {
  const { pages, seeds } = await loadPages();
  console.log(`${pages.length} pages from bench/pages/*.mjs; preparing (temporary folder ${work})`);
  if (!process.argv.includes('--no-build')) step('Paceline production build', bin('remix'), ['vite:build']);
  const bareDir = path.join(work, 'bare-remix');
  cpSync(BARE_SOURCE, bareDir, { recursive: true, filter: (source) => !/node_modules|[/\\]build$/.test(source) });
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(bareDir, 'node_modules'));
  step('bare Remix production build', bin('remix'), ['vite:build'], { cwd: bareDir, env: { NODE_ENV: 'production' } });
  const bare = { title: 'bare Remix', socketPath: path.join(work, 'bare.sock') };
  const bareServer = startServer(
    'bare Remix',
    [path.join(ROOT, 'bench/bare-server.mjs')],
    { BUILD_DIR: path.join(bareDir, 'build'), LISTEN: bare.socketPath },
    bare.socketPath,
  );
  stops.push(() => bareServer.stop());
  await bareServer.ready;

  for (const engine of engines()) {
    console.log(`\n${engine}: demo data, seeds and sessions`);
    let cluster;
    const databaseEnv = { ...SECRETS, STORAGE_DIR: path.join(work, `${engine}-uploads`) };
    if (engine === 'pglite') {
      databaseEnv.PGLITE_DIR = path.join(work, 'pglite');
      databaseEnv.DATABASE_URL = '';
    } else if (process.env.BENCH_DATABASE_URL) {
      databaseEnv.DATABASE_URL = process.env.BENCH_DATABASE_URL;
    } else {
      cluster = startCluster();
      stops.push(cluster.stop);
      databaseEnv.DATABASE_URL = cluster.url;
    }
    // An empty DATABASE_URL would fail the env schema: drop it for PGlite.
    const env = Object.fromEntries(Object.entries({ ...process.env, ...databaseEnv }).filter(([, value]) => value !== ''));
    const tsx = (title, script, args = []) => step(title, bin('tsx'), [script, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    tsx('migrations and demo data', 'scripts/prepare-db.ts');
    for (const seed of seeds) tsx(`seed ${seed}`, seed);
    const mixedEmails = PHASES.has('mixed') ? [...MIXED_PAGES.map((page) => page.signedInAs), ...writerEmails] : [];
    const emails = [...new Set([...pages.map((page) => page.signedInAs), ...mixedEmails].filter(Boolean))];
    const cookies = emails.length
      ? JSON.parse(
          tsx(`sessions for ${emails.join(', ')}`, 'bench/sign-in.ts', emails)
            .trim()
            .split('\n')
            .at(-1),
        )
      : {};
    const signedPages = pages.map((page) => ({ ...page, headers: page.signedInAs ? { cookie: cookies[page.signedInAs] } : {} }));

    // The render path is judged at issue 21's target, with and without kept reads.
    const renderPages = signedPages.map((page) => ({ ...page, target: RENDER_TARGET }));
    const title = engine === 'pglite' ? 'PGlite' : 'PostgreSQL';
    const serve = async (cache, measureWith, readCaches = true, variant = null) => {
      const name = variant ? `variant-${variant.index}` : `${cache}-${readCaches ? 'kept' : 'cold'}`;
      const paceline = { title: variant ? variant.title : 'Paceline', socketPath: path.join(work, `${engine}-${name}.sock`) };
      const server = startServer(
        paceline.title,
        [variant ? path.join(variant.dir, 'server.mjs') : 'server.mjs'],
        // On a Unix socket there is no port for the site's origin to follow: the bench names the
        // origin its clients use (Host: localhost), so the same-origin rule accepts their forms.
        {
          ...Object.fromEntries(Object.entries(env)),
          APP_MODE: 'production',
          SANDBOXES: 'true',
          SEED_DEMO: 'false',
          RESPONSE_CACHE: String(cache === 'on'),
          READ_CACHES: String(readCaches),
          LISTEN_SOCKET: paceline.socketPath,
          SITE_URL: 'http://localhost',
          ...(variant?.pgliteDir ? { PGLITE_DIR: variant.pgliteDir } : {}),
        },
        paceline.socketPath,
      );
      try {
        await server.ready;
        paceline.pid = server.pid;
        await measureWith(paceline);
      } finally {
        await server.stop();
      }
    };
    try {
      if (PHASES.has('pages') || PHASES.has('mixed')) {
        await serve('on', async (paceline) => {
          if (PHASES.has('pages')) failures += await benchEngine(title, bare, paceline, signedPages, 'each page, response cache on');
          if (PHASES.has('mixed')) {
            const mixedPages = MIXED_PAGES.map((page) => ({ path: page.path, headers: page.signedInAs ? { cookie: cookies[page.signedInAs] } : {} }));
            failures += await benchMixed(title, bare, paceline, mixedPages, { socketPath: paceline.socketPath, cookies, fixturesDir: FIXTURES_DIR });
          }
        });
      }
      if (PHASES.has('render') && VARIANTS.length === 0) {
        await serve('off', async (paceline) => {
          failures += await benchEngine(title, bare, paceline, renderPages, 'render path (RESPONSE_CACHE=false)');
        });
      }
      for (const [index, spec] of VARIANTS.entries()) {
        const variant = { ...spec, index, dir: prepareVariant(ROOT, work, spec, index) };
        if (databaseEnv.PGLITE_DIR) {
          // PGlite's folder is one process's: the variant reads a copy made while no server runs.
          variant.pgliteDir = path.join(work, `pglite-variant-${index}`);
          cpSync(databaseEnv.PGLITE_DIR, variant.pgliteDir, { recursive: true });
        }
        await serve('off', (paceline) => serve('off', (other) => benchVariant(title, bare, paceline, other, renderPages), true, variant));
        rmSync(variant.dir, { recursive: true, force: true });
        if (variant.pgliteDir) rmSync(variant.pgliteDir, { recursive: true, force: true });
      }
      if (PHASES.has('cold')) {
        const readCaches = false;
        await serve(
          'off',
          async (paceline) => {
            failures += await benchEngine(title, bare, paceline, renderPages, 'render path, no read kept (RESPONSE_CACHE=false READ_CACHES=false)');
          },
          readCaches,
        );
      }
    } finally {
      if (cluster) {
        cluster.stop();
        stops.splice(stops.indexOf(cluster.stop), 1);
      }
    }
  }
} finally {
  for (const stop of stops.reverse()) await Promise.resolve(stop()).catch((error) => console.error(error));
  loader.kill();
  rmSync(work, { recursive: true, force: true });
}
console.log(failures ? `\n${failures} page run(s) miss the target.` : '\nEvery page meets its target.');
process.exit(failures ? 1 : 0);
