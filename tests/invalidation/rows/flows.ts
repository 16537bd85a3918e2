import { flushFlowActivity } from '~/services/platform/flow-activity.server';
import { siteOrigin } from '~/services/platform/site-origin.server';
import { report, WIZARD_FIRST_STEPS } from '../../fixtures/flows/reports';
import { requestFrom, serve } from '../pages';
import { page, type WriteRow } from '../world';

/**
 * Rows of the writes → pages table: flow activity (docs/flows-activity.md). A report is counted in
 * memory and written with the next flush (every FLUSH_MS, decision 193): the write the pages show
 * is that flush, so the row makes it at once, as the timer would a few seconds later.
 */
const REPORT = JSON.stringify(report(WIZARD_FIRST_STEPS));

export const FLOW_ROWS: WriteRow[] = [
  {
    name: "a rider's browser reports a flow: its start shows on /flows and its counts on the flow's page once written",
    route: 'flows.report',
    write: async ({ people }) => {
      // The report's handler checks the origin itself (server.mjs answers it before the request screen).
      const answer = await serve(requestFrom('visitor', people, '/flows/report', { body: REPORT, headers: { Origin: siteOrigin() } }));
      await flushFlowActivity();
      return answer;
    },
    shows: [page('/flows?days=1', 'staff'), page('/flows/event-wizard?days=1', 'staff')],
  },
];
