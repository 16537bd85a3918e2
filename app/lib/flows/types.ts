import type { AnyStateMachine, ContextFrom, EventFromLogic, EventObject, InputFrom, OutputFrom, StateMachine } from 'xstate';

/**
 * One machine as product staff and QA see it. The catalogue is the single list the
 * visualizer (/flows), the path generator (npm run paths) and the path tests read.
 */
export interface CatalogueEntry {
  /** Stable id used in URLs and file names (kebab-case). */
  id: string;
  title: string;
  /** What the flow does, in a sentence a product person would write. */
  description: string;
  /** Where the spec describes it, e.g. "spec 3 §4 Other". */
  specRef: string;
  machine: AnyStateMachine;
  /**
   * The states a rider passes when the flow goes the way it is meant to, first to last, by path
   * ('disclaimer', 'signedIn.toProfile'). /flows/<id> draws it as a funnel with the drop at each
   * step, and /flows counts the runs that reach its last state as completions (decision 192).
   */
  mainPath: string[];
  input?: unknown;
  /**
   * Payload variants per event type, so guards can be driven both ways; an event type
   * without samples is sent as `{ type }`. Delay (`xstate.after.*`) and invoke
   * (`xstate.done.actor.*` / `xstate.error.actor.*`) events may be given samples too.
   */
  eventSamples?: Record<string, EventObject[]>;
  /** Collapses context that would make the state space infinite (counters, timestamps). */
  serializeContext?: (context: never) => unknown;
  /**
   * 'complete' when the browser suite must take every transition of this flow at least once
   * (the flows DESIGN.md §4 names); `npm run paths -- --browser-check` fails otherwise.
   */
  browserCoverage?: 'complete';
  /** Upper bound for simple-path enumeration (default 200 paths). */
  simplePathLimit?: number;
}

/** The actors a machine's `setup` names: `{ src, logic }` per actor. */
type ActorsOf<Machine> =
  Machine extends StateMachine<
    infer _Context,
    infer _Event,
    infer _Children,
    infer Actor,
    infer _Action,
    infer _Guard,
    infer _Delay,
    infer _StateValue,
    infer _Tag,
    infer _Input,
    infer _Output,
    infer _Emitted,
    infer _Meta,
    infer _Schema,
    infer _TransitionMeta
  >
    ? Actor
    : never;

type Src<Actor> = Actor extends { src: infer Name extends string } ? Name : never;
type LogicOf<Actor> = Actor extends { logic: infer Logic } ? Logic : never;

/**
 * Samples typed by the machine: each event type its own payload, each service's done event
 * the output its actor resolves with (as setup declares it), error events any error.
 */
export type EventSamples<Machine extends AnyStateMachine> = {
  [Event in EventFromLogic<Machine> as Event['type']]?: Event[];
} & {
  [Actor in ActorsOf<Machine> as `xstate.done.actor.${Src<Actor>}`]?: Array<{ type: `xstate.done.actor.${Src<Actor>}`; output: OutputFrom<LogicOf<Actor>> }>;
} & {
  [Actor in ActorsOf<Machine> as `xstate.error.actor.${Src<Actor>}`]?: Array<{ type: `xstate.error.actor.${Src<Actor>}`; error: unknown }>;
};

/** A catalogue entry written against its machine's own types. */
export interface FlowDefinition<Machine extends AnyStateMachine> extends Omit<CatalogueEntry, 'machine' | 'input' | 'eventSamples' | 'serializeContext'> {
  machine: Machine;
  input?: InputFrom<Machine>;
  eventSamples?: EventSamples<Machine>;
  serializeContext?: (context: ContextFrom<Machine>) => unknown;
}

/**
 * Checks an entry against its machine (event payloads, service outputs, input, context), then
 * files it with the others: the catalogue is one list of machines of different types.
 */
export function defineFlow<Machine extends AnyStateMachine>(definition: FlowDefinition<Machine>): CatalogueEntry {
  return definition as CatalogueEntry;
}
