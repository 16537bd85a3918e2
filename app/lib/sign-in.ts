/**
 * What the sign-in forms' actions answer (login, register; decision 136): the outcome the
 * server decided, in the words the machines and screens use. The server stays the one that
 * decides; the browser only takes the answer.
 *
 * A page whose script runs posts OUTCOME_FIELD and receives the outcome as data: its machine
 * shows it and, for an outcome that leaves the page, goes where `to` says. A page without
 * JavaScript posts no such field and the server redirects (or renders the page) to the same
 * outcome.
 */
export const OUTCOME_FIELD = 'answer';
export const OUTCOME_FIELD_VALUE = 'outcome';

/** The redirect chain after sign-in (spec 1 §4), as the server resolved it. */
export type SignInDestination =
  /** A partner app waits for the rider's consent (/oauth/authorize kept as the return path). */
  | 'partnerAuthorization'
  /** Back where the rider was: site_redirect_to, redirectTo or the referer query. */
  | 'storedPath'
  /** Nothing stored: the activities page #profile. */
  | 'profile';

/** Outcomes after which the page leaves for `to` (the server's choice, `d=m` kept on it). */
export type LeavingOutcome =
  | { kind: 'signedIn'; destination: SignInDestination; to: string }
  | { kind: 'passwordResetRequired'; to: string }
  | { kind: 'parentalConsentPending'; to: string }
  | { kind: 'emailNotVerified'; to: string; message: string }
  | { kind: 'verificationSent'; to: string; message: string };

/** Outcomes after which the page stays, showing why (Conform shows the messages). */
export type RefusedOutcome =
  | { kind: 'wrongCredentials' }
  /** Login waits out `retryAfterSeconds` (its backoff); register's fixed window gives no wait (0). */
  | { kind: 'tooManyAttempts'; retryAfterSeconds: number }
  | { kind: 'robotCheckFailed' }
  /** Field errors only the server finds (a common password). */
  | { kind: 'invalidFields' };

export type SignInOutcome = LeavingOutcome | RefusedOutcome;

/**
 * Every outcome the login action answers (routes/auth.login): the action is typed against it
 * and the login machine is checked against it (app/machines/server-answers.test.ts).
 */
export const LOGIN_OUTCOMES = [
  'signedIn',
  'passwordResetRequired',
  'parentalConsentPending',
  'emailNotVerified',
  'wrongCredentials',
  'tooManyAttempts',
  'robotCheckFailed',
  'invalidFields',
] as const satisfies readonly SignInOutcome['kind'][];

/** Every outcome the register action answers (routes/auth.register), as LOGIN_OUTCOMES. */
export const REGISTER_OUTCOMES = [
  'verificationSent',
  'parentalConsentPending',
  'invalidFields',
  'robotCheckFailed',
  'tooManyAttempts',
] as const satisfies readonly SignInOutcome['kind'][];

/** The shape of a sign-in action's data answer. */
export interface SignInAnswer<Result = unknown> {
  result?: Result;
  outcome?: SignInOutcome;
}

export function leavesPage(outcome: SignInOutcome | undefined): outcome is LeavingOutcome {
  return outcome !== undefined && 'to' in outcome;
}
