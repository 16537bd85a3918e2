import {
  createActor,
  fromPromise,
  SimulatedClock,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type EventObject,
} from 'xstate';
import { getAdjacencyMap, getShortestPaths, type AdjacencyMap } from 'xstate/graph';
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
  /** The guards of the transitions this step took, as "name ✓" (passed) lines. */
  guards: string[];
  /** Ids of the transitions this step took (see transitionId). */
  transitions: string[];
  /** The state value after the step, as a readable dotted string. */
  state: string;
  /** The full serialized snapshot after the step, for replay comparison. */
  key: string;
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

/** Every state node of a machine except the root and history pseudo-states. */
export function listStateNodes(machine: AnyStateMachine): AnyStateNode[] {
  const nodes: AnyStateNode[] = [];
  const visit = (node: AnyStateNode) => {
    for (const child of Object.values(node.states) as AnyStateNode[]) {
      if (child.type !== 'history') nodes.push(child);
      visit(child);
    }
  };
  visit(machine.root);
  return nodes;
}

export function transitionId(source: AnyStateNode, eventType: string, index: number): string {
  return `${source.id} —${eventType}#${index}→`;
}

/** Every transition a machine defines: event, delayed, invoke done/error and eventless. */
export function listTransitions(machine: AnyStateMachine): string[] {
  const ids: string[] = [];
  for (const node of [machine.root, ...listStateNodes(machine)]) {
    for (const [eventType, definitions] of node.transitions) {
      definitions.forEach((_definition, index) => ids.push(transitionId(node, eventType, index)));
    }
    (node.always ?? []).forEach((_definition, index) => ids.push(transitionId(node, 'always', index)));
  }
  return ids;
}

export function describeStateValue(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object') {
    const parts = Object.entries(value as Record<string, unknown>).map(([key, child]) => {
      const inner = describeStateValue(child);
      return inner.includes(',') ? `${key}.(${inner})` : `${key}.${inner}`;
    });
    return parts.join(', ');
  }
  return String(value);
}

function serializerFor(entry: CatalogueEntry) {
  return (snapshot: Snapshot) => {
    const context = entry.serializeContext
      ? entry.serializeContext(snapshot.context as never)
      : snapshot.context;
    return JSON.stringify({ value: snapshot.value, context, status: snapshot.status });
  };
}

export function serializeEvent(event: EventObject): string {
  return JSON.stringify(event);
}

/** The events a snapshot can take: its active nodes' event types, with the entry's samples. */
function eventsFor(entry: CatalogueEntry) {
  return (snapshot: Snapshot): EventObject[] => {
    if (snapshot.status !== 'active') return [];
    const types = new Set<string>();
    for (const node of snapshot._nodes as AnyStateNode[]) {
      for (const eventType of node.transitions.keys()) {
        if (!eventType.includes('*')) types.add(eventType);
      }
    }
    const events = [...types].flatMap((type) => entry.eventSamples?.[type] ?? [{ type }]);
    return events.filter((event) => snapshot.can(event));
  };
}

function buildAdjacency(entry: CatalogueEntry): Adjacency {
  return getAdjacencyMap(entry.machine, {
    events: eventsFor(entry),
    serializeState: serializerFor(entry),
    serializeEvent: serializeEvent as never,
    limit: ADJACENCY_TRAVERSAL_LIMIT,
    input: entry.input,
  } as never) as Adjacency;
}

/** The transitions one event takes from a snapshot, including the eventless ones after it. */
function takenTransitions(machine: AnyStateMachine, from: Snapshot, event: EventObject) {
  const ids: string[] = [];
  const guards: string[] = [];
  const note = (source: AnyStateNode, eventType: string, index: number, guard: unknown) => {
    ids.push(transitionId(source, eventType, index));
    const name = guardLabel(guard);
    if (name) guards.push(`${name} ✓`);
  };
  for (const definition of machine.getTransitionData(from, event) as AnyTransition[]) {
    const list = definition.source.transitions.get(definition.eventType) ?? [];
    note(definition.source, definition.eventType, list.indexOf(definition as never), definition.guard);
  }
  // Eventless (`always`) transitions show as further microsteps: match each to the first
  // `always` of a node active before it whose targets are all active after it.
  const microsteps = machine.microstep(from, event, scratchScope(machine)) as Snapshot[];
  for (let step = 1; step < microsteps.length; step += 1) {
    const before = microsteps[step - 1]._nodes as AnyStateNode[];
    const after = new Set(microsteps[step]._nodes as AnyStateNode[]);
    for (const node of before) {
      if (after.has(node)) continue;
      const index = (node.always ?? []).findIndex((definition) =>
        ((definition.target ?? []) as AnyStateNode[]).every((target) => after.has(target)),
      );
      if (index >= 0) note(node, 'always', index, node.always?.[index].guard);
    }
  }
  return { ids, guards };
}

type AnyTransition = { source: AnyStateNode; eventType: string; guard?: unknown };

/** An actor scope to evaluate microsteps with; the actor is never started, so nothing runs. */
function scratchScope(machine: AnyStateMachine): never {
  const actor = createActor(stubbed(machine), { clock: new SimulatedClock() });
  return (actor as unknown as { _actorScope: never })._actorScope;
}

export function guardLabel(guard: unknown): string | undefined {
  if (!guard) return undefined;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'object' && guard !== null && 'type' in guard) return String((guard as { type: unknown }).type);
  if (typeof guard === 'function') return guard.name || 'inline guard';
  return 'guard';
}

/** The machine with every named service replaced by one that never settles. */
export function stubbed(machine: AnyStateMachine): AnyStateMachine {
  const names = Object.keys(machine.implementations.actors ?? {});
  const never = fromPromise(() => new Promise<never>(() => {}));
  return machine.provide({ actors: Object.fromEntries(names.map((name) => [name, never])) });
}

function toPath(
  entry: CatalogueEntry,
  kind: PathKind,
  states: Snapshot[],
  events: EventObject[],
): MachinePath {
  const serialize = serializerFor(entry);
  const steps: PathStep[] = events.map((event, index) => {
    const { ids, guards } = takenTransitions(entry.machine, states[index], event);
    return {
      event,
      guards,
      transitions: ids,
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
  const shortest = getShortestPaths(entry.machine, {
    events: eventsFor(entry),
    serializeState: serialize,
    serializeEvent: serializeEvent as never,
    limit: ADJACENCY_TRAVERSAL_LIMIT,
    input: entry.input,
  } as never);

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
  paths.push(...simplePaths(entry, adjacency, initialKey));

  const covered = new Set(paths.flatMap((path) => path.steps.flatMap((step) => step.transitions)));
  for (const [sourceKey, value] of Object.entries(adjacency)) {
    const route = routeTo.get(sourceKey);
    if (!route) continue;
    for (const { event, state } of Object.values(value.transitions) as Array<{ event: EventObject; state: Snapshot }>) {
      const { ids } = takenTransitions(entry.machine, value.state, event);
      if (ids.every((id) => covered.has(id))) continue;
      const path = toPath(entry, 'transition', [...route.states, state], [...route.events, event]);
      paths.push(path);
      path.steps.forEach((step) => step.transitions.forEach((id) => covered.add(id)));
    }
  }
  return { paths, coverage: measureCoverage(entry.machine, paths, adjacency) };
}

function simplePaths(entry: CatalogueEntry, adjacency: Adjacency, initialKey: string): MachinePath[] {
  const limit = entry.simplePathLimit ?? DEFAULT_SIMPLE_PATH_LIMIT;
  const found: MachinePath[] = [];
  const visited = new Set<string>([initialKey]);
  const states: Snapshot[] = [adjacency[initialKey as never].state];
  const events: EventObject[] = [];
  const walk = (key: string) => {
    if (found.length >= limit) return;
    const transitions = Object.values(adjacency[key as never]?.transitions ?? {});
    let extended = false;
    for (const { event, state } of transitions) {
      const nextKey = serializerFor(entry)(state);
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

function measureCoverage(machine: AnyStateMachine, paths: MachinePath[], adjacency: Adjacency): Coverage {
  const reachedNodes = new Set<string>();
  for (const value of Object.values(adjacency)) {
    for (const node of value.state._nodes as AnyStateNode[]) reachedNodes.add(node.id);
  }
  const allStates = listStateNodes(machine).map((node) => node.id);
  const inPaths = new Set<string>();
  const initial = Object.values(adjacency)[0]?.state;
  for (const node of (initial?._nodes ?? []) as AnyStateNode[]) inPaths.add(node.id);
  for (const path of paths) {
    for (const step of path.steps) {
      for (const id of step.transitions) inPaths.add(id);
    }
  }
  // States count as covered when a path ends in or passes through them.
  const coveredStates = allStates.filter((id) => reachedNodes.has(id) && statesOnPaths(paths, adjacency).has(id));
  const allTransitions = listTransitions(machine);
  const coveredTransitions = allTransitions.filter((id) => inPaths.has(id));
  return {
    states: {
      covered: coveredStates.length,
      total: allStates.length,
      missing: allStates.filter((id) => !coveredStates.includes(id)),
    },
    transitions: {
      covered: coveredTransitions.length,
      total: allTransitions.length,
      missing: allTransitions.filter((id) => !inPaths.has(id)),
    },
  };
}

function statesOnPaths(paths: MachinePath[], adjacency: Adjacency): Set<string> {
  const byKey = new Map(Object.entries(adjacency).map(([key, value]) => [key, value.state]));
  const ids = new Set<string>();
  const initial = Object.values(adjacency)[0]?.state;
  for (const node of (initial?._nodes ?? []) as AnyStateNode[]) ids.add(node.id);
  for (const path of paths) {
    for (const step of path.steps) {
      const snapshot = byKey.get(step.key);
      for (const node of (snapshot?._nodes ?? []) as AnyStateNode[]) ids.add(node.id);
    }
  }
  return ids;
}

/**
 * Replays a generated path on a real actor (stubbed services, a clock that never moves)
 * and returns the first step whose resulting snapshot differs from the generated one.
 */
export function replayPath(entry: CatalogueEntry, path: MachinePath): { ok: true } | { ok: false; step: number; expected: string; actual: string } {
  const serialize = serializerFor(entry);
  const actor = createActor(stubbed(entry.machine), { clock: new SimulatedClock(), input: entry.input } as never);
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
