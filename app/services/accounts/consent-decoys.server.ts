import { eq, lt } from 'drizzle-orm';
import { db, type Database, type Transaction } from '~/db/client.server';
import { consentDecoys } from '~/db/schema';
import { VERIFICATION_CODE_TTL_MS } from '~/lib/constants';
import { sendParentalConsentMail } from './account-mail.server';
import { linkTokenHash, newLinkToken } from './verification.server';

/**
 * A child's registration with an address that already has an account is answered like any
 * other, and the address's owner is told (decision 015). The parent the child then names gets
 * the same consent mail a new account's parent gets — the same words, the child's first name, a
 * link of the same kind — so the mail does not tell a registered address from a free one (issue
 * 35 item 6, decision 173). Its link approves nothing: there is no account to approve. Opened,
 * it answers as an approving link does (approved once, then spent; past ten minutes expired,
 * with "Resend" sending the mail again), since an answer that differed would tell the same.
 */
export type ConsentDecoy = typeof consentDecoys.$inferSelect;

/** Kept by the registration's job when the child's address was taken. */
export async function keepConsentDecoy(tx: Transaction, id: string, childName: string): Promise<void> {
  await tx.insert(consentDecoys).values({ id, childName }).onConflictDoNothing();
}

export async function findConsentDecoy(id: string, tx: Database | Transaction = db()): Promise<ConsentDecoy | undefined> {
  const [decoy] = await tx.select().from(consentDecoys).where(eq(consentDecoys.id, id));
  return decoy;
}

/** The consent mail for a decoy: a fresh link, replacing any earlier one, as a real resend does. */
export async function mailDecoyConsent(decoy: ConsentDecoy, parentEmail: string, tx?: Transaction): Promise<void> {
  const linkToken = newLinkToken();
  await (tx ?? db())
    .update(consentDecoys)
    .set({ sentTo: parentEmail.toLowerCase(), linkHash: linkTokenHash(linkToken), expiresAt: new Date(Date.now() + VERIFICATION_CODE_TTL_MS) })
    .where(eq(consentDecoys.id, decoy.id));
  await sendParentalConsentMail(parentEmail, decoy.childName, linkToken, undefined, tx);
}

async function findByLink(linkToken: string): Promise<ConsentDecoy | undefined> {
  const [decoy] = await db()
    .select()
    .from(consentDecoys)
    .where(eq(consentDecoys.linkHash, linkTokenHash(linkToken)));
  return decoy;
}

/** A decoy's link opened: 'approved' once (the row goes, as a spent link's does), 'expired' past its time, null when no decoy has it. */
export async function spendDecoyLink(linkToken: string, now = new Date()): Promise<'approved' | 'expired' | null> {
  const decoy = await findByLink(linkToken);
  if (!decoy?.expiresAt) return null;
  if (decoy.expiresAt <= now) return 'expired';
  const spent = await db().delete(consentDecoys).where(eq(consentDecoys.id, decoy.id)).returning({ id: consentDecoys.id });
  return spent.length > 0 ? 'approved' : null;
}

/** "Resend" on a decoy's link: the mail again with a new link; false when no decoy has it. */
export async function resendDecoyLink(linkToken: string): Promise<boolean> {
  const decoy = await findByLink(linkToken);
  if (!decoy?.sentTo) return false;
  await mailDecoyConsent(decoy, decoy.sentTo);
  return true;
}

const DAY_MS = 86_400_000;

/** Retention: a decoy goes a day after its registration, with the name and address it kept. */
export async function pruneConsentDecoys(now = new Date()): Promise<number> {
  const removed = await db()
    .delete(consentDecoys)
    .where(lt(consentDecoys.createdAt, new Date(now.getTime() - DAY_MS)))
    .returning({ id: consentDecoys.id });
  return removed.length;
}
