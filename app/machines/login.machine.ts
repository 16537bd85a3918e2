import { setup } from 'xstate';
import { outcomeIs, type AuthResultEvent } from './sign-in-form';

/**
 * The login form (spec 1 §4 Login outcomes, spec 3 §4 Login): Submit waits for the robot
 * check; the server's answer decides where the rider goes. A failure clears the form and
 * resets the robot check, so every attempt needs a fresh one.
 */
export const loginMachine = setup({
  types: {
    events: {} as { type: 'ROBOT_CHECK_DONE' } | { type: 'ROBOT_CHECK_EXPIRED' } | { type: 'SUBMIT' } | AuthResultEvent,
  },
  actions: {
    clearForm: () => {},
    resetRobotCheck: () => {},
  },
  guards: {
    mustResetPassword: outcomeIs('resetPassword'),
    needsParentalConsent: outcomeIs('parentalConsent'),
    mustVerifyEmail: outcomeIs('verifyEmail'),
    isSignedIn: outcomeIs('signedIn'),
  },
}).createMachine({
  id: 'login',
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
          { guard: 'mustResetPassword', target: 'resetPassword' },
          { guard: 'needsParentalConsent', target: 'parentalConsent' },
          { guard: 'mustVerifyEmail', target: 'verifyEmail' },
          { guard: 'isSignedIn', target: 'signedIn' },
          { target: 'waitingForRobotCheck', actions: ['clearForm', 'resetRobotCheck'] },
        ],
      },
    },
    resetPassword: { type: 'final' },
    parentalConsent: { type: 'final' },
    verifyEmail: { type: 'final' },
    signedIn: { type: 'final' },
  },
});
