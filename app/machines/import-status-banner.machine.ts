import { assertEvent, fromPromise, setup } from 'xstate';

export type ImportStatus = 'none' | 'submitted' | 'approved' | 'rejected';

export type ImportBannerEvent = { type: 'STATUS_LOADED'; status: ImportStatus } | { type: 'IMPORT' } | { type: 'GOT_IT' } | { type: 'WIZARD_CLOSED' };

/**
 * The import banner (spec 2 §4 "Import status"): none offers Import, submitted waits, approved
 * shows Got It until seen (set-user-has-seen), rejected offers re-import. The route provides
 * `markSeen`; the status comes from the loader as STATUS_LOADED.
 */
function statusIs(status: ImportStatus) {
  return ({ event }: { event: ImportBannerEvent }) => {
    assertEvent(event, 'STATUS_LOADED');
    return event.status === status;
  };
}

export const importStatusBannerMachine = setup({
  types: { events: {} as ImportBannerEvent },
  actors: {
    markSeen: fromPromise<void>(async () => {
      throw new Error('markSeen is provided by the route');
    }),
  },
  guards: {
    isNone: statusIs('none'),
    isSubmitted: statusIs('submitted'),
    isApproved: statusIs('approved'),
  },
}).createMachine({
  id: 'importStatusBanner',
  initial: 'loading',
  states: {
    loading: {
      on: {
        STATUS_LOADED: [
          { guard: 'isNone', target: 'none' },
          { guard: 'isSubmitted', target: 'submitted' },
          { guard: 'isApproved', target: 'approved' },
          { target: 'rejected' },
        ],
      },
    },
    none: { on: { IMPORT: 'wizardOpen' } },
    submitted: {},
    approved: { on: { GOT_IT: 'markingSeen' } },
    markingSeen: {
      invoke: { id: 'markSeen', src: 'markSeen', onDone: 'none', onError: 'approved' },
    },
    rejected: { on: { IMPORT: 'wizardOpen' } },
    // Closing the wizard reloads the page (spec 2 §2), which loads the new status.
    wizardOpen: { on: { WIZARD_CLOSED: 'loading' } },
  },
});
