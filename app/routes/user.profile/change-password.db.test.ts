import { describe, expect, it } from 'vitest';
import { CURRENT_PASSWORD_MESSAGES } from '~/lib/account-fields';
import { getOptionalUser } from '~/services/accounts/auth.server';
import { COMMON_PASSWORD_MESSAGE, verifyPassword } from '~/services/accounts/password.server';
import { findUserById } from '~/services/accounts/session.server';
import { setUpTestDatabase } from '../../../tests/helpers/db';
import { createTestUser, signedInRequest } from '../../../tests/helpers/users';
import { savePassword } from './profile-actions.server';

setUpTestDatabase();

type Reply = { data: { result: { error?: Record<string, string[]> } }; init: { status?: number } | null };

function form(fields: Record<string, string>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
}

describe('changing the password while signed in (issue 15 items 7 and 12)', () => {
  it('asks for the current password and refuses a wrong one, changing nothing', async () => {
    const user = await createTestUser({ password: 'old-password-1' });
    const { request } = await signedInRequest(user.id);
    const shell = (await getOptionalUser(request))!;
    const missing = (await savePassword(shell, form({ password: 'new-password-1', repeatPassword: 'new-password-1' }))) as unknown as Reply;
    expect(missing.data.result.error?.currentPassword).toEqual([CURRENT_PASSWORD_MESSAGES.required]);
    const wrong = (await savePassword(
      shell,
      form({ currentPassword: 'guessed-1', password: 'new-password-1', repeatPassword: 'new-password-1' }),
    )) as unknown as Reply;
    expect(wrong.init?.status).toBe(400);
    expect(wrong.data.result.error?.currentPassword).toEqual([CURRENT_PASSWORD_MESSAGES.wrong]);
    expect(await verifyPassword((await findUserById(user.id)).passwordHash, 'old-password-1')).toBe(true);
    expect(await getOptionalUser(request)).not.toBeNull();
  });

  it('refuses a common breached password even above the 6-character floor', async () => {
    const user = await createTestUser({ password: 'old-password-1' });
    const { request } = await signedInRequest(user.id);
    const reply = (await savePassword(
      (await getOptionalUser(request))!,
      form({ currentPassword: 'old-password-1', password: '123456', repeatPassword: '123456' }),
    )) as unknown as Reply;
    expect(reply.data.result.error?.password).toEqual([COMMON_PASSWORD_MESSAGE]);
  });

  it('with the right current password, changes it and ends every session', async () => {
    const user = await createTestUser({ password: 'old-password-1' });
    const { request } = await signedInRequest(user.id);
    const done = (await savePassword(
      (await getOptionalUser(request))!,
      form({ currentPassword: 'old-password-1', password: 'new-password-1', repeatPassword: 'new-password-1' }),
    )) as Response;
    expect(done.status).toBe(302);
    expect(await verifyPassword((await findUserById(user.id)).passwordHash, 'new-password-1')).toBe(true);
    expect(await getOptionalUser(request)).toBeNull();
  });
});
