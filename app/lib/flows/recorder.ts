import { createActor, SimulatedClock, type AnyMachineSnapshot, type AnyStateMachine, type EventObject, type InspectionEvent } from 'xstate';
import { listStateNodes } from './definition';
import { assertEventlessReadable, initialStateNodes, MicrostepReader } from './microsteps';
import { stubbed } from './stub';

export interface RecordedStep {
  ids: string[];
  guards: string[];
  passed: string[];
}

/**
 * Evaluates macrosteps on real actors (stubbed services, a clock that never moves) and reads
 * what each microstep took from the public inspection records (microsteps.ts, decision 135):
 * the event's own transitions, eventless `always`, raised events and `onDone` of states
 * reaching their final child.
 */
export class TransitionRecorder {
  private readonly logic: AnyStateMachine;

  constructor(machine: AnyStateMachine) {
    assertEventlessReadable(machine, listStateNodes(machine));
    this.logic = stubbed(machine);
  }

  /** What starting the machine does: eventless transitions out of the initial states. */
  start(input: unknown): RecordedStep {
    const recording = new Recording(initialStateNodes(this.logic).map((node) => node.id));
    // The constructor computes the initial snapshot under the inspector; never started, nothing runs.
    createActor(this.logic, { clock: new SimulatedClock(), input, inspect: recording.inspect });
    return recording.result();
  }

  /** What sending `event` in `from` does, microstep by microstep. */
  taken(from: AnyMachineSnapshot, event: EventObject): RecordedStep {
    const recording = new Recording([]);
    const actor = createActor(this.logic, {
      clock: new SimulatedClock(),
      snapshot: this.logic.getPersistedSnapshot(from),
      inspect: recording.inspect,
    });
    actor.start();
    actor.send(event);
    actor.stop();
    return recording.result();
  }
}

class Recording {
  private readonly reader = new MicrostepReader();
  private readonly ids: string[] = [];
  private readonly guards: string[] = [];
  private readonly passed: Set<string>;

  constructor(passed: string[]) {
    this.passed = new Set(passed);
  }

  readonly inspect = (inspection: InspectionEvent) => {
    const step = this.reader.read(inspection);
    if (!step) return;
    this.ids.push(...step.ids);
    this.guards.push(...step.guards);
    step.active.forEach((id) => this.passed.add(id));
  };

  result(): RecordedStep {
    return { ids: this.ids, guards: this.guards, passed: [...this.passed] };
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
