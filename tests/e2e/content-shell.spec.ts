import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from './fixtures';
import { baseURL } from '../../playwright.config';
import { loginAs } from '../helpers/e2e';

test('a visitor sees the header with menus and Login, and the full footer', async ({ page }) => {
  await page.goto('/');
  const header = page.locator('header.site-header');
  await expect(header.getByRole('link', { name: 'Paceline' }).first()).toBeVisible();
  await expect(header.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/auth/login');
  await expect(header.getByRole('link', { name: 'Routes' })).toBeVisible();

  const footer = page.locator('footer.site-footer');
  await expect(footer.locator('address')).toContainText('Dubai Internet City');
  await expect(footer.getByRole('link', { name: 'support@paceline.local' })).toHaveAttribute('href', 'mailto:support@paceline.local');
  await expect(footer.getByRole('navigation', { name: 'Paceline' }).getByRole('link', { name: 'Terms and conditions' })).toBeVisible();
  await expect(footer.getByRole('navigation', { name: 'Community' }).getByRole('link', { name: 'Sunday Race Club' })).toBeVisible();
  const social = footer.getByRole('list', { name: 'Social media' });
  for (const network of ['Facebook', 'Twitter', 'LinkedIn', 'Instagram', 'YouTube', 'Strava']) {
    await expect(social.getByRole('link', { name: network })).toBeVisible();
  }
  await expect(footer).toContainText('© 2026 Paceline Sports Technology FZ-LLC. All rights reserved.');
  await expect(footer.getByRole('button', { name: 'Subscribe' })).toBeVisible();
});

test('a signed-in rider gets the account menu; a child account has no Wallet', async ({ page, context }) => {
  await loginAs(page, 'rider@paceline.local', '/faqs');
  const header = page.locator('header.site-header');
  await expect(header.getByRole('link', { name: 'Login' })).toHaveCount(0);
  await header.locator('.user-menu summary').click();
  for (const name of ['View Profile', 'Activities', 'Wallet', 'My Teams']) {
    await expect(header.getByRole('link', { name })).toBeVisible();
  }
  await expect(header.getByRole('button', { name: 'Log Out' })).toBeVisible();

  await context.clearCookies();
  await loginAs(page, 'kid@paceline.local', '/faqs');
  await expect(header.locator('.user-menu summary')).toHaveText('S');
  await header.locator('.user-menu summary').click();
  await expect(header.getByRole('link', { name: 'My Teams' })).toBeVisible();
  await expect(header.getByRole('link', { name: 'Wallet' })).toHaveCount(0);
});

test('menus with children open as dropdowns with separators and lead to their pages', async ({ page }) => {
  await page.goto('/');
  const clubs = page.locator('header details.menu', { has: page.locator('summary', { hasText: 'Clubs' }) });
  await expect(clubs.getByRole('link', { name: 'Team UAE' })).toBeHidden();
  await clubs.locator('summary').click();
  await expect(clubs.getByRole('link', { name: 'Team UAE' })).toBeVisible();
  await expect(clubs.getByRole('separator')).toHaveCount(1);
  // One dropdown at a time.
  const help = page.locator('header details.menu', { has: page.locator('summary', { hasText: 'Help' }) });
  await help.locator('summary').click();
  await expect(help.getByRole('link', { name: 'FAQs' })).toBeVisible();
  await expect(clubs).not.toHaveAttribute('open', '');
  await help.getByRole('link', { name: 'Ruleset' }).click();
  await expect(page).toHaveURL(/\/paceline-ruleset$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Paceline ruleset' })).toBeVisible();
  await expect(help).not.toHaveAttribute('open', '');
});

test('dropdowns open without JavaScript', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/');
  const help = page.locator('header details.menu', { has: page.locator('summary', { hasText: 'Help' }) });
  await help.locator('summary').click();
  await help.getByRole('link', { name: 'Contact us' }).click();
  await expect(page).toHaveURL(/\/contact-us$/);
  await context.close();
});

test('an unknown path redirects to the home page', async ({ page }) => {
  await page.goto('/this/does/not-exist?x=1');
  await expect(page).toHaveURL(`${baseURL}/`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Race the world');
});

test.describe('framed by another site', () => {
  let server: Server;
  let otherOrigin = '';
  test.beforeAll(async () => {
    server = createServer((_request, response) => {
      response.writeHead(200, { 'Content-Type': 'text/html' });
      response.end(`<!doctype html><title>Other site</title><h1>Another site</h1><iframe src="${baseURL}/faqs" width="900" height="500"></iframe>`);
    });
    // A free port: test runs of other checkouts may share the machine.
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    otherOrigin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  test.afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  test('a Paceline page inside an iframe shows the warning', async ({ page }) => {
    await page.goto(otherOrigin);
    const frame = page.frameLocator('iframe');
    await expect(frame.getByText('This website cannot be embedded in an iframe.')).toBeVisible();
    await expect(frame.getByRole('heading', { name: 'Frequently asked questions' })).toHaveCount(0);
  });
});

test('?d=m hides the footer and the Android link, remembers it, and any other d leaves the mode', async ({ page }) => {
  await page.goto('/?d=m');
  await expect(page.locator('footer.site-footer')).toHaveCount(0);
  const hero = page.locator('.home-hero');
  await expect(hero.getByRole('link', { name: /App Store/ })).toBeVisible();
  await expect(hero.getByRole('link', { name: /Google Play/ })).toHaveCount(0);

  await page.goto('/faqs');
  await expect(page.locator('footer.site-footer')).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Frequently asked questions' })).toBeVisible();
  await page.getByRole('link', { name: 'Contact our support team' }).click();
  await expect(page).toHaveURL(/\/contact-us$/);
  await expect(page.locator('footer.site-footer')).toHaveCount(0);

  await page.goto('/?d=w');
  await expect(page.locator('footer.site-footer')).toBeVisible();
  await expect(page.locator('.home-hero').getByRole('link', { name: /Google Play/ })).toBeVisible();
});

test('the server render hides the footer for ?d=m even without JavaScript', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/routes?d=m');
  await expect(page.getByRole('heading', { level: 1, name: 'Routes' })).toBeVisible();
  await expect(page.locator('footer.site-footer')).toHaveCount(0);
  await context.close();
});
