import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { db, type Database, type Transaction } from '~/db/client.server';
import { verifications } from '~/db/schema';
import type { VerificationPurpose } from '~/lib/domain/accounts';
import { VERIFICATION_CODE_TTL_MS, VERIFICATION_MAX_FAILED_ATTEMPTS } from '~/lib/constants';
import { getEnv } from '../platform/env.server';

/**
 * One-time codes (e-mail verification, parental consent, password reset, account deletion).
 * Each has a 6-digit code to type and a 256-bit token for the e-mailed link; both are stored
 * only as keyed hashes, expire after 10 minutes, are spent on first use, and a resend
 * replaces the previous one. Five wrong codes spend it too.
 */
export interface IssuedVerification {
  key: string;
  code: string;
  linkToken: string;
  expiresAt: Date;
}

export type VerificationCheck = { ok: true; userId: string; sentTo: string } | { ok: false; reason: 'invalid' | 'expired' };

function digest(value: string): string {
  return createHmac('sha256', getEnv().SESSION_SECRET).update(value).digest('hex');
}

function sameHash(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

/** The id of a verification row; chosen before the row exists when the answer must not wait for it (decision 064). */
export function newVerificationKey(): string {
  return randomBytes(32).toString('base64url');
}

/** The token of an e-mailed link (256 bits), and the keyed hash that alone is stored. */
export function newLinkToken(): string {
  return randomBytes(32).toString('base64url');
}

export function linkTokenHash(linkToken: string): string {
  return digest(linkToken);
}

export async function issueVerification(
  userId: string,
  purpose: VerificationPurpose,
  sentTo: string,
  now = new Date(),
  key = newVerificationKey(),
  /** Issue inside this transaction (with the rows and mail it belongs to). */
  within?: Transaction,
): Promise<IssuedVerification> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const linkToken = newLinkToken();
  const expiresAt = new Date(now.getTime() + VERIFICATION_CODE_TTL_MS);
  const replace = async (tx: Database | Transaction) => {
    await tx.delete(verifications).where(and(eq(verifications.userId, userId), eq(verifications.purpose, purpose)));
    await tx.insert(verifications).values({
      id: key,
      userId,
      purpose,
      sentTo: sentTo.toLowerCase(),
      codeHash: digest(`${key}:${code}`),
      linkHash: linkTokenHash(linkToken),
      expiresAt,
    });
  };
  await (within ? replace(within) : db().transaction(replace));
  return { key, code, linkToken, expiresAt };
}

type Row = typeof verifications.$inferSelect;

async function spend(row: Row, now: Date, database: Database | Transaction = db()): Promise<VerificationCheck> {
  // An expired row stays until a resend replaces it, so the link's "Resend" still knows whose it was.
  if (row.expiresAt <= now) return { ok: false, reason: 'expired' };
  const deleted = await database.delete(verifications).where(eq(verifications.id, row.id)).returning({ id: verifications.id });
  // A concurrent use already spent it.
  if (deleted.length === 0) return { ok: false, reason: 'invalid' };
  return { ok: true, userId: row.userId, sentTo: row.sentTo };
}

/** Checks a typed code against the pending verification named by `key`. */
export async function checkCode(key: string, code: string, purpose: VerificationPurpose, now = new Date()): Promise<VerificationCheck> {
  const [row] = await db()
    .select()
    .from(verifications)
    .where(and(eq(verifications.id, key), eq(verifications.purpose, purpose)));
  if (!row) return { ok: false, reason: 'invalid' };
  if (row.expiresAt <= now) return spend(row, now);
  if (!sameHash(row.codeHash, digest(`${key}:${code.trim()}`))) {
    const [updated] = await db()
      .update(verifications)
      .set({ failedAttempts: sql`${verifications.failedAttempts} + 1` })
      .where(eq(verifications.id, row.id))
      .returning({ failedAttempts: verifications.failedAttempts });
    if (updated && updated.failedAttempts >= VERIFICATION_MAX_FAILED_ATTEMPTS) {
      await db().delete(verifications).where(eq(verifications.id, row.id));
    }
    return { ok: false, reason: 'invalid' };
  }
  return spend(row, now);
}

async function findByLink(linkToken: string, purpose: VerificationPurpose, database: Database | Transaction = db()): Promise<Row | undefined> {
  const [row] = await database
    .select()
    .from(verifications)
    .where(and(eq(verifications.linkHash, linkTokenHash(linkToken)), eq(verifications.purpose, purpose)));
  return row;
}

/**
 * Checks (and spends) the token of an e-mailed link. Given a transaction, the link is spent in
 * it: work that fails and rolls back leaves the link usable (an account deletion, issue 26).
 */
export async function checkLink(linkToken: string, purpose: VerificationPurpose, now = new Date(), tx?: Transaction): Promise<VerificationCheck> {
  const row = await findByLink(linkToken, purpose, tx);
  return row ? spend(row, now, tx) : { ok: false, reason: 'invalid' };
}

/** The account behind an unspent link, even an expired one, so "Resend" can issue a new code. */
export async function findLinkOwner(linkToken: string, purpose: VerificationPurpose) {
  const row = await findByLink(linkToken, purpose);
  return row ? { userId: row.userId, sentTo: row.sentTo } : null;
}
