import { fromPromise, type AnyStateMachine } from 'xstate';

/**
 * The machine with every named service replaced by one that never settles, so nothing
 * happens on its own: services finish only when `xstate.done.actor.*` /
 * `xstate.error.actor.*` is sent. Kept apart from paths.ts so the browser simulator can
 * use it without pulling in xstate/graph.
 */
export function stubbed(machine: AnyStateMachine): AnyStateMachine {
  const names = Object.keys(machine.implementations.actors ?? {});
  const never = fromPromise(() => new Promise<never>(() => {}));
  return machine.provide({ actors: Object.fromEntries(names.map((name) => [name, never])) });
}
