import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { activeStateNodes } from './microsteps';
import type { CatalogueEntry } from './types';

/**
 * The events a snapshot accepts: the event types of its active state nodes (delays and
 * invoke results included, wildcards excluded), each expanded into the entry's payload
 * samples, keeping those the snapshot can take. Path generation and the simulator's
 * buttons both use it, so what QA generates is what staff can click.
 */
export function acceptedEvents(entry: CatalogueEntry, snapshot: AnyMachineSnapshot): EventObject[] {
  if (snapshot.status !== 'active') return [];
  const types = new Set<string>();
  for (const node of [snapshot.machine.root, ...activeStateNodes(snapshot)]) {
    for (const eventType of node.transitions.keys()) {
      if (isSendable(eventType)) types.add(eventType);
    }
  }
  const events = [...types].flatMap((type) => entry.eventSamples?.[type] ?? [{ type }]);
  return events.filter((event) => snapshot.can(event));
}

/**
 * Wildcards match anything, and `xstate.done.state.*` is raised by the machine itself when
 * a compound state reaches its final child: sending it from outside would fake that.
 */
function isSendable(eventType: string): boolean {
  return !eventType.includes('*') && !eventType.startsWith('xstate.done.state.');
}

export function serializeEvent(event: EventObject): string {
  return JSON.stringify(event);
}

/** Whether an event carries more than its type. */
export function hasPayload(event: EventObject): boolean {
  return Object.keys(event).some((key) => key !== 'type');
}
