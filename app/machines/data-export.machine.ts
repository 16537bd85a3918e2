import { assign, fromPromise, setup } from 'xstate';
import { DATA_EXPORT_POLL_MS } from '~/lib/constants';
import type { DataExportStatus } from '~/lib/domain/accounts';

/** The copy as the profile's My Data tab shows it (the server's ExportView). */
export interface DataExportView {
  id: string;
  status: DataExportStatus;
  progress: number;
  sizeBytes: number | null;
  expiresAt: string | null;
}

/**
 * A copy of the rider's data (issue 26, decision 128) on the profile: asking is a plain form
 * post, so the machine starts from what the page loaded. While the copy is queued or building it
 * asks the server every DATA_EXPORT_POLL_MS and shows the progress, until it is ready or failed;
 * a failed check keeps the last progress and asks again. The route supplies `checkExport`.
 */
export const dataExportMachine = setup({
  types: {
    context: {} as { view: DataExportView | null },
    input: {} as { view: DataExportView | null },
  },
  actors: {
    checkExport: fromPromise<DataExportView | null>(async () => {
      throw new Error('checkExport is provided by the route');
    }),
  },
  delays: { exportPoll: DATA_EXPORT_POLL_MS },
  guards: {
    hasNone: ({ context }) => context.view === null,
    waitsForParent: ({ context }) => context.view?.status === 'waiting-for-parent',
    isBuilding: ({ context }) => context.view?.status === 'queued' || context.view?.status === 'building',
    isReady: ({ context }) => context.view?.status === 'ready',
  },
  actions: {
    remember: assign((_, view: DataExportView | null) => ({ view })),
  },
}).createMachine({
  id: 'dataExport',
  context: ({ input }) => ({ view: input.view }),
  initial: 'showing',
  states: {
    // Decides from the copy last seen: the page's, or the last check's.
    showing: {
      always: [
        { guard: 'hasNone', target: 'none' },
        { guard: 'waitsForParent', target: 'waitingForParent' },
        { guard: 'isBuilding', target: 'building' },
        { guard: 'isReady', target: 'ready' },
        { target: 'failed' },
      ],
    },
    none: {},
    waitingForParent: {},
    building: { after: { exportPoll: 'checking' } },
    checking: {
      invoke: {
        id: 'checkExport',
        src: 'checkExport',
        onDone: { target: 'showing', actions: { type: 'remember', params: ({ event }) => event.output } },
        onError: { target: 'building' },
      },
    },
    ready: {},
    failed: {},
  },
});
