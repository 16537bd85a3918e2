import { expect, type Page } from '@playwright/test';
import { IMPORT_PROOF_MAX_BYTES, IMPORT_REVIEW_BUSINESS_DAYS } from '~/lib/constants';
import { importWizardMachine } from '~/machines/import-wizard.machine';
import { openAsNewRider } from '../../../../tests/paths/browser/arrange';
import { defineBinding, postTo } from '../../../../tests/paths/browser/binding';
import { waitForHydration } from '../../../../tests/paths/browser/hydration';
import { PNG_FILE } from '../../../../tests/e2e/events-helpers';
import { BANNER_TEXT } from './ImportBanner';

// The import modal, opened from the banner of a new rider (each path its own: one submits).
// The submission is held, so `submitting` is seen; the server's refusal is its size limit, which
// the browser does not check (an oversized proof), and no answer is the post aborted.

/** A proof over the server's limit: a real PNG's bytes, then padding. */
const OVERSIZED_PNG = { ...PNG_FILE, name: 'huge.png', buffer: Buffer.concat([PNG_FILE.buffer, Buffer.alloc(IMPORT_PROOF_MAX_BYTES)]) };

const dialog = (page: Page) => page.getByRole('dialog');
const title = (page: Page, step: number) => expect(dialog(page).getByRole('heading', { level: 2 })).toHaveText(`Import your stats · step ${step} of 3`);

/** Each message the model's context holds is on the screen. */
async function showsMessages(page: Page, messages: string[]) {
  for (const message of messages) await expect(dialog(page).getByText(message, { exact: true })).toBeVisible();
}

export default defineBinding(importWizardMachine, {
  async arrange({ page }) {
    await openAsNewRider(page, '/user/activities');
    await waitForHydration(page);
    await page.getByRole('region', { name: 'Import from other platforms' }).getByRole('button', { name: 'Import' }).click();
  },
  holds: { submitImport: postTo('/user/activities/import') },
  states: {
    platform: async ({ page, context }) => {
      await title(page, 1);
      await expect(dialog(page).getByRole('radio')).toHaveCount(6);
      if (context.platform) await expect(dialog(page).getByLabel(context.platform)).toBeChecked();
    },
    stats: async ({ page, context }) => {
      await title(page, 2);
      await expect(dialog(page).getByLabel('Days')).toBeVisible();
      await showsMessages(page, Object.values(context.errors));
    },
    proof: async ({ page, context }) => {
      await title(page, 3);
      await expect(dialog(page).getByRole('button', { name: 'Submit' })).toBeEnabled();
      await showsMessages(page, [...Object.values(context.errors), ...context.serverErrors]);
    },
    submitting: async ({ page }) => {
      await expect(dialog(page).getByRole('button', { name: 'Submitting…' })).toHaveAttribute('aria-busy', 'true');
    },
    success: async ({ page }) => {
      await expect(dialog(page)).toContainText('Your Request has been submitted successfully !');
      await expect(dialog(page)).toContainText(`We will get back to you soon within ${IMPORT_REVIEW_BUSINESS_DAYS} business days.`);
    },
    closed: async ({ page, context }) => {
      // Closing reloads the page: the banner shows the request if one went through.
      await expect(dialog(page)).toHaveCount(0);
      const submitted = context.proof !== null && context.serverErrors.length === 0;
      const banner = page.getByRole('region', { name: 'Import from other platforms' });
      if (submitted) await expect(banner).toHaveText(BANNER_TEXT.submitted);
      else await expect(banner.getByRole('button', { name: 'Import' })).toBeVisible();
    },
  },
  events: {
    PICK_PLATFORM: ({ page, event }) => dialog(page).getByLabel(event.platform).click(),
    SUBMIT_STATS: async ({ page, event }) => {
      const { stats } = event;
      await dialog(page).getByLabel('Days').fill(stats.days);
      await dialog(page).getByLabel('Hours').fill(stats.hours);
      await dialog(page).getByLabel('Minutes').fill(stats.minutes);
      await dialog(page).getByLabel('Overall distance').fill(stats.distance);
      await dialog(page).getByLabel('Distance unit').selectOption(stats.distanceUnit);
      await dialog(page).getByLabel('Overall elevation (m)').fill(stats.elevation);
      await dialog(page).getByRole('button', { name: 'Next' }).click();
    },
    BACK: ({ page }) => dialog(page).getByRole('button', { name: 'Back' }).click(),
    SUBMIT_PROOF: async ({ page, event, upcoming }) => {
      await dialog(page).getByLabel('Profile link').fill(event.proof.profileLink);
      // The server refuses what the browser lets through: a proof over its size limit.
      const refused = upcoming[0]?.type === 'xstate.done.actor.submitImport' && !(upcoming[0] as { output?: { ok: boolean } }).output?.ok;
      await dialog(page)
        .getByLabel('Proof files (images or PDF)')
        .setInputFiles(event.proof.fileCount === 0 ? [] : [refused ? OVERSIZED_PNG : PNG_FILE]);
      await dialog(page).getByRole('button', { name: 'Submit' }).click();
    },
    'xstate.done.actor.submitImport': async ({ held }) => (await held('submitImport')).continue(),
    'xstate.error.actor.submitImport': async ({ held }) => (await held('submitImport')).abort(),
    // Done after the request went through; the modal's close at any other step.
    CLOSE: ({ page, from }) =>
      dialog(page)
        .getByRole('button', { name: from === 'success' ? 'Done' : 'Close' })
        .click(),
  },
});
