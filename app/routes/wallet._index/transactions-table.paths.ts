import { expect, type Page } from '@playwright/test';
import { WALLET_SEARCH_DEBOUNCE_MS } from '~/lib/constants';
import { WALLET_MESSAGES } from '~/lib/wallet/messages';
import { transactionsTableMachine } from '~/machines/transactions-table.machine';
import { loginAs } from '../../../tests/helpers/e2e';
import { defineBinding } from '../../../tests/paths/browser/binding';

// The wallet's transactions table of the demo veteran, whose 27 prizes fill three pages (the
// catalogue's sample has three): nothing here writes, so every path reads the same history.
// Each page the table asks for is held; its answer goes on, or is aborted for no answer.

const VETERAN = 'yusuf@paceline.local';

const table = (page: Page) => page.locator('section.wallet-transactions');
const status = (page: Page) => table(page).getByRole('status');
const pager = (page: Page) => page.getByRole('navigation', { name: 'Transaction pages' });

export default defineBinding(transactionsTableMachine, {
  async arrange({ page }) {
    await loginAs(page, VETERAN, '/wallet');
    await expect(page.getByTestId('wallet-transactions').locator('tbody tr')).toHaveCount(10);
    // Time stands still: the search waits for its debounce until a step moves the clock.
    await page.clock.pauseAt(Date.now() + 1_000);
  },
  holds: { loadPage: { method: 'GET', url: (url) => url.pathname === '/wallet/transactions' } },
  states: {
    // The rows of the page the machine holds: its number marked in the pager, or the empty list.
    showing: async ({ page, context }) => {
      await expect(table(page)).toHaveAttribute('aria-busy', 'false');
      await expect(status(page)).toHaveText('');
      if (context.result.meta.last_page > 1) await expect(pager(page).locator('[aria-current="page"]')).toHaveText(String(context.page));
      else {
        await expect(pager(page)).toHaveCount(0);
        await expect(page.getByTestId('wallet-transactions')).toContainText(WALLET_MESSAGES.noTransactions);
      }
    },
    debouncing: async ({ page }) => {
      await expect(status(page)).toHaveText(WALLET_MESSAGES.searchPending);
      await expect(table(page)).toHaveAttribute('aria-busy', 'true');
    },
    loading: async ({ page }) => {
      await expect(status(page)).toHaveText(WALLET_MESSAGES.loadingTransactions);
      await expect(table(page)).toHaveAttribute('aria-busy', 'true');
    },
  },
  events: {
    PAGE: {
      showing: ({ page, event }) =>
        pager(page)
          .getByRole('link', { name: String(event.page), exact: true })
          .click(),
      // A page asked for while another is on its way: the earlier answer, when it comes, is not shown.
      loading: async ({ page, event, held }) => {
        const earlier = await held('loadPage');
        await pager(page)
          .getByRole('link', { name: String(event.page), exact: true })
          .click();
        await earlier.continue();
      },
    },
    'xstate.done.actor.loadPage': async ({ held }) => (await held('loadPage')).continue(),
    'xstate.error.actor.loadPage': async ({ held }) => (await held('loadPage')).abort(),
    SEARCH_CHANGED: ({ page, event }) => page.getByLabel('Search').fill(event.search),
    'xstate.after.searchDebounce': ({ page }) => page.clock.runFor(WALLET_SEARCH_DEBOUNCE_MS),
  },
});
