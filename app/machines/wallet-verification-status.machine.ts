import { and, assertEvent, assign, not, setup, stateIn } from 'xstate';

/**
 * Wallet verification status (spec 1 §4 "unverified -> (submit form) -> pending -> approved or
 * rejected; rejected allows re-verification; approved enables withdrawal"). The status comes
 * from the server: staff decide approve/reject on their side, and the browser sees the decision
 * as the STATUS its page data reports (first load or revalidation). The state names what the
 * badge and the action button show.
 */
export type WalletVerificationStatus = 'unverified' | 'pending' | 'approved' | 'rejected';

/**
 * The statuses the server can report after each one, as a page that stays open sees them: a
 * submission (from this page or another) makes the status pending, staff then approve or reject,
 * a rejected rider may submit again, and nothing undoes an approval or a submission.
 */
const LATER_STATUSES: Record<WalletVerificationStatus, readonly WalletVerificationStatus[]> = {
  unverified: ['unverified', 'pending', 'approved', 'rejected'],
  pending: ['pending', 'approved', 'rejected'],
  rejected: ['rejected', 'pending', 'approved'],
  approved: ['approved'],
};

export const walletVerificationStatusMachine = setup({
  types: {
    context: {} as { status: WalletVerificationStatus; error: string | null },
    input: {} as { status: WalletVerificationStatus },
    events: {} as { type: 'SUBMIT' } | { type: 'SUBMITTED' } | { type: 'FAILED'; message: string } | { type: 'STATUS'; status: WalletVerificationStatus },
  },
  guards: {
    canFollow: ({ context, event }) => {
      assertEvent(event, 'STATUS');
      return LATER_STATUSES[context.status].includes(event.status);
    },
    isPending: ({ context }) => context.status === 'pending',
    isApproved: ({ context }) => context.status === 'approved',
    isRejected: ({ context }) => context.status === 'rejected',
  },
  actions: {
    rememberStatus: assign(({ event }) => {
      assertEvent(event, 'STATUS');
      return { status: event.status };
    }),
    rememberError: assign(({ event }) => {
      assertEvent(event, 'FAILED');
      return { error: event.message };
    }),
    clearError: assign({ error: null }),
  },
}).createMachine({
  id: 'walletVerificationStatus',
  context: ({ input }) => ({ status: input.status, error: null }),
  initial: 'resolving',
  // The page that submits (the verification form) reads no status while it does.
  on: { STATUS: { guard: and([not(stateIn('submitting')), 'canFollow']), target: '.resolving', actions: 'rememberStatus' } },
  states: {
    resolving: {
      always: [
        { guard: 'isPending', target: 'pending' },
        { guard: 'isApproved', target: 'approved' },
        { guard: 'isRejected', target: 'rejected' },
        { target: 'unverified' },
      ],
    },
    /** Badge 'unverified', button Verify Account. */
    unverified: { on: { SUBMIT: { target: 'submitting', actions: 'clearError' } } },
    /** Badge 'Rejected', button Reverify Account. */
    rejected: { on: { SUBMIT: { target: 'submitting', actions: 'clearError' } } },
    submitting: {
      on: {
        SUBMITTED: { target: 'pending', actions: assign({ status: 'pending' as const }) },
        FAILED: [
          { guard: 'isRejected', target: 'rejected', actions: 'rememberError' },
          { target: 'unverified', actions: 'rememberError' },
        ],
      },
    },
    /** Badge 'Verification in progress', no action button. */
    pending: {},
    /** Badge 'verified', button Withdraw. */
    approved: {},
  },
});

/**
 * The status the badge and the action button show: the state itself, and while a submission is
 * under way the status it started from.
 */
export function shownStatus(snapshot: { value: unknown; context: { status: WalletVerificationStatus } }): WalletVerificationStatus {
  const { value } = snapshot;
  return value === 'unverified' || value === 'pending' || value === 'approved' || value === 'rejected' ? value : snapshot.context.status;
}

export const BADGE_TEXT: Record<WalletVerificationStatus, string> = {
  pending: 'Verification in progress',
  rejected: 'Rejected',
  approved: 'verified',
  unverified: 'unverified',
};
