import { parseWithZod } from '@conform-to/zod';
import { data } from '@remix-run/node';
import { z } from 'zod';
import { ChangePasswordSchema, CURRENT_PASSWORD_MESSAGES } from '~/lib/account-fields';
import { isCurrentPassword, logout, type ShellUser } from '~/services/accounts/auth.server';
import { withPasswordListRule } from '~/services/accounts/password.server';
import { clientAddress, consumeRateLimit } from '~/services/platform/rate-limit.server';
import { clearSessionCookies } from '~/services/accounts/session.server';
import { changePassword } from '~/services/accounts/recovery.server';
import { DELETION_MESSAGES, requestAccountDeletion } from '~/services/accounts/deletion.server';
import { requestDataExport } from '~/services/accounts/data-export.server';
import { removeAvatar, setAvatar, updateProfile } from '~/services/accounts/profile.server';
import { profileFormSchema } from './profile-form-schema';
import { redirectWithToast } from '~/services/platform/toast.server';
import { RECOVERY_MESSAGES, TOO_MANY_ATTEMPTS_MESSAGE } from '~/lib/account-messages';

/** The profile page's actions, one per form (intent). */
export async function saveProfile(user: ShellUser, formData: FormData) {
  const submission = parseWithZod(formData, { schema: profileFormSchema(user.gender, user.isKid) });
  if (submission.status !== 'success') return data({ intent: 'profile' as const, result: submission.reply() }, { status: 400 });
  const value = submission.value;
  await updateProfile(user.id, {
    firstname: value.firstname,
    lastname: value.lastname,
    country: value.country,
    dob: typeof value.dob === 'string' ? value.dob : undefined,
    weight: value.weight,
    height: value.height,
    marketingConsent: value.IsAllowedToSendMarketingEmails === 'on',
    ftpW: value.ftp ?? null,
  });
  return redirectWithToast('/user/profile', { kind: 'success', message: 'Your profile has been updated.' });
}

export async function changeAvatar(user: ShellUser, formData: FormData) {
  const file = formData.get('avatar');
  const bytes = file instanceof File ? new Uint8Array(await file.arrayBuffer()) : new Uint8Array();
  const outcome = await setAvatar(user.id, bytes);
  if (!outcome.ok) return data({ intent: 'avatar' as const, avatarError: outcome.message }, { status: 400 });
  return redirectWithToast('/user/profile', { kind: 'success', message: 'Your avatar has been updated.' });
}

export async function dropAvatar(user: ShellUser) {
  await removeAvatar(user.id);
  return redirectWithToast('/user/profile', { kind: 'success', message: 'Your avatar has been removed.' });
}

/** The current password judged with the form's other fields, so its message comes with theirs (decision 182). */
function currentPasswordRule(userId: string) {
  return z.object({ currentPassword: z.string().optional() }).transform(async ({ currentPassword }, ctx) => {
    if (currentPassword !== undefined && !(await isCurrentPassword(userId, currentPassword))) {
      ctx.addIssue({ code: 'custom', path: ['currentPassword'], message: CURRENT_PASSWORD_MESSAGES.wrong });
    }
    return {};
  });
}

/** Spec 1 §4 "Change password success: log out, go to events"; every session of the account ends. */
export async function savePassword(user: ShellUser, formData: FormData) {
  const schema = withPasswordListRule(ChangePasswordSchema).and(currentPasswordRule(user.id));
  const submission = await parseWithZod(formData, { schema, async: true });
  if (submission.status !== 'success') {
    return data({ intent: 'password' as const, result: submission.reply({ hideFields: ['currentPassword', 'password', 'repeatPassword'] }) }, { status: 400 });
  }
  await changePassword(user.id, submission.value.password);
  const headers = new Headers();
  for (const cookie of clearSessionCookies()) headers.append('Set-Cookie', cookie);
  return redirectWithToast('/events', { kind: 'success', message: RECOVERY_MESSAGES.passwordChanged }, { headers });
}

/**
 * Spec 1 §4 "Delete-account request success: log out, go to login". A child stays signed in: only
 * the parent can confirm, and the panel says the request waits for them (issue 26).
 */
export async function requestDeletion(user: ShellUser, request: Request, formData: FormData) {
  if (!(await consumeRateLimit('code-send', { account: user.id, address: clientAddress(request) }))) {
    return redirectWithToast('/user/profile?tab=delete', { kind: 'error', message: TOO_MANY_ATTEMPTS_MESSAGE });
  }
  const outcome = await requestAccountDeletion(user.id, { giveUpBalances: formData.get('giveUpBalances') === 'on' });
  if (!outcome.ok) return data({ intent: 'delete' as const, deleteError: outcome.message }, { status: 400 });
  if (outcome.forChild) return redirectWithToast('/user/profile?tab=delete', { kind: 'info', message: DELETION_MESSAGES.requestedForChild });
  return redirectWithToast('/auth/login', { kind: 'info', message: DELETION_MESSAGES.requested }, { headers: await logout(request) });
}

/** My Data: a copy of all of the rider's data, built in the background (issue 26). */
export async function requestExport(user: ShellUser, request: Request) {
  // A child's request e-mails the parent, and every copy costs a build: limited like the codes.
  if (!(await consumeRateLimit('code-send', { account: user.id, address: clientAddress(request) }))) {
    return redirectWithToast('/user/profile?tab=data', { kind: 'error', message: TOO_MANY_ATTEMPTS_MESSAGE });
  }
  const outcome = await requestDataExport(user.id);
  return redirectWithToast('/user/profile?tab=data', { kind: outcome.ok ? 'info' : 'error', message: outcome.message });
}
