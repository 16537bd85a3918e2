import { EVENTLESS, transitionKey, type FlowActivity } from './activity';
import type { MachineGraph } from './graph';

/**
 * Flow activity laid on a statechart's own nodes and edges (decision 192): the runs that reached
 * each state, and for each transition the times it was taken and its share of every transition
 * taken out of the same state, which sets the arrow's weight.
 */
export interface EdgeActivity {
  times: number;
  /** Share of the transitions taken out of the same state, 0–1. */
  share: number;
}

export interface ChartActivity {
  /** Runs that reached each state, by state node id (the root's: runs started). */
  states: Record<string, number>;
  /**
   * By graph edge id. Two guarded candidates with the same state, event and target are one way
   * for a rider and one count: it goes on the first, the others have none.
   */
  edges: Record<string, EdgeActivity>;
}

export function activityOnGraph(graph: MachineGraph, activity: Pick<FlowActivity, 'states' | 'transitions'>): ChartActivity {
  const pathOf = new Map(graph.nodes.map((node) => [node.id, node.path.join('.')]));
  const states: Record<string, number> = {};
  for (const node of graph.nodes) states[node.id] = activity.states[pathOf.get(node.id) ?? ''] ?? 0;

  const timesByKey = new Map(activity.transitions.map((transition) => [transitionKey(transition), transition.times]));
  const leaving = new Map<string, number>();
  for (const transition of activity.transitions) leaving.set(transition.from, (leaving.get(transition.from) ?? 0) + transition.times);

  const edges: Record<string, EdgeActivity> = {};
  const counted = new Set<string>();
  for (const edge of graph.edges) {
    const from = pathOf.get(edge.source) ?? '';
    const parts = { from, event: edge.eventType === '' ? EVENTLESS : edge.eventType, to: pathOf.get(edge.targets[0] ?? edge.source) ?? '' };
    const key = transitionKey(parts);
    if (counted.has(key)) continue;
    counted.add(key);
    const times = timesByKey.get(key) ?? 0;
    const total = leaving.get(from) ?? 0;
    edges[edge.id] = { times, share: total === 0 ? 0 : times / total };
  }
  return { states, edges };
}
