// `npm test`: everything CI checks, in one command that installs what it lacks.
// Types, formatting, lint, dead code, unit/loader/action tests on PGlite and on a throwaway
// PostgreSQL cluster, the browser tests and every bound machine's generated paths in Debian's
// Chromium against the built app, the two-instance scale test, then machine path coverage (model
// paths, the transitions the browser tests took, the generated paths' run).
//
// Until the browser steps, three lanes share the two cores (docs/testing.md, "Where the time
// goes"): Vitest on PGlite, Vitest on PostgreSQL, and the single-threaded checks followed by the
// build and the scale test (which spends most of its time waiting for a killed instance's jobs to
// expire). None of them keeps both cores busy alone. The browser steps do, and run after the
// three, beside nothing but the end of the scale test. A step run beside another keeps its output
// until it ends; the browser steps print live.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs';
import { e2eServerEnv } from '../tests/e2e/server-env.mjs';
import { ensureDebianPackage } from './debian-packages.mjs';
import { startCluster } from './pg-cluster.mjs';

/** Where tests/e2e/fixtures.ts writes each browser test's transitions (app/lib/flows/browser-coverage.ts). */
const BROWSER_COVERAGE_DIR = 'tests/.tmp/browser-coverage';
/** Where the generated paths' run is summed per machine (app/lib/flows/browser-paths.ts). */
const PATHS_RUN_FILE = 'tests/.tmp/paths-run.json';

const CHROMIUM = '/usr/bin/chromium';
const REPORTS = 'tests/.tmp/reports';
const totals = { passed: 0, failed: 0, skipped: 0 };
const failedSteps = [];
/** [title, seconds from the suite's start, seconds taken] per step, in the order they ended. */
const timings = [];
const suiteStarted = performance.now();
const sinceStart = () => (performance.now() - suiteStarted) / 1000;

/**
 * Runs one step to its end; resolves true when it exits 0. `live` steps print as they go (nothing
 * runs beside them); the others print their whole output, under their title, when they end.
 */
function step(title, command, args, { env = {}, live = false } = {}) {
  const startedAt = sinceStart();
  console.log(live ? `\n=== ${title} ===` : `\n--- ${title}: started at ${startedAt.toFixed(0)} s`);
  const child = spawn(command, args, { stdio: live ? 'inherit' : ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
  let output = '';
  if (!live) {
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
  }
  return new Promise((resolve) => {
    child.on('close', (status) => {
      if (!live) console.log(`\n=== ${title} (started at ${startedAt.toFixed(0)} s) ===\n${output.trim()}`);
      timings.push([title, startedAt, sinceStart() - startedAt]);
      if (status !== 0) failedSteps.push(title);
      resolve(status === 0);
    });
  });
}

function countVitest(file) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  totals.skipped += report.numPendingTests + (report.numTodoTests ?? 0);
}

function countPlaywright(file) {
  if (!existsSync(file)) return;
  const { stats } = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += stats.expected + stats.flaky;
  totals.failed += stats.unexpected;
  totals.skipped += stats.skipped;
}

/**
 * The browser tests' server (tests/e2e/start-server.mjs), started as a step of its own; null
 * (and the step failed) if it does not answer on /healthz. `stop()` ends it with SIGTERM.
 */
async function startBrowserServer(env) {
  const title = "Start the browser tests' server";
  console.log(`\n=== ${title} ===`);
  const startedAt = sinceStart();
  // Its log (requests in flight at SIGTERM, jobs) stays in the reports for whoever reads a failure.
  const log = openSync(`${REPORTS}/browser-server.log`, 'w');
  const child = spawn(process.execPath, ['tests/e2e/start-server.mjs'], { stdio: ['ignore', log, 'inherit'], env: { ...process.env, ...env } });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
  };
  const url = `http://localhost:${env.PORT}/healthz`;
  const answers = () =>
    fetch(url).then(
      (response) => response.ok,
      () => false,
    );
  for (const deadline = Date.now() + 180_000; Date.now() < deadline && child.exitCode === null; await new Promise((resolve) => setTimeout(resolve, 250))) {
    if (await answers()) {
      timings.push([title, startedAt, sinceStart() - startedAt]);
      return { stop };
    }
  }
  timings.push([title, startedAt, sinceStart() - startedAt]);
  failedSteps.push(title);
  await stop();
  return null;
}

const vitestArgs = (name) => ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${REPORTS}/${name}.json`];

/** Unit, loader and action tests on PGlite, the embedded default. */
async function vitestOnPglite() {
  await step('Unit, loader and action tests on PGlite', 'npx', vitestArgs('vitest-pglite'));
  countVitest(`${REPORTS}/vitest-pglite.json`);
}

/** The database tests again, on a throwaway PostgreSQL cluster of their own. */
async function vitestOnPostgres() {
  const cluster = startCluster();
  if (!cluster) {
    console.log('\nPostgreSQL server binaries not found: the PostgreSQL run is skipped (.ci/run installs them).');
    return;
  }
  try {
    await step('Database tests (*.db.test.ts, *.pg.test.ts) on PostgreSQL', 'npx', vitestArgs('vitest-postgres'), {
      env: { TEST_DATABASE_URL: cluster.url, VITEST_DATABASE_ONLY: '1' },
    });
    countVitest(`${REPORTS}/vitest-postgres.json`);
  } finally {
    cluster.stop();
  }
}

/**
 * Production as an operator runs it (issues 22 and 34): two production instances of the build
 * behind Debian's HAProxy with deploy/haproxy.cfg (installed with apt-get when missing, like
 * Chromium: tests/scale/balancer.ts), PostgreSQL, S3, SMTP, Stripe's protocol, and the
 * Dockerfile's build steps (scripts/test-scale.ts).
 */
async function scaleStep() {
  await step('Scale: production behind HAProxy, the image build', 'npx', ['tsx', 'scripts/test-scale.ts'], { env: { SCALE_REPORT: `${REPORTS}/scale.json` } });
  if (!existsSync(`${REPORTS}/scale.json`)) return;
  const scale = JSON.parse(readFileSync(`${REPORTS}/scale.json`, 'utf8'));
  totals.passed += scale.passed;
  totals.failed += scale.failed;
}

/**
 * The single-threaded checks, then the build with the browser tests' database prepared
 * beside it (migrations and demo data: independent of the build, about one core each), then the
 * scale test started on the build. Resolves once the build and the database are ready, with the
 * scale test still running.
 */
async function checksAndBuild(e2eEnv) {
  await step('Type check', 'npx', ['tsc', '--noEmit']);
  await step('Format check (Prettier)', 'npx', ['prettier', '--check', '.', '--log-level', 'warn']);
  await step('Lint (ESLint, no warnings)', 'npx', ['eslint', '.', '--max-warnings', '0']);
  await step('Unused files, exports and dependencies (knip)', 'npx', ['knip', '--no-progress']);
  const database = step("Browser tests' database, beside the build", 'npx', ['tsx', 'scripts/prepare-db.ts'], { env: e2eEnv });
  const built = await step('Production build', 'npx', ['remix', 'vite:build']);
  const prepared = await database;
  return { built, prepared, scale: built ? scaleStep() : Promise.resolve() };
}

/** One server for the browser tests and the generated paths, on the database prepared beside the build. */
async function browserSteps(e2eEnv, prepared) {
  const server = await startBrowserServer({ ...e2eEnv, ...(prepared ? { E2E_DATABASE_PREPARED: e2eEnv.PGLITE_DIR } : {}) });
  if (!server) return;
  try {
    await step('Browser tests in Chromium', 'npx', ['playwright', 'test'], {
      env: { PLAYWRIGHT_JSON_OUTPUT_NAME: `${REPORTS}/playwright.json`, E2E_SERVER_STARTED: '1' },
      live: true,
    });
    countPlaywright(`${REPORTS}/playwright.json`);
    // Every bound machine's generated paths (decision 185); the run file the gate below reads is this run's only.
    rmSync(PATHS_RUN_FILE, { force: true });
    await step('Generated paths in Chromium', 'npx', ['playwright', 'test', '--config', 'playwright.paths.config.ts'], {
      env: { PLAYWRIGHT_JSON_OUTPUT_NAME: `${REPORTS}/paths.json`, E2E_SERVER_STARTED: '1' },
      live: true,
    });
    countPlaywright(`${REPORTS}/paths.json`);
  } finally {
    await server.stop();
  }
}

rmSync(REPORTS, { recursive: true, force: true });
mkdirSync(REPORTS, { recursive: true });
ensureDebianPackage(CHROMIUM, 'chromium');
// The browser coverage check below reads only what this run's browser tests record.
rmSync(BROWSER_COVERAGE_DIR, { recursive: true, force: true });
const e2eEnv = e2eServerEnv();
rmSync(e2eEnv.PGLITE_DIR, { recursive: true, force: true });
rmSync(e2eEnv.STORAGE_DIR, { recursive: true, force: true });

const [, , { built, prepared, scale }] = await Promise.all([vitestOnPglite(), vitestOnPostgres(), checksAndBuild(e2eEnv)]);
if (built) await browserSteps(e2eEnv, prepared);
await scale;

// After the browser tests, so the report reads the transitions they just recorded (the folder
// was emptied before them). --check fails on model coverage; --browser-check fails when one of
// the flows marked browserCoverage: 'complete' missed a transition in this run's browser suite;
// --paths-check when a machine marked browserPaths: 'required' has a generated path that failed
// or left a state or transition unreached in this run. Without a build there are no browser
// records to judge: model coverage only.
const pathArgs = ['tsx', 'scripts/paths.ts', '--check', ...(built ? ['--browser-check', '--paths-check'] : []), '--out', 'tests/.tmp/paths'];
await step('Machine path coverage, model and browser', 'npx', pathArgs, { live: true });

// Where the time goes, step by step (docs/testing.md keeps the figures): steps that overlap
// started before the one above them ended.
console.log(`\nTime per step (${'started at'.padStart(10)}, ${'took'.padStart(5)}):`);
for (const [title, startedAt, seconds] of timings)
  console.log(`  ${title.padEnd(58)} ${startedAt.toFixed(0).padStart(5)} s ${seconds.toFixed(0).padStart(5)} s`);
console.log(`  ${'Total'.padEnd(58)} ${''.padStart(7)} ${sinceStart().toFixed(0).padStart(5)} s`);
console.log(`\n${failedSteps.length ? `Failed steps: ${failedSteps.join(', ')}` : 'All steps passed.'}`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedSteps.length ? 1 : 0);
