import { setup } from 'xstate';

/**
 * A form whose only outcomes are "refused, with the reasons beside the fields" and "done, on to
 * the next page" (verify by code, forgot and reset password): the action answers with errors
 * (REJECTED: the page stays and shows them) or redirects to the one next page (REDIRECTED).
 * Login and register have more outcomes, each a state of its own (login.machine.ts, decision 136).
 */
export type FormPostEvent = { type: 'SUBMIT' } | { type: 'REJECTED' } | { type: 'REDIRECTED' };

/** A form without a robot check: editing, submitting, back to editing with errors or leaving. */
export function createFormPostMachine(id: string) {
  return setup({
    types: { events: {} as FormPostEvent },
  }).createMachine({
    id,
    initial: 'editing',
    states: {
      editing: { on: { SUBMIT: { target: 'submitting' } } },
      submitting: { on: { REJECTED: { target: 'editing' }, REDIRECTED: { target: 'leaving' } } },
      leaving: { type: 'final' },
    },
  });
}
