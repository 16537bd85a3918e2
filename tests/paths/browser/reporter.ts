import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter';
import { PATHS_RUN_FILE, type MachineRun, type PathsRun } from '../../../app/lib/flows/browser-paths';
import { PATH_RUN_ATTACHMENT, stepKind, type PathRunAttachment, type StepKind } from './path-run';

/** The first lines of a failure: enough to say where a path went wrong on /flows and in the summary. */
const ERROR_LINES = 6;

interface Tally {
  paths: number;
  totals: PathRunAttachment['totals'];
  passed: number;
  failed: number;
  states: Set<string>;
  transitions: Set<string>;
  failures: MachineRun['failures'];
  stepCounts: number[];
  kinds: Map<StepKind, number>;
}

/**
 * Sums the generated paths' results per machine into PATHS_RUN_FILE (the machines this run took
 * replace their earlier entries; the others keep theirs) and prints, per machine, how many paths
 * passed, what they reached and the spread of what was generated.
 */
export default class PathsRunReporter implements Reporter {
  private readonly machines = new Map<string, Tally>();

  onTestEnd(_test: TestCase, result: TestResult) {
    const attachment = result.attachments.find((item) => item.name === PATH_RUN_ATTACHMENT);
    if (!attachment?.body) return;
    const run = JSON.parse(attachment.body.toString('utf8')) as PathRunAttachment;
    const tally = this.machines.get(run.machine) ?? {
      paths: run.paths,
      totals: run.totals,
      passed: 0,
      failed: 0,
      states: new Set<string>(),
      transitions: new Set<string>(),
      failures: [],
      stepCounts: [],
      kinds: new Map<StepKind, number>(),
    };
    this.machines.set(run.machine, tally);
    if (result.status === 'passed') tally.passed += 1;
    else {
      tally.failed += 1;
      const message = result.errors.map((error) => error.message ?? '').join('\n');
      tally.failures.push({ path: run.path, error: message.split('\n').slice(0, ERROR_LINES).join('\n') });
    }
    run.states.forEach((id) => tally.states.add(id));
    run.transitions.forEach((id) => tally.transitions.add(id));
    tally.stepCounts.push(run.steps.length);
    for (const type of run.steps) tally.kinds.set(stepKind(type), (tally.kinds.get(stepKind(type)) ?? 0) + 1);
  }

  onEnd() {
    if (this.machines.size === 0) return;
    const finishedAt = new Date().toISOString();
    const file = path.resolve(PATHS_RUN_FILE);
    const previous: PathsRun = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as PathsRun) : { machines: {} };
    const machines = { ...previous.machines };
    console.log('\nGenerated paths in the browser:');
    for (const [id, tally] of this.machines) {
      machines[id] = {
        finishedAt,
        paths: tally.paths,
        passed: tally.passed,
        failed: tally.failed,
        states: [...tally.states].sort(),
        transitions: [...tally.transitions].sort(),
        failures: tally.failures,
      };
      const steps = [...tally.stepCounts].sort((a, b) => a - b);
      const kinds = [...tally.kinds].map(([kind, count]) => `${count} ${kind}`).join(', ');
      console.log(
        `  ${id.padEnd(26)} paths ${tally.passed}/${tally.paths} passed` +
          `  states ${tally.states.size}/${tally.totals.states}  transitions ${tally.transitions.size}/${tally.totals.transitions}` +
          `  (${steps[0]}–${steps.at(-1)} steps a path; ${kinds})`,
      );
    }
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, `${JSON.stringify({ machines }, null, 1)}\n`);
    console.log(`Written to ${PATHS_RUN_FILE}; \`npm run paths\` prints it beside the model's coverage.`);
  }
}
