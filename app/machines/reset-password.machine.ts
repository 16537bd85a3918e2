import { assign, setup } from 'xstate';

/** Reset password (spec 1 §4 "Reset password success: go to login"). */
export const resetPasswordMachine = setup({
  types: {
    context: {} as { error: string | null },
    events: {} as { type: 'SUBMIT' } | { type: 'RESET' } | { type: 'REJECTED'; message: string },
  },
  actions: {
    rememberError: assign({ error: ({ event }) => (event.type === 'REJECTED' ? event.message : null) }),
    goToLogin: () => {},
  },
}).createMachine({
  id: 'resetPassword',
  context: { error: null },
  initial: 'enteringPassword',
  states: {
    enteringPassword: { on: { SUBMIT: { target: 'saving' } } },
    saving: {
      on: {
        RESET: { target: 'done' },
        REJECTED: { target: 'enteringPassword', actions: 'rememberError' },
      },
    },
    done: { type: 'final', entry: 'goToLogin' },
  },
});
