import { setup } from 'xstate';
import { outcomeIs, type AuthResultEvent } from './sign-in-form';

/**
 * The register form (spec 1 §4 Registration): Submit waits for the robot check, which resets
 * after every attempt. Success goes to parental consent for a minor, otherwise to login.
 */
export const registerMachine = setup({
  types: {
    events: {} as { type: 'ROBOT_CHECK_DONE' } | { type: 'ROBOT_CHECK_EXPIRED' } | { type: 'SUBMIT' } | AuthResultEvent,
  },
  actions: {
    resetRobotCheck: () => {},
  },
  guards: {
    needsParentalConsent: outcomeIs('parentalConsent'),
    mustVerifyEmail: outcomeIs('verifyEmail'),
  },
}).createMachine({
  id: 'register',
  initial: 'waitingForRobotCheck',
  states: {
    waitingForRobotCheck: {
      on: { ROBOT_CHECK_DONE: { target: 'ready' } },
    },
    ready: {
      on: { SUBMIT: { target: 'submitting' }, ROBOT_CHECK_EXPIRED: { target: 'waitingForRobotCheck' } },
    },
    submitting: {
      on: {
        RESULT: [
          { guard: 'needsParentalConsent', target: 'parentalConsent', actions: 'resetRobotCheck' },
          { guard: 'mustVerifyEmail', target: 'login', actions: 'resetRobotCheck' },
          { target: 'waitingForRobotCheck', actions: 'resetRobotCheck' },
        ],
      },
    },
    parentalConsent: { type: 'final' },
    login: { type: 'final' },
  },
});
