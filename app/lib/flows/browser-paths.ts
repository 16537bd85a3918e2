import { createActor } from 'xstate';
import { describeStateValue, listStateNodes, listTransitions } from './definition';
import { eventLabels } from './graph';
import { generatePaths, type GeneratedPaths, type MachinePath } from './paths';
import { recorderFor } from './recorder';
import { stubbed } from './stub';
import type { CatalogueEntry } from './types';

/**
 * The generated paths QA replays in a real browser (`npm run test:paths`, decision 185): of all
 * the paths `generatePaths` writes, the fewest that still reach every state and take every
 * transition, each named by the states it passes and the events between them.
 */

export interface BrowserPath {
  /** 1-based, in generation order: stable while the machine and its samples do not change. */
  number: number;
  /** "waitingForRobotCheck —ROBOT_CHECK_DONE→ ready —SUBMIT→ submitting …" */
  title: string;
  path: MachinePath;
}

/** What starting the machine shows: its initial state, as a path's title begins. */
function initialStateOf(entry: CatalogueEntry): string {
  return describeStateValue(createActor(stubbed(entry.machine), { input: entry.input } as never).getSnapshot().value);
}

/** What a path takes, as `state:<id>` and `transition:<id>` items. */
function itemsOf(path: MachinePath): Set<string> {
  const items = new Set<string>();
  for (const step of path.steps) {
    step.passed.forEach((id) => items.add(`state:${id}`));
    step.transitions.forEach((id) => items.add(`transition:${id}`));
  }
  return items;
}

/**
 * Greedy set cover: the path adding the most untaken states and transitions first (the shorter
 * on a tie, then the earlier), until nothing is left that the generated paths reach. Each
 * browser path costs an arrangement (a rider, a page load), so fewer, longer paths are faster.
 */
export function browserPaths(entry: CatalogueEntry, generated: GeneratedPaths = generatePaths(entry)): BrowserPath[] {
  const candidates = generated.paths.map((path, index) => ({ path, index, items: itemsOf(path) }));
  const untaken = new Set(candidates.flatMap((candidate) => [...candidate.items]));
  const chosen: typeof candidates = [];
  while (untaken.size > 0) {
    let best: (typeof candidates)[number] | undefined;
    let bestGain = 0;
    for (const candidate of candidates) {
      const gain = [...candidate.items].filter((item) => untaken.has(item)).length;
      if (gain > bestGain || (gain === bestGain && best && gain > 0 && candidate.path.steps.length < best.path.steps.length)) {
        best = candidate;
        bestGain = gain;
      }
    }
    if (!best) break;
    chosen.push(best);
    best.items.forEach((item) => untaken.delete(item));
  }
  chosen.sort((a, b) => a.index - b.index);
  const start = initialStateOf(entry);
  const labels = eventLabels(entry.machine);
  const titles = new Map<string, number>();
  return chosen.map(({ path }, index) => {
    let title = [start, ...path.steps.map((step) => `—${labels.get(step.event.type) ?? step.event.type}→ ${step.state}`)].join(' ');
    // Two paths through the same states by events of different payloads: told apart by number.
    const seen = titles.get(title) ?? 0;
    titles.set(title, seen + 1);
    if (seen > 0) title = `${title} (${seen + 1})`;
    return { number: index + 1, title, path };
  });
}

/** Everything a machine's browser paths must reach: state node ids and transition ids. */
export function browserTotals(entry: CatalogueEntry): { states: string[]; transitions: string[] } {
  return { states: listStateNodes(entry.machine).map((node) => node.id), transitions: listTransitions(entry.machine) };
}

/** What starting the machine takes by itself (eventless transitions out of the initial state). */
export function startOf(entry: CatalogueEntry): { states: string[]; transitions: string[] } {
  const start = recorderFor(entry.machine).start(entry.input);
  return { states: start.passed, transitions: start.ids };
}

/**
 * The last browser run of each machine's paths, as the runner's reporter writes it
 * (tests/paths/browser/reporter.ts) and `npm run paths` and /flows read it. In production no
 * run exists, and /flows says so.
 */
export const PATHS_RUN_FILE = 'tests/.tmp/paths-run.json';

export interface MachineRun {
  /** When this machine's paths last ran (ISO 8601). */
  finishedAt: string;
  /** Browser paths the machine has (all of them run unless a run was cut short). */
  paths: number;
  passed: number;
  failed: number;
  /** State node ids and transition ids the passing steps reached, checked on the screen and in the page's record. */
  states: string[];
  transitions: string[];
  /** For each failed path: its title and the first lines of the error. */
  failures: Array<{ path: string; error: string }>;
}

export interface PathsRun {
  machines: Record<string, MachineRun>;
}

interface BrowserPathsCoverage {
  states: { covered: number; total: number; missing: string[] };
  transitions: { covered: number; total: number; missing: string[] };
}

export function runCoverage(entry: CatalogueEntry, run: MachineRun): BrowserPathsCoverage {
  const totals = browserTotals(entry);
  const share = (all: string[], reached: string[]) => {
    const set = new Set(reached);
    const missing = all.filter((id) => !set.has(id));
    return { covered: all.length - missing.length, total: all.length, missing };
  };
  return { states: share(totals.states, run.states), transitions: share(totals.transitions, run.transitions) };
}

/** A machine's run is complete when every path passed and every state and transition was reached. */
export function runIsComplete(entry: CatalogueEntry, run: MachineRun | undefined): boolean {
  if (!run || run.failed > 0 || run.passed < run.paths) return false;
  const coverage = runCoverage(entry, run);
  return coverage.states.missing.length === 0 && coverage.transitions.missing.length === 0;
}
