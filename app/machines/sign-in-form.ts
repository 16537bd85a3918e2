/** The result an auth form's action hands back to its machine (login and register). */
export type AuthOutcome = 'signedIn' | 'resetPassword' | 'parentalConsent' | 'verifyEmail' | 'failed';
export type AuthResultEvent = { type: 'RESULT'; outcome: AuthOutcome };

export const outcomeIs =
  (outcome: AuthOutcome) =>
  ({ event }: { event: { type: string } }) =>
    event.type === 'RESULT' && (event as AuthResultEvent).outcome === outcome;

export type SignInFormEvent = { type: 'ROBOT_CHECK_DONE' } | { type: 'ROBOT_CHECK_EXPIRED' } | { type: 'SUBMIT' } | AuthResultEvent;

/**
 * The gate both forms share: Submit is possible only once the robot check is done, and an
 * expired check closes it again. Each machine adds its own `submitting` outcomes.
 */
export const robotCheckGateStates = {
  waitingForRobotCheck: {
    on: { ROBOT_CHECK_DONE: { target: 'ready' } },
  },
  ready: {
    on: { SUBMIT: { target: 'submitting' }, ROBOT_CHECK_EXPIRED: { target: 'waitingForRobotCheck' } },
  },
} as const;
