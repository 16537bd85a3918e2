import { assertEvent, assign, setup } from 'xstate';
import type { LeavingContext, RobotCheckedFormEvent, SignInOutcomeEvent } from './sign-in-outcome';

/**
 * The register form (spec 1 §4 Registration, §5 Register). Submit waits for the robot check,
 * which resets after every refused attempt. The server decides (decision 136) and the machine
 * takes its answer:
 * - an adult: 'Thank you for registering…' and login, where the e-mailed code is entered. An
 *   e-mail that already has an account gets exactly the same answer (its owner is told by
 *   e-mail), so the page never reveals which addresses are registered;
 * - a child (under 18): parental consent, with childUserId and userAge;
 * - refused: field errors only the server finds (a common password), a robot check it did not
 *   accept, too many attempts: the page stays and asks for a fresh check.
 */
export const registerMachine = setup({
  types: {
    context: {} as LeavingContext,
    events: {} as RobotCheckedFormEvent | SignInOutcomeEvent,
  },
  actions: {
    rememberDestination: assign(({ event }) => {
      assertEvent(event, ['VERIFICATION_SENT', 'PARENTAL_CONSENT_PENDING']);
      return { to: event.to, message: 'message' in event ? event.message : null };
    }),
    /** The page supplies these: the toast an outcome carries, the trip to `to`, the widget's reset. */
    announce: () => {},
    leave: () => {},
    resetRobotCheck: () => {},
  },
}).createMachine({
  id: 'register',
  context: { to: null, message: null },
  initial: 'waitingForRobotCheck',
  states: {
    waitingForRobotCheck: { on: { ROBOT_CHECK_DONE: { target: 'ready' } } },
    ready: { on: { SUBMIT: { target: 'submitting' }, ROBOT_CHECK_EXPIRED: { target: 'waitingForRobotCheck' } } },
    submitting: {
      on: {
        VERIFICATION_SENT: { target: 'verificationSent', actions: ['rememberDestination', 'announce', 'leave'] },
        PARENTAL_CONSENT_PENDING: { target: 'parentalConsentPending', actions: ['rememberDestination', 'leave'] },
        INVALID_FIELDS: { target: 'invalidFields', actions: 'resetRobotCheck' },
        ROBOT_CHECK_FAILED: { target: 'robotCheckFailed', actions: 'resetRobotCheck' },
        TOO_MANY_ATTEMPTS: { target: 'tooManyAttempts', actions: 'resetRobotCheck' },
      },
    },
    /** An adult (or a taken e-mail, answered alike): the toast and login. */
    verificationSent: { type: 'final' },
    /** A child: Parental consent opens. */
    parentalConsentPending: { type: 'final' },
    /** The server's field errors beside their fields (a common password). */
    invalidFields: { on: { ROBOT_CHECK_DONE: { target: 'ready' } } },
    /** 'Please complete the reCAPTCHA'. */
    robotCheckFailed: { on: { ROBOT_CHECK_DONE: { target: 'ready' } } },
    /** 'Too many attempts. Please try again later.' */
    tooManyAttempts: { on: { ROBOT_CHECK_DONE: { target: 'ready' } } },
  },
});
