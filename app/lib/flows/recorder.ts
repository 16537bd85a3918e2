import { createActor, SimulatedClock, type AnyMachineSnapshot, type AnyStateMachine, type AnyStateNode, type EventObject } from 'xstate';
import { guardLabel, transitionId } from './definition';
import { stubbed } from './stub';

type Snapshot = AnyMachineSnapshot;
type AnyTransition = { source: AnyStateNode; eventType: string; guard?: unknown };

/**
 * Evaluates macrosteps without running anything: an actor that is never started lends its
 * scope, and its inspector records the transitions of every microstep (the event's own,
 * eventless `always`, raised events and `onDone` of states reaching their final child).
 */
export class TransitionRecorder {
  private readonly recorded: AnyTransition[][] = [];
  private readonly passed = new Set<string>();
  private readonly scope: never;

  constructor(private readonly machine: AnyStateMachine) {
    const actor = createActor(stubbed(machine), {
      clock: new SimulatedClock(),
      inspect: (inspection) => {
        if (inspection.type === '@xstate.microstep') {
          const step = inspection as unknown as { _transitions: AnyTransition[]; snapshot: Snapshot };
          this.recorded.push(step._transitions);
          for (const node of step.snapshot._nodes as AnyStateNode[]) this.passed.add(node.id);
        }
      },
    });
    this.scope = (actor as unknown as { _actorScope: never })._actorScope;
  }

  /** What starting the machine does: eventless transitions out of the initial states. */
  start(input: unknown): { ids: string[]; guards: string[]; passed: string[] } {
    this.reset();
    const snapshot = this.machine.getInitialSnapshot(this.scope, input) as Snapshot;
    for (const node of snapshot._nodes as AnyStateNode[]) this.passed.add(node.id);
    return this.collect();
  }

  taken(from: Snapshot, event: EventObject): { ids: string[]; guards: string[]; passed: string[] } {
    this.reset();
    this.machine.microstep(from, event, this.scope);
    return this.collect();
  }

  private reset() {
    this.recorded.length = 0;
    this.passed.clear();
  }

  private collect() {
    const ids: string[] = [];
    const guards: string[] = [];
    for (const transition of this.recorded.flat()) {
      const { source } = transition;
      const eventless = transition.eventType === '';
      const candidates = ((eventless ? source.always : source.transitions.get(transition.eventType)) ?? []) as AnyTransition[];
      const index = candidates.indexOf(transition);
      ids.push(transitionId(source, eventless ? 'always' : transition.eventType, index));
      // Earlier candidates for the same event were skipped because their guard failed.
      for (const skipped of candidates.slice(0, Math.max(index, 0))) {
        const name = guardLabel(skipped.guard);
        if (name) guards.push(`${name} ✗`);
      }
      const name = guardLabel(transition.guard);
      if (name) guards.push(`${name} ✓`);
    }
    return { ids, guards, passed: [...this.passed] };
  }
}

const recorders = new WeakMap<AnyStateMachine, TransitionRecorder>();
export function recorderFor(machine: AnyStateMachine): TransitionRecorder {
  let recorder = recorders.get(machine);
  if (!recorder) {
    recorder = new TransitionRecorder(machine);
    recorders.set(machine, recorder);
  }
  return recorder;
}


