import { setup } from 'xstate';
import { outcomeIs, robotCheckGateStates, type SignInFormEvent } from './sign-in-form';

/**
 * The login form (spec 1 §4 Login outcomes, spec 3 §4 Login): Submit waits for the robot
 * check; the server's answer decides where the rider goes. A failure clears the form and
 * resets the robot check, so every attempt needs a fresh one.
 */
export const loginMachine = setup({
  types: {
    events: {} as SignInFormEvent,
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
    ...robotCheckGateStates,
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
