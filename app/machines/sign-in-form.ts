/** The result an auth form's action hands back to its machine (login and register). */
export type AuthOutcome = 'signedIn' | 'resetPassword' | 'parentalConsent' | 'verifyEmail' | 'failed';
export type AuthResultEvent = { type: 'RESULT'; outcome: AuthOutcome };

export const outcomeIs =
  (outcome: AuthOutcome) =>
  ({ event }: { event: { type: string } }) =>
    event.type === 'RESULT' && (event as AuthResultEvent).outcome === outcome;
