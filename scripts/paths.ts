// `npm run paths [-- --check] [--out DIR] [--catalogue MODULE]`: for every machine of the
// catalogue, writes its generated paths as Markdown and JSON into DIR (default `paths/`)
// and prints its states, transitions, paths and the share they cover. With --check, exits
// 1 when a machine is not fully covered. --catalogue points at another module exporting
// `catalogue` (the tests use one with an unreachable transition).
// Beside the model's coverage it prints the transitions taken in the browser: by the browser
// tests (summed over tests/.tmp/browser-coverage, written by tests/e2e/fixtures.ts) and by the
// generated paths' last run; --browser-check exits 1 when a flow marked `browserCoverage:
// 'complete'` in the catalogue misses one. --browser-records points at another folder of
// records (the tests use their own).
// Under each machine it prints the last browser run of its generated paths (`npm run
// test:paths`, PATHS_RUN_FILE; --paths-run FILE reads another) or that it has no bindings yet
// (`<id>.paths.ts` under app/, --bindings DIR); --paths-check exits 1 when a machine marked
// `browserPaths: 'required'` has a path that failed or did not run, or left a state or
// transition unreached (decision 185).
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { BROWSER_COVERAGE_DIR, browserCoverage, browserCoverageLabel, sumBrowserRecords, type BrowserRecord } from '../app/lib/flows/browser-coverage';
import { PATHS_RUN_FILE, runCoverage, runIsComplete, type PathsRun } from '../app/lib/flows/browser-paths';
import { generatePaths } from '../app/lib/flows/paths';
import { isComplete, renderJson, renderMarkdown, summaryLine } from '../app/lib/flows/report';
import type { CatalogueEntry } from '../app/lib/flows/types';
import { bindingFiles } from '../tests/paths/browser/bindings';

function option(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

const check = process.argv.includes('--check');
const browserCheck = process.argv.includes('--browser-check');
const pathsCheck = process.argv.includes('--paths-check');
const outDir = resolve(option('--out') ?? 'paths');
const cataloguePath = option('--catalogue');
const { catalogue } = (await import(cataloguePath ? pathToFileURL(resolve(cataloguePath)).href : '../app/machines/catalogue')) as {
  catalogue: CatalogueEntry[];
};

const browserDir = resolve(option('--browser-records') ?? BROWSER_COVERAGE_DIR);
const browserRecords: BrowserRecord[] = existsSync(browserDir)
  ? readdirSync(browserDir)
      .filter((name) => name.endsWith('.json'))
      .map((name) => JSON.parse(readFileSync(join(browserDir, name), 'utf8')) as BrowserRecord)
  : [];

const pathsRunFile = resolve(option('--paths-run') ?? PATHS_RUN_FILE);
const pathsRun: PathsRun = existsSync(pathsRunFile) ? (JSON.parse(readFileSync(pathsRunFile, 'utf8')) as PathsRun) : { machines: {} };
// A transition the generated paths took in the browser is taken in the browser: a hand-written
// test they cover whole can go without the flow losing its mark (decision 185).
const takenByPaths: BrowserRecord[] = catalogue.map((entry) => ({ [entry.machine.id]: pathsRun.machines[entry.id]?.transitions ?? [] }));
const takenInBrowser = sumBrowserRecords([...browserRecords, ...takenByPaths]);
const bindings = bindingFiles(option('--bindings') ?? 'app');

/** The line under a machine: the last browser run of its generated paths, or why there is none. */
function pathsInBrowser(entry: CatalogueEntry): string[] {
  const required = entry.browserPaths === 'required' ? ' (required 100%)' : '';
  const file = bindings.get(entry.id);
  if (!file) return [`  paths in the browser: not bound (no ${entry.id}.paths.ts beside its screen)${required}`];
  const run = pathsRun.machines[entry.id];
  if (!run) return [`  paths in the browser: bound (${file}), not run${required}`];
  const { states, transitions } = runCoverage(entry, run);
  const lines = [
    `  paths in the browser: ${run.passed}/${run.paths} passed, states ${states.covered}/${states.total}, transitions ${transitions.covered}/${transitions.total} (run ${run.finishedAt})${required}`,
  ];
  if (!required || runIsComplete(entry, run)) return lines;
  for (const failure of run.failures) lines.push(`    failed: ${failure.path}`);
  for (const id of states.missing) lines.push(`    state not reached in the browser: ${id}`);
  for (const id of transitions.missing) lines.push(`    transition not taken in the browser: ${id}`);
  return lines;
}

mkdirSync(outDir, { recursive: true });
let incomplete = 0;
const browserIncomplete: string[] = [];
const pathsIncomplete: string[] = [];
for (const entry of catalogue) {
  const generated = generatePaths(entry);
  writeFileSync(join(outDir, `${entry.id}.md`), renderMarkdown(entry, generated));
  writeFileSync(join(outDir, `${entry.id}.json`), renderJson(entry, generated));
  const inBrowser = browserCoverage(entry.machine, takenInBrowser);
  const required = entry.browserCoverage === 'complete';
  console.log(`${summaryLine(entry, generated).padEnd(92)} ${browserCoverageLabel(inBrowser)}${required ? ' (required 100%)' : ''}`);
  if (required && inBrowser.missing.length > 0) {
    browserIncomplete.push(entry.id);
    for (const id of inBrowser.missing) console.log(`  not taken in the browser: ${id}`);
  }
  for (const line of pathsInBrowser(entry)) console.log(line);
  if (entry.browserPaths === 'required' && !runIsComplete(entry, pathsRun.machines[entry.id])) pathsIncomplete.push(entry.id);
  if (!isComplete(generated.coverage)) {
    incomplete += 1;
    for (const id of generated.coverage.states.missing) console.log(`  state not covered: ${id}`);
    for (const id of generated.coverage.transitions.missing) console.log(`  transition not covered: ${id}`);
  }
}
console.log(`Paths written to ${outDir}; browser coverage summed over ${browserRecords.length} test record(s) in ${browserDir}`);
console.log(`Generated paths in the browser read from ${pathsRunFile}${existsSync(pathsRunFile) ? '' : ' (none yet: npm run test:paths writes it)'}`);
if (pathsCheck && pathsIncomplete.length > 0) {
  console.error(`Machines whose generated paths are required in the browser but did not all pass or reach everything: ${pathsIncomplete.join(', ')}`);
  process.exitCode = 1;
}
if (browserCheck && browserIncomplete.length > 0) {
  console.error(`Flows not fully taken in the browser suite: ${browserIncomplete.join(', ')}`);
  process.exitCode = 1;
}
if (check && incomplete > 0) {
  console.error(`${incomplete} machine(s) are not fully covered by their generated paths`);
  process.exit(1);
}
