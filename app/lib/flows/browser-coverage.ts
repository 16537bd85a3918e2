import type { AnyStateMachine } from 'xstate';
import { listTransitions } from './definition';
import { percent } from './report';

/**
 * Browser coverage: which of a machine's transitions the Playwright suite took in a real
 * browser. Each browser test writes what it saw into BROWSER_COVERAGE_DIR as
 * `{ [machineId]: transitionIds[] }`; `npm run paths` sums every file beside the model's paths.
 */
export const BROWSER_COVERAGE_DIR = 'tests/.tmp/browser-coverage';

export type BrowserRecord = Record<string, string[]>;

export function sumBrowserRecords(records: BrowserRecord[]): Map<string, Set<string>> {
  const taken = new Map<string, Set<string>>();
  for (const record of records) {
    for (const [machineId, ids] of Object.entries(record)) {
      const set = taken.get(machineId) ?? new Set<string>();
      for (const id of ids) set.add(id);
      taken.set(machineId, set);
    }
  }
  return taken;
}

export interface BrowserCoverage {
  covered: number;
  total: number;
  missing: string[];
}

export function browserCoverage(machine: AnyStateMachine, taken: Map<string, Set<string>>): BrowserCoverage {
  const seen = taken.get(machine.id) ?? new Set<string>();
  const all = listTransitions(machine);
  const missing = all.filter((id) => !seen.has(id));
  return { covered: all.length - missing.length, total: all.length, missing };
}

export function browserCoverageLabel(coverage: BrowserCoverage): string {
  return `browser ${coverage.covered}/${coverage.total} (${percent(coverage)})`;
}
