import { assign, setup } from 'xstate';

/**
 * Forgot password (spec 1 §2, §4): the button reads 'Submit', or 'Send Again' once a reset
 * was requested; success goes to '/'. The server answers the same for any address.
 */
export const forgotPasswordMachine = setup({
  types: {
    context: {} as { requestedBefore: boolean; error: string | null },
    input: {} as { requestedBefore: boolean },
    events: {} as { type: 'SUBMIT' } | { type: 'SENT' } | { type: 'FAILED'; message: string },
  },
  actions: {
    rememberError: assign({ error: ({ event }) => (event.type === 'FAILED' ? event.message : null), requestedBefore: true }),
    goHome: () => {},
  },
}).createMachine({
  id: 'forgotPassword',
  context: ({ input }) => ({ requestedBefore: input.requestedBefore, error: null }),
  initial: 'enteringEmail',
  states: {
    enteringEmail: { on: { SUBMIT: { target: 'sending' } } },
    sending: {
      on: {
        SENT: { target: 'sent' },
        FAILED: { target: 'enteringEmail', actions: 'rememberError' },
      },
    },
    sent: { type: 'final', entry: 'goHome' },
  },
});

/** The button label the spec gives for each moment of the flow. */
export const forgotButtonLabel = (requestedBefore: boolean) => (requestedBefore ? 'Send Again' : 'Submit');
