import { redirect } from '@remix-run/node';
import { clearFlow, FLOW_COOKIES } from './flow-state.server';
import { checkSession, clearSessionCookies, findUserById, revokeSession } from './session.server';

/**
 * The guard of every protected loader and action (spec 1 §2 "Guard", DESIGN.md §3),
 * and the shell's view of who is signed in.
 */
export interface ShellUser {
  id: string;
  firstname: string;
  lastname: string;
  email: string;
  gender: number;
  isKid: boolean;
  isNormalUser: boolean;
  isStaff: boolean;
  avatarPath: string | null;
}

import { loginPath } from '~/lib/login-path';

export { loginPath, type SessionExpiredReason } from '~/lib/login-path';

function originalPath(request: Request): string {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}`;
}

function toShellUser(user: NonNullable<Awaited<ReturnType<typeof findUserById>>>): ShellUser {
  return {
    id: user.id,
    firstname: user.firstname,
    lastname: user.lastname,
    email: user.email,
    gender: user.gender,
    isKid: user.isKid,
    isNormalUser: user.isNormalUser,
    isStaff: user.role === 'staff',
    avatarPath: user.avatarPath,
  };
}

/** The signed-in rider, or null; never redirects. */
export async function getOptionalUser(request: Request): Promise<ShellUser | null> {
  const check = await checkSession(request);
  if (check.status !== 'valid') return null;
  const user = await findUserById(check.userId);
  return user && user.status === 'active' ? toShellUser(user) : null;
}

/**
 * The signed-in rider, or a redirect to login: missing cookies → reason session_expired;
 * an expired or revoked token → both cookies cleared, reason token_expired.
 */
export async function requireUser(request: Request): Promise<ShellUser> {
  const check = await checkSession(request);
  if (check.status === 'missing') {
    throw redirect(loginPath(originalPath(request), 'session_expired'));
  }
  const user = check.status === 'valid' ? await findUserById(check.userId) : undefined;
  if (!user || user.status !== 'active') {
    const headers = new Headers();
    for (const cookie of clearSessionCookies()) headers.append('Set-Cookie', cookie);
    throw redirect(loginPath(originalPath(request), 'token_expired'), { headers });
  }
  return toShellUser(user);
}

/** Staff-only pages: anyone else gets a 403 from the server, not just a hidden link. */
export async function requireStaff(request: Request): Promise<ShellUser> {
  const user = await requireUser(request);
  if (!user.isStaff) throw new Response('Staff only', { status: 403 });
  return user;
}

/** Child accounts never reach adult-only areas (wallet, shop): enforced here, not in the UI. */
export async function requireAdultRider(request: Request, fallback = '/user/activities#profile'): Promise<ShellUser> {
  const user = await requireUser(request);
  if (user.isKid) throw redirect(fallback);
  return user;
}

/** Ends this browser's session: the row, both cookies and every flow value kept for the rider. */
export async function logout(request: Request): Promise<Headers> {
  const check = await checkSession(request);
  if (check.status === 'valid') await revokeSession(check.sessionId);
  const headers = new Headers();
  for (const cookie of clearSessionCookies()) headers.append('Set-Cookie', cookie);
  for (const name of FLOW_COOKIES) headers.append('Set-Cookie', await clearFlow(name));
  return headers;
}
