/** Where the guard and the session machine send a rider whose session is gone (spec 1 §2 Guard). */
export type SessionExpiredReason = 'session_expired' | 'token_expired';

export function loginPath(redirectTo: string, reason?: SessionExpiredReason): string {
  const query = new URLSearchParams({ redirect: redirectTo });
  if (reason) query.set('reason', reason);
  return `/auth/login?${query}`;
}
