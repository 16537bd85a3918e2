import { and, eq, ne } from 'drizzle-orm';
import { db, type Transaction } from '~/db/client.server';
import { pendingSignups, users } from '~/db/schema';
import { VERIFY_MESSAGES } from '~/lib/account-messages';
import { mailDeliveryJob } from '../adapters/mail.server';
import { startQueuedJobs } from '../platform/jobs.server';
import { sendChildCannotConsentMail, sendParentalConsentMail, sendVerificationMail } from './account-mail.server';
import { hashPassword, verifyPassword } from './password.server';
import { findConsentDecoy, mailDecoyConsent, resendDecoyLink, spendDecoyLink } from './consent-decoys.server';
import { checkCode, checkLink, findLinkOwner, issueVerification } from './verification.server';
import { recordConsents } from './consents.server';

/**
 * Getting an account and signing in (spec 1 §4 Login outcomes, Registration, OTP, verify
 * pages, Parental consent). Unknown and known e-mails get the same answers and the same
 * work (a dummy argon2 check), so these calls reveal nothing about who has an account.
 */
let dummyHash: Promise<string> | undefined;
function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword('paceline-dummy-password-for-timing');
  return dummyHash;
}

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

async function findUserByEmail(email: string) {
  const [user] = await db()
    .select()
    .from(users)
    .where(eq(users.email, normalizeEmail(email)));
  return user;
}

/** What the right (or wrong) password leads to (spec 1 §4 Login outcomes, decision 016). */
export type LoginResult =
  | { outcome: 'signedIn'; userId: string }
  | { outcome: 'passwordResetRequired'; linkToken: string }
  | { outcome: 'parentalConsentPending'; childUserId: string; userAge: number | null }
  | { outcome: 'emailNotVerified'; key: string; email: string }
  | { outcome: 'wrongCredentials' };

export async function loginWithPassword(email: string, password: string): Promise<LoginResult> {
  const user = await findUserByEmail(email);
  if (!user) {
    await verifyPassword(await dummyPasswordHash(), password);
    return { outcome: 'wrongCredentials' };
  }
  if (!(await verifyPassword(user.passwordHash, password))) return { outcome: 'wrongCredentials' };
  if (user.status === 'pending' && user.isKid) {
    // A child's date of birth is never kept, so a returning child's age is not known (decision 177).
    return { outcome: 'parentalConsentPending', childUserId: user.id, userAge: null };
  }
  if (user.status === 'pending') {
    const issued = await issueVerification(user.id, 'verify-email', user.email);
    await sendVerificationMail(user.email, user.firstname, issued.code, issued.linkToken, user.id);
    return { outcome: 'emailNotVerified', key: issued.key, email: user.email };
  }
  if (user.passwordResetRequired) {
    const issued = await issueVerification(user.id, 'reset-password', user.email);
    return { outcome: 'passwordResetRequired', linkToken: issued.linkToken };
  }
  return { outcome: 'signedIn', userId: user.id };
}

async function activate(userId: string) {
  await db().update(users).set({ status: 'active' }).where(eq(users.id, userId));
}

/** /auth/verification: the key of the pending verification (kept server-side) plus the typed code. */
export async function verifyEmailByCode(key: string, code: string): Promise<{ ok: boolean; message: string }> {
  const check = await checkCode(key, code, 'verify-email');
  if (!check.ok) return { ok: false, message: VERIFY_MESSAGES.invalidCode };
  await activate(check.userId);
  return { ok: true, message: VERIFY_MESSAGES.verified };
}

export type LinkPurpose = 'verify-user' | 'verify-kid';

/**
 * /verify-user and /verify-kid: the e-mailed link activates the rider's or the child's account.
 * A consent decoy's link (decision 173) answers as a real one does and activates nothing.
 */
export async function verifyAccountLink(purpose: LinkPurpose, linkToken: string): Promise<{ ok: boolean; message: string }> {
  const check = await db().transaction(async (tx) => {
    const check = await checkLink(linkToken, purpose === 'verify-kid' ? 'parent-consent' : 'verify-email', new Date(), tx);
    if (!check.ok) return check;
    await tx.update(users).set({ status: 'active' }).where(eq(users.id, check.userId));
    // The parent's approval is their acceptance of the terms for the child (decision 176).
    if (purpose === 'verify-kid') await recordConsents(tx, check.userId, [{ subject: 'parental-consent', granted: true }], { source: 'parent-link' });
    return check;
  });
  if (!check.ok && check.reason === 'invalid' && purpose === 'verify-kid' && (await spendDecoyLink(linkToken)) === 'approved') {
    return { ok: true, message: VERIFY_MESSAGES.kidVerified };
  }
  if (!check.ok) return { ok: false, message: VERIFY_MESSAGES.invalidLink };
  return { ok: true, message: purpose === 'verify-kid' ? VERIFY_MESSAGES.kidVerified : VERIFY_MESSAGES.verified };
}

/** "Resend" on a failed verify page: a fresh link to the same address, replacing the old one. */
export async function resendAccountLink(purpose: LinkPurpose, linkToken: string): Promise<{ ok: boolean; message: string }> {
  const owner = await findLinkOwner(linkToken, purpose === 'verify-kid' ? 'parent-consent' : 'verify-email');
  const [user] = owner ? await db().select().from(users).where(eq(users.id, owner.userId)) : [];
  if (!owner && purpose === 'verify-kid' && (await resendDecoyLink(linkToken))) return { ok: true, message: VERIFY_MESSAGES.resent };
  if (!owner || !user || user.status === 'active') return { ok: false, message: VERIFY_MESSAGES.invalidLink };
  if (purpose === 'verify-kid') {
    const issued = await issueVerification(user.id, 'parent-consent', owner.sentTo);
    await sendParentalConsentMail(owner.sentTo, user.firstname, issued.linkToken, user.id);
  } else {
    const issued = await issueVerification(user.id, 'verify-email', user.email);
    await sendVerificationMail(user.email, user.firstname, issued.code, issued.linkToken, user.id);
  }
  return { ok: true, message: VERIFY_MESSAGES.resent };
}

/** A child account's address cannot consent (decision 121): it gets a notice instead of `consentMail`. */
async function mailParent(email: string, tx: Transaction, consentMail: () => Promise<void>): Promise<true> {
  const [holder] = await tx.select({ isKid: users.isKid }).from(users).where(eq(users.email, email));
  if (holder?.isKid) await sendChildCannotConsentMail(email, tx);
  else await consentMail();
  return true;
}

/**
 * The parental-consent page's work, a job started after its answer (decisions 121, 134): the page
 * answers "sent" for every address but the one the child typed as their own, so nothing here may
 * change the answer.
 * - A childUserId with no pending child: the answer register gives for a taken e-mail has a
 *   consent decoy, and its parent gets the same mail as any other (decision 173); any other id,
 *   nothing. A child whose registration's own job has not run yet: an error, so the queue
 *   retries later.
 * - The child's own address: nothing (the page refused it already when typed).
 * - An address of a child account: a notice that a child cannot give consent, and no link.
 * - Any other address, with an adult account or none: the approval link. Whoever reads that
 *   mailbox is the parent the child named; an adult who rides Paceline may consent too.
 * One transaction: the address kept, the link issued and its mail written together, or not at all.
 */
export async function sendParentalConsent(childUserId: string, parentEmail: string): Promise<void> {
  const email = normalizeEmail(parentEmail);
  const queuedMail = await db().transaction(async (tx) => {
    const [child] = await tx
      .select()
      .from(users)
      .where(and(eq(users.id, childUserId), eq(users.isKid, true), eq(users.status, 'pending')));
    if (child) {
      if (email === child.email) return false;
      return mailParent(email, tx, async () => {
        await tx
          .update(users)
          .set({ parentEmail: email })
          .where(and(eq(users.id, child.id), ne(users.status, 'active')));
        const issued = await issueVerification(child.id, 'parent-consent', email, new Date(), undefined, tx);
        await sendParentalConsentMail(email, child.firstname, issued.linkToken, child.id, tx);
      });
    }
    const decoy = await findConsentDecoy(childUserId, tx);
    if (decoy) return mailParent(email, tx, () => mailDecoyConsent(decoy, email, tx));
    const [registering] = await tx.select({ id: pendingSignups.id }).from(pendingSignups).where(eq(pendingSignups.id, childUserId));
    if (registering) throw new Error('The child account is still being created: the consent is sent once it exists');
    return false;
  });
  if (queuedMail) await startQueuedJobs(mailDeliveryJob);
}
