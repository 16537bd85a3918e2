import { expect, test } from './fixtures';
import { loginAs } from '../helpers/e2e';

// Spec 2 §2 "Verified weight and height replace the profile values and show a check icon" (decision 047).
test('the demo pro shows the height staff measured, with the check icon', async ({ page }) => {
  await loginAs(page, 'pro@paceline.local', '/user/activities');
  const height = page.getByTestId('player-height');
  await expect(height).toContainText('167.5 CM');
  await expect(height.getByLabel('Verified')).toBeVisible();
  await expect(page.getByTestId('player-weight').getByLabel('Verified')).toBeVisible();
});

test('staff record a measured height and the rider sees it verified', async ({ page, browser }) => {
  await loginAs(page, 'kid@paceline.local', '/user/activities');
  await expect(page.getByTestId('player-height')).toContainText('150 CM');
  await expect(page.getByTestId('player-height').getByLabel('Verified')).toHaveCount(0);

  const staff = await browser.newPage();
  await loginAs(staff, 'staff@paceline.local', '/staff/measurements');
  await staff.getByLabel('Rider email').fill('nobody@paceline.local');
  await staff.getByLabel('Height (cm)').fill('151');
  await staff.getByRole('button', { name: 'Save verified values' }).click();
  await expect(staff.getByText('No rider with this email.')).toBeVisible();
  await staff.getByLabel('Rider email').fill('kid@paceline.local');
  await staff.getByRole('button', { name: 'Save verified values' }).click();
  await expect(staff.getByText(/Verified measurements saved for/)).toBeVisible();
  const latest = staff.getByTestId('verifications').getByRole('row').filter({ hasText: 'kid@paceline.local' });
  await expect(latest).toContainText('151 CM');
  await expect(latest).toContainText('staff@paceline.local');
  await staff.close();

  await page.reload();
  await expect(page.getByTestId('player-height')).toContainText('151 CM');
  await expect(page.getByTestId('player-height').getByLabel('Verified')).toBeVisible();
});
