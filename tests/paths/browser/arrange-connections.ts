import { expect, type Locator, type Page } from '@playwright/test';
import type { ImportProgress } from '../../../app/machines/connect-network.machine';
import type { Network } from '../../../app/lib/connections/networks';

const CONNECTIONS = '/user/connections';

/** A redirect's target, as a path of this site (the sandbox provider is served by it too). */
function locationOf(response: { status: () => number; headers: () => Record<string, string> }, step: string): string {
  const location = response.headers().location;
  if (response.status() !== 302 || !location) throw new Error(`${step} answered ${response.status()} instead of a redirect`);
  const url = new URL(location, 'http://localhost');
  return `${url.pathname}${url.search}`;
}

/**
 * Connect as the signed-in rider does it, without a page: Connect, the provider's Allow or Deny
 * (the sandbox provider, decision 091), and its callback. Answers where the callback sends the
 * rider: the Connections tab with the outcome.
 */
export async function connectAtProvider(page: Page, network: Network, decision: 'allow' | 'deny'): Promise<string> {
  const started = await page.request.post(CONNECTIONS, { form: { intent: 'connect', network }, maxRedirects: 0 });
  const authorize = locationOf(started, 'Connect');
  const decided = await page.request.post(authorize, { form: { decision }, maxRedirects: 0 });
  const callback = await page.request.get(locationOf(decided, `The provider's ${decision}`), { maxRedirects: 0 });
  return locationOf(callback, 'The callback');
}

/** The rider's import from the network, as the card polls it. */
async function importProgress(page: Page, network: Network): Promise<ImportProgress | null> {
  const response = await page.request.get(`${CONNECTIONS}?${new URLSearchParams({ network })}`);
  return ((await response.json()) as { progress: ImportProgress | null }).progress;
}

/** Waits until the import the connection started has ended (the sandbox's three rides take moments). */
export async function importEnded(page: Page, network: Network) {
  await expect.poll(async () => (await importProgress(page, network))?.status, { timeout: 60_000 }).toBe('done');
}

/** Where the rider's import stands from now on, as the import job records it (app/routes/e2e.network-import). */
export async function setImportProgress(page: Page, network: Network, progress: ImportProgress) {
  const response = await page.request.post('/e2e/network-import', {
    form: { network, status: progress.status, done: String(progress.done), total: String(progress.total) },
  });
  if (!response.ok()) throw new Error(`/e2e/network-import answered ${response.status()}: ${await response.text()}`);
}

/**
 * A Connect form's post leaves the page for the provider: it goes straight through, so the
 * provider's authorize page is what the rider sees next (a held navigation leaves the page
 * unreadable). The card's own posts, fetched, fall back to the binding's holds.
 */
export async function letConnectLeaveForTheProvider(page: Page) {
  await page.route(
    (url) => url.pathname === CONNECTIONS,
    (route) => (route.request().resourceType() === 'document' ? route.continue() : route.fallback()),
  );
}

/**
 * Submits a Connect form with the browser's post held in the page: the page's own submit handler
 * runs (the card shows it is leaving), the post waits until `leave()` sends the same form. (A
 * navigation held on the network leaves the page unreadable until it commits.)
 */
export async function submitHeldInThePage(form: Locator, submit: () => Promise<void>): Promise<{ leave: () => Promise<void> }> {
  // Registered on the window, so it runs after the page's handlers (React's sit on its root).
  await form.evaluate(() => window.addEventListener('submit', (event) => event.preventDefault(), { once: true }));
  await submit();
  return { leave: () => form.evaluate((element) => (element as HTMLFormElement).submit()) };
}
