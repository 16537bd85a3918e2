import { randomBytes } from 'node:crypto';
import { parse, serialize, type SerializeOptions } from 'cookie';
import { and, eq, gt } from 'drizzle-orm';
import { jwtVerify, SignJWT } from 'jose';
import { db } from '~/db/client.server';
import { sessions, users } from '~/db/schema';
import { getEnv } from './env.server';

/**
 * The session cookies of DESIGN.md §3: `paceline_uuid` (the user id) and
 * `paceline_token` (a JWT whose `exp` is the expiry and whose `sid` names a row in
 * `sessions`, so a session can be revoked). This module owns the cookies and the rows;
 * auth.server.ts owns the rules built on them.
 */
export const UUID_COOKIE = 'paceline_uuid';
export const TOKEN_COOKIE = 'paceline_token';

const LASTING_SESSION_MS = 30 * 24 * 60 * 60 * 1000;
/** A browser-session cookie still needs a server-side end: a working day. */
const BROWSER_SESSION_MS = 12 * 60 * 60 * 1000;

function secretKey() {
  return new TextEncoder().encode(getEnv().SESSION_SECRET);
}

function cookieOptions(): SerializeOptions {
  const env = getEnv();
  return {
    httpOnly: true,
    sameSite: 'lax',
    secure: env.APP_MODE === 'production',
    path: '/',
    domain: env.COOKIE_DOMAIN,
  };
}

export interface SessionCookies {
  userId?: string;
  token?: string;
}

export function readSessionCookies(request: Request): SessionCookies {
  const cookies = parse(request.headers.get('Cookie') ?? '');
  return { userId: cookies[UUID_COOKIE], token: cookies[TOKEN_COOKIE] };
}

/** Creates a session row and returns the Set-Cookie headers that carry it. */
export async function createSession(userId: string, { persistent }: { persistent: boolean }) {
  // 32 random bytes: 256 bits, well above the 128 the security rules ask for.
  const id = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + (persistent ? LASTING_SESSION_MS : BROWSER_SESSION_MS));
  await db().insert(sessions).values({ id, userId, expiresAt, persistent });
  const token = await new SignJWT({ sid: id })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(userId)
    .setIssuedAt()
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(secretKey());
  const options = { ...cookieOptions(), ...(persistent ? { expires: expiresAt } : {}) };
  return {
    sessionId: id,
    expiresAt,
    headers: [serialize(UUID_COOKIE, userId, options), serialize(TOKEN_COOKIE, token, options)],
  };
}

export function clearSessionCookies(): string[] {
  const options = { ...cookieOptions(), expires: new Date(0), maxAge: 0 };
  return [serialize(UUID_COOKIE, '', options), serialize(TOKEN_COOKIE, '', options)];
}

export type SessionCheck =
  | { status: 'missing' }
  | { status: 'expired' }
  | { status: 'valid'; userId: string; sessionId: string };

/** Reads and checks the two cookies against the token's signature, its exp and its row. */
export async function checkSession(request: Request): Promise<SessionCheck> {
  const { userId, token } = readSessionCookies(request);
  if (!userId || !token) return { status: 'missing' };
  const verified = await verifySessionToken(token);
  return verified && verified.userId === userId ? { status: 'valid', ...verified } : { status: 'expired' };
}

/**
 * Checks a session token on its own (signature, exp, live row): the cookie pair uses it,
 * and so do game clients that send it as `Authorization: Bearer <token>`.
 */
export async function verifySessionToken(token: string): Promise<{ userId: string; sessionId: string } | null> {
  let userId: string;
  let sessionId: string;
  let expiresAtS: number;
  try {
    const { payload } = await jwtVerify(token, secretKey(), { algorithms: ['HS256'], requiredClaims: ['exp'] });
    if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string' || typeof payload.exp !== 'number') return null;
    userId = payload.sub;
    sessionId = payload.sid;
    expiresAtS = payload.exp;
  } catch {
    return null;
  }
  const [row] = await db()
    .select({ expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), gt(sessions.expiresAt, new Date())));
  // The row is the session: its end bounds the token's. A token promising to outlive its row
  // was not issued by createSession (which signs the row's own end), so it is refused.
  if (!row || expiresAtS > Math.ceil(row.expiresAt.getTime() / 1000)) return null;
  return { userId, sessionId };
}

export async function revokeSession(sessionId: string): Promise<void> {
  await db().delete(sessions).where(eq(sessions.id, sessionId));
}

/** Ends every session of an account (password change, account deletion). */
export async function revokeAllSessions(userId: string, { except }: { except?: string } = {}): Promise<void> {
  const rows = await db().select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId));
  for (const row of rows) if (row.id !== except) await revokeSession(row.id);
}

export async function findUserById(userId: string) {
  const [user] = await db().select().from(users).where(eq(users.id, userId));
  return user;
}
