import { test } from '@playwright/test';
import { browserPaths, browserTotals } from '../../../app/lib/flows/browser-paths';
import { catalogue } from '../../../app/machines/catalogue';
import { loadBindings } from './bindings';
import { PATH_RUN_ATTACHMENT, type PathRunAttachment } from './path-run';
import { runPath, type PathRunRecord } from './runner';

// One test per generated browser path of every machine that has a binding (decision 185); a
// machine without one gets no test and `npm run paths` shows it as not bound. PATHS_MACHINES
// (comma-separated catalogue ids, set by `npm run test:paths -- --machine <id>`) narrows the run.
const selected = process.env.PATHS_MACHINES ? new Set(process.env.PATHS_MACHINES.split(',')) : null;
const bindings = await loadBindings();
for (const id of selected ?? []) {
  if (!catalogue.some((entry) => entry.id === id)) throw new Error(`--machine ${id}: no machine of that id in app/machines/catalogue.ts`);
  if (!bindings.has(id)) throw new Error(`--machine ${id}: it has no bindings yet (app/**/${id}.paths.ts)`);
}
for (const [id, { file, binding }] of bindings) {
  const entry = catalogue.find((candidate) => candidate.id === id);
  if (!entry) throw new Error(`${file}: no machine ${id} in app/machines/catalogue.ts (a binding is named <machine-id>.paths.ts)`);
  if (entry.machine.id !== binding.machineId) throw new Error(`${file} binds the machine ${binding.machineId}, but ${id} is ${entry.machine.id}`);
}

/** Shared by every path of a worker: see ArrangeArgs.once. */
const sharedInWorker = new Map<string, Promise<unknown>>();

for (const entry of catalogue) {
  const bound = bindings.get(entry.id);
  if (!bound || (selected && !selected.has(entry.id))) continue;
  const paths = browserPaths(entry);
  const totals = browserTotals(entry);
  test.describe(entry.id, () => {
    for (const path of paths) {
      test(`#${path.number} ${path.title}`, async ({ page }, testInfo) => {
        const record: PathRunRecord = { states: new Set(), transitions: new Set() };
        const once = <Value>(key: string, make: () => Promise<Value>) => {
          const shared = `${entry.id}:${key}`;
          if (!sharedInWorker.has(shared)) sharedInWorker.set(shared, make());
          return sharedInWorker.get(shared) as Promise<Value>;
        };
        try {
          await runPath({ page, testInfo, entry, binding: bound.binding, path, once, record });
        } finally {
          const run: PathRunAttachment = {
            machine: entry.id,
            paths: paths.length,
            path: path.title,
            steps: path.path.steps.map((step) => step.event.type),
            states: [...record.states],
            transitions: [...record.transitions],
            totals: { states: totals.states.length, transitions: totals.transitions.length },
          };
          await testInfo.attach(PATH_RUN_ATTACHMENT, { body: JSON.stringify(run), contentType: 'application/json' });
        }
      });
    }
  });
}
