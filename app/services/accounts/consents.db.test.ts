import { readFileSync } from 'node:fs';
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { consentRecords, pendingSignups, users } from '~/db/schema';
import type { RegisterInput } from '~/lib/account-fields';
import { setUpTestDatabase } from '../../../tests/helpers/db';
import { createTestUser } from '../../../tests/helpers/users';
import { runDueJobs } from '../platform/jobs.server';
import { verifyAccountLink } from './accounts.server';
import { LEGAL_DOCUMENT_VERSIONS } from './consents.server';
import { updateProfile } from './profile.server';
import { completeSignupJob, planRegistration } from './registration.server';
import { DEMO_USERS, seedAccounts } from '../seed/accounts';
import { issueVerification } from './verification.server';

const { db } = setUpTestDatabase();

const MARKETING_WORDING = 'I would like to receive news and updates';

const signUp = (email: string, options: { marketing?: boolean; dob?: string } = {}) =>
  planRegistration({
    firstname: 'Rana',
    lastname: 'Saleh',
    email,
    gender: '1',
    password: 'consent-pass-176',
    password_confirmation: 'consent-pass-176',
    country: 246,
    dob: options.dob ?? '1991-02-03',
    weight: 58,
    height: 166,
    consent_agree_privacy_notice: 'on',
    ...(options.marketing ? { IsAllowedToSendMarketingEmails: 'on' } : {}),
  } as RegisterInput);

const recordsOf = async (userId: string) =>
  (await db().select().from(consentRecords).where(eq(consentRecords.userId, userId)).orderBy(asc(consentRecords.id))).map(
    ({ subject, version, granted, source, recordedAt }) => ({ subject, version, granted, source, recordedAt }),
  );

/** The "Last updated" date of an embedded content page, as the page itself states it. */
function lastUpdated(page: string): string {
  const text = readFileSync(`content/pages/${page}.md`, 'utf8');
  const [, day, month, year] = /Last updated (\d{1,2}) (\w+) (\d{4})/.exec(text) ?? [];
  return new Date(`${day} ${month} ${year} UTC`).toISOString().slice(0, 10);
}

describe('consent records (issue 35 item 7, decision 176)', () => {
  it('the versions recorded are the dates the published documents state', () => {
    expect(LEGAL_DOCUMENT_VERSIONS).toEqual({ terms: lastUpdated('terms-and-conditions'), 'privacy-notice': lastUpdated('privacy-policy') });
  });

  it('a sign-up records the terms, the privacy notice and a ticked marketing box, dated at the form post, once the account exists', async () => {
    const posted = Date.now();
    const { result } = await signUp('consents-176@example.com', { marketing: true });
    expect(result.outcome).toBe('verificationSent');
    const [pending] = await db().select().from(pendingSignups).where(eq(pendingSignups.email, 'consents-176@example.com'));
    expect(await db().$count(consentRecords, eq(consentRecords.userId, pending.id))).toBe(0);
    await runDueJobs([completeSignupJob.name]);
    const records = await recordsOf(pending.id);
    expect(records.map(({ recordedAt: _at, ...record }) => record)).toEqual([
      { subject: 'terms', version: LEGAL_DOCUMENT_VERSIONS.terms, granted: true, source: 'registration' },
      { subject: 'privacy-notice', version: LEGAL_DOCUMENT_VERSIONS['privacy-notice'], granted: true, source: 'registration' },
      { subject: 'marketing-emails', version: MARKETING_WORDING, granted: true, source: 'registration' },
    ]);
    for (const { recordedAt } of records) {
      expect(recordedAt.getTime()).toBe(pending.createdAt.getTime());
      expect(Math.abs(recordedAt.getTime() - posted)).toBeLessThan(60_000);
    }
  });

  it('an unticked marketing box records nothing for it; a change on the profile records each given and withdrawn choice, an unchanged one nothing', async () => {
    const { result } = await signUp('no-marketing-176@example.com');
    expect(result.outcome).toBe('verificationSent');
    await runDueJobs([completeSignupJob.name]);
    const [signedUp] = await db().select({ id: users.id }).from(users).where(eq(users.email, 'no-marketing-176@example.com'));
    expect((await recordsOf(signedUp.id)).map((record) => record.subject)).toEqual(['terms', 'privacy-notice']);
    const rider = await createTestUser({ weightKg: 70, heightCm: 175 });
    const profile = { firstname: 'Test', lastname: 'Rider', country: 246, weight: 70, height: 175 };
    const given = new Date('2026-12-01T10:00:00Z');
    await updateProfile(rider.id, { ...profile, marketingConsent: true }, given);
    await updateProfile(rider.id, { ...profile, marketingConsent: true }, new Date('2026-12-02T10:00:00Z'));
    const withdrawn = new Date('2026-12-03T10:00:00Z');
    await updateProfile(rider.id, { ...profile, marketingConsent: false }, withdrawn);
    expect(await recordsOf(rider.id)).toEqual([
      { subject: 'marketing-emails', version: MARKETING_WORDING, granted: true, source: 'profile', recordedAt: given },
      { subject: 'marketing-emails', version: MARKETING_WORDING, granted: false, source: 'profile', recordedAt: withdrawn },
    ]);
  });

  it("a parent's approval link records the parent's consent for the child, with the terms' version", async () => {
    const child = await createTestUser({ isKid: true, status: 'pending', parentEmail: 'parent-176@example.com' });
    const { linkToken } = await issueVerification(child.id, 'parent-consent', 'parent-176@example.com');
    expect(await verifyAccountLink('verify-kid', linkToken)).toMatchObject({ ok: true });
    expect((await recordsOf(child.id)).map(({ recordedAt: _at, ...record }) => record)).toEqual([
      { subject: 'parental-consent', version: LEGAL_DOCUMENT_VERSIONS.terms, granted: true, source: 'parent-link' },
    ]);
    // The link is spent: a second use records nothing more.
    expect(await verifyAccountLink('verify-kid', linkToken)).toMatchObject({ ok: false });
    expect(await db().$count(consentRecords, eq(consentRecords.userId, child.id))).toBe(1);
  });

  it('the demo accounts carry what their sign-up agreed to, and the demo child no date of birth', async () => {
    await seedAccounts(db());
    const kid = (await db().select().from(users).where(eq(users.email, DEMO_USERS.kid)))[0];
    expect(kid).toMatchObject({ isKid: true, dob: null });
    for (const email of Object.values(DEMO_USERS)) {
      const [account] = await db().select({ id: users.id }).from(users).where(eq(users.email, email));
      const subjects = (await recordsOf(account.id)).map((record) => record.subject);
      expect(subjects, email).toEqual(email === DEMO_USERS.kid ? ['terms', 'privacy-notice', 'parental-consent'] : ['terms', 'privacy-notice']);
    }
  });
});
