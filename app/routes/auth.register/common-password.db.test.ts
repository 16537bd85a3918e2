import { describe, expect, it } from 'vitest';
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from '~/services/accounts/password.server';
import { setUpTestDatabase } from '../../../tests/helpers/db';
import { formRequest, solvedRobotCheck } from '../../../tests/helpers/robot';
import { action } from './route';

setUpTestDatabase();

type Reply = { data: { result: { error?: Record<string, string[]> } }; init: { status?: number } | null };

const adult = {
  firstname: 'Lina',
  lastname: 'Haddad',
  gender: '1',
  email: 'common@example.com',
  country: '246',
  dob: '1990-04-02',
  weight: '60',
  height: '165',
  consent_agree_privacy_notice: 'on',
};

describe('common passwords (issue 15 item 12, ASVS V6.2)', () => {
  it('knows the usual suspects, whatever their case, and not a passphrase', () => {
    for (const password of ['123456', 'password1', 'QWERTY123', 'iloveyou', 'paceline']) expect(isCommonPassword(password)).toBe(true);
    expect(isCommonPassword('correct horse battery')).toBe(false);
  });

  it('registration refuses 123456 with a message under the password field, creating nothing', async () => {
    const fields = { ...adult, password: '123456', password_confirmation: '123456', altcha: await solvedRobotCheck() };
    const reply = (await action({ request: formRequest('http://localhost/auth/register', fields), params: {}, context: {} })) as unknown as Reply;
    expect(reply.init?.status).toBe(400);
    expect(reply.data.result.error?.password).toEqual([COMMON_PASSWORD_MESSAGE]);
  });
});
