import { expect, test } from './fixtures';
import { loginAs } from '../helpers/e2e';

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4b60000000049454e44ae426082',
  'hex',
);

test('the import wizard: errors, success, staff approval, Got It', async ({ page, browser }) => {
  await loginAs(page, 'rider@paceline.local', '/user/activities');
  await page.getByRole('button', { name: 'Import' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await page.mouse.click(5, 5);
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Strava').click();
  await expect(dialog.getByLabel('Days')).toBeVisible();

  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(dialog).toContainText('You need to fill total time spent');
  await expect(dialog).toContainText('You need to fill over all distance');
  await expect(dialog).toContainText('You need to fill over all elevation');
  await dialog.getByLabel('Days').fill('-1');
  await dialog.getByLabel('Hours').fill('24');
  await dialog.getByLabel('Minutes').fill('1.5');
  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(dialog).toContainText('Days should be not be less than zero');
  await expect(dialog).toContainText('Hours should be between 0 and 23');
  await expect(dialog).toContainText('You need to fill minutes in integer');
  await dialog.getByLabel('Days').fill('3');
  await dialog.getByLabel('Hours').fill('4');
  await dialog.getByLabel('Minutes').fill('30');
  await dialog.getByLabel('Overall distance').fill('1200');
  await dialog.getByLabel('Distance unit').selectOption('miles');
  await dialog.getByLabel('Overall elevation (m)').fill('15000');
  await dialog.getByRole('button', { name: 'Next' }).click();

  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog).toContainText('You need to provide profile link');
  await expect(dialog).toContainText('You need to provide proof file');
  await dialog.getByLabel('Profile link').fill('not a link');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog).toContainText('Profile link should be a valid link');
  page.once('dialog', async (alert) => {
    expect(alert.message()).toBe('You can only upload maximum 10 files.');
    await alert.accept();
  });
  await dialog
    .getByLabel('Proof files (images or PDF)')
    .setInputFiles(Array.from({ length: 11 }, (_, index) => ({ name: `p${index}.png`, mimeType: 'image/png', buffer: PNG })));
  await dialog.getByLabel('Proof files (images or PDF)').setInputFiles([{ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('plain text') }]);
  await dialog.getByLabel('Profile link').fill('https://www.strava.com/athletes/42');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog).toContainText('Proof files must be images or PDF.');
  await dialog.getByLabel('Proof files (images or PDF)').setInputFiles([{ name: 'proof.png', mimeType: 'image/png', buffer: PNG }]);
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog).toContainText('Your Request has been submitted successfully !');
  await expect(dialog).toContainText('We will get back to you soon within 7 business days.');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByText('Our team is reviewing your application, we will get back to you soon!')).toBeVisible();

  const staff = await browser.newPage();
  await loginAs(staff, 'rider@paceline.local', '/staff/imports');
  expect((await staff.request.get('/staff/imports')).status()).toBe(403);
  await loginAs(staff, 'staff@paceline.local', '/staff/imports');
  const request = staff.getByTestId('import-request').filter({ hasText: 'rider@paceline.local' });
  await expect(request).toContainText('Strava');
  await expect(request).toContainText('1931.2 KM');
  const proof = await staff.request.get((await request.getByRole('link', { name: /proof.png/ }).getAttribute('href')) ?? '');
  expect(proof.headers()['content-type']).toBe('image/png');
  await request.getByRole('button', { name: 'Approve' }).click();
  await expect(staff.getByTestId('import-request').filter({ hasText: 'rider@paceline.local' })).toHaveCount(0);
  await staff.close();

  await page.reload();
  await expect(page.getByText('Congratulations!, your data has been imported successfully')).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'OTHER PLATFORM' })).toBeVisible();
  // An import carries totals only: its longest ride, races and ride count are not known.
  const longest = page.getByRole('row', { name: /Longest ride/ });
  await expect(longest.getByRole('cell').last()).toHaveText('—');
  await page.getByRole('button', { name: 'Got It' }).click();
  // The banner goes once the server has it seen; a reload before that would cut the call short.
  await expect(page.getByText('Congratulations!, your data has been imported successfully')).toHaveCount(0);
  await page.reload();
  await expect(page.getByText('Congratulations!, your data has been imported successfully')).toHaveCount(0);
  await page.goto('/user/activities#activities');
  await expect(page.getByRole('columnheader', { name: 'Other Platform' })).toBeVisible();
  // Decision 046: each ride names where it was recorded, and the approved import is a row of its own.
  const rows = page.getByTestId('activity-row');
  await expect(rows.filter({ hasText: 'Sunday Race Club' }).first().locator('td.activities-platform')).toHaveText('Paceline');
  await expect(rows.filter({ hasText: 'Strength & Mobility' }).locator('td.activities-platform')).toHaveText('Other app');
  const imported = page.getByTestId('import-row');
  await expect(imported).toHaveCount(1);
  await expect(imported).toContainText('Imported from Strava');
  await expect(imported).toContainText('76:30:00');
  await expect(imported).toContainText('15000 M');
  await expect(imported.locator('td.activities-platform')).toHaveText('Strava');
});

test('the import wizard: Back keeps what was typed, the server or the network failing keeps the proof step, closing reloads', async ({ page }) => {
  // Lina has no import yet; this test never completes one, so her banner stays at Import.
  await loginAs(page, 'lina@paceline.local', '/user/activities');
  await page.getByRole('button', { name: 'Import' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Zwift').click();
  await expect(dialog).toContainText('step 2 of 3');
  await dialog.getByRole('button', { name: 'Back' }).click();
  await expect(dialog).toContainText('step 1 of 3');
  await expect(dialog.getByLabel('Zwift')).toBeChecked();
  await dialog.getByLabel('Zwift').click();
  await dialog.getByLabel('Days').fill('1');
  await dialog.getByLabel('Hours').fill('2');
  await dialog.getByLabel('Minutes').fill('3');
  await dialog.getByLabel('Overall distance').fill('300');
  await dialog.getByLabel('Overall elevation (m)').fill('2000');
  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(dialog).toContainText('step 3 of 3');
  await dialog.getByRole('button', { name: 'Back' }).click();
  await expect(dialog).toContainText('step 2 of 3');
  await expect(dialog.getByLabel('Overall distance')).toHaveValue('300');
  await dialog.getByRole('button', { name: 'Next' }).click();

  // The browser sniffs only a file's first bytes; the server also limits its size (8 MB) and says so.
  await dialog.getByLabel('Profile link').fill('https://zwift.com/athletes/7');
  const oversized = Buffer.concat([PNG, Buffer.alloc(8_388_608)]);
  await dialog.getByLabel('Proof files (images or PDF)').setInputFiles([{ name: 'huge.png', mimeType: 'image/png', buffer: oversized }]);
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog.getByText('Each proof file must be at most 8 MB.')).toBeVisible();
  await expect(dialog).toContainText('step 3 of 3');

  await dialog.getByLabel('Proof files (images or PDF)').setInputFiles([{ name: 'proof.png', mimeType: 'image/png', buffer: PNG }]);
  const importRoute = (url: URL) => url.pathname === '/user/activities/import';
  await page.route(importRoute, (route) => route.abort('internetdisconnected'));
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog.getByText('Unable to process at this moment. Please try again later.')).toBeVisible();
  await expect(dialog).toContainText('step 3 of 3');
  await page.unroute(importRoute);

  // Closing ends the flow and reloads the page (spec 2 §2): a mark left on this window is gone.
  await page.evaluate(() => Object.assign(window, { beforeClose: true }));
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toHaveCount(0);
  await expect.poll(() => page.evaluate(() => 'beforeClose' in window)).toBe(false);
  await expect(page.getByText('Our team is reviewing your application, we will get back to you soon!')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Import' })).toBeVisible();
});
