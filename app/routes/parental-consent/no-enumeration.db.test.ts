import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from '~/db/client.server';
import { outbox, rateLimits, users } from '~/db/schema';
import { CONSENT_MESSAGES } from '~/lib/account-messages';
import { verifyAccountLink } from '~/services/accounts/accounts.server';
import { writeFlow } from '~/services/platform/flow-state.server';
import { answerAsServer } from '../../../tests/helpers/account-timing';
import { setUpTestDatabase } from '../../../tests/helpers/db';
import { formRequest } from '../../../tests/helpers/robot';
import { createTestUser } from '../../../tests/helpers/users';
import { action } from './route';

setUpTestDatabase();

/**
 * Issue 25 item 2, decision 121: the consent step answers the same status and text whether the
 * parent's address is new, has an adult's account or a child's, and whether the child is real or
 * the made-up id registration gives for a taken e-mail; the lookup and the mail come after the
 * answer, so its time does not depend on them either (`npm run bench:account-timing` prints the
 * figures: a timed unit test would be noise on a shared machine). Only the address the child
 * typed as their own is refused: that comes from the browser, not from a lookup.
 */
async function consentPost(child: { id: string; typed: string }, parentEmail: string, intent = 'submit') {
  const cookie = (await writeFlow('consent', { childUserId: child.id, userAge: 11, childEmail: child.typed })).split(';')[0];
  return formRequest(
    `http://localhost:3000/parental-consent?childUserId=${child.id}&userAge=11`,
    { intent, parentEmail },
    { Cookie: cookie, 'Content-Type': 'application/x-www-form-urlencoded' },
  );
}

async function pendingChild() {
  const row = await createTestUser({ isKid: true, status: 'pending', dob: '2015-01-01', firstname: 'Noor' });
  return { id: row.id, typed: row.email };
}

/** The answer as the server sends it; `mailedBeforeAnswer`: whether any mail was written before it went out. */
async function answer(request: Request) {
  const mailsBefore = await db().$count(outbox);
  const { answer: response, send } = await answerAsServer(action, request);
  const seen = { status: response.status, body: await response.clone().text(), mailedBeforeAnswer: (await db().$count(outbox)) !== mailsBefore };
  await send();
  await db().delete(rateLimits);
  return seen;
}

const mailsTo = (address: string) => db().select().from(outbox).where(eq(outbox.recipient, address));

describe('the parental-consent step does not tell which addresses have accounts (issue 25 item 2)', () => {
  it('answers new, adult-account and child-account addresses alike, for a real child and a made-up one', async () => {
    const adult = await createTestUser({ email: `parent-${randomUUID()}@example.com` });
    const otherChild = await createTestUser({ isKid: true, email: `kid-${randomUUID()}@example.com` });
    const fresh = `fresh-${randomUUID()}@example.com`;
    const real = await pendingChild();
    // Registration answers a taken e-mail with a childUserId no row has (decision 015).
    const madeUp = { id: randomUUID(), typed: (await createTestUser()).email };
    const answers = [];
    for (const child of [real, madeUp]) {
      for (const address of [fresh, adult.email, otherChild.email, `  ${adult.email.toUpperCase()} `])
        answers.push(await answer(await consentPost(child, address)));
      answers.push(await answer(await consentPost(child, fresh, 'resend')));
    }
    for (const seen of answers) expect(seen).toEqual({ status: 200, body: answers[0].body, mailedBeforeAnswer: false });
    expect(JSON.parse(answers[0].body)).toEqual({ sent: true, message: '' });
  });

  it('refuses only the address the child typed as their own, whether or not that child exists', async () => {
    const real = await pendingChild();
    const madeUp = { id: randomUUID(), typed: (await createTestUser()).email };
    for (const child of [real, madeUp]) {
      const seen = await answer(await consentPost(child, ` ${child.typed.toUpperCase()}`));
      expect(seen.status).toBe(400);
      expect(JSON.parse(seen.body)).toEqual({ sent: false, message: CONSENT_MESSAGES.notParent });
    }
    expect(await mailsTo(real.typed)).toEqual([]);
  });

  it('after the answer: a new or adult address gets the approval link, a child account a notice without one, a made-up child nothing', async () => {
    const real = await pendingChild();
    const adult = await createTestUser({ email: `rides-too-${randomUUID()}@example.com` });
    const otherChild = await createTestUser({ isKid: true, email: `kid-${randomUUID()}@example.com` });
    await answer(await consentPost(real, otherChild.email));
    const [notice] = await mailsTo(otherChild.email);
    expect(notice.body).toContain('a child account cannot give that consent');
    expect(notice.body).not.toMatch(/verify-kid|Noor/);

    await answer(await consentPost(real, adult.email));
    const [approval] = await mailsTo(adult.email);
    expect(approval.subject).toBe("Please approve Noor's Paceline account");
    const token = new URL(String(approval.meta?.link)).searchParams.get('es') ?? '';
    expect(await verifyAccountLink('verify-kid', token)).toMatchObject({ ok: true });
    const [row] = await db().select().from(users).where(eq(users.id, real.id));
    expect([row.status, row.parentEmail]).toEqual(['active', adult.email]);

    const ghost = `ghost-parent-${randomUUID()}@example.com`;
    await answer(await consentPost({ id: randomUUID(), typed: 'someone@example.com' }, ghost));
    expect(await mailsTo(ghost)).toEqual([]);
  });
});
