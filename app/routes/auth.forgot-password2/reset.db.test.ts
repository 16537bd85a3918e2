import { describe, expect, it } from 'vitest';
import { MESSAGES } from '~/lib/account-fields';
import { COMMON_PASSWORD_MESSAGE } from '~/services/accounts/password.server';
import { setUpTestDatabase } from '../../../tests/helpers/db';
import { formRequest } from '../../../tests/helpers/robot';
import { action } from './route';

setUpTestDatabase();

type Reply = { data: { result: { error?: Record<string, string[]> } }; init: { status?: number } | null };

describe('reset password with the e-mailed link', () => {
  it('answers a common password and a repeat that differs together (decision 182)', async () => {
    const request = formRequest('http://localhost/auth/forgot-password2', { code: 'any-link', password: 'password1', repeatPassword: 'password2' });
    const reply = (await action({ request, params: {}, context: {} })) as unknown as Reply;
    expect(reply.init?.status).toBe(400);
    expect(reply.data.result.error).toEqual({ password: [COMMON_PASSWORD_MESSAGE], repeatPassword: [MESSAGES.passwordMismatch] });
  });
});
