import { eq } from 'drizzle-orm';
import { db } from '~/db/client.server';
import { users } from '~/db/schema';
import { sendDeleteConfirmationMail, sendPasswordResetMail } from './account-mail.server';
import { normalizeEmail } from './accounts.server';
import { storage } from '../adapters/storage.server';
import { deleteKeptFiles, keptFilesOf } from '../activities/ride-series.server';
import { hashPassword } from './password.server';
import { revokeAllSessions } from './session.server';
import { checkLink, issueVerification } from './verification.server';

/**
 * Looking after an account: forgotten and changed passwords and deleting the account.
 * A password change or a deletion ends every session of the account (issue 3).
 */
export const RECOVERY_MESSAGES = {
  resetSent: 'If an account exists for this e-mail, we have sent a link to reset the password.',
  resetFailed: 'Invalid email address provided.',
  resetDone: 'Your password has been reset. Please log in.',
  invalidResetLink: 'This reset link is invalid or has expired.',
  passwordChanged: 'Your password has been changed. Please log in again.',
  deleteRequested: 'We have sent a link to confirm the deletion of the account.',
  deleted: 'The account and all of its data have been deleted.',
  invalidDeleteLink: 'This link is invalid or has expired.',
} as const;

/** Same answer whether or not the address has an account; only an active account gets mail. */
export async function requestPasswordReset(email: string): Promise<void> {
  const [user] = await db().select().from(users).where(eq(users.email, normalizeEmail(email)));
  if (!user || user.status !== 'active') return;
  const issued = await issueVerification(user.id, 'reset-password', user.email);
  await sendPasswordResetMail(user.email, issued.linkToken);
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

/** E-mails the confirmation link: to the parent for a child account, else to the rider. */
export async function requestAccountDeletion(userId: string): Promise<{ sentTo: string }> {
  const [user] = await db().select().from(users).where(eq(users.id, userId));
  if (!user) throw new Error('No such account');
  const sentTo = user.isKid && user.parentEmail ? user.parentEmail : user.email;
  const issued = await issueVerification(user.id, 'delete-account', sentTo);
  await sendDeleteConfirmationMail(sentTo, user.firstname, issued.linkToken, user.isKid);
  return { sentTo };
}

/** The e-mailed link: deletes the account; its rows go with it through ON DELETE CASCADE. */
export async function confirmAccountDeletion(linkToken: string): Promise<boolean> {
  const check = await checkLink(linkToken, 'delete-account');
  if (!check.ok) return false;
  // The rows go with the account; the ride files they name are removed after them.
  const rideFiles = await keptFilesOf(check.userId);
  const [deleted] = await db().delete(users).where(eq(users.id, check.userId)).returning({ avatarPath: users.avatarPath });
  if (deleted?.avatarPath?.startsWith('avatars/')) await storage().delete(deleted.avatarPath);
  if (deleted) await deleteKeptFiles(rideFiles);
  return Boolean(deleted);
}
