import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { consentDecoys, outbox, users } from '~/db/schema';
import { VERIFY_MESSAGES } from '~/lib/account-messages';
import type { RegisterInput } from '~/lib/account-fields';
import { VERIFICATION_CODE_TTL_MS } from '~/lib/constants';
import { setUpTestDatabase } from '../../../tests/helpers/db';
import { createTestUser } from '../../../tests/helpers/users';
import { resendAccountLink, sendParentalConsent, verifyAccountLink } from './accounts.server';
import { pruneConsentDecoys } from './consent-decoys.server';
import { completeSignup, planRegistration } from './registration.server';

/**
 * Issue 35 item 6 (decision 173): a child registered with a victim's address, the attacker's own
 * mailbox named as the parent. The mail that arrives, and what its link answers, must be the same
 * whether the victim's address is registered or free.
 */
const { db } = setUpTestDatabase();

const childInput = (email: string): RegisterInput =>
  ({
    firstname: 'Sami',
    lastname: 'Nasser',
    email,
    gender: '0',
    password: 'attacker-chosen-1',
    password_confirmation: 'attacker-chosen-1',
    country: 246,
    dob: '2014-03-03',
    weight: 50,
    height: 150,
    consent_agree_privacy_notice: 'on',
  }) as RegisterInput;

/** Registers a child with `victim` as its address and names `parent`; the mails `parent` then holds. */
async function registerChildNaming(victim: string, parent: string) {
  const { result } = await planRegistration(childInput(victim));
  if (result.outcome !== 'parentalConsentPending') throw new Error('expected a child registration');
  await completeSignup(result.childUserId);
  await sendParentalConsent(result.childUserId, parent);
  const mails = await db().select().from(outbox).where(eq(outbox.recipient, parent));
  return { childUserId: result.childUserId, mails };
}

/** The mail as its reader sees it, with the link's own token (random each time) left out. */
function readerView(mail: typeof outbox.$inferSelect) {
  const token = /es=([\w-]+)/.exec(mail.body)?.[1] ?? '';
  return { subject: mail.subject, body: mail.body.replace(token, '<token>'), token };
}

const tokenOf = (mail: typeof outbox.$inferSelect) => readerView(mail).token;

describe('the consent mail does not tell a registered address from a free one (issue 35 item 6)', () => {
  it('the parent gets the same mail, with a link of the same form, in both cases', async () => {
    await createTestUser({ email: 'victim-registered@example.com' });
    const taken = await registerChildNaming('victim-registered@example.com', 'parent-a@example.com');
    const free = await registerChildNaming('victim-free@example.com', 'parent-b@example.com');
    expect(taken.mails).toHaveLength(1);
    expect(free.mails).toHaveLength(1);
    const [takenView, freeView] = [readerView(taken.mails[0]), readerView(free.mails[0])];
    expect(takenView.subject).toBe(freeView.subject);
    expect(takenView.body).toBe(freeView.body);
    expect(takenView.token).toMatch(/^[\w-]{43}$/);
    expect(freeView.token).toMatch(/^[\w-]{43}$/);
    // The registered address is untouched: no child account, and its owner was told.
    expect(await db().$count(users, eq(users.email, 'victim-registered@example.com'))).toBe(1);
    expect(await db().$count(outbox, eq(outbox.recipient, 'victim-registered@example.com'))).toBe(1);
  });

  it('the link answers alike: approved once, then invalid; the decoy approves nothing', async () => {
    await createTestUser({ email: 'victim-two@example.com', firstname: 'Owner' });
    const taken = await registerChildNaming('victim-two@example.com', 'parent-c@example.com');
    const free = await registerChildNaming('victim-two-free@example.com', 'parent-d@example.com');
    for (const { mails } of [taken, free]) {
      expect(await verifyAccountLink('verify-kid', tokenOf(mails[0]))).toEqual({ ok: true, message: VERIFY_MESSAGES.kidVerified });
      expect(await verifyAccountLink('verify-kid', tokenOf(mails[0]))).toEqual({ ok: false, message: VERIFY_MESSAGES.invalidLink });
      expect(await resendAccountLink('verify-kid', tokenOf(mails[0]))).toEqual({ ok: false, message: VERIFY_MESSAGES.invalidLink });
    }
    const [owner] = await db().select().from(users).where(eq(users.email, 'victim-two@example.com'));
    expect(owner).toMatchObject({ firstname: 'Owner', isKid: false });
    expect(await db().$count(consentDecoys, eq(consentDecoys.id, taken.childUserId))).toBe(0);
    // A consent page posted again after the approval sends nothing, in both cases.
    await sendParentalConsent(taken.childUserId, 'parent-c@example.com');
    await sendParentalConsent(free.childUserId, 'parent-d@example.com');
    expect(await db().$count(outbox, eq(outbox.recipient, 'parent-c@example.com'))).toBe(1);
    expect(await db().$count(outbox, eq(outbox.recipient, 'parent-d@example.com'))).toBe(1);
  });

  it('an expired link is refused alike, and Resend sends the same mail again in both cases', async () => {
    await createTestUser({ email: 'victim-three@example.com' });
    const taken = await registerChildNaming('victim-three@example.com', 'parent-e@example.com');
    const free = await registerChildNaming('victim-three-free@example.com', 'parent-f@example.com');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + VERIFICATION_CODE_TTL_MS + 1_000);
    try {
      for (const { mails } of [taken, free]) {
        expect(await verifyAccountLink('verify-kid', tokenOf(mails[0]))).toEqual({ ok: false, message: VERIFY_MESSAGES.invalidLink });
      }
    } finally {
      vi.useRealTimers();
    }
    const resent = [];
    for (const [{ mails }, parent] of [
      [taken, 'parent-e@example.com'],
      [free, 'parent-f@example.com'],
    ] as const) {
      expect(await resendAccountLink('verify-kid', tokenOf(mails[0]))).toEqual({ ok: true, message: VERIFY_MESSAGES.resent });
      const all = await db().select().from(outbox).where(eq(outbox.recipient, parent)).orderBy(outbox.id);
      expect(all).toHaveLength(2);
      resent.push(readerView(all[1]));
    }
    expect(resent[0].subject).toBe(resent[1].subject);
    expect(resent[0].body).toBe(resent[1].body);
  });

  it('a parent address that is a child account gets the same notice in both cases', async () => {
    await createTestUser({ email: 'victim-four@example.com' });
    await createTestUser({ email: 'a-child@example.com', isKid: true, dob: '2013-01-01' });
    const taken = await registerChildNaming('victim-four@example.com', 'a-child@example.com');
    expect(taken.mails.map((mail) => mail.meta)).toEqual([{ kind: 'child-cannot-consent' }]);
    await registerChildNaming('victim-four-free@example.com', 'a-child@example.com');
    const all = await db().select().from(outbox).where(eq(outbox.recipient, 'a-child@example.com'));
    expect(all.map((mail) => mail.meta)).toEqual([{ kind: 'child-cannot-consent' }, { kind: 'child-cannot-consent' }]);
  });

  it('keeps a decoy a day at most', async () => {
    await createTestUser({ email: 'victim-five@example.com' });
    const taken = await registerChildNaming('victim-five@example.com', 'parent-g@example.com');
    expect(await pruneConsentDecoys()).toBe(0);
    expect(await pruneConsentDecoys(new Date(Date.now() + 86_400_000 + 1_000))).toBeGreaterThanOrEqual(1);
    expect(await db().$count(consentDecoys, eq(consentDecoys.id, taken.childUserId))).toBe(0);
  });
});
