import { expect, type Page } from '@playwright/test';
import { requiredSteps, STEP_TITLES, type StepRequirements, type WizardStep } from '~/lib/events/wizard-steps';
import { eventWizardMachine } from '~/machines/event-wizard.machine';
import { signInAsNewRider } from '../../../tests/paths/browser/arrange';
import { makeEvent, NO_EXTRA_STEPS, verifyPhone, wizardNext } from '../../../tests/paths/browser/arrange-events';
import { defineBinding } from '../../../tests/paths/browser/binding';
import { HYDRATION, hydrate, openBeforeHydration } from '../../../tests/paths/browser/hydration';
import { PNG_FILE } from '../../../tests/e2e/events-helpers';

// The registration wizard of an event asking for the path's steps (app/routes/e2e.event; one per
// worker and kind), for a new rider each path. A path the server refuses registers for an event
// with no place left: the room-full message. The page is opened with its script held, so every
// step is seen on it before START; the submission is held, so `submitting` is seen.

interface Arranged {
  requirements: StepRequirements;
}

const step = (page: Page, name: WizardStep) => page.getByRole('group', { name: STEP_TITLES[name] });
const popup = (page: Page) => page.getByRole('dialog', { name: 'We could not register you' });

/** One step shown, and marked in the progress. */
function showsStep(name: WizardStep) {
  return async ({ page }: { page: Page }) => {
    await expect(step(page, name)).toBeVisible();
    await expect(page.locator('fieldset.wizard-step:visible')).toHaveCount(1);
    await expect(page.getByRole('list', { name: 'Registration steps' }).locator('[aria-current="step"]')).toContainText(STEP_TITLES[name]);
  };
}

/** What a rider fills in on each step before going on; the steps not named need nothing more. */
const FILL: Partial<Record<WizardStep, (page: Page) => Promise<void>>> = {
  disclaimer: (page) => page.getByLabel('I have read and accept the disclaimer').check(),
  rider: (page) => page.getByLabel('FTP (W)').fill('250'),
  identity: async (page) => {
    await page.getByLabel('Id type').selectOption('passport');
    await page.getByLabel('Front image').setInputFiles(PNG_FILE);
  },
  device: async (page) => {
    await page.getByLabel('Platform').selectOption('Android');
    await page.getByLabel('Smart trainer model name').fill('Tacx Neo 2T');
    await page.getByLabel('Smart trainer serial number').fill('NEO-PATHS');
  },
  phone: async (page) => {
    if (!(await page.getByText('Phone number verified.').isVisible())) await verifyPhone(page);
    await page.getByLabel('I agree to the terms and conditions').check();
  },
};

export default defineBinding(eventWizardMachine, {
  async arrange({ page, events, once }): Promise<Arranged> {
    const requirements = (events[0] as { requirements?: StepRequirements }).requirements ?? NO_EXTRA_STEPS;
    const full = events.some((event) => event.type === 'REJECTED');
    const eventId = await once(`event ${JSON.stringify(requirements)}${full ? ' full' : ''}`, () => makeEvent(page, requirements, full));
    await signInAsNewRider(page);
    await openBeforeHydration(page, `/event/${eventId}`);
    return { requirements };
  },
  holds: { hydration: HYDRATION, submit: { method: 'POST', url: (url) => /^\/event\/\d+(\.data)?$/.test(url.pathname) } },
  states: {
    // Before the page's script runs, every step the event needs is on it: the form works without JavaScript.
    allSteps: async ({ page, arranged }) => {
      for (const name of requiredSteps(arranged.requirements)) await expect(step(page, name)).toBeVisible();
      await expect(page.locator('fieldset.wizard-step:visible')).toHaveCount(requiredSteps(arranged.requirements).length);
    },
    disclaimer: showsStep('disclaimer'),
    personal: showsStep('personal'),
    rider: showsStep('rider'),
    identity: showsStep('identity'),
    device: showsStep('device'),
    team: showsStep('team'),
    phone: showsStep('phone'),
    submitting: async ({ page }) => {
      await expect(wizardNext(page)).toHaveText('Submitting…');
      await expect(wizardNext(page)).toHaveAttribute('aria-busy', 'true');
    },
    failed: async ({ page, context }) => {
      for (const message of context.serverErrors) await expect(popup(page).getByText(message)).toBeVisible();
      await expect(popup(page).getByText('For further information please contact')).toBeVisible();
    },
    leaving: async ({ page }) => {
      await expect(page).toHaveURL(/\/event\/\d+\/thank-you$/);
      await expect(page.getByRole('heading', { name: 'Thank you for registering!' })).toBeVisible();
    },
  },
  events: {
    START: ({ page, held }) => hydrate(page, held),
    NEXT: async ({ page, from }) => {
      await FILL[from as WizardStep]?.(page);
      await wizardNext(page).click();
    },
    BACK: ({ page }) => page.getByRole('button', { name: 'Back' }).click(),
    REJECTED: async ({ held }) => (await held('submit')).continue(),
    REDIRECTED: async ({ held }) => (await held('submit')).continue(),
    DISMISS_ERROR: ({ page }) => popup(page).getByRole('button', { name: 'OK' }).click(),
  },
});
