import type { AnyStateMachine, AnyStateNode } from 'xstate';

/**
 * Reading a machine's definition: its state nodes, transitions and labels. Shared by path
 * generation (server, scripts, tests) and the statechart graph, without xstate/graph.
 */

/** Every state node of a machine except the root (and history pseudo-states unless asked). */
export function listStateNodes(machine: AnyStateMachine, options: { includeHistory?: boolean } = {}): AnyStateNode[] {
  const nodes: AnyStateNode[] = [];
  const visit = (node: AnyStateNode) => {
    for (const child of Object.values(node.states) as AnyStateNode[]) {
      if (child.type !== 'history' || options.includeHistory) nodes.push(child);
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

/** A guard as staff read it: its name, or `!a`, `a && b`, `a || b` for XState's combinators. */
export function guardLabel(guard: unknown): string | undefined {
  if (!guard) return undefined;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'object' && guard !== null && 'type' in guard) return String(guard.type);
  if (typeof guard === 'function') {
    const inner = (guard as { guards?: unknown[] }).guards;
    if (Array.isArray(inner)) {
      const labels = inner.map((item) => guardLabel(item) ?? 'guard');
      if (guard.name === 'not') return `!${labels[0]}`;
      if (guard.name === 'and' || guard.name === 'or') {
        return labels.map((label) => (label.includes(' ') ? `(${label})` : label)).join(guard.name === 'and' ? ' && ' : ' || ');
      }
    }
    return guard.name || 'inline guard';
  }
  return 'guard';
}
