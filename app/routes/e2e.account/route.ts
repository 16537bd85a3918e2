import { randomBytes } from 'node:crypto';
import type { ActionFunctionArgs } from '@remix-run/node';
import { db } from '~/db/client.server';
import { users } from '~/db/schema';
import { VERIFICATION_CODE_TTL_MS } from '~/lib/constants';
import { textOf } from '~/lib/form-text';
import { hashPassword } from '~/services/accounts/password.server';
import { parentalConsentStep } from '~/services/accounts/sign-in.server';
import { issueVerification } from '~/services/accounts/verification.server';
import { writeFlow } from '~/services/platform/flow-state.server';
import { assertTestMode } from '~/services/platform/test-mode.server';

/** The accounts a sign-in can meet, as the server tells them apart (accounts.server.ts loginWithPassword). */
const KINDS = {
  active: { status: 'active', isKid: false, passwordResetRequired: false, age: 30 },
  unverified: { status: 'pending', isKid: false, passwordResetRequired: false, age: 30 },
  'pending-child': { status: 'pending', isKid: true, passwordResetRequired: false, age: 12 },
  'reset-required': { status: 'active', isKid: false, passwordResetRequired: true, age: 45 },
} as const;

type Made = { id: string; email: string; age: number };

/**
 * Where the account stands next, as the flow that leads there leaves it: the cookie the browser
 * gets and what the e-mail would carry. Each answers the fields it adds to the reply.
 */
const STEPS: Record<string, (account: Made, form: FormData) => Promise<{ reply: Record<string, string>; cookie?: string }>> = {
  /** Registration's e-mail: the code and link, and the code page's cookie; `expired=true` issues them ten minutes ago. */
  'verify-email': async (account, form) => {
    const issuedAt = form.get('expired') === 'true' ? new Date(Date.now() - VERIFICATION_CODE_TTL_MS - 1_000) : new Date();
    const issued = await issueVerification(account.id, 'verify-email', account.email, issuedAt);
    return { reply: { code: issued.code, linkToken: issued.linkToken }, cookie: await writeFlow('verify', { key: issued.key, email: account.email }) };
  },
  /** A child just registered: the consent page and the cookie that lets this browser name the parent. */
  'parental-consent': async (account) => {
    const step = await parentalConsentStep({ childUserId: account.id, userAge: account.age, childEmail: account.email });
    return { reply: { to: step.to }, cookie: step.cookie };
  },
  /** Forgot password's e-mail: the reset link's code. */
  'reset-password': async (account) => ({ reply: { linkToken: (await issueVerification(account.id, 'reset-password', account.email)).linkToken } }),
};

/**
 * POST /e2e/account kind=active|unverified|pending-child|reset-required password=… [step=…]
 * — test mode only: a new account of that kind, not signed in, for a test that signs in through
 * the form or takes the account's next step (STEPS). Answers { email, id } and the step's fields.
 */
export async function action({ request }: ActionFunctionArgs) {
  assertTestMode();
  const form = await request.formData();
  const kind = KINDS[textOf(form.get('kind')) as keyof typeof KINDS];
  const password = textOf(form.get('password'));
  const step = form.get('step') === null ? null : STEPS[textOf(form.get('step'))];
  if (!kind || password.length < 8 || step === undefined) {
    return new Response(`kind, a password of 8 characters or more, and a step of ${Object.keys(STEPS).join(', ')} if any are required`, { status: 400 });
  }
  const dob = new Date();
  dob.setUTCFullYear(dob.getUTCFullYear() - kind.age);
  const email = `e2e-${randomBytes(6).toString('hex')}@paceline.local`;
  const [user] = await db()
    .insert(users)
    .values({
      email,
      passwordHash: await hashPassword(password),
      firstname: 'Ada',
      lastname: 'Tester',
      gender: 1,
      status: kind.status,
      isKid: kind.isKid,
      parentEmail: kind.isKid ? `parent-${randomBytes(4).toString('hex')}@paceline.local` : null,
      passwordResetRequired: kind.passwordResetRequired,
      // A child's date of birth is never kept (decision 177).
      dob: kind.isKid ? null : dob.toISOString().slice(0, 10),
      weightKg: 60,
      heightCm: 170,
    })
    .returning({ id: users.id });
  const next = step ? await step({ id: user.id, email, age: kind.age }, form) : null;
  return Response.json({ email, id: user.id, ...next?.reply }, { headers: next?.cookie ? { 'Set-Cookie': next.cookie } : {} });
}
