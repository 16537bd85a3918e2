import type { Page, Route } from '@playwright/test';
import type { AnyStateMachine, ContextFrom, EventObject, StateValueFrom } from 'xstate';
import type { DelaysOf, EventSamples } from '../../../app/lib/flows/types';

/**
 * How one machine's generated paths are replayed in the browser (decision 185): a small table
 * beside the machine's screen, `<machine-id>.paths.ts`, whose default export is
 * `defineBinding(machine, { … })`. The runner (runner.ts) opens the screen with `arrange`, then
 * for every step takes the event's action and runs the checks of the state it reaches.
 */

/** Dotted paths of a machine's state value: 'choosing' | 'checkingPayment' | 'checkingPayment.asking'. */
type StatePaths<Value> = Value extends string
  ? Value
  : Value extends object
    ? { [Key in keyof Value & string]-?: Key | `${Key}.${StatePaths<NonNullable<Value[Key]>>}` }[keyof Value & string]
    : never;

/** The states that have children (compound and parallel ones), as dotted paths. */
type ParentPaths<Value, Prefix extends string = ''> = Value extends object
  ? { [Key in keyof Value & string]-?: `${Prefix}${Key}` | ParentPaths<NonNullable<Value[Key]>, `${Prefix}${Key}.`> }[keyof Value & string]
  : never;

/** A state of the machine as its binding names it: the dotted path from the root ('waiting.counting'). */
type StatePath<Machine extends AnyStateMachine> = StatePaths<StateValueFrom<Machine>>;
/** The states a screen can rest in: every one needs a check. */
type LeafStatePath<Machine extends AnyStateMachine> = Exclude<StatePath<Machine>, ParentPaths<StateValueFrom<Machine>>>;

/**
 * The events a path may send, as a binding names them: the machine's own (`SUBMIT`), a
 * service's result (`xstate.done.actor.sendCode`, `xstate.error.actor.sendCode`) and a timer
 * (`xstate.after.oneSecond`: the delay's name, without the state it runs in).
 */
type PathEventKey<Machine extends AnyStateMachine> = (keyof EventSamples<Machine> & string) | `xstate.after.${(DelaysOf<Machine> & string) | number}`;

/** A request the screen sends that the runner holds from the path's start until an event's action releases it. */
export interface Hold {
  method?: 'GET' | 'POST';
  /** Matched against the request's URL (the single-fetch `.data` form of a route is the binding's to name). */
  url: (url: URL) => boolean;
}

/** The event a binding's key stands for: the machine's event of that type, or the service's result with its output. */
type EventOfKey<Machine extends AnyStateMachine, Key> = Key extends keyof EventSamples<Machine>
  ? NonNullable<EventSamples<Machine>[Key]> extends Array<infer Event>
    ? Event
    : EventObject
  : EventObject;

interface StepArgs<Machine extends AnyStateMachine, Arranged, Event = EventObject> {
  page: Page;
  /** This step's event as generated: the catalogue's sample, payload included. */
  event: Event;
  /** The state the step leaves and the state it must reach, as dotted paths. */
  from: string;
  to: string;
  /** The events still to come on this path: what a rider types can decide the server's answer later. */
  upcoming: EventObject[];
  /** What `arrange` returned. */
  arranged: Arranged;
  /** The oldest request held under `name` that no step has released, waited for if not sent yet. */
  held: (name: HoldName<Machine, Arranged>) => Promise<Route>;
}

interface CheckArgs<Machine extends AnyStateMachine, Arranged> {
  page: Page;
  /** The state being checked, as a dotted path. */
  state: string;
  /** The model's context in this state (payloads as the catalogue's samples carry them). */
  context: ContextFrom<Machine>;
  arranged: Arranged;
}

export interface ArrangeArgs {
  page: Page;
  /** Every event the path will send, in order: the arrangement may depend on where the path goes. */
  events: EventObject[];
  /**
   * Runs `make` once per test worker and key, and hands every later path the same result: for what
   * several paths can share (an account, a seeded row), never for what a path changes.
   */
  once: <Value>(key: string, make: () => Promise<Value>) => Promise<Value>;
}

type StepAction<Machine extends AnyStateMachine, Arranged, Event = EventObject> = (args: StepArgs<Machine, Arranged, Event>) => Promise<unknown>;
type StateCheck<Machine extends AnyStateMachine, Arranged> = (args: CheckArgs<Machine, Arranged>) => Promise<unknown>;

// The hold names are checked against `holds` where a binding is defined (defineBinding); inside the
// arguments they are any string, which keeps the argument types free of a circular reference.
type HoldName<_Machine, _Arranged> = string;

interface MachineBinding<Machine extends AnyStateMachine, Arranged> {
  /** Before each path: sign in, seed, open the screen in the machine's initial state. The browser's clock is installed already. */
  arrange: (args: ArrangeArgs) => Promise<Arranged>;
  /** Requests to hold until a step releases them, so a state that waits for the server can be seen. */
  holds?: Record<string, Hold>;
  /** What the screen shows in each state: every state it can rest in, and any parent worth its own check. */
  states: Record<LeafStatePath<Machine>, StateCheck<Machine, Arranged>> & Partial<Record<StatePath<Machine>, StateCheck<Machine, Arranged>>>;
  /**
   * What a rider or the server does for each event: one action, or one per state the event
   * leaves (the most specific state of the step's source that is named wins).
   */
  events: {
    [Key in PathEventKey<Machine>]?:
      StepAction<Machine, Arranged, EventOfKey<Machine, Key>> | Partial<Record<StatePath<Machine>, StepAction<Machine, Arranged, EventOfKey<Machine, Key>>>>;
  };
}

/** The binding as the runner reads it, whatever its machine. */
export interface AnyBinding {
  machineId: string;
  arrange: (args: ArrangeArgs) => Promise<unknown>;
  holds: Record<string, Hold>;
  states: Record<string, (args: CheckArgs<AnyStateMachine, unknown>) => Promise<unknown>>;
  events: Record<
    string,
    ((args: StepArgs<AnyStateMachine, unknown>) => Promise<unknown>) | Record<string, (args: StepArgs<AnyStateMachine, unknown>) => Promise<unknown>>
  >;
}

/**
 * A machine's binding, typed by the machine: state paths, event types and the model's context
 * are its own, and every state the screen can rest in must have a check.
 */
export function defineBinding<Machine extends AnyStateMachine, Arranged>(machine: Machine, binding: MachineBinding<Machine, Arranged>): AnyBinding {
  return { machineId: machine.id, holds: {}, ...binding } as unknown as AnyBinding;
}

/** A form post or fetcher call to a route, with or without JavaScript (single fetch posts to `<path>.data`). */
export function postTo(pathname: string): Hold {
  return { method: 'POST', url: (url) => url.pathname === pathname || url.pathname === `${pathname}.data` };
}
