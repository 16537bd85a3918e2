import { assertEvent, assign, setup } from 'xstate';
import { TOAST_AUTO_CLOSE_MS } from '~/lib/constants';
import type { Toast } from '~/lib/toast';

export type { Toast } from '~/lib/toast';

/**
 * One alert popup at a time (spec 3 §4 "Alert popups auto-close after 10 seconds").
 * A new toast replaces the shown one and restarts the timer.
 */
export const toastMachine = setup({
  types: {
    context: {} as { toast: Toast | null },
    events: {} as { type: 'SHOW'; toast: Toast } | { type: 'DISMISS' },
  },
  actions: {
    rememberToast: assign(({ event }) => {
      assertEvent(event, 'SHOW');
      return { toast: event.toast };
    }),
    forgetToast: assign({ toast: null }),
  },
  delays: { autoClose: TOAST_AUTO_CLOSE_MS },
}).createMachine({
  id: 'toast',
  context: { toast: null },
  initial: 'hidden',
  states: {
    hidden: {
      on: { SHOW: { target: 'visible', actions: 'rememberToast' } },
    },
    visible: {
      after: { autoClose: { target: 'hidden', actions: 'forgetToast' } },
      on: {
        SHOW: { target: 'visible', reenter: true, actions: 'rememberToast' },
        DISMISS: { target: 'hidden', actions: 'forgetToast' },
      },
    },
  },
});
