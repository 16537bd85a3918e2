import { useMachine } from '@xstate/react';
import { useState } from 'react';
import type { AnyStateMachine, InspectionEvent } from 'xstate';
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

/** `useMachine` whose transitions the browser suite records; the screen reads the snapshot it returns. */
export function useFlowMachine<Machine extends AnyStateMachine>(machine: Machine, options?: Parameters<typeof useMachine<Machine>>[1]) {
  const [inspect] = useState(transitionReporter);
  return useMachine(machine, { ...options, inspect } as Parameters<typeof useMachine<Machine>>[1]);
}
