import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { db, type Transaction } from '~/db/client.server';
import { rateLimits } from '~/db/schema';
import { getEnv } from './env.server';
import { isTrustedProxy, peerAddress } from './peer.server';

/**
 * Database-backed fixed-window rate limits (decision 014). Every guarded action counts one
 * hit per account and one per client address; both must be under their limit. If the
 * database cannot count, the answer is "limited": a limiter that fails open protects nothing.
 */
export type RateLimitedAction = 'contact' | 'register' | 'forgot-password' | 'code-send' | 'code-check';

interface Limit {
  hits: number;
  windowMs: number;
}

const MINUTE_MS = 60_000;

export const RATE_LIMITS: Record<RateLimitedAction, { account: Limit; address: Limit }> = {
  contact: { account: { hits: 3, windowMs: 60 * MINUTE_MS }, address: { hits: 10, windowMs: 60 * MINUTE_MS } },
  register: { account: { hits: 5, windowMs: 60 * MINUTE_MS }, address: { hits: 20, windowMs: 60 * MINUTE_MS } },
  'forgot-password': { account: { hits: 5, windowMs: 60 * MINUTE_MS }, address: { hits: 20, windowMs: 60 * MINUTE_MS } },
  'code-send': { account: { hits: 5, windowMs: 60 * MINUTE_MS }, address: { hits: 30, windowMs: 60 * MINUTE_MS } },
  'code-check': { account: { hits: 10, windowMs: 15 * MINUTE_MS }, address: { hits: 60, windowMs: 15 * MINUTE_MS } },
};

/**
 * The client's address (ASVS V6.3, decision 060): the peer, unless the peer is a proxy named
 * in TRUSTED_PROXIES; then the right-most X-Forwarded-For hop that is not itself a trusted
 * proxy. A header from anyone else is ignored, so a new header value buys no new bucket.
 */
export function clientAddress(request: Request): string {
  const peer = peerAddress(request);
  if (!isTrustedProxy(peer)) return peer;
  const trusted = getEnv().TRUSTED_PROXIES;
  const hops = (request.headers.get('X-Forwarded-For') ?? '')
    .split(',')
    .map((hop) => hop.trim())
    .filter(Boolean);
  for (let index = hops.length - 1; index >= 0; index -= 1) {
    if (!trusted.includes(hops[index])) return hops[index];
  }
  return hops[0] ?? peer;
}

async function hit(key: string, limit: Limit, now: Date): Promise<number> {
  const windowStartFloor = new Date(now.getTime() - limit.windowMs);
  const [row] = await db()
    .insert(rateLimits)
    .values({ key, windowStart: now, hits: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        hits: sql`case when ${rateLimits.windowStart} <= ${windowStartFloor.toISOString()}::timestamptz then 1 else ${rateLimits.hits} + 1 end`,
        windowStart: sql`case when ${rateLimits.windowStart} <= ${windowStartFloor.toISOString()}::timestamptz then ${now.toISOString()}::timestamptz else ${rateLimits.windowStart} end`,
      },
    })
    .returning({ hits: rateLimits.hits });
  return row.hits;
}

/**
 * Counts one attempt of `action` for this account (an e-mail or user id) and address.
 * Returns true when the attempt may go ahead.
 */
export async function consumeRateLimit(
  action: RateLimitedAction,
  { account, address }: { account: string; address: string },
  now = new Date(),
): Promise<boolean> {
  const limits = RATE_LIMITS[action];
  try {
    const accountHits = await hit(`${action}:account:${account.toLowerCase()}`, limits.account, now);
    const addressHits = await hit(`${action}:address:${address}`, limits.address, now);
    return accountHits <= limits.account.hits && addressHits <= limits.address.hits;
  } catch {
    return false;
  }
}

/**
 * Sign-in throttling (ASVS V6.3, decision 060): failed attempts are counted per
 * account-and-address and per address, never per account alone, so a stranger's guesses do
 * not lock the owner out. Past a free allowance each further failure doubles a wait (backoff)
 * instead of a hard lock; a successful sign-in clears its account-and-address count.
 * Distributed guessing at one account is slowed by the robot check every attempt needs.
 */
interface Backoff {
  freeFailures: number;
  windowMs: number;
  firstWaitMs: number;
  longestWaitMs: number;
}

export const LOGIN_THROTTLE: Record<'pair' | 'address', Backoff> = {
  pair: { freeFailures: 5, windowMs: 15 * MINUTE_MS, firstWaitMs: 1_000, longestWaitMs: 15 * MINUTE_MS },
  address: { freeFailures: 50, windowMs: 15 * MINUTE_MS, firstWaitMs: 1_000, longestWaitMs: 15 * MINUTE_MS },
};

interface LoginAttempt {
  account: string;
  address: string;
}

function loginKeys({ account, address }: LoginAttempt) {
  return { pair: `login:pair:${account.toLowerCase()}|${address}`, address: `login:address:${address}` };
}

/**
 * How long this account-and-address must wait before the next sign-in (0: it may try now);
 * the longest wait of its keys, rounded up to whole seconds for the form's countdown. If the
 * database cannot answer, the longest wait: a limiter that fails open protects nothing.
 */
export async function loginWaitSeconds(attempt: LoginAttempt, now = new Date()): Promise<number> {
  try {
    const keys = loginKeys(attempt);
    const rows = await db()
      .select({ blockedUntil: rateLimits.blockedUntil })
      .from(rateLimits)
      .where(inArray(rateLimits.key, [keys.pair, keys.address]));
    const waitMs = Math.max(0, ...rows.map((row) => (row.blockedUntil ? row.blockedUntil.getTime() - now.getTime() : 0)));
    return Math.ceil(waitMs / 1000);
  } catch {
    return Math.ceil(LOGIN_THROTTLE.pair.longestWaitMs / 1000);
  }
}

/** Whether a sign-in may be tried now: no key of this account-and-address is waiting out a backoff. */
export async function loginAllowed(attempt: LoginAttempt, now = new Date()): Promise<boolean> {
  return (await loginWaitSeconds(attempt, now)) === 0;
}

async function countFailure(key: string, backoff: Backoff, now: Date): Promise<void> {
  const hits = await hit(key, { hits: backoff.freeFailures, windowMs: backoff.windowMs }, now);
  const over = hits - backoff.freeFailures;
  if (over <= 0) return;
  const waitMs = Math.min(backoff.firstWaitMs * 2 ** Math.min(over - 1, 30), backoff.longestWaitMs);
  await db()
    .update(rateLimits)
    .set({ blockedUntil: new Date(now.getTime() + waitMs) })
    .where(eq(rateLimits.key, key));
}

/**
 * Counts a failed sign-in. `pairOnly` counts it for the account-and-address alone: the test
 * routes arrange one account's backoff without spending the whole address's allowance, which
 * every other sign-in of the test browser shares.
 */
export async function recordLoginFailure(attempt: LoginAttempt, now = new Date(), { pairOnly = false } = {}): Promise<void> {
  const keys = loginKeys(attempt);
  await countFailure(keys.pair, LOGIN_THROTTLE.pair, now);
  if (!pairOnly) await countFailure(keys.address, LOGIN_THROTTLE.address, now);
}

/** The right password from this address: its account-and-address count starts again. */
export async function recordLoginSuccess(attempt: LoginAttempt): Promise<void> {
  await db()
    .delete(rateLimits)
    .where(eq(rateLimits.key, loginKeys(attempt).pair));
}

/**
 * Retention (docs/accounts.md): keys carry e-mails, account ids and client addresses, so a row is
 * kept only while it can still refuse something: past the longest window of any limit and past
 * its backoff it counts nothing and is removed. Returns how many rows went.
 */
export async function pruneRateLimits(now = new Date()): Promise<number> {
  const windows = [
    ...Object.values(RATE_LIMITS).flatMap((limit) => [limit.account.windowMs, limit.address.windowMs]),
    ...Object.values(LOGIN_THROTTLE).map((backoff) => backoff.windowMs),
  ];
  const before = new Date(now.getTime() - Math.max(...windows));
  const removed = await db()
    .delete(rateLimits)
    .where(and(lt(rateLimits.windowStart, before), or(isNull(rateLimits.blockedUntil), lt(rateLimits.blockedUntil, now))))
    .returning({ key: rateLimits.key });
  return removed.length;
}

/** Counters whose key names one of the identifiers (an account's id or e-mail). */
function naming(identifiers: string[]) {
  const named = identifiers.filter(Boolean).map((identifier) => sql`strpos(${rateLimits.key}, ${identifier.toLowerCase()}) > 0`);
  return named.length > 0 ? or(...named) : sql`false`;
}

/** Account deletion: every counter whose key names the account (its id or e-mail) goes at once. */
export async function forgetRateLimitsOf(tx: Transaction, identifiers: string[]): Promise<void> {
  await tx.delete(rateLimits).where(naming(identifiers));
}

export interface CountedAttempts {
  /** What was counted: `login` (failed sign-ins), `code-send`, `code-check`, `register`, `forgot-password`, `contact`. */
  action: string;
  /** Counted for the account alone, or for the account from one client address (failed sign-ins). */
  countedFor: 'account' | 'account and address';
  windowStart: Date;
  attempts: number;
  blockedUntil: Date | null;
}

/**
 * A rider's copy of their data: the counters that name the account, without the client address a
 * sign-in counter is also kept for (it may be someone else's, trying the rider's account).
 */
export async function attemptsCountedFor(identifiers: string[]): Promise<CountedAttempts[]> {
  const rows = await db().select().from(rateLimits).where(naming(identifiers)).orderBy(rateLimits.windowStart, rateLimits.key);
  return rows.map((row) => ({
    action: row.key.split(':')[0],
    countedFor: row.key.split(':')[1] === 'pair' ? 'account and address' : 'account',
    windowStart: row.windowStart,
    attempts: row.hits,
    blockedUntil: row.blockedUntil,
  }));
}
