import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { MachineRun } from '~/lib/flows/browser-paths';
import { listStateNodes, listTransitions } from '~/lib/flows/definition';
import { signupMachine } from '../fixtures/flows/machines';

// `npm run paths -- --check` as QA and `npm test` run it: a child process on a catalogue module.
const outDir = mkdtempSync(join(tmpdir(), 'paceline-paths-'));
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

function runPaths(catalogue: string, extra: string[] = []) {
  return spawnSync('npx', ['tsx', 'scripts/paths.ts', '--check', '--out', outDir, '--catalogue', catalogue, ...extra], {
    encoding: 'utf8',
    env: { ...process.env, NODE_OPTIONS: '' },
  });
}

describe('scripts/paths.ts --check', () => {
  it('fails on a machine with an unreachable transition and names it', () => {
    const result = runPaths('tests/fixtures/flows/unreachable-catalogue.ts');
    expect(result.status).toBe(1);
    expect(result.stdout).toMatch(/door\s+states 2\/2 \(100%\)\s+transitions 1\/2 \(50%\)/);
    expect(result.stdout).toContain('transition not covered: door.closed —UNLOCK#0→');
    expect(result.stderr).toContain('1 machine(s) are not fully covered');
  }, 60_000);

  it('passes on fully covered machines and writes Markdown and JSON per machine', () => {
    const result = runPaths('tests/fixtures/flows/complete-catalogue.ts');
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/signup\s+states 16\/16 \(100%\)\s+transitions 13\/13 \(100%\)\s+paths \d+/);
    expect(existsSync(join(outDir, 'signup.md'))).toBe(true);
    const json = JSON.parse(readFileSync(join(outDir, 'signup.json'), 'utf8'));
    expect(json.coverage.transitions.missing).toEqual([]);
    expect(json.paths[0].steps[0]).toHaveProperty('event.type');
  }, 60_000);
});

// `npm test` runs it after the browser suite with --browser-check, on the records that run wrote.
describe('scripts/paths.ts --browser-check', () => {
  const recordsDir = join(outDir, 'browser-records');
  const writeRecord = (ids: string[]) => {
    rmSync(recordsDir, { recursive: true, force: true });
    mkdirSync(recordsDir, { recursive: true });
    writeFileSync(join(recordsDir, 'signup-spec--a-test.json'), JSON.stringify({ signup: ids }));
  };
  const noPathsRun = join(outDir, 'no-paths-run.json');
  const runCheck = (pathsRun = noPathsRun) =>
    runPaths('tests/fixtures/flows/browser-catalogue.ts', ['--browser-check', '--browser-records', recordsDir, '--paths-run', pathsRun]);
  const all = listTransitions(signupMachine);

  it('fails while a flow that must be complete misses a transition in the browser, and names it', () => {
    writeRecord(all.slice(1));
    const result = runCheck();
    expect(result.status).toBe(1);
    expect(result.stdout).toContain(`browser ${all.length - 1}/${all.length}`);
    expect(result.stdout).toContain(`not taken in the browser: ${all[0]}`);
    expect(result.stderr).toContain('Flows not fully taken in the browser suite: signup');
  }, 60_000);

  it('passes once the browser took every transition', () => {
    writeRecord(all);
    const result = runCheck();
    expect(result.status).toBe(0);
    expect(result.stdout).toContain(`browser ${all.length}/${all.length} (100%) (required 100%)`);
  }, 60_000);

  it('counts the transitions the generated paths took in the browser as taken', () => {
    writeRecord(all.slice(1));
    const pathsRun = join(outDir, 'paths-run-first-transition.json');
    const run: MachineRun = { finishedAt: '2026-11-27T13:37:00.000Z', paths: 1, passed: 1, failed: 0, states: [], transitions: [all[0]], failures: [] };
    writeFileSync(pathsRun, JSON.stringify({ machines: { signup: run } }));
    const result = runCheck(pathsRun);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain(`browser ${all.length}/${all.length} (100%) (required 100%)`);
  }, 60_000);
});

// `npm test` runs it with --paths-check after the generated paths ran in the browser (decision 185).
describe('scripts/paths.ts --paths-check', () => {
  const bindingsDir = join(outDir, 'bindings');
  const runFile = join(outDir, 'paths-run.json');
  const states = listStateNodes(signupMachine).map((node) => node.id);
  const transitions = listTransitions(signupMachine);
  const bind = () => {
    mkdirSync(join(bindingsDir, 'routes', 'signup'), { recursive: true });
    writeFileSync(join(bindingsDir, 'routes', 'signup', 'signup.paths.ts'), 'export default {};\n');
  };
  const writeRun = (change: Partial<MachineRun>) =>
    writeFileSync(
      runFile,
      JSON.stringify({
        machines: { signup: { finishedAt: '2026-11-27T13:37:00.000Z', paths: 5, passed: 5, failed: 0, states, transitions, failures: [], ...change } },
      }),
    );
  const runCheck = () => runPaths('tests/fixtures/flows/paths-catalogue.ts', ['--paths-check', '--paths-run', runFile, '--bindings', bindingsDir]);

  it('fails for a required machine without bindings, and says it is not bound', () => {
    rmSync(bindingsDir, { recursive: true, force: true });
    mkdirSync(bindingsDir, { recursive: true });
    rmSync(runFile, { force: true });
    const result = runCheck();
    expect(result.status).toBe(1);
    expect(result.stdout).toContain('paths in the browser: not bound (no signup.paths.ts beside its screen) (required 100%)');
    expect(result.stderr).toContain('required in the browser but did not all pass or reach everything: signup');
  }, 60_000);

  it('fails for a bound machine whose paths did not run, or failed, or left a transition untaken, and names what', () => {
    bind();
    rmSync(runFile, { force: true });
    expect(runCheck().stdout).toContain(`paths in the browser: bound (${join(bindingsDir, 'routes', 'signup', 'signup.paths.ts')}), not run`);
    writeRun({ passed: 4, failed: 1, transitions: transitions.slice(1), failures: [{ path: 'form.editing —SUBMIT→ sending', error: 'Step 1 failed' }] });
    const result = runCheck();
    expect(result.status).toBe(1);
    expect(result.stdout).toContain(
      `paths in the browser: 4/5 passed, states ${states.length}/${states.length}, transitions ${transitions.length - 1}/${transitions.length}`,
    );
    expect(result.stdout).toContain('failed: form.editing —SUBMIT→ sending');
    expect(result.stdout).toContain(`transition not taken in the browser: ${transitions[0]}`);
  }, 60_000);

  it('passes once every path passed and reached every state and transition', () => {
    bind();
    writeRun({});
    const result = runCheck();
    expect(result.status).toBe(0);
    expect(result.stdout).toContain(
      `paths in the browser: 5/5 passed, states ${states.length}/${states.length}, transitions ${transitions.length}/${transitions.length} (run 2026-11-27T13:37:00.000Z) (required 100%)`,
    );
  }, 60_000);
});
