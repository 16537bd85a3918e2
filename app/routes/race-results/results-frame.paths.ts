import { expect, type Page } from '@playwright/test';
import { resultsFrameMachine } from '~/machines/results-frame.machine';
import { signInAsSharedRider } from '../../../tests/paths/browser/arrange';
import { defineBinding } from '../../../tests/paths/browser/binding';
import { HYDRATION, hydrate, openBeforeHydration } from '../../../tests/paths/browser/hydration';

// The results page and the board framed in it (app/routes/results-board). The page is opened with
// its script held: its first render tells the machine where it is (LOCATION_CHANGED), and the
// frame's messages reach it only from then on. A button of the board posts the message; the
// navigation it starts is held, so `navigating` is seen until the new location arrives.

const SERIES = 'Paceline Winter Grand Prix';
const SINGLE = 'Dubai Desert Classic';

interface Arranged {
  hydrated: boolean;
}

const board = (page: Page) => page.frameLocator('iframe[title="Race results"]');
const status = (page: Page) => page.locator('.race-results [role="status"]');

/** The board's own id for one of its events, as its buttons carry it in their message. */
async function resultEventId(page: Page, name: string): Promise<number> {
  const html = await (await page.request.get('/results-board')).text();
  for (const [, message, label] of html.matchAll(/data-message='([^']*)'[^>]*>([^<]*)</g)) {
    if (label === name) return (JSON.parse(message.replaceAll('&quot;', '"')) as { eventId: number }).eventId;
  }
  throw new Error(`The results board lists no ${name}`);
}

export default defineBinding(resultsFrameMachine, {
  async arrange({ page, events, once }): Promise<Arranged> {
    await signInAsSharedRider(page, once);
    const message = events.find((event) => event.type === 'FRAME_MESSAGE') as { data?: { eventType?: string } } | undefined;
    // 'All events' is offered on an event's results: open one for a path that picks it.
    const path = message?.data?.eventType === 'events' ? `/race-results?eventId=${await resultEventId(page, SERIES)}&dayId=1` : '/race-results';
    await openBeforeHydration(page, path);
    return { hydrated: false };
  },
  holds: { hydration: HYDRATION, navigation: { method: 'GET', url: (url) => url.pathname === '/race-results.data' } },
  states: {
    showing: async ({ page }) => {
      await expect(page.getByRole('heading', { name: 'Race results' })).toBeVisible();
      await expect(status(page)).toHaveText('');
      await expect(page.locator('.race-results')).toHaveAttribute('aria-busy', 'false');
    },
    navigating: async ({ page }) => {
      await expect(status(page)).toHaveText('Opening the results you chose…');
      await expect(page.locator('.race-results')).toHaveAttribute('aria-busy', 'true');
    },
  },
  events: {
    LOCATION_CHANGED: {
      // The page's first render tells the machine where it is.
      showing: async ({ page, held, arranged }) => {
        await hydrate(page, held);
        arranged.hydrated = true;
      },
      // The new location has arrived.
      navigating: async ({ held }) => (await held('navigation')).continue(),
    },
    FRAME_MESSAGE: async ({ page, event, held, arranged }) => {
      if (!arranged.hydrated) await hydrate(page, held);
      arranged.hydrated = true;
      const { eventType } = event.data as { eventType: 'series' | 'single' | 'events' };
      const name = eventType === 'series' ? SERIES : eventType === 'single' ? SINGLE : 'All events';
      await board(page).getByRole('button', { name, exact: true }).click();
    },
  },
});
