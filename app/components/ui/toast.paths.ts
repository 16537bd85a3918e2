import { expect } from '@playwright/test';
import { TOAST_AUTO_CLOSE_MS } from '~/lib/constants';
import { toastMachine } from '~/machines/toast.machine';
import { signInAsSharedRider } from '../../../tests/paths/browser/arrange';
import { defineBinding } from '../../../tests/paths/browser/binding';

// The toaster on the rider's profile: Save answers with a flash message ('Your profile has been
// updated.'), which the page's one toaster shows as it revalidates, without leaving the page.
const SAVED = 'Your profile has been updated.';

export default defineBinding(toastMachine, {
  async arrange({ page, once }) {
    await signInAsSharedRider(page, once);
    await page.goto('/user/profile');
    await expect(page.getByRole('button', { name: 'Save' })).toBeEnabled();
    // Time stands still: a toast stays up until a step moves the clock past its 10 s.
    await page.clock.pauseAt(Date.now() + 1_000);
  },
  states: {
    hidden: ({ page }) => expect(page.locator('.toast')).toHaveCount(0),
    visible: async ({ page }) => {
      const toast = page.locator('.toast');
      await expect(toast).toHaveCount(1);
      await expect(toast.getByText(SAVED)).toBeVisible();
      await expect(toast.getByRole('button', { name: 'Close' })).toBeVisible();
    },
  },
  events: {
    SHOW: ({ page }) => page.getByRole('button', { name: 'Save' }).click(),
    DISMISS: ({ page }) => page.locator('.toast').getByRole('button', { name: 'Close' }).click(),
    'xstate.after.autoClose': ({ page }) => page.clock.runFor(TOAST_AUTO_CLOSE_MS),
  },
});
