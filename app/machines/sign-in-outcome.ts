import type { SignInDestination, SignInOutcome } from '~/lib/sign-in';

/**
 * The server's answer to a sign-in form as the event its machine takes (decision 136): one
 * event type per outcome, so the chart reads `submitting —PARENTAL_CONSENT_PENDING→`.
 */
export type SignInOutcomeEvent =
  | { type: 'SIGNED_IN'; destination: SignInDestination; to: string }
  | { type: 'PASSWORD_RESET_REQUIRED'; to: string }
  | { type: 'PARENTAL_CONSENT_PENDING'; to: string }
  | { type: 'EMAIL_NOT_VERIFIED'; to: string; message: string }
  | { type: 'VERIFICATION_SENT'; to: string; message: string }
  | { type: 'WRONG_CREDENTIALS' }
  | { type: 'TOO_MANY_ATTEMPTS'; retryAfterSeconds: number }
  | { type: 'ROBOT_CHECK_FAILED' }
  | { type: 'INVALID_FIELDS' };

/** What the rider does on a robot-checked form before the server answers. */
export type RobotCheckedFormEvent = { type: 'ROBOT_CHECK_DONE' } | { type: 'ROBOT_CHECK_EXPIRED' } | { type: 'SUBMIT' };

export function outcomeEvent(outcome: SignInOutcome): SignInOutcomeEvent {
  switch (outcome.kind) {
    case 'signedIn':
      return { type: 'SIGNED_IN', destination: outcome.destination, to: outcome.to };
    case 'passwordResetRequired':
      return { type: 'PASSWORD_RESET_REQUIRED', to: outcome.to };
    case 'parentalConsentPending':
      return { type: 'PARENTAL_CONSENT_PENDING', to: outcome.to };
    case 'emailNotVerified':
      return { type: 'EMAIL_NOT_VERIFIED', to: outcome.to, message: outcome.message };
    case 'verificationSent':
      return { type: 'VERIFICATION_SENT', to: outcome.to, message: outcome.message };
    case 'wrongCredentials':
      return { type: 'WRONG_CREDENTIALS' };
    case 'tooManyAttempts':
      return { type: 'TOO_MANY_ATTEMPTS', retryAfterSeconds: outcome.retryAfterSeconds };
    case 'robotCheckFailed':
      return { type: 'ROBOT_CHECK_FAILED' };
    case 'invalidFields':
      return { type: 'INVALID_FIELDS' };
  }
}

/** Where an outcome that leaves the page goes, kept in context for the `leave` action. */
export interface LeavingContext {
  to: string | null;
  message: string | null;
}
