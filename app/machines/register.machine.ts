import { setup } from 'xstate';
import { outcomeIs, robotCheckGateStates, type SignInFormEvent } from './sign-in-form';

/**
 * The register form (spec 1 §4 Registration): Submit waits for the robot check, which resets
 * after every attempt. Success goes to parental consent for a minor, otherwise to login.
 */
export const registerMachine = setup({
  types: {
    events: {} as SignInFormEvent,
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
    ...robotCheckGateStates,
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
