import { expect, type Cookie, type Page } from '@playwright/test';
import { DOWNLOAD_ERROR_MESSAGE, identityFilesMachine } from '~/machines/identity-files.machine';
import { signInAsNewRider } from '../../../../tests/paths/browser/arrange';
import { makeEvent, NO_EXTRA_STEPS, registerWithIdFiles, wizardNext } from '../../../../tests/paths/browser/arrange-events';
import { defineBinding } from '../../../../tests/paths/browser/binding';
import { waitForHydration } from '../../../../tests/paths/browser/hydration';
import { completeCommonSteps } from '../../../../tests/e2e/events-helpers';

// The IDENTITY VERIFICATION step for a rider whose earlier registration has identity files (one
// per worker: the paths register nowhere), on a second event asking for identification. Opening
// a file asks the server first (a HEAD, held: `downloading` is seen), then opens it in a new
// window; no answer is the request aborted.

const IDENTIFICATION = { ...NO_EXTRA_STEPS, identification: true };

const view = (page: Page) => page.getByRole('button', { name: 'View front image' });
// The step's own field errors (an id type still to pick) are alerts too: this is the download's.
const downloadAlert = (page: Page) => page.getByRole('group', { name: 'IDENTITY VERIFICATION' }).getByRole('alert').filter({ hasText: DOWNLOAD_ERROR_MESSAGE });
const dismiss = (page: Page) => page.getByRole('button', { name: 'Dismiss' });

export default defineBinding(identityFilesMachine, {
  async arrange({ page, once }) {
    const cookies = await once<Cookie[]>('a rider with identity files', async () => {
      await signInAsNewRider(page);
      await registerWithIdFiles(page, await makeEvent(page, IDENTIFICATION, false));
      return page.context().cookies();
    });
    const eventId = await once('a second event asking for identification', () => makeEvent(page, IDENTIFICATION, false));
    await page.context().addCookies(cookies);
    await page.goto(`/event/${eventId}`);
    await waitForHydration(page);
    await completeCommonSteps(page);
    await wizardNext(page).click();
    await expect(page.getByRole('group', { name: 'IDENTITY VERIFICATION' })).toBeVisible();
  },
  holds: { download: { url: (url) => /^\/event\/file\/\d+\/(front|back)$/.test(url.pathname) } },
  states: {
    uploadNew: async ({ page }) => {
      await expect(page.getByLabel('Upload new files')).toBeChecked();
      await expect(page.getByLabel('Front image')).toHaveValue('');
      await expect(view(page)).toHaveCount(0);
    },
    'useExisting.idle': async ({ page, context }) => {
      await expect(page.getByLabel('Use existing files')).toBeChecked();
      await expect(view(page)).toBeEnabled();
      if (context.downloadError) {
        await expect(downloadAlert(page)).toBeVisible();
        await expect(dismiss(page)).toBeVisible();
      } else {
        await expect(downloadAlert(page)).toHaveCount(0);
        await expect(dismiss(page)).toHaveCount(0);
      }
    },
    'useExisting.downloading': ({ page }) => expect(view(page)).toHaveAttribute('aria-busy', 'true'),
  },
  events: {
    USE_EXISTING: ({ page }) => page.getByLabel('Use existing files').check(),
    UPLOAD_NEW: ({ page }) => page.getByLabel('Upload new files').check(),
    DOWNLOAD: ({ page }) => view(page).click(),
    'xstate.done.actor.downloadFile': async ({ page, held }) => {
      // The file opens in a new window, from the server.
      const opened = page.waitForEvent('popup');
      await (await held('download')).continue();
      const file = await opened;
      await expect(file).toHaveURL(/\/event\/file\/\d+\/front$/);
      await file.close();
    },
    'xstate.error.actor.downloadFile': async ({ held }) => (await held('download')).abort(),
    DISMISS_ERROR: ({ page }) => dismiss(page).click(),
  },
});
