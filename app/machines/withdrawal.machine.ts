import { assertEvent, assign, setup } from 'xstate';
import { WALLET_WITHDRAWAL_REDIRECT_MS } from '~/lib/constants';
import { checkAmount, type WithdrawalLimits } from '~/lib/wallet/withdrawal-schema';

/**
 * The withdrawal request form (spec 1 §5 Withdrawal, §8): Withdraw is enabled only when the
 * account is verified, transactions remain this month and the amount passes every rule; after
 * the server accepts, the success toast shows and the rider returns to /wallet after 1.5 s.
 * The server checks everything again (and decides the balance under the row lock): its
 * refusal comes back as FAILED with its message.
 */
export interface WithdrawalContext {
  limits: WithdrawalLimits;
  amount: string;
  error: string | null;
}

export interface WithdrawalInput {
  verified: boolean;
  remainingTransactions: number;
  availableSatoshi: string;
  minimumSatoshi: string;
  feeBasisPoints: number;
}

export const withdrawalMachine = setup({
  types: {
    context: {} as WithdrawalContext & { verified: boolean; remaining: number },
    input: {} as WithdrawalInput,
    events: {} as { type: 'AMOUNT_CHANGED'; amount: string } | { type: 'SUBMIT' } | { type: 'SUBMITTED' } | { type: 'FAILED'; message: string },
  },
  guards: {
    canSubmit: ({ context }) => context.verified && context.remaining > 0 && 'satoshi' in checkAmount(context.amount, context.limits),
  },
  actions: {
    rememberAmount: assign(({ event }) => {
      assertEvent(event, 'AMOUNT_CHANGED');
      return { amount: event.amount };
    }),
    rememberError: assign(({ event }) => {
      assertEvent(event, 'FAILED');
      return { error: event.message };
    }),
    clearError: assign({ error: null }),
    notifySuccess: () => {},
    notifyFailure: () => {},
    goToWallet: () => {},
  },
  delays: { redirectAfterSuccess: WALLET_WITHDRAWAL_REDIRECT_MS },
}).createMachine({
  id: 'withdrawal',
  context: ({ input }) => ({
    verified: input.verified,
    remaining: input.remainingTransactions,
    limits: {
      availableSatoshi: BigInt(input.availableSatoshi),
      minimumSatoshi: BigInt(input.minimumSatoshi),
      feeBasisPoints: input.feeBasisPoints,
    },
    amount: '',
    error: null,
  }),
  initial: 'editing',
  states: {
    /** Withdraw is enabled exactly when SUBMIT would be taken (state.can). */
    editing: {
      on: {
        AMOUNT_CHANGED: { actions: ['rememberAmount', 'clearError'] },
        SUBMIT: { guard: 'canSubmit', target: 'submitting', actions: 'clearError' },
      },
    },
    submitting: {
      on: {
        SUBMITTED: 'succeeded',
        FAILED: { target: 'editing', actions: ['rememberError', 'notifyFailure'] },
      },
    },
    succeeded: {
      entry: 'notifySuccess',
      after: { redirectAfterSuccess: 'leaving' },
    },
    leaving: { type: 'final', entry: 'goToWallet' },
  },
});
