import type { Page, Route } from '@playwright/test';
import type { Hold } from './binding';

/** How long a step waits for the screen to send a request it expects to hold. */
const SENT_WITHIN_MS = 15_000;

/**
 * Requests a binding names in `holds`, kept from the path's start until a step releases them
 * (`route.continue()`, `route.abort()`, `route.fulfill()`): while one is held the screen shows
 * the state that waits for the server, and the step that stands for the server's answer decides
 * what it is. Each name keeps its requests in the order they were sent.
 */
export class HeldRequests {
  private readonly queues = new Map<string, Route[]>();
  private readonly waiting = new Map<string, Array<(route: Route) => void>>();

  constructor(private readonly holds: Record<string, Hold>) {}

  async install(page: Page) {
    for (const [name, hold] of Object.entries(this.holds)) {
      await page.route(hold.url, async (route) => {
        if (hold.method && route.request().method() !== hold.method) return route.fallback();
        const waiter = this.waiting.get(name)?.shift();
        if (waiter) waiter(route);
        else this.queues.set(name, [...(this.queues.get(name) ?? []), route]);
      });
    }
  }

  /** The oldest unreleased request of `name`; the caller must release it. */
  take(name: string): Promise<Route> {
    if (!(name in this.holds)) throw new Error(`No hold named "${name}": the binding's holds are ${Object.keys(this.holds).join(', ') || 'none'}`);
    const queued = this.queues.get(name)?.shift();
    if (queued) return Promise.resolve(queued);
    return new Promise<Route>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting.set(
          name,
          (this.waiting.get(name) ?? []).filter((waiter) => waiter !== onRoute),
        );
        reject(new Error(`The screen sent no "${name}" request within ${SENT_WITHIN_MS / 1000} s`));
      }, SENT_WITHIN_MS);
      const onRoute = (route: Route) => {
        clearTimeout(timer);
        resolve(route);
      };
      this.waiting.set(name, [...(this.waiting.get(name) ?? []), onRoute]);
    });
  }
}
