import { request as playwrightRequest, type APIResponse } from '@playwright/test';
import { expect, test } from './fixtures';
import { loginAs } from '../helpers/e2e';

// The response cache in front of Remix (decisions 102 and 145): pages come from it while what
// they read is unchanged, and never once a write or a revoked session has made them wrong. The
// whole browser suite runs with it on; these tests pin down its rules.
//
// Other specs write while these run (on the other worker). A page is kept again once nothing
// it read has changed, so "kept" is shown by asking until the cache answers (a write to what
// the page reads may cost one miss, never a stale page); what follows a write of this spec's
// own is exact: the very next answer is fresh.

// Reads its own pages and ends only its own session: no other spec is disturbed.
const RIDER = 'pro@paceline.local';

/** Asks until an answer comes from the cache, and returns it. */
async function keptAnswer(ask: () => Promise<APIResponse>): Promise<APIResponse> {
  let kept: APIResponse | undefined;
  await expect
    .poll(async () => {
      kept = await ask();
      return kept.headers()['x-response-cache'];
    })
    .toBe('hit');
  return kept as APIResponse;
}

test('a signed-in page comes from the cache, and a revoked session stops working on the next request', async ({ page, baseURL }) => {
  await loginAs(page, RIDER, '/user/profile');
  await expect(page.getByLabel('First Name')).toBeVisible();
  const first = await page.request.get('/user/profile');
  const second = await keptAnswer(() => page.request.get('/user/profile'));
  expect(second.status()).toBe(200);
  expect(await second.text()).toContain((await first.text()).match(/<title>[^<]*<\/title>/)?.[0]);
  // Every answer carries its own nonce, in the policy and in the scripts alike.
  const nonce = /'nonce-([^']+)'/.exec(second.headers()['content-security-policy'] ?? '')?.[1];
  expect(nonce).toBeTruthy();
  expect(nonce).not.toBe(/'nonce-([^']+)'/.exec(first.headers()['content-security-policy'] ?? '')?.[1]);
  expect(await second.text()).toContain(`nonce="${nonce}"`);

  const cookies = await page.context().storageState();
  const logout = await page.request.post('/auth/logout', { headers: { Origin: baseURL ?? '' } });
  expect(logout.status()).toBeLessThan(400);

  const stale = await playwrightRequest.newContext({ baseURL, storageState: cookies });
  const after = await stale.get('/user/profile', { maxRedirects: 0 });
  expect(after.status()).toBe(302);
  expect(after.headers()['location']).toMatch(/^\/auth\/login/);
  await stale.dispose();
});

test("a visitor's cached page shows another rider's write on the very next request", async ({ browser, baseURL }) => {
  const visitor = await playwrightRequest.newContext({ baseURL });
  // Teams are listed by name: a name after every other lands on the last page (page=999 clamps to it).
  const lastPage = () => visitor.get('/teams?page=999');
  const before = await keptAnswer(lastPage);
  const name = `Zzz cache probe ${Date.now()}`;
  expect(await before.text()).not.toContain(name);

  const riderContext = await browser.newContext();
  const rider = await riderContext.newPage();
  await loginAs(rider, 'lina@paceline.local', '/my-teams');
  const created = await rider.request.post('/my-teams', {
    headers: { Origin: baseURL ?? '' },
    form: { intent: 'create', name, description: 'Made by the response-cache spec' },
    maxRedirects: 0,
  });
  expect(created.status()).toBeLessThan(400);

  // The very next request: this spec's own write made the kept page stale at once.
  const after = await lastPage();
  expect(after.headers()['x-response-cache']).toBeUndefined();
  expect(await after.text()).toContain(name);
  await riderContext.close();
  await visitor.dispose();
});

test('a page with a toast to show, or asked for by a frame, is never answered from the cache', async ({ baseURL }) => {
  const visitor = await playwrightRequest.newContext({ baseURL });
  await keptAnswer(() => visitor.get('/faqs'));
  const framed = await visitor.get('/faqs', { headers: { 'Sec-Fetch-Dest': 'iframe' }, maxRedirects: 0 });
  expect(framed.status()).toBe(302);
  const withCookie = await visitor.get('/faqs', { headers: { Cookie: 'paceline_toast=x' } });
  expect(withCookie.headers()['x-response-cache']).toBeUndefined();
  await visitor.dispose();
});
