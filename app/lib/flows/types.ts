import type { AnyStateMachine, EventObject } from 'xstate';

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
   * (the top flows of issue 14); `npm run paths -- --browser-check` fails otherwise.
   */
  browserCoverage?: 'complete';
  /** Upper bound for simple-path enumeration (default 200 paths). */
  simplePathLimit?: number;
}
