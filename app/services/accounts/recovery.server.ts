import { eq } from 'drizzle-orm';
import { db } from '~/db/client.server';
import { users } from '~/db/schema';
import { sendPasswordResetMail } from './account-mail.server';
import { normalizeEmail } from './accounts.server';
import { hashPassword } from './password.server';
import { revokeAllSessions } from './session.server';
import { checkLink, issueVerification } from './verification.server';

/**
 * Looking after an account: forgotten and changed passwords (deleting it: deletion.server.ts).
 * A password change ends every session of the account (issue 3).
 */
export const RECOVERY_MESSAGES = {
  resetSent: 'If an account exists for this e-mail, we have sent a link to reset the password.',
  resetFailed: 'Invalid email address provided.',
  resetDone: 'Your password has been reset. Please log in.',
  invalidResetLink: 'This reset link is invalid or has expired.',
  passwordChanged: 'Your password has been changed. Please log in again.',
} as const;

/** Same answer whether or not the address has an account; only an active account gets mail. */
export async function requestPasswordReset(email: string): Promise<void> {
  const [user] = await db()
    .select()
    .from(users)
    .where(eq(users.email, normalizeEmail(email)));
  if (!user || user.status !== 'active') return;
  const issued = await issueVerification(user.id, 'reset-password', user.email);
  await sendPasswordResetMail(user.email, issued.linkToken, user.id);
}

async function setPassword(userId: string, password: string) {
  const passwordHash = await hashPassword(password);
  await db().update(users).set({ passwordHash, passwordResetRequired: false }).where(eq(users.id, userId));
  await revokeAllSessions(userId);
}

export async function resetPasswordWithLink(linkToken: string, password: string): Promise<boolean> {
  const check = await checkLink(linkToken, 'reset-password');
  if (!check.ok) return false;
  await setPassword(check.userId, password);
  return true;
}

export async function changePassword(userId: string, password: string): Promise<void> {
  await setPassword(userId, password);
}
