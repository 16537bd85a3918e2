import { randomUUID } from 'node:crypto';
import { and, eq, ne } from 'drizzle-orm';
import { db } from '~/db/client.server';
import { users } from '~/db/schema';
import { ageInYears, isMinorAge, type RegisterInput } from '~/lib/account-fields';
import { VERIFY_MESSAGES } from '~/lib/account-messages';
import { sendAlreadyRegisteredMail, sendChildCannotConsentMail, sendParentalConsentMail, sendVerificationMail } from './account-mail.server';
import { hashPassword, verifyPassword } from './password.server';
import { checkCode, checkLink, findLinkOwner, issueVerification, newVerificationKey } from './verification.server';

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
  const [user] = await db().select().from(users).where(eq(users.email, normalizeEmail(email)));
  return user;
}

/** What the right (or wrong) password leads to (spec 1 §4 Login outcomes, decision 016). */
export type LoginResult =
  | { outcome: 'signedIn'; userId: string }
  | { outcome: 'passwordResetRequired'; linkToken: string }
  | { outcome: 'parentalConsentPending'; childUserId: string; userAge: number }
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
    return { outcome: 'parentalConsentPending', childUserId: user.id, userAge: user.dob ? ageInYears(user.dob) : 0 };
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

/** A minor waits for a parent's consent; anyone else (a taken e-mail too, answered alike) gets a code by e-mail. */
export type RegisterResult =
  | { outcome: 'parentalConsentPending'; childUserId: string; userAge: number }
  | { outcome: 'verificationSent'; key: string; email: string };

/**
 * Creates a pending account. An e-mail that already has an account gets a notice instead,
 * and the caller receives an answer shaped exactly like a new registration's.
 */
/** A key shaped exactly like a real verification key, so the flow cookie does not tell a taken e-mail apart (issue 15 item 6). */
/**
 * A registration's answer is decided before anything is looked up, and the rest (creating the
 * row, issuing the code, the mail) is work for after the response, so a taken and a new e-mail
 * answer alike in shape and time (issue 15 item 6, decision 064). The hash runs first on both
 * paths: it is the costly part, and the row needs it.
 */
export async function planRegistration(input: RegisterInput): Promise<{ result: RegisterResult; complete: () => Promise<void> }> {
  const email = normalizeEmail(input.email);
  const userAge = ageInYears(input.dob);
  const minor = isMinorAge(userAge);
  const passwordHash = await hashPassword(input.password);
  const userId = randomUUID();
  const key = newVerificationKey();
  const result: RegisterResult = minor ? { outcome: 'parentalConsentPending', childUserId: userId, userAge } : { outcome: 'verificationSent', key, email };
  const complete = async () => {
    const owner = await findUserByEmail(email);
    if (owner) {
      await sendAlreadyRegisteredMail(email, owner.id);
      return;
    }
    const [user] = await db()
      .insert(users)
      .values({
        id: userId,
        email,
        passwordHash,
        firstname: input.firstname,
        lastname: input.lastname,
        gender: Number(input.gender),
        country: input.country,
        dob: input.dob,
        weightKg: input.weight,
        heightCm: input.height,
        marketingConsent: input.IsAllowedToSendMarketingEmails === 'on',
        isKid: minor,
        status: 'pending',
      })
      .onConflictDoNothing()
      .returning();
    // A child's account waits for the parent's e-mail (spec 1 §4 Parental consent).
    if (!user || minor) return;
    const issued = await issueVerification(user.id, 'verify-email', email, new Date(), key);
    await sendVerificationMail(email, user.firstname, issued.code, issued.linkToken, user.id);
  };
  return { result, complete };
}

/** Registers and finishes at once (seeds, services' tests); the register page defers `complete`. */
export async function registerRider(input: RegisterInput): Promise<RegisterResult> {
  const { result, complete } = await planRegistration(input);
  await complete();
  return result;
}

async function activate(userId: string) {
  await db().update(users).set({ status: 'active' }).where(eq(users.id, userId));
}

export { VERIFY_MESSAGES };

/** /auth/verification: the key of the pending verification (kept server-side) plus the typed code. */
export async function verifyEmailByCode(key: string, code: string): Promise<{ ok: boolean; message: string }> {
  const check = await checkCode(key, code, 'verify-email');
  if (!check.ok) return { ok: false, message: VERIFY_MESSAGES.invalidCode };
  await activate(check.userId);
  return { ok: true, message: VERIFY_MESSAGES.verified };
}

export type LinkPurpose = 'verify-user' | 'verify-kid';

/** /verify-user and /verify-kid: the e-mailed link activates the rider's or the child's account. */
export async function verifyAccountLink(purpose: LinkPurpose, linkToken: string): Promise<{ ok: boolean; message: string }> {
  const check = await checkLink(linkToken, purpose === 'verify-kid' ? 'parent-consent' : 'verify-email');
  if (!check.ok) return { ok: false, message: VERIFY_MESSAGES.invalidLink };
  await activate(check.userId);
  return { ok: true, message: purpose === 'verify-kid' ? VERIFY_MESSAGES.kidVerified : VERIFY_MESSAGES.verified };
}

/** "Resend" on a failed verify page: a fresh link to the same address, replacing the old one. */
export async function resendAccountLink(purpose: LinkPurpose, linkToken: string): Promise<{ ok: boolean; message: string }> {
  const owner = await findLinkOwner(linkToken, purpose === 'verify-kid' ? 'parent-consent' : 'verify-email');
  const [user] = owner ? await db().select().from(users).where(eq(users.id, owner.userId)) : [];
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

/**
 * The parental-consent page's work, run after its answer (decision 121): the page answers
 * "sent" for every address but the one the child typed as their own, so nothing here may
 * change the answer.
 * - A childUserId with no pending child (the answer register gives for a taken e-mail): nothing.
 * - The child's own address: nothing (the page refused it already when typed).
 * - An address of a child account: a notice that a child cannot give consent, and no link.
 * - Any other address, with an adult account or none: the approval link. Whoever reads that
 *   mailbox is the parent the child named; an adult who rides Paceline may consent too.
 */
export async function sendParentalConsent(childUserId: string, parentEmail: string): Promise<void> {
  const email = normalizeEmail(parentEmail);
  const [child] = await db()
    .select()
    .from(users)
    .where(and(eq(users.id, childUserId), eq(users.isKid, true), eq(users.status, 'pending')));
  if (!child || email === child.email) return;
  const [holder] = await db().select({ isKid: users.isKid }).from(users).where(eq(users.email, email));
  if (holder?.isKid) {
    await sendChildCannotConsentMail(email);
    return;
  }
  await db().update(users).set({ parentEmail: email }).where(and(eq(users.id, child.id), ne(users.status, 'active')));
  const issued = await issueVerification(child.id, 'parent-consent', email);
  await sendParentalConsentMail(email, child.firstname, issued.linkToken, child.id);
}
