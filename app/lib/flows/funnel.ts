import type { FlowActivity, TransitionCount } from './activity';

/**
 * A machine's main path as a funnel (decision 192): each step with the runs that reached it, the
 * share of the first step's runs, and how many did not reach the next step. Counts are sums over
 * the period, not one rider followed through, so a later step may be reached by runs that began on
 * another page (a payment checked after the return from checkout) and may even exceed the step
 * before it; the drop is then shown as none.
 */
export interface FunnelStep {
  state: string;
  reached: number;
  /** Share of the first step's runs, 0–1 (0 when nobody reached the first step). */
  ofFirst: number;
  /** Runs that reached this step but not the next (0 for the last step). */
  dropped: number;
  /** `dropped` as a share of `reached`, 0–1. */
  dropShare: number;
  /** Where riders went from this step instead of the next, most taken first (at most three). */
  exits: TransitionCount[];
}

const MAX_EXITS = 3;

const isWithin = (state: string, ancestor: string) => state === ancestor || state.startsWith(`${ancestor}.`);

export function funnelOf(mainPath: readonly string[], activity: Pick<FlowActivity, 'states' | 'transitions'>): FunnelStep[] {
  const reached = (state: string) => activity.states[state] ?? 0;
  const first = mainPath.length > 0 ? reached(mainPath[0]) : 0;
  return mainPath.map((state, index) => {
    const next = mainPath[index + 1];
    const dropped = next === undefined ? 0 : Math.max(0, reached(state) - reached(next));
    const exits = activity.transitions
      .filter((transition) => isWithin(transition.from, state) && !isWithin(transition.to, state) && (next === undefined || !isWithin(transition.to, next)))
      .sort((a, b) => b.times - a.times)
      .slice(0, next === undefined ? 0 : MAX_EXITS);
    return {
      state,
      reached: reached(state),
      ofFirst: first === 0 ? 0 : reached(state) / first,
      dropped,
      dropShare: reached(state) === 0 ? 0 : dropped / reached(state),
      exits,
    };
  });
}
