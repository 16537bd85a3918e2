// `npm test`: everything CI checks, in one command that installs what it lacks.
// Types, formatting, lint, dead code, unit/loader/action tests on PGlite and on a throwaway PostgreSQL cluster, the
// browser tests and every bound machine's generated paths in Debian's Chromium against the built
// app, the two-instance scale test, then machine path coverage (model paths, the transitions the
// browser tests took, the generated paths' run).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { e2eServerEnv } from '../tests/e2e/server-env.mjs';
import { startCluster } from './pg-cluster.mjs';

/** Where tests/e2e/fixtures.ts writes each browser test's transitions (app/lib/flows/browser-coverage.ts). */
const BROWSER_COVERAGE_DIR = 'tests/.tmp/browser-coverage';
/** Where the generated paths' run is summed per machine (app/lib/flows/browser-paths.ts). */
const PATHS_RUN_FILE = 'tests/.tmp/paths-run.json';

const CHROMIUM = '/usr/bin/chromium';
const REPORTS = 'tests/.tmp/reports';
const totals = { passed: 0, failed: 0, skipped: 0 };
let failedSteps = [];
const timings = [];
const suiteStarted = performance.now();

function run(title, command, args, env = {}) {
  console.log(`\n=== ${title} ===`);
  const started = performance.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  timings.push([title, (performance.now() - started) / 1000]);
  if (result.status !== 0) failedSteps.push(title);
  return result.status === 0;
}

function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  console.log('Chromium is missing: installing Debian chromium with apt-get');
  const sudo = process.getuid?.() === 0 ? [] : ['sudo'];
  const apt = (args) =>
    spawnSync(sudo[0] ?? 'apt-get', [...sudo.slice(1), ...(sudo.length ? ['apt-get'] : []), ...args], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  apt(['update', '-qq']);
  apt(['install', '-y', '-qq', 'chromium']);
  if (!existsSync(CHROMIUM)) throw new Error('Could not install chromium');
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

rmSync(REPORTS, { recursive: true, force: true });
mkdirSync(REPORTS, { recursive: true });

run('Type check', 'npx', ['tsc', '--noEmit']);
run('Format check (Prettier)', 'npx', ['prettier', '--check', '.', '--log-level', 'warn']);
run('Lint (ESLint, no warnings)', 'npx', ['eslint', '.', '--max-warnings', '0']);
run('Unused files, exports and dependencies (knip)', 'npx', ['knip', '--no-progress']);

const vitestArgs = (name) => ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${REPORTS}/${name}.json`];
run('Unit, loader and action tests on PGlite', 'npx', vitestArgs('vitest-pglite'));
countVitest(`${REPORTS}/vitest-pglite.json`);

const cluster = startCluster();
if (cluster) {
  try {
    run('Database tests (*.db.test.ts, *.pg.test.ts) on PostgreSQL', 'npx', vitestArgs('vitest-postgres'), {
      TEST_DATABASE_URL: cluster.url,
      VITEST_DATABASE_ONLY: '1',
    });
    countVitest(`${REPORTS}/vitest-postgres.json`);
  } finally {
    cluster.stop();
  }
} else {
  console.log('\nPostgreSQL server binaries not found: the PostgreSQL run is skipped (.ci/run installs them).');
}

/**
 * The browser tests' server (tests/e2e/start-server.mjs), started as a step of its own; null
 * (and the step failed) if it does not answer on /healthz. `stop()` ends it with SIGTERM.
 */
async function startBrowserServer(env) {
  const title = "Start the browser tests' server";
  console.log(`\n=== ${title} ===`);
  const started = performance.now();
  const child = spawn(process.execPath, ['tests/e2e/start-server.mjs'], { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, ...env } });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
  };
  const url = `http://localhost:${env.PORT}/healthz`;
  for (const deadline = Date.now() + 180_000; Date.now() < deadline && child.exitCode === null; await new Promise((resolve) => setTimeout(resolve, 250))) {
    if (
      await fetch(url).then(
        (response) => response.ok,
        () => false,
      )
    ) {
      timings.push([title, (performance.now() - started) / 1000]);
      return { stop };
    }
  }
  timings.push([title, (performance.now() - started) / 1000]);
  failedSteps.push(title);
  await stop();
  return null;
}

/** A step that runs beside the next ones; its output is kept until it ends. */
function runBeside(title, command, args, env = {}) {
  const started = performance.now();
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  return new Promise((resolve) => {
    child.on('close', (status) => {
      console.log(`\n=== ${title} ===\n${output.trim()}`);
      timings.push([title, (performance.now() - started) / 1000]);
      if (status !== 0) failedSteps.push(title);
      resolve(status === 0);
    });
  });
}

ensureChromium();
// The browser coverage check below reads only what this run's browser tests record.
rmSync(BROWSER_COVERAGE_DIR, { recursive: true, force: true });
// The browser tests' database (migrations and demo data, about half a minute) is prepared
// while the build runs: the two are independent and each keeps about one core busy.
const e2eEnv = e2eServerEnv();
rmSync(e2eEnv.PGLITE_DIR, { recursive: true, force: true });
rmSync(e2eEnv.STORAGE_DIR, { recursive: true, force: true });
const e2eDatabase = runBeside("Browser tests' database, beside the build", 'npx', ['tsx', 'scripts/prepare-db.ts'], e2eEnv);
const built = run('Production build', 'npx', ['remix', 'vite:build']);
const prepared = await e2eDatabase;
if (built) {
  // One server for the browser tests and the generated paths (as Playwright's webServer would
  // start it, on the database prepared beside the build): its start is paid once.
  const server = await startBrowserServer({ ...e2eEnv, ...(prepared ? { E2E_DATABASE_PREPARED: e2eEnv.PGLITE_DIR } : {}) });
  try {
    if (server) {
      run('Browser tests in Chromium', 'npx', ['playwright', 'test'], { PLAYWRIGHT_JSON_OUTPUT_NAME: `${REPORTS}/playwright.json`, E2E_SERVER_STARTED: '1' });
      countPlaywright(`${REPORTS}/playwright.json`);
      // Every bound machine's generated paths (decision 185); the run file the gate below reads is this run's only.
      rmSync(PATHS_RUN_FILE, { force: true });
      run('Generated paths in Chromium', 'npx', ['playwright', 'test', '--config', 'playwright.paths.config.ts'], {
        PLAYWRIGHT_JSON_OUTPUT_NAME: `${REPORTS}/paths.json`,
        E2E_SERVER_STARTED: '1',
      });
      countPlaywright(`${REPORTS}/paths.json`);
    }
  } finally {
    await server?.stop();
  }
}

// N stateless instances (issue 22): PostgreSQL, an S3-compatible server, two instances of the
// build and a round-robin proxy on loopback (scripts/test-scale.ts, about a minute).
if (built) {
  run('Scale: two instances, PostgreSQL, S3, proxy', 'npx', ['tsx', 'scripts/test-scale.ts'], { SCALE_REPORT: `${REPORTS}/scale.json` });
  if (existsSync(`${REPORTS}/scale.json`)) {
    const scale = JSON.parse(readFileSync(`${REPORTS}/scale.json`, 'utf8'));
    totals.passed += scale.passed;
    totals.failed += scale.failed;
  }
}

// After the browser tests, so the report reads the transitions they just recorded (the folder
// was emptied before them). --check fails on model coverage; --browser-check fails when one of
// the flows marked browserCoverage: 'complete' missed a transition in this run's browser suite;
// --paths-check when a machine marked browserPaths: 'required' has a generated path that failed
// or left a state or transition unreached in this run. Without a build there are no browser
// records to judge: model coverage only.
const pathArgs = ['tsx', 'scripts/paths.ts', '--check', ...(built ? ['--browser-check', '--paths-check'] : []), '--out', 'tests/.tmp/paths'];
run('Machine path coverage, model and browser', 'npx', pathArgs);

// Where the time goes, step by step (docs/testing.md keeps the figures).
console.log('\nTime per step:');
for (const [title, seconds] of timings) console.log(`  ${title.padEnd(48)} ${seconds.toFixed(0).padStart(5)} s`);
console.log(`  ${'Total'.padEnd(48)} ${((performance.now() - suiteStarted) / 1000).toFixed(0).padStart(5)} s`);
console.log(`\n${failedSteps.length ? `Failed steps: ${failedSteps.join(', ')}` : 'All steps passed.'}`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedSteps.length ? 1 : 0);
