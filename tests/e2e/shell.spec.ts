import { expect, test } from './fixtures';
import { watchPageErrors } from './react-errors';

test('a visitor sees the shell with a Login link', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
  await expect(page.locator('footer')).toBeVisible();
});

test('an unknown path redirects to the home page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/$/);
});

test('a signed-in rider sees the account menu with their initial', async ({ page }) => {
  await page.goto('/e2e/login?email=rider%40paceline.local&redirectTo=%2F');
  await expect(page.getByRole('link', { name: 'Login' })).toHaveCount(0);
  await expect(page.locator('.user-menu summary')).toHaveText('A');
});

// The server writes the shell's links and the subscribe form without Link and Conform (decision
// 151); the browser's first render must hydrate onto that markup without a mismatch.
test('the shell hydrates onto the server markup: no React error, and its links navigate in the page', async ({ page }) => {
  const errors = watchPageErrors(page);
  await page.goto('/e2e/login?email=rider%40paceline.local&redirectTo=%2Ffaqs');
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => Object.assign(window, { pacelineStayed: true }));
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Events' }).click();
  await expect(page).toHaveURL(/\/events$/);
  await page.locator('.user-menu summary').click();
  await page.getByRole('link', { name: 'View Profile' }).click();
  await expect(page).toHaveURL(/\/user\/profile$/);
  expect(await page.evaluate(() => (window as unknown as { pacelineStayed?: boolean }).pacelineStayed)).toBe(true);
  expect(errors.fromReact()).toEqual([]);
});

test('an idle connection is kept 65 s, longer than a balancer in front keeps it, and the server says so', async ({ request }) => {
  // With Node's 5 s a client reusing a socket as the server closed it got ECONNRESET (a route.fetch here once).
  const response = await request.get('/faqs');
  expect(response.headers()['connection']).toBe('keep-alive');
  expect(response.headers()['keep-alive']).toBe('timeout=65');
});

// Decision 162: a document carries the shell's content once, in a JSON script of its own; data
// requests (a revalidation after a form) carry it in their data, and the shell keeps working.
test("the shell's content comes in the document's own script, not in its data, and a revalidation brings it as data", async ({ page, request }) => {
  const html = await (await request.get('/faqs')).text();
  const script = html.match(/<script type="application\/json" id="kept-json-shell">(.*?)<\/script>/)?.[1];
  expect(JSON.parse(script ?? 'null')?.menus?.['main-menu']?.length).toBeGreaterThan(0);
  const pageData = html.match(/streamController\.enqueue\((.*?)\);<\/script>/s)?.[1] ?? '';
  // The root's data names the script (a key `script`, escaped inside the enqueued string).
  expect(pageData).toContain('\\"script\\"');
  expect(pageData).not.toContain('main-menu');

  const errors = watchPageErrors(page);
  await page.goto('/faqs');
  await page.waitForLoadState('networkidle');
  // The page's own revalidation after the form (a link's prefetch on hover would ask for another path).
  const revalidated = page.waitForResponse((response) => new URL(response.url()).pathname === '/faqs.data' && response.request().method() === 'GET');
  const form = page.locator('form.subscribe-form');
  await form.getByRole('textbox').fill(`shell${Date.now()}@example.com`);
  await form.getByRole('button', { name: 'Subscribe' }).click();
  expect(await (await revalidated).text()).toContain('main-menu');
  await expect(form.getByText('Thanks! You are subscribed to Paceline news.')).toBeVisible();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Events' }).click();
  await expect(page).toHaveURL(/\/events$/);
  await expect(page.locator('footer')).toBeVisible();
  expect(errors.uncaught()).toEqual([]);
  expect(errors.fromReact()).toEqual([]);
});
