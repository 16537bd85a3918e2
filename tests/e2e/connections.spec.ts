import { createHash, randomBytes } from 'node:crypto';
import { expect, test, type Page } from './fixtures';
import { loginAs } from '../helpers/e2e';

const CONNECTIONS = '/user/profile?tab=connections';

function card(page: Page, name: string) {
  return page.getByRole('listitem', { name });
}

test('Strava (sandbox): connect end to end, rides imported, disconnect removes them', async ({ page }) => {
  await loginAs(page, 'lina@paceline.local', CONNECTIONS);
  const strava = card(page, 'Strava');
  await strava.getByRole('button', { name: 'Connect' }).click();
  // The sandbox provider's own authorize page, with Allow and Deny.
  await expect(page.getByRole('heading', { name: 'Strava sandbox' })).toBeVisible();
  expect(new URL(page.url()).searchParams.get('code_challenge_method')).toBe('S256');
  await page.getByRole('button', { name: 'Allow' }).click();
  await expect(page).toHaveURL(/\/user\/profile\?tab=connections&network=strava&outcome=connected/);
  await expect(strava.getByRole('link', { name: 'Disconnect' })).toBeVisible();
  await expect(page.getByTestId('import-strava')).toHaveText('3 rides imported', { timeout: 20_000 });

  await page.goto('/user/activities#activities');
  await expect(page.getByText('Sandbox Morning Spin')).toBeVisible();
  await expect(page.getByText('Sandbox Hill Repeats')).toBeVisible();

  await page.goto(CONNECTIONS);
  await strava.getByRole('link', { name: 'Disconnect' }).click();
  await expect(strava.getByRole('alertdialog')).toContainText('Are you sure you want to remove STRAVA');
  await strava.getByRole('button', { name: 'Yes, remove' }).click();
  await expect(strava.getByRole('button', { name: 'Connect' })).toBeVisible();
  await page.goto('/user/activities#activities');
  await expect(page.getByText(/^\d+ activities$/)).toBeVisible();
  await expect(page.getByText('Sandbox Morning Spin')).toHaveCount(0);
});

test('Deny at the provider comes back with the error on the card', async ({ page }) => {
  await loginAs(page, 'lina@paceline.local', CONNECTIONS);
  await card(page, 'TrainingPeaks').getByRole('button', { name: 'Connect' }).click();
  await page.getByRole('button', { name: 'Deny' }).click();
  await expect(page).toHaveURL(/outcome=failed/);
  await expect(card(page, 'TrainingPeaks').getByRole('alert')).toHaveText('An error has occurred. Please try again');
  await expect(card(page, 'TrainingPeaks').getByRole('button', { name: 'Connect' })).toBeVisible();
});

test('WHOOP shows for a pro rider and not for a normal rider', async ({ page }) => {
  await loginAs(page, 'pro@paceline.local', CONNECTIONS);
  await expect(card(page, 'WHOOP')).toBeVisible();
  await expect(card(page, 'Strava')).toBeVisible();
  await loginAs(page, 'rider@paceline.local', CONNECTIONS);
  await expect(card(page, 'Strava')).toBeVisible();
  await expect(card(page, 'WHOOP')).toHaveCount(0);
});

test('a partner: login kept, authorize → code → token with PKCE → API → revoke → refused', async ({ page }) => {
  const redirectUri = 'http://127.0.0.1:8765/callback';
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const authorize = `/oauth/authorize?${new URLSearchParams({ client_id: 'demo-partner', redirect_uri: redirectUri, response_type: 'code', scope: 'profile:read activities:read', state: 'st-42', code_challenge: challenge, code_challenge_method: 'S256' })}`;
  const received: string[] = [];
  await page.route('http://127.0.0.1:8765/**', async (route) => {
    received.push(route.request().url());
    await route.fulfill({ status: 200, contentType: 'text/plain', body: 'partner received the code' });
  });

  await page.goto(authorize);
  await expect(page).toHaveURL(/\/auth\/login\?redirect=/);
  expect(new URL(page.url()).searchParams.get('redirect')).toBe(authorize);

  await loginAs(page, 'rider@paceline.local', authorize);
  await expect(page.getByRole('heading', { name: 'Authorize Demo Training Log to Paceline' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'https://partner.example' })).toBeVisible();
  await expect(page.getByText('You can revoke this access at any time')).toBeVisible();
  await page.getByRole('button', { name: 'Authorize' }).click();
  await expect(page.getByText('partner received the code')).toBeVisible();
  const callback = new URL(received[0]);
  expect(callback.searchParams.get('state')).toBe('st-42');
  const code = callback.searchParams.get('code') as string;

  // Issue 25 item 5: someone holding the code with a wrong verifier does not burn it.
  const wrongVerifier = await page.request.post('/oauth/token', {
    form: {
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      client_id: 'demo-partner',
      code_verifier: randomBytes(32).toString('base64url'),
    },
  });
  expect(wrongVerifier.status()).toBe(400);
  const token = await page.request.post('/oauth/token', {
    form: { grant_type: 'authorization_code', code, redirect_uri: redirectUri, client_id: 'demo-partner', code_verifier: verifier },
  });
  expect(token.status()).toBe(200);
  const tokens = (await token.json()) as { access_token: string; refresh_token: string; scope: string };
  expect(tokens.scope).toBe('profile:read activities:read');
  const bearer = { Authorization: `Bearer ${tokens.access_token}` };

  const profile = await page.request.get('/api/partner/profile', { headers: bearer });
  expect(await profile.json()).toMatchObject({ firstname: 'Alex', lastname: 'Rider' });
  const rides = await page.request.get('/api/partner/activities?limit=5', { headers: bearer });
  expect(((await rides.json()) as { activities: unknown[] }).activities).toHaveLength(5);

  // The rider sees the partner on the Connections tab.
  await page.goto(CONNECTIONS);
  await expect(page.getByTestId('authorized-partners')).toContainText('Demo Training Log');

  const revoked = await page.request.post('/oauth/revoke', { form: { token: tokens.refresh_token, client_id: 'demo-partner' } });
  expect(revoked.status()).toBe(200);
  const refused = await page.request.get('/api/partner/profile', { headers: bearer });
  expect(refused.status()).toBe(401);
  await page.reload();
  await expect(page.getByTestId('authorized-partners')).not.toContainText('Demo Training Log');

  // Cancel goes back to the partner with access_denied.
  await page.goto(authorize);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText('partner received the code')).toBeVisible();
  const cancelled = new URL(received[1]);
  expect(cancelled.searchParams.get('error')).toBe('access_denied');
  expect(cancelled.searchParams.get('state')).toBe('st-42');
});

test('a child account is told it cannot authorize a partner, with nothing to click (issue 25 item 3)', async ({ page }) => {
  const challenge = createHash('sha256').update(randomBytes(32).toString('base64url')).digest('base64url');
  const authorize = `/oauth/authorize?${new URLSearchParams({ client_id: 'demo-partner', redirect_uri: 'http://127.0.0.1:8765/callback', response_type: 'code', state: 's', code_challenge: challenge, code_challenge_method: 'S256' })}`;
  await loginAs(page, 'kid@paceline.local', authorize);
  await expect(page.getByRole('heading', { name: 'Authorization failed' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText(
    'Child accounts cannot authorize partner apps. A rider must be above 18 to give an app access to their Paceline data.',
  );
  await expect(page.getByRole('button', { name: 'Authorize' })).toHaveCount(0);
});

test('an unknown client or an unregistered redirect_uri shows the error and redirects nowhere', async ({ page }) => {
  await loginAs(page, 'rider@paceline.local', '/');
  await page.goto(`/oauth/authorize?${new URLSearchParams({ client_id: 'demo-partner', redirect_uri: 'https://evil.example/cb', state: 's' })}`);
  await expect(page.getByRole('alert')).toHaveText('The redirect address is not registered for this application.');
  expect(new URL(page.url()).pathname).toBe('/oauth/authorize');
  await page.goto(`/oauth/authorize?${new URLSearchParams({ client_id: 'nobody', redirect_uri: 'http://127.0.0.1:8765/callback' })}`);
  await expect(page.getByRole('alert')).toHaveText('This application is not registered with Paceline.');
});
