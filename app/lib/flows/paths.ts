import { createActor, SimulatedClock, type AnyMachineSnapshot, type EventObject } from 'xstate';
import { getAdjacencyMap, getShortestPaths, type AdjacencyMap } from 'xstate/graph';
import { acceptedEvents, serializeEvent } from './events';
import { describeStateValue, listStateNodes, listTransitions } from './definition';
import { recorderFor } from './recorder';
import { stubbed } from './stub';
import type { CatalogueEntry } from './types';

/**
 * Path generation for QA and for the generated path tests, from a catalogue entry.
 *
 * Machines with `after` and `invoke` are traversed as they are: a delay is the event
 * `xstate.after.<delay>.<state>` and an invoked service finishing is
 * `xstate.done.actor.<id>` / `xstate.error.actor.<id>`, so the generator can "fire" them
 * like any other event. Replay sends the same events to a real actor whose services are
 * stubs that never settle and whose clock never moves, so nothing happens on its own.
 */

export type PathKind = 'shortest' | 'simple' | 'transition';

export interface PathStep {
  event: EventObject;
  /** Guard outcomes of this step: "name ✓" for the transition taken, "name ✗" for those skipped. */
  guards: string[];
  /** Ids of the transitions this step took (see transitionId). */
  transitions: string[];
  /** The state value after the step, as a readable dotted string. */
  state: string;
  /** The full serialized snapshot after the step, for replay comparison. */
  key: string;
  /** Ids of every state node active at some point of the step, transient ones included. */
  passed: string[];
}

export interface MachinePath {
  kind: PathKind;
  /** Readable target state. */
  target: string;
  steps: PathStep[];
}

export interface Coverage {
  states: { covered: number; total: number; missing: string[] };
  transitions: { covered: number; total: number; missing: string[] };
}

type Snapshot = AnyMachineSnapshot;
type Adjacency = AdjacencyMap<Snapshot, EventObject>;

const DEFAULT_SIMPLE_PATH_LIMIT = 200;
/** Bounds the adjacency exploration so a counter that slipped into context cannot hang QA. */
const ADJACENCY_TRAVERSAL_LIMIT = 20_000;

function serializerFor(entry: CatalogueEntry) {
  return (snapshot: Snapshot) => {
    const value: unknown = snapshot.value;
    const status: unknown = snapshot.status;
    const context: unknown = entry.serializeContext ? entry.serializeContext(snapshot.context as never) : snapshot.context;
    return JSON.stringify({ value, context, status });
  };
}

function buildAdjacency(entry: CatalogueEntry): Adjacency {
  return getAdjacencyMap(entry.machine, traversalOptions(entry)) as Adjacency;
}

function traversalOptions(entry: CatalogueEntry): never {
  return {
    events: (snapshot: Snapshot) => acceptedEvents(entry, snapshot),
    serializeState: serializerFor(entry),
    serializeEvent,
    limit: ADJACENCY_TRAVERSAL_LIMIT,
    input: entry.input,
  } as never;
}

function toPath(entry: CatalogueEntry, kind: PathKind, states: Snapshot[], events: EventObject[]): MachinePath {
  const serialize = serializerFor(entry);
  const steps: PathStep[] = events.map((event, index) => {
    const { ids, guards, passed } = recorderFor(entry.machine).taken(states[index], event);
    return {
      event,
      guards,
      transitions: ids,
      passed,
      state: describeStateValue(states[index + 1].value),
      key: serialize(states[index + 1]),
    };
  });
  return { kind, target: describeStateValue(states[states.length - 1].value), steps };
}

export interface GeneratedPaths {
  paths: MachinePath[];
  coverage: Coverage;
}

/**
 * Shortest paths to every reachable state, simple paths within a bound, and for every
 * transition still untaken a shortest path to its source followed by that transition,
 * so loops (resend, retry, back) are covered too.
 */
export function generatePaths(entry: CatalogueEntry): GeneratedPaths {
  const adjacency = buildAdjacency(entry);
  const serialize = serializerFor(entry);
  const shortest = getShortestPaths(entry.machine, traversalOptions(entry));

  // Shortest path (as states + events) to each serialized state, for the transition paths.
  const routeTo = new Map<string, { states: Snapshot[]; events: EventObject[] }>();
  const paths: MachinePath[] = [];
  for (const path of shortest) {
    const states = [path.steps[0].state as Snapshot, ...path.steps.slice(1).map((step) => step.state as Snapshot)];
    const events = path.steps.slice(1).map((step) => step.event as EventObject);
    routeTo.set(serialize(path.state as Snapshot), { states, events });
    if (events.length > 0) paths.push(toPath(entry, 'shortest', states, events));
  }

  const initialKey = Object.keys(adjacency)[0];
  const routeOf = (path: MachinePath) => path.steps.map((step) => serializeEvent(step.event)).join(' ');
  const shortestRoutes = new Set(paths.map(routeOf));
  // A simple path that is also a shortest path would only repeat it.
  paths.push(...simplePaths(entry, adjacency, initialKey).filter((path) => !shortestRoutes.has(routeOf(path))));

  const covered = new Set(paths.flatMap((path) => path.steps.flatMap((step) => step.transitions)));
  for (const [sourceKey, value] of Object.entries(adjacency) as Array<[string, Adjacency[keyof Adjacency]]>) {
    const route = routeTo.get(sourceKey);
    if (!route) continue;
    for (const { event, state } of Object.values(value.transitions) as Array<{ event: EventObject; state: Snapshot }>) {
      const { ids } = recorderFor(entry.machine).taken(value.state, event);
      if (ids.every((id) => covered.has(id))) continue;
      const path = toPath(entry, 'transition', [...route.states, state], [...route.events, event]);
      paths.push(path);
      path.steps.forEach((step) => step.transitions.forEach((id) => covered.add(id)));
    }
  }
  return { paths, coverage: measureCoverage(entry, paths) };
}

function simplePaths(entry: CatalogueEntry, adjacency: Adjacency, initialKey: string): MachinePath[] {
  const limit = entry.simplePathLimit ?? DEFAULT_SIMPLE_PATH_LIMIT;
  const found: MachinePath[] = [];
  const visited = new Set<string>([initialKey]);
  const states: Snapshot[] = [adjacency[initialKey as never].state];
  const events: EventObject[] = [];
  const serialize = serializerFor(entry);
  const walk = (key: string) => {
    if (found.length >= limit) return;
    const transitions = Object.values(adjacency[key as never]?.transitions ?? {});
    let extended = false;
    for (const { event, state } of transitions) {
      const nextKey = serialize(state);
      if (visited.has(nextKey)) continue;
      extended = true;
      visited.add(nextKey);
      states.push(state);
      events.push(event);
      walk(nextKey);
      states.pop();
      events.pop();
      visited.delete(nextKey);
      if (found.length >= limit) return;
    }
    // A maximal simple path: nowhere new to go from here.
    if (!extended && events.length > 0) found.push(toPath(entry, 'simple', [...states], [...events]));
  };
  walk(initialKey);
  return found;
}

function measureCoverage(entry: CatalogueEntry, paths: MachinePath[]): Coverage {
  const start = recorderFor(entry.machine).start(entry.input);
  const states = new Set(start.passed);
  const transitions = new Set(start.ids);
  for (const step of paths.flatMap((path) => path.steps)) {
    step.passed.forEach((id) => states.add(id));
    step.transitions.forEach((id) => transitions.add(id));
  }
  const share = (all: string[], covered: Set<string>) => ({
    covered: all.filter((id) => covered.has(id)).length,
    total: all.length,
    missing: all.filter((id) => !covered.has(id)),
  });
  return {
    states: share(
      listStateNodes(entry.machine).map((node) => node.id),
      states,
    ),
    transitions: share(listTransitions(entry.machine), transitions),
  };
}

/**
 * Replays a generated path on a real actor (stubbed services, a clock that never moves)
 * and returns the first step whose resulting snapshot differs from the generated one.
 */
export function replayPath(entry: CatalogueEntry, path: MachinePath): { ok: true } | { ok: false; step: number; expected: string; actual: string } {
  const serialize = serializerFor(entry);
  const actor = createActor(stubbed(entry.machine), { clock: new SimulatedClock(), input: entry.input });
  actor.start();
  try {
    for (const [index, step] of path.steps.entries()) {
      actor.send(step.event);
      const actual = serialize(actor.getSnapshot());
      if (actual !== step.key) return { ok: false, step: index + 1, expected: step.key, actual };
    }
    return { ok: true };
  } finally {
    actor.stop();
  }
}
