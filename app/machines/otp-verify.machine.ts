import { assign, setup } from 'xstate';

/**
 * Verify account by code (spec 1 §4 "OTP success: clear the stored key and email, go to
 * login"). A rejected code shows the server's message under the field.
 */
export const otpVerifyMachine = setup({
  types: {
    context: {} as { error: string | null },
    events: {} as { type: 'SUBMIT' } | { type: 'VERIFIED' } | { type: 'REJECTED'; message: string },
  },
  actions: {
    rememberError: assign({ error: ({ event }) => (event.type === 'REJECTED' ? event.message : null) }),
    clearError: assign({ error: null }),
    goToLogin: () => {},
  },
}).createMachine({
  id: 'otpVerify',
  context: { error: null },
  initial: 'enteringCode',
  states: {
    enteringCode: { on: { SUBMIT: { target: 'verifying', actions: 'clearError' } } },
    verifying: {
      on: {
        VERIFIED: { target: 'verified' },
        REJECTED: { target: 'enteringCode', actions: 'rememberError' },
      },
    },
    verified: { type: 'final', entry: 'goToLogin' },
  },
});
