import { expect, test } from './fixtures';
import { loginAs } from '../helpers/e2e';

// The staff account: no other spec reads its header, so setting its FTP disturbs nobody.
const EMAIL = 'staff@paceline.local';

test.describe("the profile's FTP field, without JavaScript (decision 106)", () => {
  test.use({ javaScriptEnabled: false });

  test('a set FTP is saved, shown in the header, refused out of range, and cleared back to the derived value', async ({ page }) => {
    await loginAs(page, EMAIL, '/user/activities');
    const header = page.locator('dt', { hasText: /^FTP$/ }).locator('+ dd');
    const derived = await header.textContent();

    await page.goto('/user/profile');
    const ftp = page.getByLabel('FTP (W)');
    await expect(ftp).toHaveValue('');
    await ftp.fill('2000');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('FTP must be a whole number of watts from 50 to 600.')).toBeVisible();

    await page.getByLabel('FTP (W)').fill('265');
    await page.getByRole('button', { name: 'Save' }).click();
    // The saved form comes back (the toast needs JavaScript) holding the stored value.
    await expect(page).toHaveURL(/\/user\/profile$/);
    await expect(page.getByLabel('FTP (W)')).toHaveValue('265');
    await expect(page.getByText('FTP must be a whole number of watts from 50 to 600.')).toHaveCount(0);
    await page.goto('/user/activities');
    await expect(header).toHaveText('265 W');

    await page.goto('/user/profile');
    await page.getByLabel('FTP (W)').fill('');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByLabel('FTP (W)')).toHaveValue('');
    await page.goto('/user/activities');
    await expect(header).toHaveText(derived ?? '');
  });
});
