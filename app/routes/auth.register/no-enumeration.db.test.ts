import { describe, expect, it } from 'vitest';
import { readFlow } from '~/services/platform/flow-state.server';
import { useTestDatabase } from '../../../tests/helpers/db';
import { formRequest, solvedRobotCheck } from '../../../tests/helpers/robot';
import { createTestUser } from '../../../tests/helpers/users';
import { action } from './route';

useTestDatabase();

const adult = {
  firstname: 'Lina', lastname: 'Haddad', gender: '1', password: 'secret-pass', password_confirmation: 'secret-pass',
  country: '246', dob: '1990-04-02', weight: '60', height: '165', consent_agree_privacy_notice: 'on',
};

async function verifyKeyAfterRegistering(email: string) {
  const reply = (await action({ request: formRequest('http://localhost/auth/register', { ...adult, email, altcha: await solvedRobotCheck() }), params: {}, context: {} })) as Response;
  const cookie = reply.headers.getSetCookie().find((header) => header.startsWith('paceline_verify='))!.split(';')[0];
  return (await readFlow(new Request('http://localhost/', { headers: { Cookie: cookie } }), 'verify'))!.key;
}

describe('registration does not tell which e-mails have accounts (issue 15 item 6)', () => {
  it('the verify cookie holds a key of one shape for a taken and a new e-mail', async () => {
    const taken = await createTestUser();
    const takenKey = await verifyKeyAfterRegistering(taken.email);
    const freshKey = await verifyKeyAfterRegistering('brand-new-rider@example.com');
    const shape = (key: string) => ({ length: key.length, alphabet: /^[A-Za-z0-9_-]+$/.test(key), uuid: /^[0-9a-f-]{36}$/.test(key) });
    expect(shape(takenKey)).toEqual(shape(freshKey));
  });
});
