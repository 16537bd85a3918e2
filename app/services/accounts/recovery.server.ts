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
 * A password change ends every session of the account (issue 3). Their messages: RECOVERY_MESSAGES
 * (app/lib/account-messages.ts).
 */

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
