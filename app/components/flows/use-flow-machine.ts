import { useMachine } from '@xstate/react';
import type { AnyStateMachine, AnyStateNode, InspectionEvent } from 'xstate';
import { transitionId } from '~/lib/flows/definition';

declare global {
  interface Window {
    /**
     * Present only when the browser suite's fixture exposes it (tests/e2e/fixtures.ts): every
     * transition a machine takes in a real browser is reported there and summed by `npm run paths`.
     */
    __pacelineRecordTransitions?: (machineId: string, ids: string[]) => Promise<void>;
  }
}

type MicrostepTransition = { source: AnyStateNode; eventType: string };

/** An inspector reporting each transition in the ids `npm run paths` counts (decision 041). */
export function transitionReporter(): ((inspection: InspectionEvent) => void) | undefined {
  if (typeof window === 'undefined' || !window.__pacelineRecordTransitions) return undefined;
  const report = window.__pacelineRecordTransitions;
  return (inspection) => {
    if (inspection.type !== '@xstate.microstep') return;
    const transitions = (inspection as unknown as { _transitions: MicrostepTransition[] })._transitions;
    const byMachine = new Map<string, string[]>();
    for (const transition of transitions) {
      const { source } = transition;
      const eventless = transition.eventType === '';
      const candidates = ((eventless ? source.always : source.transitions.get(transition.eventType)) ?? []) as unknown[];
      const id = transitionId(source, eventless ? 'always' : transition.eventType, candidates.indexOf(transition));
      const machineId = source.machine.id;
      byMachine.set(machineId, [...(byMachine.get(machineId) ?? []), id]);
    }
    // Reporting is best effort: a page leaving mid-call must not break the flow.
    for (const [machineId, ids] of byMachine) report(machineId, ids).catch(() => {});
  };
}

/** `useMachine` whose transitions the browser suite records; the screen reads the snapshot it returns. */
export function useFlowMachine<Machine extends AnyStateMachine>(machine: Machine, options?: Parameters<typeof useMachine<Machine>>[1]) {
  return useMachine(machine, { ...options, inspect: transitionReporter() } as Parameters<typeof useMachine<Machine>>[1]);
}
