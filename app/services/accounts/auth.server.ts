import { redirect } from '@remix-run/node';
import { decodeJwt } from 'jose';
import { getEnv } from '../platform/env.server';
import { identityOf, type Identity } from './identity.server';
import { verifyPassword } from './password.server';
import { clearFlow, FLOW_COOKIES } from '../platform/flow-state.server';
import { isLoopback, peerAddress } from '../platform/peer.server';
import { checkSession, clearSessionCookies, findUserById, readSessionCookies, revokeSession, type SessionCheck, type UserRow } from './session.server';

import { loginPath, type SessionExpiredReason } from '~/lib/login-path';

/**
 * The guard of every protected loader and action (spec 1 §2 "Guard", DESIGN.md §3),
 * and the shell's view of who is signed in.
 */
export interface ShellUser extends Identity {
  isStaff: boolean;
  avatarPath: string | null;
}

function originalPath(request: Request): string {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}`;
}

function toShellUser(user: UserRow): ShellUser {
  return {
    ...identityOf(user),
    isStaff: user.role === 'staff',
    avatarPath: user.avatarPath,
  };
}

interface SessionLookup {
  check: SessionCheck;
  user: UserRow | undefined;
}

/**
 * One session check and user read per request: Remix hands every loader of a request the
 * same load context object (a fresh `{}` per request), so the root loader and the route's
 * guard share one lookup when both pass it. Only GET/HEAD lookups are shared: an action may
 * sign in or out, and the loaders that revalidate after it must read the session afresh.
 */
const lookups = new WeakMap<object, Promise<SessionLookup>>();

function lookUpSession(request: Request, context?: object): Promise<SessionLookup> {
  const scope = context && (request.method === 'GET' || request.method === 'HEAD') ? context : undefined;
  const known = scope ? lookups.get(scope) : undefined;
  if (known) return known;
  // The session row and the account come back from one query (verifySessionToken).
  const lookup = checkSession(request).then((check) => ({ check, user: check.status === 'valid' ? check.user : undefined }));
  if (scope) lookups.set(scope, lookup);
  return lookup;
}

/** The signed-in rider, or null; never redirects. */
export async function getOptionalUser(request: Request, context?: object): Promise<ShellUser | null> {
  const { user } = await lookUpSession(request, context);
  return user && user.status === 'active' ? toShellUser(user) : null;
}

/**
 * The signed-in rider, or a redirect to login: missing cookies → reason session_expired;
 * an expired or revoked token → both cookies cleared, reason token_expired.
 */
export async function requireUser(request: Request, context?: object): Promise<ShellUser> {
  return toShellUser(await requireUserRow(request, context));
}

/** The guard, returning the whole account row for pages that show more than the shell needs;
 * pass the loader's `context` to share the root loader's lookup. */
export async function requireUserRow(request: Request, context?: object): Promise<UserRow> {
  const { check, user } = await lookUpSession(request, context);
  if (check.status === 'missing') {
    throw redirect(loginPath(originalPath(request), 'session_expired'));
  }
  if (!user || user.status !== 'active') {
    const headers = new Headers();
    for (const cookie of clearSessionCookies()) headers.append('Set-Cookie', cookie);
    throw redirect(loginPath(originalPath(request), 'token_expired'), { headers });
  }
  return user;
}

/** What the session machine is told (`GET /auth/session`, decision 135). */
export type SessionStanding = { status: 'valid' } | { status: 'expired'; reason: SessionExpiredReason } | { status: 'revoked' };

/**
 * Whether this browser is still signed in, and if not why: no cookies (session_expired), a
 * token past its end (token_expired), or a session ended elsewhere while its token still runs
 * (revoked: a logout on another device, a password change, staff, a closed account). The
 * token's end is read without its signature: it only picks the wording, never a permission.
 */
export async function sessionStanding(request: Request, context?: object): Promise<SessionStanding> {
  const { check, user } = await lookUpSession(request, context);
  if (check.status === 'missing') return { status: 'expired', reason: 'session_expired' };
  if (user && user.status === 'active') return { status: 'valid' };
  if (check.status === 'valid') return { status: 'revoked' };
  return tokenPastItsEnd(readSessionCookies(request).token) ? { status: 'expired', reason: 'token_expired' } : { status: 'revoked' };
}

function tokenPastItsEnd(token: string | undefined): boolean {
  try {
    const { exp } = decodeJwt(token ?? '');
    return typeof exp !== 'number' || exp * 1000 <= Date.now();
  } catch {
    return true;
  }
}

/** Staff-only pages: anyone else gets a 403 from the server, not just a hidden link. */
export async function requireStaff(request: Request, context?: object): Promise<ShellUser> {
  const user = await requireUser(request, context);
  if (!user.isStaff) throw new Response('Staff only', { status: 403 });
  return user;
}

/**
 * The developer tools (/dev/outbox, /flows) in any mode: staff accounts, or, when
 * OUTBOX_LOOPBACK=true, a request whose TCP peer is this machine and that no proxy forwarded.
 * Anyone else is sent to login (a visitor) or refused (a rider); never shown to a visitor.
 */
export async function requireDeveloperTools(request: Request): Promise<void> {
  if (getEnv().OUTBOX_LOOPBACK && isLoopback(peerAddress(request)) && !request.headers.has('X-Forwarded-For')) return;
  await requireStaff(request);
}

/**
 * How an adult-only area (wallet, shop; spec 1 §6, spec 2 §6) turns a child away: pages send
 * the child elsewhere, calls answer 403 so a hand-made request changes nothing.
 */
export type ChildRefusal = { redirectTo: string } | { status: 403; body: string | Record<string, unknown> };

function refuseChild(refusal: ChildRefusal): Response {
  if ('redirectTo' in refusal) return redirect(refusal.redirectTo);
  return typeof refusal.body === 'string' ? new Response(refusal.body, { status: 403 }) : Response.json(refusal.body, { status: 403 });
}

/**
 * The one guard of adult-only areas: the signed-in account row, or the refusal for a child
 * (enforced here, not in the UI). Pass the loader's `context` to share the root's lookup.
 */
export async function requireAdultRiderRow(request: Request, refusal: ChildRefusal, context?: object): Promise<UserRow> {
  const user = await requireUserRow(request, context);
  if (user.isKid) throw refuseChild(refusal);
  return user;
}

/** The same guard, returning the shell's view of the rider. */
export async function requireAdultRider(request: Request, refusal: ChildRefusal, context?: object): Promise<ShellUser> {
  return toShellUser(await requireAdultRiderRow(request, refusal, context));
}

/** Step-up for sensitive changes: the signed-in rider proves they know the current password. */
export async function isCurrentPassword(userId: string, password: string): Promise<boolean> {
  const user = await findUserById(userId);
  return user ? verifyPassword(user.passwordHash, password) : false;
}

/** Ends this browser's session: the row, both cookies and every flow value kept for the rider. */
export async function logout(request: Request): Promise<Headers> {
  const check = await checkSession(request);
  if (check.status === 'valid') await revokeSession(check.sessionId, check.userId);
  const headers = new Headers();
  for (const cookie of clearSessionCookies()) headers.append('Set-Cookie', cookie);
  for (const name of FLOW_COOKIES) headers.append('Set-Cookie', await clearFlow(name));
  return headers;
}
