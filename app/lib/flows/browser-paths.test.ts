import { describe, expect, it } from 'vitest';
import { catalogue } from '~/machines/catalogue';
import { signupEntry } from '../../../tests/fixtures/flows/machines';
import { browserPaths, runCoverage, runIsComplete, startOf, type MachineRun } from './browser-paths';
import { listStateNodes, listTransitions } from './definition';
import { generatePaths, type MachinePath } from './paths';

const reached = (paths: MachinePath[]) => ({
  states: new Set(paths.flatMap((path) => path.steps.flatMap((step) => step.passed))),
  transitions: new Set(paths.flatMap((path) => path.steps.flatMap((step) => step.transitions))),
});

describe('the generated paths replayed in the browser', () => {
  const generated = generatePaths(signupEntry);
  const chosen = browserPaths(signupEntry, generated);

  it('are fewer than all the generated paths but reach every state and transition they reach', () => {
    expect(chosen.length).toBeLessThan(generated.paths.length);
    const all = reached(generated.paths);
    const browser = reached(chosen.map((path) => path.path));
    expect([...browser.states].sort()).toEqual([...all.states].sort());
    expect([...browser.transitions].sort()).toEqual([...all.transitions].sort());
  });

  it('are numbered in generation order and named by their states and events, each name once', () => {
    expect(chosen.map((path) => path.number)).toEqual(chosen.map((_, index) => index + 1));
    expect(chosen.map((path) => generated.paths.indexOf(path.path))).toEqual(
      [...chosen.map((path) => generated.paths.indexOf(path.path))].sort((a, b) => a - b),
    );
    expect(chosen[0].title.startsWith('form.editing —')).toBe(true);
    expect(chosen.some((path) => path.title.includes('—done: sendCode→ waiting.(resend.locked, page.shown)'))).toBe(true);
    expect(chosen.some((path) => path.title.includes('—after 5 min→'))).toBe(true);
    expect(new Set(chosen.map((path) => path.title)).size).toBe(chosen.length);
  });

  it('are the same on every call: each test worker lists the same tests', () => {
    expect(browserPaths(signupEntry).map((path) => path.title)).toEqual(chosen.map((path) => path.title));
  });

  it.each(catalogue.map((entry) => [entry.id, entry] as const))('cover %s whole', (_id, entry) => {
    const browser = reached(browserPaths(entry).map((path) => path.path));
    startOf(entry).states.forEach((id) => browser.states.add(id));
    const coverage = generatePaths(entry).coverage;
    expect(browser.transitions.size).toBe(coverage.transitions.covered);
    expect(browser.states.size).toBe(coverage.states.covered);
  });
});

describe("a machine's browser run", () => {
  const all = { states: listStateNodes(signupEntry.machine).map((node) => node.id), transitions: listTransitions(signupEntry.machine) };
  const run = (change: Partial<MachineRun>): MachineRun => ({
    finishedAt: '2026-11-27T00:00:00.000Z',
    paths: 4,
    passed: 4,
    failed: 0,
    states: all.states,
    transitions: all.transitions,
    failures: [],
    ...change,
  });

  it('is complete when every path passed and every state and transition was reached', () => {
    expect(runIsComplete(signupEntry, run({}))).toBe(true);
    expect(runCoverage(signupEntry, run({})).transitions).toEqual({ covered: all.transitions.length, total: all.transitions.length, missing: [] });
  });

  it('is not complete with a failed path, a path that did not run, a state or transition missing, or no run', () => {
    expect(runIsComplete(signupEntry, run({ passed: 3, failed: 1 }))).toBe(false);
    expect(runIsComplete(signupEntry, run({ passed: 3 }))).toBe(false);
    expect(runIsComplete(signupEntry, run({ states: all.states.slice(1) }))).toBe(false);
    expect(runCoverage(signupEntry, run({ transitions: all.transitions.slice(1) })).transitions.missing).toEqual([all.transitions[0]]);
    expect(runIsComplete(signupEntry, undefined)).toBe(false);
  });
});
