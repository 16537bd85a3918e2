import { setup } from 'xstate';

/**
 * A form the server decides (login, register, verify by code, reset password, forgot
 * password). What the browser sees of the server's decision is one of two things: the action
 * answers with errors (REJECTED: the page stays and shows them) or it redirects (REDIRECTED:
 * the page is leaving for wherever the server chose). Where it goes is routing, not a state.
 */
export type FormPostEvent = { type: 'SUBMIT' } | { type: 'REJECTED' } | { type: 'REDIRECTED' };
export type RobotCheckedFormEvent = FormPostEvent | { type: 'ROBOT_CHECK_DONE' } | { type: 'ROBOT_CHECK_EXPIRED' };

/** Submit waits for the robot check, and a rejection asks for a fresh one (spec 1 §4, spec 3 §4). */
export function createRobotCheckedFormMachine(id: string) {
  return setup({
    types: { events: {} as RobotCheckedFormEvent },
    actions: {
      clearForm: () => {},
      resetRobotCheck: () => {},
    },
  }).createMachine({
    id,
    initial: 'waitingForRobotCheck',
    states: {
      waitingForRobotCheck: { on: { ROBOT_CHECK_DONE: { target: 'ready' } } },
      ready: { on: { SUBMIT: { target: 'submitting' }, ROBOT_CHECK_EXPIRED: { target: 'waitingForRobotCheck' } } },
      submitting: {
        on: {
          REJECTED: { target: 'waitingForRobotCheck', actions: ['clearForm', 'resetRobotCheck'] },
          REDIRECTED: { target: 'leaving' },
        },
      },
      leaving: { type: 'final' },
    },
  });
}

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
