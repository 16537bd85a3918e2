import {
  getStateNodes,
  isMachineSnapshot,
  type AnyActorRef,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type EventObject,
  type InspectionEvent,
  type StateValue,
} from 'xstate';
import { guardLabel, transitionId } from './definition';

/**
 * Which transitions a running machine took, read from XState's public inspection API
 * (decision 135): each `@xstate.microstep` record gives the event of the microstep and the
 * snapshot after it. The snapshot before is the previous microstep's (or, for the first of a
 * macrostep, the actor's own snapshot, which XState updates only once the macrostep is over).
 *
 * - A microstep on an event (the one sent, a raised one, `xstate.done.state.*`) took what
 *   `machine.getTransitionData(before, event)` selects: the same public call XState makes.
 * - An eventless microstep (`always`) repeats the previous microstep's event object (or runs on
 *   `xstate.init` at start). Its transition is the first `always` candidate of the states left
 *   whose targets the snapshot after is in; `assertEventlessReadable` keeps that unambiguous.
 *
 * Path generation (recorder.ts) and the browser suite's reporter (use-flow-machine.ts) both read
 * their transitions here, so a transition id means the same thing in the model and the browser.
 */

/** A transition definition as XState hands it out: the parts the ids and labels need. */
interface MachineTransition {
  source: AnyStateNode;
  eventType: string;
  target?: readonly AnyStateNode[];
  guard?: unknown;
}

export interface TakenMicrostep {
  machine: AnyStateMachine;
  /** Transition ids (see transitionId) taken in this microstep. */
  ids: string[];
  /** "name ✓" for each guard that passed, "name ✗" for earlier candidates whose guard failed. */
  guards: string[];
  /** State node ids active after the microstep. */
  active: string[];
}

const INIT_EVENT = 'xstate.init';

/** The state nodes a snapshot is in (the root left out), through the public `getStateNodes`. */
export function activeStateNodes(snapshot: AnyMachineSnapshot): AnyStateNode[] {
  const root = snapshot.machine.root;
  const nodes = new Set(getStateNodes(root, snapshot.value as StateValue));
  nodes.delete(root);
  return [...nodes];
}

/** The configuration a machine enters before any eventless transition: its initial states, all the way down. */
export function initialStateNodes(machine: AnyStateMachine): AnyStateNode[] {
  const nodes: AnyStateNode[] = [];
  const enter = (node: AnyStateNode) => {
    if (node !== machine.root) nodes.push(node);
    if (node.type === 'parallel') {
      for (const child of Object.values(node.states) as AnyStateNode[]) enter(child);
    } else if (node.type === 'compound' && node.initial) {
      for (const target of node.initial.target as AnyStateNode[]) enter(target);
    }
  };
  enter(machine.root);
  return nodes;
}

const isAtomic = (node: AnyStateNode) => Object.keys(node.states).length === 0;

function ancestorsOf(node: AnyStateNode): AnyStateNode[] {
  const chain: AnyStateNode[] = [];
  for (let current: AnyStateNode | undefined = node; current; current = current.parent) chain.push(current);
  return chain;
}

function isWithin(node: AnyStateNode, ancestor: AnyStateNode): boolean {
  return ancestorsOf(node).includes(ancestor);
}

function sameConfiguration(before: Set<AnyStateNode>, after: Set<AnyStateNode>): boolean {
  return before.size === after.size && [...before].every((node) => after.has(node));
}

/** Whether taking `transition` can have led from `before` to `after`. */
function explains(transition: MachineTransition, before: Set<AnyStateNode>, after: Set<AnyStateNode>): boolean {
  const targets = transition.target ?? [];
  if (targets.length === 0) return sameConfiguration(before, after);
  if (!targets.every((target) => after.has(target))) return false;
  // A transition to elsewhere leaves its source; one to itself or below re-enters it.
  return !after.has(transition.source) || targets.some((target) => isWithin(target, transition.source));
}

function eventlessTaken(before: AnyStateNode[], after: AnyStateNode[]) {
  const was = new Set(before);
  const is = new Set(after);
  const taken: MachineTransition[] = [];
  const skipped: MachineTransition[] = [];
  const atomic = before.filter(isAtomic).sort((a, b) => a.order - b.order);
  for (const leaf of atomic) {
    search: for (const node of ancestorsOf(leaf)) {
      for (const candidate of (node.always ?? []) as MachineTransition[]) {
        if (explains(candidate, was, is)) {
          if (!taken.includes(candidate)) taken.push(candidate);
          break search;
        }
        if (!skipped.includes(candidate)) skipped.push(candidate);
      }
    }
  }
  return { taken, skipped: skipped.filter((candidate) => !taken.includes(candidate)) };
}

function candidatesOf(transition: MachineTransition): MachineTransition[] {
  const { source, eventType } = transition;
  return ((eventType === '' ? source.always : source.transitions.get(eventType)) ?? []) as MachineTransition[];
}

function idOf(transition: MachineTransition): string {
  return transitionId(transition.source, transition.eventType === '' ? 'always' : transition.eventType, candidatesOf(transition).indexOf(transition));
}

function guardOutcomes(taken: MachineTransition[], skipped: MachineTransition[] = []): string[] {
  const outcomes: string[] = [];
  for (const transition of taken) {
    // Earlier candidates for the same event on the same state were passed over: their guard failed.
    const candidates = candidatesOf(transition);
    for (const earlier of candidates.slice(0, Math.max(candidates.indexOf(transition), 0))) {
      const name = guardLabel(earlier.guard);
      if (name && !skipped.includes(earlier)) outcomes.push(`${name} ✗`);
    }
    for (const failed of skipped.filter((candidate) => candidate.source === transition.source)) {
      const name = guardLabel(failed.guard);
      if (name) outcomes.push(`${name} ✗`);
    }
    const name = guardLabel(transition.guard);
    if (name) outcomes.push(`${name} ✓`);
  }
  return outcomes;
}

/**
 * Reads the inspection records of any number of actors and returns, for each microstep of a
 * machine actor, what it took. Keep one reader per inspected system.
 */
export class MicrostepReader {
  /** The last microstep of the macrostep under way, per actor. */
  private readonly previous = new WeakMap<object, { snapshot: AnyMachineSnapshot; event: EventObject }>();

  read(inspection: InspectionEvent): TakenMicrostep | null {
    if (inspection.type === '@xstate.snapshot') {
      // The macrostep is over: the next event starts from the actor's snapshot.
      this.previous.delete(inspection.actorRef);
      return null;
    }
    if (inspection.type !== '@xstate.microstep' || !isMachineSnapshot(inspection.snapshot)) return null;
    const snapshot = inspection.snapshot;
    const { event } = inspection;
    const prior = this.previous.get(inspection.actorRef);
    this.previous.set(inspection.actorRef, { snapshot, event });
    const before = prior?.snapshot ?? actorSnapshot(inspection.actorRef);
    const after = activeStateNodes(snapshot);
    const machine = snapshot.machine;
    const step = (taken: MachineTransition[], skipped?: MachineTransition[]): TakenMicrostep => ({
      machine,
      ids: taken.map(idOf),
      guards: guardOutcomes(taken, skipped),
      active: after.map((node) => node.id),
    });

    if (event.type === INIT_EVENT || event === prior?.event) {
      const { taken, skipped } = eventlessTaken(before ? activeStateNodes(before) : initialStateNodes(machine), after);
      if (taken.length > 0 || !before || event.type === INIT_EVENT) return step(taken, skipped);
    }
    if (!before) return step([]);
    return step(machine.getTransitionData(before, event) as MachineTransition[]);
  }
}

/**
 * The actor's snapshot before the macrostep under way (XState replaces it only after the
 * macrostep); none while the actor computes its first snapshot (XState's development build
 * throws when asked then).
 */
function actorSnapshot(actorRef: unknown): AnyMachineSnapshot | undefined {
  try {
    const snapshot = (actorRef as AnyActorRef).getSnapshot() as unknown;
    return isMachineSnapshot(snapshot) ? snapshot : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Eventless transitions are read by where they lead (see above), so two `always` candidates of
 * one state must not lead to the same place. Throws naming the state when they do.
 */
export function assertEventlessReadable(machine: AnyStateMachine, nodes: AnyStateNode[]): void {
  for (const node of [machine.root, ...nodes]) {
    const seen = new Set<string>();
    for (const candidate of (node.always ?? []) as MachineTransition[]) {
      const key =
        (candidate.target ?? [])
          .map((target) => target.id)
          .sort()
          .join(',') || node.id;
      if (seen.has(key))
        throw new Error(`${node.id} has two eventless transitions to ${key}: give each its own target so the transition taken can be told apart`);
      seen.add(key);
    }
  }
}
