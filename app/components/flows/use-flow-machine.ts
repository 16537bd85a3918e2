import { useMachine } from '@xstate/react';
import { useState } from 'react';
import { createActor, type AnyStateMachine, type InspectionEvent } from 'xstate';
import { MicrostepReader } from '~/lib/flows/microsteps';

declare global {
  interface Window {
    /**
     * Present only when the browser suite's fixture defines it (tests/e2e/fixtures.ts): every
     * transition a machine takes in a real browser is recorded there and summed by `npm run paths`.
     * It records within the page, synchronously, so a page that leaves at once loses nothing.
     */
    __pacelineRecordTransitions?: (machineId: string, ids: string[]) => void;
  }
}

/**
 * An inspector reporting each transition in the ids `npm run paths` counts, read from XState's
 * public inspection records (app/lib/flows/microsteps.ts, decision 135). One per actor system.
 */
export function transitionReporter(): ((inspection: InspectionEvent) => void) | undefined {
  if (typeof window === 'undefined' || !window.__pacelineRecordTransitions) return undefined;
  const report = window.__pacelineRecordTransitions;
  const reader = new MicrostepReader();
  return (inspection) => {
    const step = reader.read(inspection);
    if (step && step.ids.length > 0) report(step.machine.id, step.ids);
  };
}

type FlowOptions<Machine extends AnyStateMachine> = Parameters<typeof useMachine<Machine>>[1];
type MachineHook<Machine extends AnyStateMachine> = ReturnType<typeof useMachine<Machine>>;
type FlowMachine<Machine extends AnyStateMachine> = readonly [MachineHook<Machine>[0], MachineHook<Machine>[1]];

/** `useMachine` whose transitions the browser suite records; the screen reads the snapshot it returns. */
function useBrowserFlowMachine<Machine extends AnyStateMachine>(machine: Machine, options?: FlowOptions<Machine>): FlowMachine<Machine> {
  const [inspect] = useState(transitionReporter);
  const [snapshot, send] = useMachine(machine, { ...options, inspect } as FlowOptions<Machine>);
  return [snapshot, send];
}

/**
 * On the server a screen is rendered once in its machine's initial state: no actor is started,
 * no event sent. That state depends on the machine and its input alone (machines are pure), so
 * it is computed once per machine and input instead of an actor built on every render (~20 µs a
 * machine, on every page for the toaster: issue 21). An input is known by its plain values and
 * by the identity of the objects in it: loader data, which nothing mutates.
 */
function useServerFlowMachine<Machine extends AnyStateMachine>(machine: Machine, options?: FlowOptions<Machine>): FlowMachine<Machine> {
  return [initialSnapshotOf(machine, options?.input), ignoreOnServer];
}

// Nothing sends during a server render (events come from effects and handlers, which do not run there).
const ignoreOnServer = () => {};
const initialSnapshots = new WeakMap<AnyStateMachine, Map<string, unknown>>();
const KEPT_INPUTS_PER_MACHINE = 64;

function initialSnapshotOf<Machine extends AnyStateMachine>(machine: Machine, input: unknown): MachineHook<Machine>[0] {
  const key = inputKey(input);
  if (key === null) return createActor(machine, { input } as never).getSnapshot() as MachineHook<Machine>[0];
  let kept = initialSnapshots.get(machine);
  if (!kept) initialSnapshots.set(machine, (kept = new Map<string, unknown>()));
  let snapshot = kept.get(key) as MachineHook<Machine>[0] | undefined;
  if (!snapshot) {
    snapshot = createActor(machine, { input } as never).getSnapshot() as MachineHook<Machine>[0];
    if (kept.size >= KEPT_INPUTS_PER_MACHINE) kept.clear();
    kept.set(key, snapshot);
  }
  return snapshot as MachineHook<Machine>[0];
}

const objectIds = new WeakMap<object, number>();
let lastObjectId = 0;

/** One input's key: its plain values as written and its objects by identity; null when it holds a function. */
function inputKey(input: unknown): string | null {
  if (input === undefined) return '';
  if (typeof input !== 'object' || input === null || Object.getPrototypeOf(input) !== Object.prototype) return null;
  let key = '';
  for (const [name, value] of Object.entries(input)) {
    if (typeof value === 'function' || typeof value === 'symbol') return null;
    key += `${JSON.stringify(name)}:${valueKey(value)};`;
  }
  return key;
}

function valueKey(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'bigint') return `${value}n`;
  if (typeof value !== 'object' || value === null) return String(value);
  let id = objectIds.get(value);
  if (id === undefined) objectIds.set(value, (id = ++lastObjectId));
  return `#${id}`;
}

/** The machine's snapshot and its `send`: an actor in the browser, the initial state on the server. */
export const useFlowMachine = typeof window === 'undefined' ? useServerFlowMachine : useBrowserFlowMachine;
