import type { SessionEndReason } from './login-path';

/** Any limited request asked too often: sign-in, codes, e-mailed links, deletion and copy requests. */
export const TOO_MANY_ATTEMPTS_MESSAGE = 'Too many attempts. Please try again later.';

/** An e-mailed link that is unknown, spent or past its end: verify, delete the account, a copy of my data. */
export const INVALID_LINK_MESSAGE = 'This link is invalid or has expired.';

/** Messages of the verification pages, shared by the server and the forms that validate in the browser. */
export const VERIFY_MESSAGES = {
  verified: 'Your account has been verified.',
  kidVerified: "Your child's account has been approved and is ready to ride.",
  invalidCode: 'The code is invalid or has expired.',
  invalidLink: INVALID_LINK_MESSAGE,
  resent: 'A new link has been sent. Please check your e-mail.',
} as const;

/**
 * The toast of each way a session ends (spec 1 §2: 'Your session has expired. Please log in
 * again.' for session_expired and token_expired; the revoked wording is ours, decision 135).
 * The session machine shows it before leaving for login, and the login page shows it for a
 * guard's redirect.
 */
const SESSION_EXPIRED = 'Your session has expired. Please log in again.';
export const SESSION_END_MESSAGES: Record<SessionEndReason, string> = {
  session_expired: SESSION_EXPIRED,
  token_expired: SESSION_EXPIRED,
  session_revoked: 'You were signed out because your session was ended elsewhere. Please log in again.',
};

/** The session check got no answer: the rider stays signed in and the check is tried again (decision 135). */
export const SESSION_OFFLINE_MESSAGE = 'No response from Paceline: you are still signed in, and we will check your session again shortly.';

export function isSessionEndReason(value: string | null): value is SessionEndReason {
  return value !== null && value in SESSION_END_MESSAGES;
}

/** Forgotten and changed passwords (recovery.server.ts). */
export const RECOVERY_MESSAGES = {
  resetSent: 'If an account exists for this e-mail, we have sent a link to reset the password.',
  resetFailed: 'Invalid email address provided.',
  resetDone: 'Your password has been reset. Please log in.',
  invalidResetLink: 'This reset link is invalid or has expired.',
  passwordChanged: 'Your password has been changed. Please log in again.',
} as const;

/** The parental-consent page's answers (spec 1 §2; notParent is ours, decision 121). */
export const CONSENT_MESSAGES = {
  sendFailed: 'There was an error sending the email. Please try again.',
  resendFailed: 'There was an error resending the email. Please try again.',
  notParent: "Please enter your parent's or guardian's own e-mail address.",
} as const;

/** The sign-in forms' own messages (login and register; decision 136 for those the spec leaves open). */
export const SIGN_IN_MESSAGES = {
  wrongCredentials: 'Invalid email or password.',
  tooManyAttempts: TOO_MANY_ATTEMPTS_MESSAGE,
  verifyEmail: 'Please verify your e-mail: we have sent you a new code.',
  registered: 'Thank you for registering. We have sent a verification code to your e-mail.',
} as const;
