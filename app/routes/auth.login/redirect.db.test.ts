import { describe, expect, it } from 'vitest';
import { setUpTestDatabase } from '../../../tests/helpers/db';
import { formRequest, solvedRobotCheck } from '../../../tests/helpers/robot';
import { createTestUser } from '../../../tests/helpers/users';
import { action as subscribeAction } from '../subscribe/route';
import { action } from './route';

setUpTestDatabase();

const hostile = ['/\t/evil.example', '/\n/evil.example', '/\\evil.example', '//EVIL.example', 'https://evil.example'];

async function signIn(email: string, redirectTo: string, query = '') {
  const fields = { email, password: 'right-password', redirectTo, altcha: await solvedRobotCheck() };
  return (await action({ request: formRequest(`http://localhost/auth/login${query}`, fields), params: {}, context: {} })) as Response;
}

describe('no open redirect after sign-in or subscribing (issue 15 item 3)', () => {
  it.each(hostile)('redirectTo %j lands on the default page, with a session and no 500', async (target) => {
    const user = await createTestUser({ password: 'right-password' });
    const response = await signIn(user.email, target);
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe('/user/activities#profile');
  });

  it.each(hostile)('a referer query %j is refused the same way', async (target) => {
    const user = await createTestUser({ password: 'right-password' });
    const response = await signIn(user.email, '', `?${new URLSearchParams({ referer: target })}`);
    expect(response.headers.get('Location')).toBe('/user/activities#profile');
  });

  it.each(hostile)("/subscribe's redirectTo %j goes home", async (target) => {
    const request = formRequest('http://localhost/subscribe', { email: 'fan@example.com', redirectTo: target }, { 'Sec-Fetch-Dest': 'document' });
    const response = await subscribeAction({ request, params: {}, context: {} });
    expect(response.headers.get('Location')).toBe('/');
  });
});
