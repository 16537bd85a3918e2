import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { jobQueueSql } from '~/db/client.server';
import { outbox, pendingSignups, users, verifications } from '~/db/schema';
import type { RegisterInput } from '~/lib/account-fields';
import { setUpTestDatabase } from '../../../tests/helpers/db';
import { createTestUser } from '../../../tests/helpers/users';
import { runDueJobs, enqueueJob } from '../platform/jobs.server';
import { sendParentalConsent } from './accounts.server';
import { parentalConsentJob } from './account-jobs.server';
import { verifyPassword } from './password.server';
import { completeSignup, completeSignupJob, planRegistration, pruneStaleSignups } from './registration.server';

const { db } = setUpTestDatabase();

const input = (email: string, dob = '1990-04-02'): RegisterInput => ({
  firstname: 'Lina',
  lastname: 'Haddad',
  email,
  gender: '1',
  password: 'secret-pass-134',
  password_confirmation: 'secret-pass-134',
  country: 246,
  dob,
  weight: 60,
  height: 165,
  consent_agree_privacy_notice: 'on',
});

async function jobsOf(kind: string) {
  const { rows } = await jobQueueSql().executeSql('SELECT data, state FROM pgboss.job WHERE name = $1', [kind]);
  return rows as Array<{ data: Record<string, unknown>; state: string }>;
}

describe('a registration is a durable job (issue 22 item 2, decision 134)', () => {
  it('keeps the hash and never the password; the job, run by any process after the answer, creates the account and its mail once', async () => {
    const email = 'durable-signup@example.com';
    const { result } = await planRegistration(input(email));
    expect(result.outcome).toBe('verificationSent');
    // The answer went out and this process died before starting the job: everything it needs is committed.
    const [pending] = await db().select().from(pendingSignups).where(eq(pendingSignups.email, email));
    expect(JSON.stringify(pending)).not.toContain('secret-pass-134');
    expect(await verifyPassword(pending.passwordHash, 'secret-pass-134')).toBe(true);
    const [job] = (await jobsOf(completeSignupJob.name)).filter((row) => row.data.signupId === pending.id);
    expect(job).toEqual({ data: { signupId: pending.id }, state: 'created' });
    // Another instance's worker takes it.
    expect(await runDueJobs([completeSignupJob.name])).toBeGreaterThanOrEqual(1);
    const [user] = await db().select().from(users).where(eq(users.email, email));
    expect(user).toMatchObject({ id: pending.id, status: 'pending', firstname: 'Lina', passwordHash: pending.passwordHash });
    // The verification carries the key the answer's cookie holds.
    const [code] = await db().select().from(verifications).where(eq(verifications.userId, user.id));
    expect(code.id).toBe((result as { key: string }).key);
    expect(await db().$count(pendingSignups, eq(pendingSignups.id, pending.id))).toBe(0);
    // Run again (a retry after a lost completion): nothing more.
    await completeSignup(pending.id);
    expect(await db().$count(users, eq(users.email, email))).toBe(1);
    expect(await db().$count(outbox, eq(outbox.recipient, email))).toBe(1);
  });

  it('two registrations of one new address: one account, and the second gets the notice', async () => {
    const email = 'twice-at-once@example.com';
    const first = await planRegistration(input(email));
    const second = await planRegistration(input(email));
    await Promise.all([first.start(), second.start()]);
    await runDueJobs([completeSignupJob.name]);
    expect(await db().$count(users, eq(users.email, email))).toBe(1);
    const mails = await db()
      .select({ kind: sql<string>`${outbox.meta} ->> 'kind'` })
      .from(outbox)
      .where(eq(outbox.recipient, email));
    expect(mails.map((mail) => mail.kind).sort()).toEqual(['already-registered', 'verify-email']);
  });

  it("a parent's consent queued before the child's account exists waits for it (the queue retries) and is sent once it does", async () => {
    const { result } = await planRegistration(input('young-rider@example.com', '2014-06-01'));
    expect(result.outcome).toBe('parentalConsentPending');
    const childId = (result as { childUserId: string }).childUserId;
    await expect(sendParentalConsent(childId, 'parent-134@example.com')).rejects.toThrow(/still being created/);
    await runDueJobs([completeSignupJob.name]);
    await enqueueJob(parentalConsentJob, { childUserId: childId, parentEmail: 'parent-134@example.com' });
    const [mail] = await db().select().from(outbox).where(eq(outbox.recipient, 'parent-134@example.com'));
    expect(mail.meta).toMatchObject({ kind: 'parent-consent' });
    const [child] = await db().select().from(users).where(eq(users.id, childId));
    expect(child.parentEmail).toBe('parent-134@example.com');
  });

  it("never writes a child's date of birth: not in the pending registration, not in the account, and the database refuses one", async () => {
    const childDob = '2015-07-19';
    const { result } = await planRegistration(input('no-dob-child@example.com', childDob));
    expect(result).toMatchObject({ outcome: 'parentalConsentPending', userAge: expect.any(Number) });
    const childId = (result as { childUserId: string }).childUserId;
    const [pending] = await db().select().from(pendingSignups).where(eq(pendingSignups.id, childId));
    expect(JSON.stringify(pending)).not.toContain(childDob);
    expect(pending.account).not.toHaveProperty('dob');
    await runDueJobs([completeSignupJob.name]);
    const [child] = await db().select().from(users).where(eq(users.id, childId));
    expect(child).toMatchObject({ isKid: true, dob: null });
    // Written by any other path, the database itself refuses it.
    await expect(db().update(users).set({ dob: childDob }).where(eq(users.id, childId))).rejects.toThrow();
    expect((await db().select({ dob: users.dob }).from(users).where(eq(users.id, childId)))[0].dob).toBeNull();
    // An adult's is kept, as the profile needs it.
    const { result: adult } = await planRegistration(input('dob-adult@example.com', '1990-04-02'));
    expect(adult.outcome).toBe('verificationSent');
    await runDueJobs([completeSignupJob.name]);
    expect((await db().select({ dob: users.dob }).from(users).where(eq(users.email, 'dob-adult@example.com')))[0].dob).toBe('1990-04-02');
  });

  it('prunes a registration whose job never succeeded after a day, with its hash', async () => {
    await createTestUser();
    const { result } = await planRegistration(input('never-done@example.com'));
    expect(result.outcome).toBe('verificationSent');
    expect(await pruneStaleSignups(new Date())).toBe(0);
    expect(await pruneStaleSignups(new Date(Date.now() + 25 * 3600 * 1000))).toBeGreaterThanOrEqual(1);
    expect(await db().$count(pendingSignups, eq(pendingSignups.email, 'never-done@example.com'))).toBe(0);
  });
});
