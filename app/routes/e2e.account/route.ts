import { randomBytes } from 'node:crypto';
import type { ActionFunctionArgs } from '@remix-run/node';
import { db } from '~/db/client.server';
import { users } from '~/db/schema';
import { textOf } from '~/lib/form-text';
import { hashPassword } from '~/services/accounts/password.server';
import { assertTestMode } from '~/services/platform/test-mode.server';

/** The accounts a sign-in can meet, as the server tells them apart (accounts.server.ts loginWithPassword). */
const KINDS = {
  active: { status: 'active', isKid: false, passwordResetRequired: false, age: 30 },
  unverified: { status: 'pending', isKid: false, passwordResetRequired: false, age: 30 },
  'pending-child': { status: 'pending', isKid: true, passwordResetRequired: false, age: 12 },
  'reset-required': { status: 'active', isKid: false, passwordResetRequired: true, age: 45 },
} as const;

/**
 * POST /e2e/account kind=active|unverified|pending-child|reset-required password=… — test mode
 * only: a new account of that kind, not signed in, for a test that signs in through the form.
 * Answers { email }.
 */
export async function action({ request }: ActionFunctionArgs) {
  assertTestMode();
  const form = await request.formData();
  const kind = KINDS[textOf(form.get('kind')) as keyof typeof KINDS];
  const password = textOf(form.get('password'));
  if (!kind || password.length < 8) return new Response('kind and a password of 8 characters or more are required', { status: 400 });
  const dob = new Date();
  dob.setUTCFullYear(dob.getUTCFullYear() - kind.age);
  const email = `e2e-${randomBytes(6).toString('hex')}@paceline.local`;
  await db()
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
    });
  return Response.json({ email });
}
