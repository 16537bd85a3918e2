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
  /**
   * 'required' when the generated paths, replayed in the browser through the machine's bindings
   * (`<id>.paths.ts` beside its screen), must pass and reach every state and transition
   * (decision 185): `npm run paths -- --paths-check`, run by `npm test`, fails otherwise.
   */
  browserPaths?: 'required';
  /** Upper bound for simple-path enumeration (default 200 paths). */
  simplePathLimit?: number;
  /**
   * Everything the flow's server can answer (issue 39), one answer of each kind: the machine
   * must take each from the state that waits for it (app/machines/server-answers.test.ts).
   */
  serverAnswers?: ServerAnswers;
}

/** What a flow's server answers, as the machine receives it. */
interface ServerAnswers {
  /** Answers that reach the machine as events (a form's action data), and the state (dotted path) that waits for them. */
  events?: { waitingIn: readonly string[]; answers: readonly EventObject[] };
  /**
   * Per actor the machine invokes (its name in `setup`), what its server answers, one of each
   * kind; the failure to answer (an error) is always checked too. An actor that reads or
   * writes nothing on a server (a download the browser starts) answers `undefined`.
   */
  outputs?: Partial<Record<string, readonly unknown[]>>;
}

/** What a machine's `setup` names: its actors (`{ src, logic }` each) and its delays. */
type SetupOf<Machine> =
  Machine extends StateMachine<
    infer _Context,
    infer _Event,
    infer _Children,
    infer Actor,
    infer _Action,
    infer _Guard,
    infer Delay,
    infer _StateValue,
    infer _Tag,
    infer _Input,
    infer _Output,
    infer _Emitted,
    infer _Meta,
    infer _Schema,
    infer _TransitionMeta
  >
    ? { actor: Actor; delay: Delay }
    : never;

type ActorsOf<Machine> = SetupOf<Machine>['actor'];
/** The names of a machine's delays (`delays: { oneSecond: 1_000 }` → 'oneSecond'). */
export type DelaysOf<Machine> = SetupOf<Machine>['delay'];

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

/** Server answers typed by the machine: its own events, and each actor's output as `setup` declares it. */
interface ServerAnswersOf<Machine extends AnyStateMachine> {
  events?: { waitingIn: readonly string[]; answers: readonly EventFromLogic<Machine>[] };
  outputs?: { [Actor in ActorsOf<Machine> as Src<Actor>]?: readonly OutputFrom<LogicOf<Actor>>[] };
}

/** A catalogue entry written against its machine's own types. */
export interface FlowDefinition<Machine extends AnyStateMachine> extends Omit<
  CatalogueEntry,
  'machine' | 'input' | 'eventSamples' | 'serializeContext' | 'serverAnswers'
> {
  machine: Machine;
  input?: InputFrom<Machine>;
  eventSamples?: EventSamples<Machine>;
  serializeContext?: (context: ContextFrom<Machine>) => unknown;
  serverAnswers?: ServerAnswersOf<Machine>;
}

type Missing<Answer, Key extends keyof Answer, Given extends readonly Answer[]> = Exclude<Answer[Key], Given[number][Key]>;

/**
 * One answer of each kind of `Answer`, told apart by `key`: leaving a kind out is a type error
 * naming it, so a kind added to the server's answer type must be added here and then handled
 * by the machine.
 */
export function everyKind<Answer>() {
  return <Key extends keyof Answer, const Given extends readonly Answer[]>(
    key: Key,
    answers: Given & ([Missing<Answer, Key, Given>] extends [never] ? unknown : { missingKinds: Missing<Answer, Key, Given> }),
  ): Given => answers;
}

/**
 * Checks an entry against its machine (event payloads, service outputs, input, context), then
 * files it with the others: the catalogue is one list of machines of different types.
 */
export function defineFlow<Machine extends AnyStateMachine>(definition: FlowDefinition<Machine>): CatalogueEntry {
  return definition;
}
