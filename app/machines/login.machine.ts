import { assertEvent, assign, setup } from 'xstate';
import type { RobotCheckedFormEvent, SignInOutcomeEvent } from './sign-in-outcome';

export interface LoginContext {
  /** Where the server sends the rider (the page leaves for it). */
  to: string | null;
  /** The toast an outcome carries. */
  message: string | null;
  /** How long the server asks a throttled rider to wait. */
  retryAfterSeconds: number;
}

/**
 * The login form (spec 1 §4 Login outcomes, §5 Login; spec 3 §4 Login). Submit waits for the
 * robot check. The server decides (decision 136) and the machine takes its answer as one event
 * per outcome:
 * - signed in: the redirect chain the server resolved — back to a partner app's authorization,
 *   to the stored return path (site_redirect_to, redirectTo, referer; `d=m` kept), else the
 *   activities page #profile;
 * - a password that must be reset, a child's account waiting for parental consent, an e-mail
 *   not verified yet (a new code is sent): the page leaves for that step;
 * - wrong credentials (the form is cleared), a robot check the server refused, too many
 *   attempts (Submit waits out the server's backoff), fields the server refused (a post the
 *   page's own check did not see): the page stays and asks for a fresh check.
 * Every outcome of lib/sign-in.ts's LOGIN_OUTCOMES has its transition from `submitting`
 * (app/machines/server-answers.test.ts).
 */
export const loginMachine = setup({
  types: {
    context: {} as LoginContext,
    events: {} as RobotCheckedFormEvent | SignInOutcomeEvent,
  },
  guards: {
    toPartnerAuthorization: ({ event }) => {
      assertEvent(event, 'SIGNED_IN');
      return event.destination === 'partnerAuthorization';
    },
    toStoredPath: ({ event }) => {
      assertEvent(event, 'SIGNED_IN');
      return event.destination === 'storedPath';
    },
  },
  actions: {
    rememberDestination: assign(({ event }) => {
      assertEvent(event, ['SIGNED_IN', 'PASSWORD_RESET_REQUIRED', 'PARENTAL_CONSENT_PENDING', 'EMAIL_NOT_VERIFIED']);
      return { to: event.to, message: 'message' in event ? event.message : null };
    }),
    rememberWait: assign(({ event }) => {
      assertEvent(event, 'TOO_MANY_ATTEMPTS');
      return { retryAfterSeconds: event.retryAfterSeconds };
    }),
    /** The page supplies these: the toast an outcome carries, the trip to `to`, the form and the widget. */
    announce: () => {},
    leave: () => {},
    clearForm: () => {},
    resetRobotCheck: () => {},
  },
  delays: {
    attemptWait: ({ context }) => context.retryAfterSeconds * 1000,
  },
}).createMachine({
  id: 'login',
  context: { to: null, message: null, retryAfterSeconds: 0 },
  initial: 'waitingForRobotCheck',
  states: {
    waitingForRobotCheck: { on: { ROBOT_CHECK_DONE: { target: 'ready' } } },
    ready: { on: { SUBMIT: { target: 'submitting' }, ROBOT_CHECK_EXPIRED: { target: 'waitingForRobotCheck' } } },
    submitting: {
      on: {
        SIGNED_IN: [
          { guard: 'toPartnerAuthorization', target: 'signedIn.toPartnerAuthorization', actions: ['rememberDestination', 'leave'] },
          { guard: 'toStoredPath', target: 'signedIn.toStoredPath', actions: ['rememberDestination', 'leave'] },
          { target: 'signedIn.toProfile', actions: ['rememberDestination', 'leave'] },
        ],
        PASSWORD_RESET_REQUIRED: { target: 'passwordResetRequired', actions: ['rememberDestination', 'leave'] },
        PARENTAL_CONSENT_PENDING: { target: 'parentalConsentPending', actions: ['rememberDestination', 'leave'] },
        EMAIL_NOT_VERIFIED: { target: 'emailNotVerified', actions: ['rememberDestination', 'announce', 'leave'] },
        WRONG_CREDENTIALS: { target: 'wrongCredentials', actions: ['clearForm', 'resetRobotCheck'] },
        TOO_MANY_ATTEMPTS: { target: 'tooManyAttempts', actions: ['rememberWait', 'resetRobotCheck'] },
        ROBOT_CHECK_FAILED: { target: 'robotCheckFailed', actions: 'resetRobotCheck' },
        INVALID_FIELDS: { target: 'invalidFields', actions: 'resetRobotCheck' },
      },
    },
    /** 'Signed in': the page opens where the server's redirect chain ends (the activities page #profile when nothing is stored). */
    signedIn: {
      initial: 'toProfile',
      states: {
        toPartnerAuthorization: { type: 'final' },
        toStoredPath: { type: 'final' },
        toProfile: { type: 'final' },
      },
    },
    /** A legacy account must choose a new password: Reset password opens with its link. */
    passwordResetRequired: { type: 'final' },
    /** A child's account waits for a parent: Parental consent opens. */
    parentalConsentPending: { type: 'final' },
    /** The toast 'Please verify your e-mail…' and the code page. */
    emailNotVerified: { type: 'final' },
    /** 'Invalid email or password.'; the form is empty and the robot check asked again. */
    wrongCredentials: { on: { ROBOT_CHECK_DONE: { target: 'ready' } } },
    /** 'Too many attempts…' with Submit closed until the server's wait is over, then a fresh check. */
    tooManyAttempts: { after: { attemptWait: { target: 'waitingForRobotCheck' } } },
    /** 'Please complete the reCAPTCHA': the server did not accept the check. */
    robotCheckFailed: { on: { ROBOT_CHECK_DONE: { target: 'ready' } } },
    /** The server's field errors beside their fields ('Please enter correct email'); a fresh check opens Submit. */
    invalidFields: { on: { ROBOT_CHECK_DONE: { target: 'ready' } } },
  },
});
