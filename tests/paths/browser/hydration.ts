import { expect, type Page, type Route } from '@playwright/test';
import type { Hold } from './binding';

/**
 * Screens whose machine starts in a state the server renders and leaves it as the page's script
 * runs: its first effects send the server's data (LOADED, STATUS_LOADED, START). A binding holds
 * the page's entry script (`holds: { hydration: HYDRATION }`), so the server's render stays on the
 * screen for the first state's check, and the step of that first event lets the script run.
 * Every document the path loads is held again (a page that reloads starts over in its first state).
 */
export const HYDRATION: Hold = { method: 'GET', url: (url) => /^\/assets\/entry\.client-[\w-]+\.js$/.test(url.pathname) };

/** A loaded machine may take a while to load and run the page's scripts: a deadline, not a wait. */
const HYDRATED_WITHIN_MS = 30_000;

/** Opens `path` without waiting for the page's scripts (held, or still loading): the server's render. */
export async function openBeforeHydration(page: Page, path: string) {
  await page.goto(path, { waitUntil: 'commit' });
}

/**
 * The page has run its first effects: the shell's session watch, started by one of them, has left
 * `off` (the server's render). Every screen bound this way is a signed-in rider's.
 */
export async function waitForHydration(page: Page) {
  await expect(page.locator('.user-menu')).not.toHaveAttribute('data-session-state', 'off', { timeout: HYDRATED_WITHIN_MS });
}

/** Lets the held entry script run and waits until the page's first effects have run. */
export async function hydrate(page: Page, held: (name: string) => Promise<Route>) {
  await (await held('hydration')).continue();
  await waitForHydration(page);
}
