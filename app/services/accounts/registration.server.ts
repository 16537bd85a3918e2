import { randomUUID } from 'node:crypto';
import { eq, lt } from 'drizzle-orm';
import { db } from '~/db/client.server';
import { pendingSignups, users, type PendingAccount } from '~/db/schema';
import { ageInYears, isMinorAge, type RegisterInput } from '~/lib/account-fields';
import { mailDeliveryJob } from '../adapters/mail.server';
import { defineJob, enqueueJob, startQueuedJobs } from '../platform/jobs.server';
import { normalizeEmail } from './accounts.server';
import { sendAlreadyRegisteredMail, sendVerificationMail } from './account-mail.server';
import { keepConsentDecoy } from './consent-decoys.server';
import { recordConsents, signUpConsents } from './consents.server';
import { hashPassword } from './password.server';
import { issueVerification, newVerificationKey } from './verification.server';

/** A minor waits for a parent's consent; anyone else (a taken e-mail too, answered alike) gets a code by e-mail. */
export type RegisterResult =
  { outcome: 'parentalConsentPending'; childUserId: string; userAge: number } | { outcome: 'verificationSent'; key: string; email: string };

/**
 * Registration (spec 1 §4, decisions 064 and 134). The answer is decided before the e-mail is
 * looked up, so a taken and a new address answer alike in shape and time; what follows is a job
 * of the durable queue, so an instance that dies after answering loses neither the account nor
 * its mail:
 * 1. `planRegistration`, in the request: the password is hashed (the costly part, on both paths),
 *    the account's id and the verification key are drawn, and one transaction writes a
 *    `pending_signups` row (the hash, never the password) and queues `accounts.complete-signup`
 *    `{ signupId }` — the same statements for every address.
 * 2. After the answer has gone, `start` wakes this process's workers (or, without workers, runs
 *    the job in place).
 * 3. The job, in one transaction: looks the address up; creates the pending account with its
 *    consent records (dated at the form's post), its code and verification mail (a child's waits
 *    for the parent), or mails the owner of a taken address; deletes the pending row. Idempotent: a second run finds no row.
 */
export async function planRegistration(input: RegisterInput): Promise<{ result: RegisterResult; start: () => Promise<void> }> {
  const email = normalizeEmail(input.email);
  const userAge = ageInYears(input.dob);
  const minor = isMinorAge(userAge);
  const passwordHash = await hashPassword(input.password);
  const signupId = randomUUID();
  const key = newVerificationKey();
  const account: PendingAccount = {
    firstname: input.firstname,
    lastname: input.lastname,
    gender: Number(input.gender),
    country: input.country,
    // A child's date of birth is never written (docs/accounts.md): only the age it gives is used, here.
    ...(minor ? {} : { dob: input.dob }),
    weightKg: input.weight,
    heightCm: input.height,
    marketingConsent: input.IsAllowedToSendMarketingEmails === 'on',
    isKid: minor,
  };
  await db().transaction(async (tx) => {
    await tx.insert(pendingSignups).values({ id: signupId, email, passwordHash, verificationKey: key, account });
    await enqueueJob(completeSignupJob, { signupId }, { tx });
  });
  const result: RegisterResult = minor ? { outcome: 'parentalConsentPending', childUserId: signupId, userAge } : { outcome: 'verificationSent', key, email };
  return { result, start: () => startQueuedJobs(completeSignupJob) };
}

/** The job's work (step 3 above). */
export async function completeSignup(signupId: string): Promise<void> {
  const queuedMail = await db().transaction(async (tx) => {
    const [pending] = await tx.delete(pendingSignups).where(eq(pendingSignups.id, signupId)).returning();
    if (!pending) return false;
    const { email, account } = pending;
    const [created] = await tx
      .insert(users)
      .values({
        id: pending.id,
        email,
        passwordHash: pending.passwordHash,
        firstname: account.firstname,
        lastname: account.lastname,
        gender: account.gender,
        country: account.country,
        dob: account.isKid ? null : (account.dob ?? null),
        weightKg: account.weightKg,
        heightCm: account.heightCm,
        marketingConsent: account.marketingConsent,
        isKid: account.isKid,
        status: 'pending',
      })
      .onConflictDoNothing()
      .returning({ id: users.id, firstname: users.firstname });
    if (created) await recordConsents(tx, created.id, signUpConsents(account.marketingConsent), { source: 'registration', at: pending.createdAt });
    if (!created) {
      // The address has an account (perhaps made a moment ago by another registration).
      const [owner] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
      if (owner) await sendAlreadyRegisteredMail(email, owner.id, tx);
      // The parent a child names next gets the mail a new account's parent gets (decision 173).
      if (account.isKid) await keepConsentDecoy(tx, pending.id, account.firstname);
      return true;
    }
    // A child's account waits for the parent's e-mail (spec 1 §4 Parental consent).
    if (account.isKid) return false;
    const issued = await issueVerification(created.id, 'verify-email', email, new Date(), pending.verificationKey, tx);
    await sendVerificationMail(email, created.firstname, issued.code, issued.linkToken, created.id, tx);
    return true;
  });
  // Mail queued for delivery inside the transaction starts once it has committed.
  if (queuedMail) await startQueuedJobs(mailDeliveryJob);
}

export const completeSignupJob = defineJob<{ signupId: string }>('accounts.complete-signup', ({ signupId }) => completeSignup(signupId), {
  retryLimit: 5,
  retryDelaySeconds: 15,
});

const DAY_MS = 86_400_000;

/** Retention: a registration whose job never succeeded (its failures are at /staff/jobs) goes after a day, with its hash. */
export async function pruneStaleSignups(now = new Date()): Promise<number> {
  const removed = await db()
    .delete(pendingSignups)
    .where(lt(pendingSignups.createdAt, new Date(now.getTime() - DAY_MS)))
    .returning({ id: pendingSignups.id });
  return removed.length;
}
