import { createActor, SimulatedClock, type AnyMachineSnapshot, type EventObject } from 'xstate';
import { acceptedEvents } from './events';
import { stubbed } from './stub';
import type { CatalogueEntry } from './types';

/**
 * The simulator's model: the state shown is the machine after a list of events, replayed
 * on a real actor whose services never settle and whose clock never moves. Delays and
 * service results are events like any other (`xstate.after.*`, `xstate.done.actor.*`,
 * `xstate.error.actor.*`), so the list alone restores the state — it is what the URL holds.
 */

export interface Simulation {
  snapshot: AnyMachineSnapshot;
  /** The events replayed; shorter than asked when one was not accepted. */
  steps: EventObject[];
  /** The readable state after each step (index 0: the initial state). */
  states: AnyMachineSnapshot[];
  /** Set when an event of the list is not accepted where it comes (an outdated link). */
  rejected?: { index: number; event: EventObject };
}

export function simulate(entry: CatalogueEntry, events: EventObject[]): Simulation {
  const actor = createActor(stubbed(entry.machine), { clock: new SimulatedClock(), input: entry.input });
  actor.start();
  const states = [actor.getSnapshot() as AnyMachineSnapshot];
  const steps: EventObject[] = [];
  let rejected: Simulation['rejected'];
  try {
    for (const [index, event] of events.entries()) {
      if (!states[states.length - 1].can(event)) {
        rejected = { index, event };
        break;
      }
      actor.send(event);
      steps.push(event);
      states.push(actor.getSnapshot() as AnyMachineSnapshot);
    }
  } finally {
    actor.stop();
  }
  return { snapshot: states[states.length - 1], steps, states, rejected };
}

type ChoiceKind = 'event' | 'delay' | 'resolve' | 'fail';

export interface Choice {
  kind: ChoiceKind;
  event: EventObject;
}

/** The buttons of a snapshot: what it accepts, sorted into user events, timers and services. */
export function choicesFor(entry: CatalogueEntry, snapshot: AnyMachineSnapshot): Choice[] {
  return acceptedEvents(entry, snapshot).map((event) => ({ kind: choiceKind(event.type), event }));
}

function choiceKind(type: string): ChoiceKind {
  if (type.startsWith('xstate.after.')) return 'delay';
  if (type.startsWith('xstate.done.actor.')) return 'resolve';
  if (type.startsWith('xstate.error.actor.')) return 'fail';
  return 'event';
}

/** URL-safe base64 of the JSON event list, for `?steps=`. */
export function encodeSteps(events: EventObject[]): string {
  const bytes = new TextEncoder().encode(JSON.stringify(events));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function decodeSteps(encoded: string | null): EventObject[] {
  if (!encoded) return [];
  try {
    const binary = atob(encoded.replace(/-/g, '+').replace(/_/g, '/'));
    const parsed: unknown = JSON.parse(new TextDecoder().decode(Uint8Array.from(binary, (char) => char.charCodeAt(0))));
    if (!Array.isArray(parsed)) return [];
    return parsed.filter((item): item is EventObject => typeof item === 'object' && item !== null && typeof (item as { type?: unknown }).type === 'string');
  } catch {
    return [];
  }
}

/** Context as readable JSON; actor references (spawned children) shown by id, cycles cut. */
export function formatContext(context: unknown): string {
  const seen = new WeakSet<object>();
  return (
    JSON.stringify(
      context,
      (_key, value: unknown) => {
        if (value && typeof value === 'object') {
          if ('sessionId' in value && 'send' in value) return `[actor ${String((value as { id?: unknown }).id)}]`;
          if (seen.has(value)) return '[circular]';
          seen.add(value);
        }
        return value;
      },
      2,
    ) ?? 'undefined'
  );
}
