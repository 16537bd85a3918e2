import { setup } from 'xstate';

/**
 * A form whose only outcomes are "refused, with the reasons beside the fields" and "done, on to
 * the next page" (verify by code, forgot and reset password): the action answers with errors
 * (REJECTED: the page stays and shows them) or redirects to the one next page (REDIRECTED).
 * Login and register have more outcomes, each a state of its own (login.machine.ts, decision 136).
 */
export type FormPostEvent = { type: 'SUBMIT' } | { type: 'REJECTED' } | { type: 'REDIRECTED' };

/**
 * Everything such a form's action answers, as its machine hears it (useServerDecidedForm):
 * errors (the page stays) or the redirect. Checked against every form-post machine from the
 * state that waits (app/machines/server-answers.test.ts).
 */
export const FORM_POST_ANSWERS = [{ type: 'REJECTED' }, { type: 'REDIRECTED' }] as const satisfies readonly FormPostEvent[];

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
