import { expect, test, type Page } from './fixtures';
import { loginAs } from '../helpers/e2e';

/** Demo data (app/services/seed/shop.ts): the rider has coins and gems and owns Team Cap and Paceline Classic. */
async function openShop(page: Page, email: string) {
  await loginAs(page, email, '/user/activities#in-game-shop');
  await expect(page.getByTestId('shop-coins')).not.toHaveText('… coins');
}

test.describe.configure({ mode: 'serial' });

test('browse the tabs and Quick View', async ({ page }) => {
  await openShop(page, 'rider@paceline.local');
  const products = page.locator('.shop-products');
  await expect(products.getByRole('heading', { name: 'Aero Blade R1' })).toBeVisible();
  // Unlocked by level, free, or without a static entry: the §4 rule drops them.
  await expect(products.getByRole('heading', { name: 'Desert Storm TT' })).toHaveCount(0);
  await expect(products.getByRole('heading', { name: 'Starter Road' })).toHaveCount(0);
  await page.getByRole('tab', { name: 'Wheel' }).click();
  await expect(products.getByRole('heading', { name: 'Deep 80' })).toBeVisible();
  await expect(products.getByRole('heading', { name: 'Gold Spoke' })).toHaveCount(0);

  await page.getByRole('tab', { name: 'Frameset' }).click();
  await page.getByRole('button', { name: 'Quick View Aero Blade R1' }).click();
  const quickView = page.getByRole('complementary', { name: 'Quick View: Aero Blade R1' });
  await expect(quickView.getByRole('meter', { name: 'AERO' })).toHaveAttribute('value', '82');
  await expect(quickView.getByRole('meter', { name: 'WEIGHT' })).toHaveAttribute('value', '64');
  await expect(quickView).toContainText('A wind-cheating road frame');
  await expect(quickView).toContainText('1,200 coins');
  await expect(quickView.getByRole('button', { name: 'Buy Now' })).toBeVisible();

  await page.getByRole('tab', { name: 'APPAREL' }).click();
  await page.getByRole('tab', { name: 'Head Gear' }).click();
  const cap = page.locator('.shop-card', { has: page.getByRole('heading', { name: 'Team Cap' }) });
  await expect(cap).toContainText('Owned');
  await cap.getByRole('button', { name: 'Quick View Team Cap' }).click();
  const capView = page.getByRole('complementary', { name: 'Quick View: Team Cap' });
  await expect(capView).toContainText('You already own this item.');
  await expect(capView.getByRole('button', { name: 'Buy Now' })).toHaveCount(0);
  await expect(capView.getByRole('meter')).toHaveCount(0);

  await page.getByRole('tab', { name: 'Socks' }).click();
  await expect(page.getByRole('img', { name: 'Wool Socks (no image)' })).toHaveAttribute('src', '/shop/placeholder.svg');
  for (const tab of ['Jersey', 'Shoes', 'Gloves', 'Eye wear']) {
    await page.getByRole('tab', { name: tab }).click();
    await expect(page.locator('.shop-card').first()).toBeVisible();
  }
});

async function payWithCard(page: Page, email: string, card: string) {
  await openShop(page, email);
  await page.getByRole('button', { name: 'Buy coins and gems' }).click();
  const shop = page.getByRole('dialog', { name: 'Shop' });
  await shop.getByRole('tab', { name: 'Power Gems' }).click();
  await shop.getByRole('button', { name: 'AED 18.99' }).click();
  await expect(page.getByRole('heading', { name: 'Sandbox checkout' })).toBeVisible();
  await expect(page.locator('.sandbox-checkout')).toContainText('AED 18.99');
  await page.getByLabel('Card number').fill(card);
  await page.getByRole('button', { name: /^Pay/ }).click();
}

test('buy gems through the sandbox checkout and return', async ({ page }) => {
  await openShop(page, 'rider@paceline.local');
  const gemsBefore = Number((await page.getByTestId('shop-gems').textContent())!.replace(/[^0-9]/g, ''));
  await payWithCard(page, 'rider@paceline.local', '4242 4242 4242 4242');
  await expect(page).toHaveURL(/payment_result=success&orderId=[0-9a-f-]{36}#in-game-shop$/);
  const done = page.getByRole('dialog', { name: 'Congratulations!' });
  await expect(done).toContainText('You bought 100 Power Gems.');
  await done.getByRole('button', { name: 'Ok' }).click();
  await expect(page).toHaveURL(/\/user\/activities#in-game-shop$/);
  await expect(page.getByTestId('shop-gems')).toHaveText(`${gemsBefore + 100} gems`);
});

test('a declined card and invalid returns show the failure', async ({ page }) => {
  await payWithCard(page, 'pro@paceline.local', '4000 0000 0000 0002');
  await expect(page).toHaveURL(/payment_result=error/);
  await expect(page.getByRole('dialog', { name: 'Shop' })).toContainText('Sorry! Something went wrong. Please try again.');
  for (const query of ['payment_result=maybe&orderId=x', 'payment_result=success', 'payment_result=success&orderId=00000000-0000-4000-8000-000000000000']) {
    await page.goto(`/user/activities?${query}#in-game-shop`);
    await expect(page.getByRole('dialog', { name: 'Shop' })).toContainText('Sorry! Something went wrong. Please try again.');
  }
});

test('a kid sees no shop and every shop call is refused', async ({ page }) => {
  await loginAs(page, 'kid@paceline.local', '/user/activities#in-game-shop');
  await expect(page.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tab', { name: 'In Game Shop' })).toHaveCount(0);
  await expect(page).toHaveURL(/#profile$/);
  expect((await page.request.get('/user/shop')).status()).toBe(403);
  expect((await page.request.post('/api/garage/purchase/gems', { form: { package_id: 'coins_1000' } })).status()).toBe(403);
});
