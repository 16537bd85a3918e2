/**
 * Why a rider is sent to login without asking (spec 1 §2 Guard): the cookies are gone
 * (session_expired), the token is past its end (token_expired), or the session was ended
 * elsewhere, by a logout on another device, a password change or staff (session_revoked,
 * decision 135).
 */
export type SessionEndReason = 'session_expired' | 'token_expired' | 'session_revoked';
/** The guard's two reasons, the spec's own. */
export type SessionExpiredReason = Exclude<SessionEndReason, 'session_revoked'>;

/** Where the guard and the session machine send a rider whose session is gone, keeping the path. */
export function loginPath(redirectTo: string, reason?: SessionEndReason): string {
  const query = new URLSearchParams({ redirect: redirectTo });
  if (reason) query.set('reason', reason);
  return `/auth/login?${query}`;
}
