import { expect, type Page } from '@playwright/test';
import { importStatusBannerMachine, type ImportStatus } from '~/machines/import-status-banner.machine';
import { signInAsNewRider } from '../../../../tests/paths/browser/arrange';
import { reviewImportRequest, submitImportRequest } from '../../../../tests/paths/browser/arrange-activities';
import { defineBinding, postTo } from '../../../../tests/paths/browser/binding';
import { HYDRATION, hydrate, openBeforeHydration } from '../../../../tests/paths/browser/hydration';
import { BANNER_TEXT } from './ImportBanner';

// The import banner on the activities page of a new rider (each path its own), whose import the
// server knows in the state the path starts from: none, a request waiting (sent as the wizard
// sends it), or one staff approved or rejected. The page is opened with its script held, so the
// server's banner is seen before the machine takes its status; Got It's post is held.

const banner = (page: Page) => page.getByRole('region', { name: 'Import from other platforms' });
const button = (page: Page, name: string) => banner(page).getByRole('button', { name, exact: true });

export default defineBinding(importStatusBannerMachine, {
  async arrange({ page, events }): Promise<{ status: ImportStatus }> {
    const status = (events[0] as { status?: ImportStatus }).status ?? 'none';
    await signInAsNewRider(page);
    if (status !== 'none') await submitImportRequest(page);
    if (status === 'approved' || status === 'rejected') await reviewImportRequest(page, status);
    await openBeforeHydration(page, '/user/activities');
    return { status };
  },
  holds: { hydration: HYDRATION, markSeen: postTo('/user/activities') },
  states: {
    // The server's banner for the rider's import, before the page's script runs.
    loading: ({ page, arranged }) => expect(banner(page)).toHaveAttribute('data-state', arranged.status),
    none: async ({ page }) => {
      await expect(banner(page)).toHaveAttribute('data-state', 'none');
      await expect(button(page, 'Import')).toBeEnabled();
      await expect(page.getByRole('dialog')).toHaveCount(0);
    },
    submitted: ({ page }) => expect(banner(page)).toHaveText(BANNER_TEXT.submitted),
    approved: async ({ page }) => {
      await expect(banner(page)).toContainText(BANNER_TEXT.approved);
      await expect(button(page, 'Got It')).toBeEnabled();
    },
    markingSeen: async ({ page }) => {
      await expect(banner(page)).toContainText(BANNER_TEXT.approved);
      await expect(button(page, 'Got It')).toHaveAttribute('aria-busy', 'true');
    },
    rejected: async ({ page }) => {
      await expect(banner(page)).toContainText(BANNER_TEXT.rejected);
      await expect(button(page, 'Re-import')).toBeEnabled();
    },
    wizardOpen: ({ page }) => expect(page.getByRole('dialog', { name: 'Import your stats · step 1 of 3' })).toBeVisible(),
  },
  events: {
    STATUS_LOADED: ({ page, held }) => hydrate(page, held),
    IMPORT: {
      none: ({ page }) => button(page, 'Import').click(),
      rejected: ({ page }) => button(page, 'Re-import').click(),
    },
    GOT_IT: ({ page }) => button(page, 'Got It').click(),
    'xstate.done.actor.markSeen': async ({ held }) => (await held('markSeen')).continue(),
    'xstate.error.actor.markSeen': async ({ held }) => (await held('markSeen')).abort(),
    // Closing the wizard reloads the page: its script is held again, and the banner is the server's.
    WIZARD_CLOSED: ({ page }) => page.getByRole('dialog').getByRole('button', { name: 'Close' }).click(),
  },
});
