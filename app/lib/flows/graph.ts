import type { AnyStateMachine, AnyStateNode } from 'xstate';
import { guardLabel, listStateNodes } from './definition';

/**
 * A drawable statechart read from a machine definition: the state nodes (nesting kept)
 * and every transition as an edge labelled the way product staff read it. Pure: no
 * layout, no rendering, no running of the machine.
 */

export type StateKind = 'atomic' | 'compound' | 'parallel' | 'final' | 'history';
export type EdgeKind = 'event' | 'delay' | 'done' | 'error' | 'always' | 'stateDone';

export interface GraphNode {
  /** The state node id, e.g. "wizard.details.form". */
  id: string;
  key: string;
  /** Keys from the root, e.g. ["details", "form"]. */
  path: string[];
  type: StateKind;
  /** Entered by default when its parent is (parents of parallel regions have no initial). */
  initial: boolean;
  parent: string | null;
  children: string[];
  invokes: Array<{ id: string; src: string }>;
}

export interface GraphEdge {
  /** Unique and stable: source, event type, index among that event's transitions. */
  id: string;
  source: string;
  /** Target state ids; empty for a targetless transition (it only runs actions). */
  targets: string[];
  kind: EdgeKind;
  eventType: string;
  /** What to print: "SUBMIT", "after 10 s", "done: sendCode", "error: sendCode", "always". */
  label: string;
  guard?: string;
  actions: string[];
  /** Milliseconds when known (a number or a named delay with a numeric implementation). */
  delayMs?: number;
}

/** The root is a node too (drawn as the outer box) so root-level transitions have a source. */
export interface MachineGraph {
  id: string;
  rootId: string;
  nodes: GraphNode[];
  edges: GraphEdge[];
}

type Transition = {
  eventType: string;
  target?: AnyStateNode[];
  guard?: unknown;
  actions?: readonly unknown[];
  delay?: unknown;
};

const AFTER = 'xstate.after.';
const DONE_ACTOR = 'xstate.done.actor.';
const ERROR_ACTOR = 'xstate.error.actor.';
const DONE_STATE = 'xstate.done.state.';

/** "after 300 ms", "after 10 s", "after 2 min", "after 1.5 h". */
export function formatDelay(ms: number): string {
  const units: Array<[number, string]> = [
    [3_600_000, 'h'],
    [60_000, 'min'],
    [1_000, 's'],
  ];
  for (const [size, unit] of units) {
    if (ms >= size && ms % size === 0) return `after ${ms / size} ${unit}`;
  }
  if (ms >= 1_000) return `after ${Number((ms / 1_000).toFixed(2))} s`;
  return `after ${ms} ms`;
}

function stateKind(node: AnyStateNode): StateKind {
  if (node.type === 'compound' && Object.keys(node.states).length === 0) return 'atomic';
  return node.type;
}

function isInitialChild(node: AnyStateNode): boolean {
  const parent = node.parent;
  if (!parent || parent.type === 'parallel') return false;
  const targets = (parent.initial?.target ?? []) as AnyStateNode[];
  return targets.includes(node);
}

function actionLabel(action: unknown): string {
  if (typeof action === 'string') return action;
  if (typeof action === 'function') {
    const builtin = (action as { type?: unknown }).type;
    if (typeof builtin === 'string') return builtin.replace(/^xstate\./, '');
    return action.name || 'inline action';
  }
  if (action && typeof action === 'object' && 'type' in action) return String(action.type);
  return 'action';
}

function resolveDelay(machine: AnyStateMachine, delay: unknown): number | undefined {
  if (typeof delay === 'number') return delay;
  if (typeof delay === 'string') {
    const implementation = (machine.implementations.delays ?? {})[delay];
    if (typeof implementation === 'number') return implementation;
  }
  return undefined;
}

function describeEvent(machine: AnyStateMachine, transition: Transition): Pick<GraphEdge, 'kind' | 'label' | 'delayMs'> {
  const { eventType } = transition;
  if (eventType === '') return { kind: 'always', label: 'always' };
  if (eventType.startsWith(AFTER)) {
    const delayMs = resolveDelay(machine, transition.delay);
    const label = delayMs === undefined ? `after ${String(transition.delay)}` : formatDelay(delayMs);
    return { kind: 'delay', label, delayMs };
  }
  if (eventType.startsWith(DONE_ACTOR)) return { kind: 'done', label: `done: ${eventType.slice(DONE_ACTOR.length)}` };
  if (eventType.startsWith(ERROR_ACTOR)) return { kind: 'error', label: `error: ${eventType.slice(ERROR_ACTOR.length)}` };
  if (eventType.startsWith(DONE_STATE)) return { kind: 'stateDone', label: 'done' };
  return { kind: 'event', label: eventType };
}

function edgesOf(machine: AnyStateMachine, node: AnyStateNode): GraphEdge[] {
  const groups: Array<[string, Transition[]]> = [...(node.transitions as Map<string, Transition[]>).entries()];
  if (node.always?.length) groups.push(['always', node.always as Transition[]]);
  return groups.flatMap(([eventType, transitions]) =>
    transitions.map((transition, index) => ({
      id: `${node.id}:${eventType}#${index}`,
      source: node.id,
      targets: (transition.target ?? []).map((target) => target.id),
      eventType: transition.eventType,
      ...describeEvent(machine, transition),
      guard: guardLabel(transition.guard),
      actions: (transition.actions ?? []).map(actionLabel),
    })),
  );
}

function invokesOf(node: AnyStateNode): GraphNode['invokes'] {
  return (node.invoke as Array<{ id: string; src: unknown }>).map((invoke) => ({
    id: invoke.id,
    src: typeof invoke.src === 'string' ? invoke.src : invoke.id,
  }));
}

export function extractGraph(machine: AnyStateMachine): MachineGraph {
  const stateNodes = [machine.root, ...listStateNodes(machine, { includeHistory: true })];
  const nodes: GraphNode[] = stateNodes.map((node) => ({
    id: node.id,
    key: node === machine.root ? machine.id : node.key,
    path: node.path,
    type: stateKind(node),
    initial: isInitialChild(node),
    parent: node.parent ? node.parent.id : null,
    children: (Object.values(node.states) as AnyStateNode[]).map((child) => child.id),
    invokes: invokesOf(node),
  }));
  return {
    id: machine.id,
    rootId: machine.root.id,
    nodes,
    edges: stateNodes.flatMap((node) => edgesOf(machine, node)),
  };
}

/** Each event type's label as staff read it ("after 1 s", "done: sendCode"), for paths and the simulator. */
export function eventLabels(machine: AnyStateMachine): Map<string, string> {
  return new Map(extractGraph(machine).edges.map((edge) => [edge.eventType, edge.label]));
}

/** Figures for the catalogue index. */
export function graphCounts(graph: MachineGraph) {
  return {
    states: graph.nodes.filter((node) => node.type !== 'history' && node.id !== graph.rootId).length,
    transitions: graph.edges.length,
    delays: graph.edges.filter((edge) => edge.kind === 'delay').length,
    services: graph.nodes.reduce((sum, node) => sum + node.invokes.length, 0),
  };
}
