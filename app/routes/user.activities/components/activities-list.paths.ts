import { expect, type Cookie, type Page } from '@playwright/test';
import { ACTIVITIES_PAGE_SIZE } from '~/lib/constants';
import { activitiesListMachine } from '~/machines/activities-list.machine';
import { signInAsNewRider } from '../../../../tests/paths/browser/arrange';
import { uploadRides } from '../../../../tests/paths/browser/arrange-activities';
import { defineBinding } from '../../../../tests/paths/browser/binding';
import { waitForHydration } from '../../../../tests/paths/browser/hydration';

// The ACTIVITIES tab of a rider with two pages of rides (one per worker: the paths change no
// ride). Each page the tab asks for is held, so `loading` is seen; the server's page is the
// answer (the last, or one that leaves more), and no answer is the request aborted.

const rows = (page: Page) => page.getByTestId('activity-row');
const loadMore = (page: Page) => page.locator('.activities-load-more');
const failure = (page: Page) => page.getByText('Could not load more activities.');

export default defineBinding(activitiesListMachine, {
  async arrange({ page, once }) {
    const cookies = await once<Cookie[]>('a rider with two pages of rides', async () => {
      await signInAsNewRider(page);
      await uploadRides(page, ACTIVITIES_PAGE_SIZE + 1);
      return page.context().cookies();
    });
    await page.context().addCookies(cookies);
    await page.goto('/user/activities?tab=activities');
    await waitForHydration(page);
    await expect(rows(page)).toHaveCount(ACTIVITIES_PAGE_SIZE);
  },
  holds: { listPage: { method: 'GET', url: (url) => url.pathname === '/user/activities/list' } },
  states: {
    ready: async ({ page }) => {
      await expect(loadMore(page)).toHaveText('LOAD MORE');
      await expect(loadMore(page)).toBeEnabled();
      await expect(rows(page)).not.toHaveCount(0);
      await expect(failure(page)).toHaveCount(0);
    },
    loading: async ({ page }) => {
      // After a sort change the rows start again and the tab says it is loading them; otherwise
      // LOAD MORE does. (The model's rows are the catalogue sample's, not the page's: the page says which.)
      const startingOver = page.getByText('Loading activities…');
      const loadingMore = page.locator('.activities-load-more[aria-busy="true"]', { hasText: 'Loading…' });
      await expect(startingOver.or(loadingMore).first()).toBeVisible();
      if (await startingOver.isVisible()) await expect(rows(page)).toHaveCount(0);
    },
    failed: async ({ page }) => {
      await expect(failure(page)).toBeVisible();
      await expect(page.getByRole('button', { name: 'Retry' })).toBeEnabled();
      await expect(loadMore(page)).toHaveCount(0);
    },
    finished: async ({ page }) => {
      await expect(rows(page)).toHaveCount(ACTIVITIES_PAGE_SIZE + 1);
      await expect(loadMore(page)).toHaveCount(0);
      await expect(failure(page)).toHaveCount(0);
    },
  },
  events: {
    TOGGLE_COMPARE: async ({ page }) => {
      const box = page.locator('input[aria-label^="Compare"]:not([disabled])').first();
      const ticked = await box.isChecked();
      await box.click();
      await expect(box).toBeChecked({ checked: !ticked });
    },
    LOAD_MORE: ({ page }) => loadMore(page).click(),
    SET_SORT: ({ page, event }) => page.getByLabel('Sort').selectOption(event.sort),
    'xstate.done.actor.fetchPage': async ({ held }) => (await held('listPage')).continue(),
    'xstate.error.actor.fetchPage': async ({ held }) => (await held('listPage')).abort(),
    RETRY: ({ page }) => page.getByRole('button', { name: 'Retry' }).click(),
  },
});
