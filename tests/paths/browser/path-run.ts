/**
 * What each generated path's test attaches to its result, for the reporter (reporter.ts) to sum
 * per machine into the run file that `npm run paths` and /flows read.
 */
export const PATH_RUN_ATTACHMENT = 'path-run.json';

export interface PathRunAttachment {
  machine: string;
  /** How many browser paths the machine has. */
  paths: number;
  path: string;
  /** The event type of every step, for the spread the run prints. */
  steps: string[];
  /** Reached by the steps that passed. */
  states: string[];
  transitions: string[];
  totals: { states: number; transitions: number };
}

export type StepKind = 'rider or server event' | 'timer' | 'service answer' | 'service failure';

export function stepKind(eventType: string): StepKind {
  if (eventType.startsWith('xstate.after.')) return 'timer';
  if (eventType.startsWith('xstate.done.actor.')) return 'service answer';
  if (eventType.startsWith('xstate.error.actor.')) return 'service failure';
  return 'rider or server event';
}
