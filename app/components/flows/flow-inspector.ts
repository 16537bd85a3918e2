import type { InspectionEvent } from 'xstate';
import { activityReporter } from './activity-reporter';
import { liveTabsReporter } from './live-tabs';

type Inspector = (inspection: InspectionEvent) => void;

/**
 * The one inspector every flow actor in the browser gets (XState's public inspection API), shared
 * by whoever reads it: the browser suite's transition record (`record`: `transitionReporter()`,
 * present only under its fixture and left as it is, decision 158), the flow activity report (decision 190) and the live view of the staff member's
 * own tabs (decision 194). One per actor system. A reader that fails loses its own record only:
 * the rider's flow and the other readers go on.
 */
export function flowInspector(record: Inspector | undefined): Inspector | undefined {
  const others = [activityReporter(), liveTabsReporter()].filter((inspector): inspector is Inspector => inspector !== undefined);
  if (!record && others.length === 0) return undefined;
  return (inspection) => {
    record?.(inspection);
    for (const inspect of others) {
      try {
        inspect(inspection);
      } catch {
        // Counting and watching are never worth an error in a rider's flow.
      }
    }
  };
}
