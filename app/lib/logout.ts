/**
 * Logging out (spec 1 §4, decision 180), as the browser and the server both name it. Every Log
 * Out button posts the page it sits on as `from`; the server ends the session and answers where
 * the rider goes next: that page again, signed out. A page that needs a rider then sends them to
 * login with its path and reason session_expired (its guard, spec 1 §2), a public page stays.
 */
export const LOGOUT_FROM_FIELD = 'from';

/** The server's answer to a logout asked for as data (`POST /auth/session`). */
export interface LogoutAnswer {
  to: string;
}

/** Where the no-JavaScript form and the confirmation page post; the page's script asks `/auth/session` instead. */
export const LOGOUT_ACTION = '/auth/logout';
export const SESSION_PATH = '/auth/session';
