import { createActor, createMachine, type AnyMachineSnapshot, type AnyStateMachine, type AnyStateNode, type EventObject, type StateValue } from 'xstate';
import { describe, expect, it } from 'vitest';
import type { CatalogueEntry } from '~/lib/flows/types';
import { catalogue } from './catalogue';

/**
 * Every machine takes every answer its server can give (issue 39): a form whose machine had no
 * transition for one of its action's answers stayed on "Sending…" for good. The answers are
 * declared where the server's are (lib/sign-in.ts's lists the login and register actions are
 * typed against, form-post.ts's, and one of each kind of each actor's output type in the
 * catalogue), and each must have a transition from the state that waits for it.
 */

/** A dotted state path (`paying.checking`) as the value resolveState takes. */
function valueOf(path: readonly string[]): StateValue {
  return path.length === 1 ? path[0] : { [path[0]]: valueOf(path.slice(1)) };
}

function allStateNodes(node: AnyStateNode): AnyStateNode[] {
  return [node, ...Object.values(node.states).flatMap(allStateNodes)];
}

/** The machine in `path` with the context it starts with (the entry's input). */
function snapshotIn(entry: CatalogueEntry, path: readonly string[]): AnyMachineSnapshot {
  const { context } = createActor(entry.machine, { input: entry.input }).getSnapshot() as AnyMachineSnapshot;
  return (entry.machine as AnyStateMachine).resolveState({ value: valueOf(path), context: context as never });
}

function describeEvent(event: EventObject): string {
  return JSON.stringify(event);
}

/** The answers a machine does not take from the state that waits for them, as "state: event". */
function untaken(entry: CatalogueEntry): string[] {
  const missing: string[] = [];
  const declared = entry.serverAnswers?.outputs ?? {};
  const invoked = new Set<string>();
  for (const node of allStateNodes(entry.machine.root)) {
    for (const invoke of node.invoke) {
      const src = typeof invoke.src === 'string' ? invoke.src : invoke.id;
      invoked.add(src);
      const path = node.path;
      const snapshot = snapshotIn(entry, path);
      const answers = declared[src];
      if (!answers?.length) {
        missing.push(`${path.join('.')}: nothing declared for what ${src} answers`);
        continue;
      }
      for (const output of answers) {
        const event = { type: `xstate.done.actor.${invoke.id}`, output };
        if (!snapshot.can(event)) missing.push(`${path.join('.')}: ${describeEvent(event)}`);
      }
      const failure = { type: `xstate.error.actor.${invoke.id}`, error: new Error('No response received') };
      if (!snapshot.can(failure)) missing.push(`${path.join('.')}: ${failure.type} (no answer)`);
    }
  }
  for (const src of Object.keys(declared)) if (!invoked.has(src)) missing.push(`answers declared for ${src}, which no state invokes`);
  const events = entry.serverAnswers?.events;
  for (const waiting of events?.waitingIn ?? []) {
    const snapshot = snapshotIn(entry, waiting.split('.'));
    for (const event of events?.answers ?? []) if (!snapshot.can(event)) missing.push(`${waiting}: ${describeEvent(event)}`);
  }
  return missing;
}

describe('every machine takes every answer of its server', () => {
  it.each(catalogue.map((entry) => [entry.id, entry] as const))('%s', (_id, entry) => {
    expect(untaken(entry)).toEqual([]);
  });

  it('finds an answer a machine has no transition for', () => {
    const login = catalogue.find((entry) => entry.id === 'login')!;
    const stripped = { ...login, machine: stripTransition(login.machine, 'submitting', 'INVALID_FIELDS') };
    expect(untaken(stripped)).toEqual(['submitting: {"type":"INVALID_FIELDS"}']);
  });

  it('asks an invoking state for its answers and its failure', () => {
    const session = catalogue.find((entry) => entry.id === 'session')!;
    expect(untaken({ ...session, serverAnswers: {} })).toEqual(['checking: nothing declared for what checkSession answers']);
  });
});

/** The machine as if `state` had no transition for `eventType` (the test of the check itself). */
function stripTransition(machine: AnyStateMachine, state: string, eventType: string): AnyStateMachine {
  const config = machine.config as { states: Record<string, { on?: Record<string, unknown> }> };
  const { [eventType]: _dropped, ...on } = config.states[state].on ?? {};
  const stripped = { ...config, states: { ...config.states, [state]: { ...config.states[state], on } } };
  return createMachine(stripped as never).provide(machine.implementations as never);
}
