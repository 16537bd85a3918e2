import type { AnyStateMachine, AnyStateNode } from 'xstate';
import { edgeIdOf, listStateNodes, transitionId } from './definition';

/**
 * Flow activity (decision 190, docs/flows-activity.md): what the browser reports of the machines
 * it runs, and what the server counts. A report names a machine, its states by their path, and
 * each transition by its from-state, event type and to-state, each with a count. Nothing else:
 * no rider, session, address, page, time or text, so nothing in it can name anyone.
 */

/** Where browsers send their reports (a beacon-like POST: decision 191). */
export const FLOW_REPORT_PATH = '/flows/report';

/**
 * What one report may hold; the server refuses anything larger (413) or with more rows (400).
 * A page's reports are a few hundred bytes (docs/performance.md); a browser that gathers more
 * sends early rather than exceed these.
 */
export const REPORT_LIMITS = {
  maxBytes: 8 * 1024,
  maxMachines: 30,
  maxRows: 200,
  /** The most one row may count: a countdown ticking each second reaches 30 before its batch goes (REPORT_MAX_DELAY_MS). */
  maxTimes: 100,
} as const;

/**
 * When the browser sends what it gathered, besides at once when the page is hidden or left: after
 * REPORT_QUIET_MS without a new count (a rider between steps), and never later than
 * REPORT_MAX_DELAY_MS after the first count it holds (a page busy for minutes). Each request costs
 * its headers (about 550 bytes in Chromium), so a page mostly sends once (docs/performance.md).
 */
export const REPORT_QUIET_MS = 5_000;
export const REPORT_MAX_DELAY_MS = 30_000;

/** The periods staff pick on /flows, in product days (GMT+4) ending today. */
export const ACTIVITY_PERIODS_DAYS = [1, 7, 30] as const;
export type ActivityPeriod = (typeof ACTIVITY_PERIODS_DAYS)[number];
const DEFAULT_ACTIVITY_PERIOD: ActivityPeriod = 7;

/** The period a `?days=` value asks for, or the default for anything else. */
export function activityPeriodOf(value: string | null): ActivityPeriod {
  return ACTIVITY_PERIODS_DAYS.find((days) => String(days) === value) ?? DEFAULT_ACTIVITY_PERIOD;
}

/** `[state path, runs that reached it]`: a run is one actor, from its page's start to its end. */
type StateRow = [state: string, runs: number];
/** `[from-state path, event type, to-state path, times taken]`. */
type TransitionRow = [from: string, event: string, to: string, times: number];

export interface MachineReport {
  /** The machine's XState id (`eventWizard`), as the catalogue's machine has it. */
  id: string;
  s?: StateRow[];
  t?: TransitionRow[];
}

export interface ActivityReport {
  v: 1;
  m: MachineReport[];
}

/** A state as reports name it: its path in the machine ('personal', 'signedIn.toProfile'); '' is the machine itself. */
export function statePath(node: AnyStateNode): string {
  return node.path.join('.');
}

/** The event type reports give an eventless (`always`) transition: the name transition ids give it. */
export const EVENTLESS = 'always';

export interface TransitionParts {
  from: string;
  event: string;
  /** Its first target; a transition without one stays where it is (drawn as a loop on its state). */
  to: string;
}

export const transitionKey = ({ from, event, to }: TransitionParts): string => JSON.stringify([from, event, to]);

/** A transition as the browser reads it: what reports name, and the statechart edge that draws it. */
export interface MachineTransitionParts extends TransitionParts {
  edgeId: string;
}

const partsByMachine = new WeakMap<AnyStateMachine, Map<string, MachineTransitionParts>>();

/** Every transition a machine defines, by its transition id (what the inspection reader names). */
export function transitionPartsOf(machine: AnyStateMachine): Map<string, MachineTransitionParts> {
  let parts = partsByMachine.get(machine);
  if (parts) return parts;
  parts = new Map();
  for (const node of [machine.root, ...listStateNodes(machine)]) {
    const groups: Array<[string, Array<{ target?: readonly AnyStateNode[] }>]> = [...node.transitions];
    if (node.always?.length) groups.push([EVENTLESS, node.always]);
    for (const [event, definitions] of groups) {
      definitions.forEach((definition, index) => {
        const to = definition.target?.[0] ?? node;
        parts!.set(transitionId(node, event, index), { from: statePath(node), event, to: statePath(to), edgeId: edgeIdOf(node.id, event, index) });
      });
    }
  }
  partsByMachine.set(machine, parts);
  return parts;
}

/** How many times one transition was taken over a period. */
export interface TransitionCount extends TransitionParts {
  times: number;
}

/** One machine's activity over a period, as /flows/<id> and its activity.json show it. */
export interface FlowActivity {
  machineId: string;
  days: number;
  /** First and last product day of the period (YYYY-MM-DD, GMT+4), both included. */
  from: string;
  to: string;
  /** Runs that reached each state, by state path ('' counts the runs started). */
  states: Record<string, number>;
  transitions: TransitionCount[];
}

export interface StartsAndCompletions {
  /** Runs started (the machine itself reached). */
  starts: number;
  /** Runs that reached the last state of the machine's main path. */
  completions: number;
}

export function startsAndCompletions(mainPath: readonly string[], states: Readonly<Record<string, number>>): StartsAndCompletions {
  return { starts: states[''] ?? 0, completions: states[mainPath.at(-1) ?? ''] ?? 0 };
}
