import { randomBytes } from 'node:crypto';
import { parse, serialize, type SerializeOptions } from 'cookie';
import { and, eq, gt } from 'drizzle-orm';
import { jwtVerify, SignJWT } from 'jose';
import { db } from '~/db/client.server';
import { sessions, users } from '~/db/schema';
import { readsOf, reuse, type ReadsOf } from '~/db/write-watch.server';
import { getEnv } from '../platform/env.server';

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

export type SessionCheck = { status: 'missing' } | { status: 'expired' } | { status: 'valid'; userId: string; sessionId: string; user: UserRow };

export type UserRow = typeof users.$inferSelect;

/** Reads and checks the two cookies against the token's signature, its exp and its row. */
export async function checkSession(request: Request): Promise<SessionCheck> {
  const { userId, token } = readSessionCookies(request);
  if (!userId || !token) return { status: 'missing' };
  const verified = await verifySessionToken(token);
  return verified && verified.userId === userId ? { status: 'valid', ...verified } : { status: 'expired' };
}

export interface VerifiedSession {
  userId: string;
  sessionId: string;
  user: UserRow;
}

/** What this process knows of a session token it has seen. */
interface KnownToken {
  /**
   * Its claims, once the signature checked: verifying an HS256 signature costs more than the
   * rest of the check (docs/performance.md), and the claims of a token string never change.
   */
  claims: { userId: string; sessionId: string; expiresAtMs: number };
  /**
   * Its session as last found live, with what that read (the rider's session rows and account
   * row: app/db/write-watch.server.ts, decision 145). Revoking one of the rider's sessions,
   * deleting or changing the account are writes to those rows, on this process or announced
   * by another: the next request reads the row again. Until then nothing the row says can
   * have changed, so a signed-in page costs no query for its session; other riders' logins and
   * saves do not touch it. The token's and the row's ends are checked against the clock on
   * every request.
   */
  live?: ReadsOf<{ rowExpiresAtMs: number; session: VerifiedSession }>;
}

const KNOWN_TOKENS_MAX = 10_000;
const knownTokens = new Map<string, KnownToken>();

async function knownToken(token: string): Promise<KnownToken | null> {
  const known = knownTokens.get(token);
  if (known) return known;
  let claims: KnownToken['claims'];
  try {
    const { payload } = await jwtVerify(token, secretKey(), { algorithms: ['HS256'], requiredClaims: ['exp'] });
    if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string' || typeof payload.exp !== 'number') return null;
    claims = { userId: payload.sub, sessionId: payload.sid, expiresAtMs: payload.exp * 1000 };
  } catch {
    return null;
  }
  if (knownTokens.size >= KNOWN_TOKENS_MAX) knownTokens.clear();
  const entry: KnownToken = { claims };
  knownTokens.set(token, entry);
  return entry;
}

/**
 * Checks a session token on its own (signature, exp, live row) and reads the account with the
 * row, in one query: the cookie pair uses it, and so do game clients that send it as
 * `Authorization: Bearer <token>`.
 */
export async function verifySessionToken(token: string): Promise<VerifiedSession | null> {
  const known = await knownToken(token);
  if (!known || known.claims.expiresAtMs <= Date.now()) return null;
  if (reuse(known.live)) return known.live.value.rowExpiresAtMs > Date.now() ? known.live.value.session : null;
  const { userId, sessionId, expiresAtMs } = known.claims;
  const {
    value: rows,
    reads,
    mark,
  } = await readsOf(() =>
    db()
      .select({ user: users, expiresAt: sessions.expiresAt })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), gt(sessions.expiresAt, new Date()))),
  );
  const [row] = rows;
  // The row is the session: its end bounds the token's. A token promising to outlive its row
  // was not issued by createSession (which signs the row's own end), so it is refused.
  if (!row || expiresAtMs > Math.ceil(row.expiresAt.getTime() / 1000) * 1000) {
    known.live = undefined;
    return null;
  }
  // Shared by every request until a write to its rows: frozen so no caller can change it for the others.
  const session = { userId, sessionId, user: Object.freeze(row.user) };
  known.live = { value: { rowExpiresAtMs: row.expiresAt.getTime(), session }, reads, mark };
  return session;
}

/** Ends one session; naming its rider keeps the write to that rider's rows (decision 145). */
export async function revokeSession(sessionId: string, userId: string): Promise<void> {
  await db()
    .delete(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)));
}

/** Ends every session of an account (password change, account deletion). */
export async function revokeAllSessions(userId: string, { except }: { except?: string } = {}): Promise<void> {
  const rows = await db().select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId));
  for (const row of rows) if (row.id !== except) await revokeSession(row.id, userId);
}

export async function findUserById(userId: string) {
  const [user] = await db().select().from(users).where(eq(users.id, userId));
  return user;
}
