import { expect, test, type Page } from './fixtures';
import { loginAs, readOutbox } from '../helpers/e2e';
import { completeCommonSteps, openEventDetail, PNG_FILE } from './events-helpers';

const RIDER = 'rider@paceline.local';

test('a rider registers through all seven steps and reaches thank-you', async ({ page }) => {
  await loginAs(page, RIDER, '/events');
  await openEventDetail(page, 'Paceline Winter Grand Prix');
  await page.getByRole('link', { name: 'REGISTER NOW' }).click();
  await expect(page.getByRole('list', { name: 'Registration steps' }).getByRole('listitem')).toHaveCount(7);
  await completeCommonSteps(page);
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page.getByRole('group', { name: 'IDENTITY VERIFICATION' })).toBeVisible();
  await page.getByLabel('Id type').selectOption('passport');
  await page.getByLabel('Front image').setInputFiles(PNG_FILE);
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page.getByRole('group', { name: 'DEVICE DETAILS' })).toBeVisible();
  await expect(page.getByText('Only direct-drive smart trainers are allowed.')).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Platform is required.')).toBeVisible();
  await page.getByLabel('Platform').selectOption('iOS');
  await page.getByLabel('Smart trainer model name').fill('Wahoo KICKR');
  await page.getByLabel('Smart trainer serial number').fill('KICKR-12345');
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page.getByRole('group', { name: 'TEAM' })).toBeVisible();
  await page.getByLabel('I have a team').check();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('required', { exact: true })).toBeVisible();
  await page.getByLabel('Team name').fill('E2E Flyers');
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page.getByRole('group', { name: 'PHONE VERIFICATION' })).toBeVisible();
  await page.getByLabel('Phone number').fill('12');
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText('Please enter a valid phone number')).toBeVisible();
  await page.getByLabel('Phone number').fill('501234567');
  await page.getByLabel('WhatsApp').check();
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByLabel('Verification code')).toBeVisible();
  const [message] = await readOutbox(page, '+971501234567');
  expect(message.channel).toBe('whatsapp');
  await page.getByLabel('Verification code').fill(String(message.meta?.code));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Phone number verified.')).toBeVisible();
  await expect(page.getByLabel('Phone number')).toHaveAttribute('readonly', '');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Please agree to the terms and conditions')).toBeVisible();
  await page.getByLabel('I agree to the terms and conditions').check();
  await page.getByRole('button', { name: 'Submit' }).click();

  await expect(page).toHaveURL(/\/event\/\d+\/thank-you$/);
  await expect(page.getByRole('heading', { name: 'Thank you for registering!' })).toBeVisible();
  await page.goto('/my-teams');
  await expect(page.getByText('E2E Flyers').first()).toBeVisible();
});

test('conditional steps are skipped when the event does not need them', async ({ page }) => {
  await loginAs(page, RIDER, '/events');
  await openEventDetail(page, 'Jebel Jais Mountain Stage');
  await page.getByRole('link', { name: 'REGISTER NOW' }).click();
  const steps = page.getByRole('list', { name: 'Registration steps' }).getByRole('listitem');
  await expect(steps).toHaveText(['1 DISCLAIMER', '2 PERSONAL DETAILS', '3 RIDER DETAILS', '4 DEVICE DETAILS']);
  await completeCommonSteps(page);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('group', { name: 'DEVICE DETAILS' })).toBeVisible();
  await page.getByLabel('Platform').selectOption('Android');
  await page.getByLabel('Smart trainer model name').fill('Tacx Neo 2T');
  await page.getByLabel('Smart trainer serial number').fill('NEO-1');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/thank-you$/);

  await openEventDetail(page, 'Dubai Desert Classic');
  await page.getByRole('link', { name: 'REGISTER NOW' }).click();
  await expect(page.getByRole('list', { name: 'Registration steps' }).getByRole('listitem')).toHaveCount(3);
  await completeCommonSteps(page);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/thank-you$/);
  await page.goto('/events');
  const card = page.getByRole('article', { name: 'Dubai Desert Classic' });
  await expect(card.getByText('Your registration is in process.')).toBeVisible();
});

test('a W/kg outside the event cap is blocked with the wrong-category message', async ({ page }) => {
  await loginAs(page, RIDER, '/events');
  await openEventDetail(page, 'CAT-2 Capped Race');
  await page.getByRole('link', { name: 'REGISTER NOW' }).click();
  await completeCommonSteps(page, '400');
  await expect(page.getByText('W/kg: 5.56')).toBeVisible();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(
    page.getByText('Oops! Looks like you are registering for the wrong category. Kindly re-register for the right race category as per your W/kg.'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/event\/\d+$/);
});

test('a full event refuses the registration in a popup with the support address', async ({ page }) => {
  await loginAs(page, RIDER, '/events');
  await openEventDetail(page, 'Full House Criterium');
  await expect(page.getByRole('link', { name: 'REGISTER NOW' })).toHaveCount(0);
  await page.goto(page.url().replace('/event/detail/', '/event/'));
  await completeCommonSteps(page);
  await page.getByRole('button', { name: 'Submit' }).click();
  const popup = page.getByRole('dialog', { name: 'We could not register you' });
  await expect(popup.getByText('The room is already fill for this event.')).toBeVisible();
  await expect(popup.getByText('For further information please contact')).toContainText('support@paceline.local');
  await popup.getByRole('button', { name: 'OK' }).click();
  await expect(page.locator('.wizard-server-errors')).toContainText('The room is already fill for this event.');
});

test('a declined rider sees Re Join and registers again', async ({ page }) => {
  await loginAs(page, RIDER, '/events');
  const card = page.getByRole('article', { name: 'Sharjah Coastal Loop' });
  await expect(card.getByText('Sorry, your registration for this event was declined.')).toBeVisible();
  await card.getByRole('link', { name: 'Re Join' }).click();
  await completeCommonSteps(page);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/thank-you$/);
  await page.goto('/events');
  await expect(page.getByRole('article', { name: 'Sharjah Coastal Loop' }).getByText('Your registration is in process.')).toBeVisible();
  await page.goto('/events?event=dailyrides');
  await expect(page.getByRole('article', { name: 'Morning Daily Ride' }).getByText('Congratulations!')).toBeVisible();
});

test('a rider reuses saved identity files, opening one in a new window; switching resets the fields', async ({ page }) => {
  await loginAs(page, 'pro@paceline.local', '/events');
  await openEventDetail(page, 'Hatta Hill Climb');
  await page.getByRole('link', { name: 'REGISTER NOW' }).click();
  await completeCommonSteps(page, '200');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('group', { name: 'IDENTITY VERIFICATION' })).toBeVisible();
  await page.getByLabel('Id type').selectOption('passport');
  await page.getByLabel('Front image').setInputFiles(PNG_FILE);
  await page.getByLabel('Use existing files').check();
  await expect(page.getByLabel('Front image')).toHaveCount(0);
  const popupPromise = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'View front image' }).click();
  const popup = await popupPromise;
  await expect(popup).toHaveURL(/\/event\/file\/\d+\/front$/);
  await popup.close();
  await page.getByLabel('Upload new files').check();
  await expect(page.getByLabel('Front image')).toHaveValue('');
  await page.getByLabel('Use existing files').check();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/thank-you$/);
});

test('Back walks the Grand Prix steps in reverse keeping what was entered', async ({ page }) => {
  // Lina has registered for none of these events, and this test submits none of them.
  await loginAs(page, 'lina@paceline.local', '/events');
  await openEventDetail(page, 'Paceline Winter Grand Prix');
  await page.getByRole('link', { name: 'REGISTER NOW' }).click();
  await completeCommonSteps(page, '231');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Id type').selectOption('passport');
  await page.getByLabel('Front image').setInputFiles(PNG_FILE);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Platform').selectOption('iOS');
  await page.getByLabel('Smart trainer model name').fill('Elite Direto');
  await page.getByLabel('Smart trainer serial number').fill('DIR-9');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('group', { name: 'TEAM' })).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('group', { name: 'PHONE VERIFICATION' })).toBeVisible();

  const back = page.getByRole('button', { name: 'Back' });
  for (const step of ['TEAM', 'DEVICE DETAILS', 'IDENTITY VERIFICATION', 'RIDER DETAILS', 'PERSONAL DETAILS']) {
    await back.click();
    await expect(page.getByRole('group', { name: step })).toBeVisible();
    if (step === 'DEVICE DETAILS') await expect(page.getByLabel('Smart trainer model name')).toHaveValue('Elite Direto');
    if (step === 'RIDER DETAILS') await expect(page.getByLabel('FTP (W)')).toHaveValue('231');
  }
  await back.click();
  await expect(page.getByLabel('I have read and accept the disclaimer')).toBeChecked();
  await expect(back).toHaveCount(0);
});

test('an event needing one step shows it after rider details, Back returns there, and its last step submits', async ({ page }) => {
  await loginAs(page, 'lina@paceline.local', '/events');
  const steps = page.getByRole('list', { name: 'Registration steps' }).getByRole('listitem');
  for (const [name, step] of [
    ['Jebel Jais Mountain Stage', 'DEVICE DETAILS'],
    ['Corniche Sprint Race', 'PHONE VERIFICATION'],
    ['Al Qudra Team Time Trial', 'TEAM'],
  ] as const) {
    await openEventDetail(page, name);
    await page.getByRole('link', { name: 'REGISTER NOW' }).click();
    await expect(steps).toHaveText(['1 DISCLAIMER', '2 PERSONAL DETAILS', '3 RIDER DETAILS', `4 ${step}`]);
    await completeCommonSteps(page);
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('group', { name: step })).toBeVisible();
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page.getByRole('group', { name: 'RIDER DETAILS' })).toBeVisible();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('group', { name: step })).toBeVisible();
  }
  // On the team event's last step (no team of her own), Submit registers her.
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/thank-you$/);

  await openEventDetail(page, 'Hatta Hill Climb');
  await page.getByRole('link', { name: 'REGISTER NOW' }).click();
  await completeCommonSteps(page);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('group', { name: 'IDENTITY VERIFICATION' })).toBeVisible();
  await page.getByLabel('Id type').selectOption('passport');
  await page.getByLabel('Front image').setInputFiles(PNG_FILE);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/thank-you$/);
});

/**
 * The second tab registers first; the first tab's Submit is then refused in the popup, and OK
 * returns it to its last step (the page stays: the refusal does not reload it).
 */
async function submitFirstThenRefused(other: Page, page: Page, lastStep: string) {
  await other.getByRole('button', { name: 'Submit' }).click();
  await expect(other).toHaveURL(/thank-you$/);
  await other.close();

  await page.getByRole('button', { name: 'Submit' }).click();
  const popup = page.getByRole('dialog', { name: 'We could not register you' });
  await expect(popup.getByText('You are already registered for this event.')).toBeVisible();
  await popup.getByRole('button', { name: 'OK' }).click();
  await expect(popup).toHaveCount(0);
  await expect(page.getByRole('group', { name: lastStep })).toBeVisible();
  await expect(page).toHaveURL(/\/event\/\d+$/);
}

test('a registration made meanwhile in another tab is refused in a popup, and OK returns to the last step', async ({ page, context }) => {
  // Nadia signs in only here: each event is registered from a second tab while the first waits on its last step.
  await loginAs(page, 'nadia@paceline.local', '/events');
  for (const [name, step] of [
    ['Al Qudra Team Time Trial', 'TEAM'],
    ['Jebel Jais Mountain Stage', 'DEVICE DETAILS'],
    ['Hatta Hill Climb', 'IDENTITY VERIFICATION'],
  ] as const) {
    await openEventDetail(page, name);
    await page.getByRole('link', { name: 'REGISTER NOW' }).click();
    await completeCommonSteps(page);
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('group', { name: step })).toBeVisible();

    const other = await context.newPage();
    await other.goto(page.url());
    await completeCommonSteps(other);
    await other.getByRole('button', { name: 'Next' }).click();
    if (step === 'DEVICE DETAILS') {
      for (const tab of [page, other]) {
        await tab.getByLabel('Platform').selectOption('Android');
        await tab.getByLabel('Smart trainer model name').fill('Tacx Neo 2T');
        await tab.getByLabel('Smart trainer serial number').fill(`NEO-${tab === page ? 1 : 2}`);
      }
    }
    if (step === 'IDENTITY VERIFICATION') {
      for (const tab of [page, other]) {
        await tab.getByLabel('Id type').selectOption('passport');
        await tab.getByLabel('Front image').setInputFiles(PNG_FILE);
      }
    }
    await submitFirstThenRefused(other, page, step);
  }
});

test('on a phone-verified event, a registration made meanwhile in another tab is refused and OK returns to the phone step', async ({ page, context }) => {
  const phone = `50${String(Date.now()).slice(-7)}`;
  const verifyPhone = async (tab: Page) => {
    await expect(tab.getByRole('group', { name: 'PHONE VERIFICATION' })).toBeVisible();
    await tab.getByLabel('Phone number').fill(phone);
    await tab.getByRole('button', { name: 'Send code' }).click();
    await expect(tab.getByLabel('Verification code')).toBeVisible();
    const [message] = await readOutbox(tab, `+971${phone}`);
    await tab.getByLabel('Verification code').fill(String(message.meta?.code));
    await tab.getByRole('button', { name: 'Verify' }).click();
    await expect(tab.getByText('Phone number verified.')).toBeVisible();
    await tab.getByLabel('I agree to the terms and conditions').check();
  };
  // Nadia has not registered for the sprint; the second tab registers her first.
  await loginAs(page, 'nadia@paceline.local', '/events');
  await openEventDetail(page, 'Corniche Sprint Race');
  await page.getByRole('link', { name: 'REGISTER NOW' }).click();
  await completeCommonSteps(page);
  await page.getByRole('button', { name: 'Next' }).click();
  await verifyPhone(page);

  const other = await context.newPage();
  await other.goto(page.url());
  await completeCommonSteps(other);
  await other.getByRole('button', { name: 'Next' }).click();
  await verifyPhone(other);
  await submitFirstThenRefused(other, page, 'PHONE VERIFICATION');
});

test('events combining two extra steps walk them in the list order, forward and back, keeping what was entered', async ({ page }) => {
  // Karim signs in only here. Each event pairs two of the conditional steps in a way no other event does.
  await loginAs(page, 'karim@paceline.local', '/events');
  const steps = page.getByRole('list', { name: 'Registration steps' }).getByRole('listitem');
  const next = page.getByRole('button', { name: 'Next' });
  const submit = page.getByRole('button', { name: 'Submit' });
  const fillIdentity = async () => {
    await page.getByLabel('Id type').selectOption('passport');
    await page.getByLabel('Front image').setInputFiles(PNG_FILE);
  };
  const fillDevice = async () => {
    await page.getByLabel('Platform').selectOption('Android');
    await page.getByLabel('Smart trainer model name').fill('Wahoo Kickr');
    await page.getByLabel('Smart trainer serial number').fill('KICKR-7');
  };
  for (const [name, first, second, fill] of [
    ['Fujairah Verified Time Trial', 'IDENTITY VERIFICATION', 'PHONE VERIFICATION', fillIdentity],
    ['Ras Al Khaimah Smart Trainer Cup', 'DEVICE DETAILS', 'PHONE VERIFICATION', fillDevice],
    ['Liwa Team Gran Fondo', 'IDENTITY VERIFICATION', 'TEAM', fillIdentity],
  ] as const) {
    await openEventDetail(page, name);
    await page.getByRole('link', { name: 'REGISTER NOW' }).click();
    await expect(steps).toHaveText(['1 DISCLAIMER', '2 PERSONAL DETAILS', '3 RIDER DETAILS', `4 ${first}`, `5 ${second}`]);
    await completeCommonSteps(page);
    await next.click();
    await expect(page.getByRole('group', { name: first })).toBeVisible();
    await expect(steps.nth(3)).toHaveAttribute('aria-current', 'step');
    await fill();
    await next.click();
    // The step after identity or device is the event's last: the rider sees Submit, not Next.
    await expect(page.getByRole('group', { name: second })).toBeVisible();
    await expect(steps.nth(4)).toHaveAttribute('aria-current', 'step');
    await expect(submit).toBeVisible();
    await expect(next).toHaveCount(0);
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page.getByRole('group', { name: first })).toBeVisible();
    if (first === 'DEVICE DETAILS') await expect(page.getByLabel('Smart trainer model name')).toHaveValue('Wahoo Kickr');
    else await expect(page.getByLabel('Id type')).toHaveValue('passport');
    await next.click();
    await expect(page.getByRole('group', { name: second })).toBeVisible();
  }
  // On the team event's last step (no team of his own), Submit registers him.
  await submit.click();
  await expect(page).toHaveURL(/thank-you$/);
});
