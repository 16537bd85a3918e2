import { expect, test, type BrowserContext, type Page, type TestInfo } from '@playwright/test';
import { createActor, SimulatedClock, type AnyMachineSnapshot, type AnyStateNode, type EventObject } from 'xstate';
import type { BrowserPath } from '../../../app/lib/flows/browser-paths';
import { startOf } from '../../../app/lib/flows/browser-paths';
import { hasPayload } from '../../../app/lib/flows/events';
import { eventLabels } from '../../../app/lib/flows/graph';
import { activeStateNodes } from '../../../app/lib/flows/microsteps';
import { stubbed } from '../../../app/lib/flows/stub';
import type { CatalogueEntry } from '../../../app/lib/flows/types';
import type { AnyBinding } from './binding';
import { HeldRequests } from './held-requests';

/**
 * Replays one generated path in the browser (decision 185). Before the first step the binding
 * arranges the screen; then, step by step: the event's action, the checks of every state the
 * model is in afterwards, and the transitions the page's own machine recorded during the step
 * (decision 158's reporter), which must include the step's — so a screen check that would also
 * pass in another state cannot hide a machine that went elsewhere.
 */

/** Where the page writes each transition it takes, in order: `<prefix><n>` = [machineId, ids]. */
const TAKEN_PREFIX = 'paceline-path-taken:';
const TAKEN_COUNT = 'paceline-path-taken#';
/** How long the page may take to record a step's transitions once its screen shows the state. */
const RECORDED_WITHIN_MS = 5_000;

/** A path that failed, and where: the step (0 for the arrangement and the first state) and its title. */
export class PathStepError extends Error {
  constructor(
    readonly step: number,
    readonly title: string,
    readonly reason: unknown,
  ) {
    super(`Step ${title} failed: ${reason instanceof Error ? reason.message : String(reason)}`);
    this.name = 'PathStepError';
    // The failing line is the binding's or the runner's own: the report shows the reason's frames.
    if (reason instanceof Error && reason.stack)
      this.stack = `${this.name}: ${this.message}\n${reason.stack
        .split('\n')
        .filter((line) => /^\s+at /.test(line))
        .join('\n')}`;
  }
}

/** Runs one step of a path in the report's list of steps; a failure names the step. */
async function pathStep(number: number, title: string, body: () => Promise<void>) {
  await test.step(title, async () => {
    try {
      await body();
    } catch (error) {
      throw new PathStepError(number, title, error);
    }
  });
}

export interface PathRunRecord {
  /** State node ids and transition ids reached by the steps that passed. */
  states: Set<string>;
  transitions: Set<string>;
}

interface RunPathOptions {
  page: Page;
  testInfo: TestInfo;
  entry: CatalogueEntry;
  binding: AnyBinding;
  path: BrowserPath;
  once: <Value>(key: string, make: () => Promise<Value>) => Promise<Value>;
  /** Filled as steps pass, so a path that fails still counts what it reached. */
  record: PathRunRecord;
  /** A screenshot per state in the report (default on). */
  screenshots?: boolean;
}

/** The page's transition reporter (use-flow-machine.ts), writing in order into the origin's storage. */
async function recordTransitionsInOrder(context: BrowserContext) {
  await context.addInitScript(
    ({ prefix, count }) => {
      window.__pacelineRecordTransitions = (machineId, ids) => {
        const next = Number(localStorage.getItem(count) ?? '0') + 1;
        localStorage.setItem(count, String(next));
        localStorage.setItem(`${prefix}${next}`, JSON.stringify([machineId, ids]));
      };
    },
    { prefix: TAKEN_PREFIX, count: TAKEN_COUNT },
  );
}

interface Taken {
  sequence: number;
  machineId: string;
  ids: string[];
}

/** Every transition the context's pages recorded, on every origin they stored in, in order. */
async function takenSoFar(context: BrowserContext): Promise<Taken[]> {
  const taken: Taken[] = [];
  for (const origin of (await context.storageState()).origins) {
    for (const { name, value } of origin.localStorage) {
      if (!name.startsWith(TAKEN_PREFIX)) continue;
      const [machineId, ids] = JSON.parse(value) as [string, string[]];
      taken.push({ sequence: Number(name.slice(TAKEN_PREFIX.length)), machineId, ids });
    }
  }
  return taken.sort((a, b) => a.sequence - b.sequence);
}

/** The model's snapshots along the path: the start, then one after each step. */
function modelSnapshots(entry: CatalogueEntry, events: EventObject[]): AnyMachineSnapshot[] {
  const actor = createActor(stubbed(entry.machine), { clock: new SimulatedClock(), input: entry.input } as never);
  actor.start();
  const snapshots = [actor.getSnapshot() as AnyMachineSnapshot];
  for (const event of events) {
    actor.send(event);
    snapshots.push(actor.getSnapshot() as AnyMachineSnapshot);
  }
  actor.stop();
  return snapshots;
}

const pathOf = (node: AnyStateNode) => node.path.join('.');
const isLeaf = (node: AnyStateNode) => Object.keys(node.states).length === 0;

/** The event's key in a binding: its type, or for a timer `xstate.after.<delay>` without the state it runs in. */
function eventKey(event: EventObject): string {
  if (!event.type.startsWith('xstate.after.')) return event.type;
  return event.type.split('.').slice(0, 3).join('.');
}

function actionFor(entry: CatalogueEntry, binding: AnyBinding, event: EventObject, source: AnyStateNode[]) {
  const key = eventKey(event);
  const action = binding.events[key];
  if (typeof action === 'function') return action;
  // The most specific state of the source that names an action for the event.
  const deepestFirst = [...source].sort((a, b) => b.path.length - a.path.length);
  const named = action && deepestFirst.map(pathOf).find((state) => state in action);
  if (action && named) return action[named];
  const where = source.filter(isLeaf).map(pathOf).join(', ');
  throw new Error(`The binding of ${entry.id} has no action for ${key}${action ? ` in ${where}` : ''}: add one to its events`);
}

function stepTitle(entry: CatalogueEntry, index: number, from: string, event: EventObject, to: string): string {
  const label = eventLabels(entry.machine).get(event.type) ?? event.type;
  const { type: _type, ...payload } = event;
  return `${index}. ${from} —${label}${hasPayload(event) ? ` ${JSON.stringify(payload)}` : ''}→ ${to}`;
}

export async function runPath(options: RunPathOptions): Promise<void> {
  const { page, testInfo, entry, binding, path, once, record } = options;
  const events = path.path.steps.map((step) => step.event);
  const snapshots = modelSnapshots(entry, events);
  const stateOf = (snapshot: AnyMachineSnapshot) => activeStateNodes(snapshot).filter(isLeaf).map(pathOf).join(', ');
  const machineId = entry.machine.id;
  const held = new HeldRequests(binding.holds);

  const screenshot = async (name: string) => {
    if (options.screenshots === false) return;
    // The extension names the file the report keeps (it takes it from the attachment's name).
    await testInfo.attach(`${name}.jpeg`, { body: await page.screenshot({ type: 'jpeg', quality: 70 }), contentType: 'image/jpeg' });
  };
  const check = async (snapshot: AnyMachineSnapshot) => {
    const nodes = activeStateNodes(snapshot).sort((a, b) => a.path.length - b.path.length);
    for (const node of nodes) {
      const stateCheck = binding.states[pathOf(node)];
      if (!stateCheck) {
        if (isLeaf(node)) throw new Error(`The binding of ${entry.id} has no check for state ${pathOf(node)}: add one to its states`);
        continue;
      }
      await stateCheck({ page, state: pathOf(node), context: snapshot.context as never, arranged });
    }
  };

  await page.clock.install();
  await recordTransitionsInOrder(page.context());
  await held.install(page);
  let arranged: unknown;
  await pathStep(0, `0. arrange, then ${stateOf(snapshots[0])}`, async () => {
    arranged = await binding.arrange({ page, events, once });
    await check(snapshots[0]);
    await screenshot(`0. ${stateOf(snapshots[0])}`);
  });
  const start = startOf(entry);
  start.states.forEach((id) => record.states.add(id));
  start.transitions.forEach((id) => record.transitions.add(id));

  let seen = (await takenSoFar(page.context())).at(-1)?.sequence ?? 0;
  for (const [index, step] of path.path.steps.entries()) {
    const before = snapshots[index];
    const after = snapshots[index + 1];
    const from = stateOf(before);
    const to = stateOf(after);
    await pathStep(index + 1, stepTitle(entry, index + 1, from, step.event, to), async () => {
      const action = actionFor(entry, binding, step.event, activeStateNodes(before));
      await action({
        page,
        event: step.event,
        from,
        to,
        upcoming: events.slice(index + 1),
        arranged,
        held: (name) => held.take(name),
      });
      await check(after);
      // The screen shows the state; the page's machine must also have taken this step's transitions.
      let taken: Taken[] = [];
      await expect
        .poll(
          async () => {
            taken = (await takenSoFar(page.context())).filter((entry) => entry.sequence > seen);
            const ids = new Set(taken.filter((entry) => entry.machineId === machineId).flatMap((entry) => entry.ids));
            return step.transitions.filter((id) => !ids.has(id));
          },
          { message: `transitions the page's ${machineId} machine did not take`, timeout: RECORDED_WITHIN_MS },
        )
        .toEqual([]);
      seen = taken.at(-1)?.sequence ?? seen;
      step.passed.forEach((id) => record.states.add(id));
      step.transitions.forEach((id) => record.transitions.add(id));
      await screenshot(`${index + 1}. ${to}`);
    });
  }
}
