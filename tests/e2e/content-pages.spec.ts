import { expect, test, type Page } from './fixtures';

const PAGES: [string, string][] = [
  ['/routes', 'Routes'],
  ['/about-us', 'About Paceline'],
  ['/terms-and-conditions', 'Terms and conditions'],
  ['/privacy-policy', 'Privacy policy'],
  ['/team-uae', 'Team UAE'],
  ['/sunday-race-club', 'Sunday Race Club'],
  ['/al-ula', 'AlUla Desert Series'],
  ['/paceline-ruleset', 'Paceline ruleset'],
  ['/faqs', 'Frequently asked questions'],
  ['/support', 'Support'],
  ['/contact-us', 'Contact us'],
  ['/article/calibrate-your-trainer', 'Calibrate your trainer'],
];

test('every content page renders its CMS content inside the shell', async ({ page }) => {
  for (const [path, title] of PAGES) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: title }), path).toBeVisible();
    await expect(page.locator('header.site-header'), path).toBeVisible();
    await expect(page.locator('footer.site-footer'), path).toBeVisible();
    await expect(page, path).toHaveTitle(new RegExp(`${title === 'Frequently asked questions' ? 'FAQs' : title} · Paceline`));
  }
});

test('an unknown article is a not-found page with status 404 inside the shell', async ({ page }) => {
  const response = await page.goto('/article/no-such-article');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'We could not find that page' })).toBeVisible();
  await expect(page.locator('header.site-header').getByRole('link', { name: 'Login' })).toBeVisible();
  await expect(page.locator('footer.site-footer')).toBeVisible();
});

/** How many carousel cards lie fully inside the visible track. */
async function visibleCards(page: Page): Promise<number> {
  return page.locator('.carousel-track').evaluate((track) => {
    const box = track.getBoundingClientRect();
    return [...track.querySelectorAll('.carousel-item')].filter((item) => {
      const rect = item.getBoundingClientRect();
      return rect.left >= box.left - 1 && rect.right <= box.right + 1;
    }).length;
  });
}

test('the support carousel shows 1 card under 600 px, 2 from 600 px and 3 from 1000 px', async ({ page }) => {
  for (const [width, cards] of [
    [420, 1],
    [599, 1],
    [600, 2],
    [999, 2],
    [1000, 3],
    [1400, 3],
  ] as const) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/support');
    await expect(page.locator('.carousel-item').first()).toBeVisible();
    expect(await visibleCards(page), `${width}px`).toBe(cards);
  }
});

test('support tabs switch categories, arrows move the carousel and the contact button leads to the form', async ({ page }) => {
  await page.setViewportSize({ width: 700, height: 900 });
  await page.goto('/support');
  await expect(page.getByRole('tab', { name: 'Getting started' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('tab', { name: 'Racing' }).click();
  await expect(page).toHaveURL(/category=2/);
  await expect(page.getByRole('link', { name: /How categories work/ })).toBeVisible();
  const track = page.locator('.carousel-track');
  await page.getByRole('button', { name: 'Next articles' }).click();
  await expect.poll(() => track.evaluate((element) => element.scrollLeft)).toBeGreaterThan(100);
  await page.getByRole('link', { name: /Race day checklist/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Race day checklist' })).toBeVisible();
  await page.goto('/support');
  await page.locator('.page-hero').getByRole('link', { name: 'Contact us' }).click();
  await expect(page).toHaveURL(/\/contact-us$/);
});

test('FAQ questions are numbered and collapse', async ({ page }) => {
  await page.goto('/faqs');
  const topic = page.getByRole('region', { name: 'Events and racing' });
  const question = topic.locator('details').nth(1);
  await expect(question.locator('summary')).toContainText('2. How is my category decided?');
  const answer = question.getByText('By your average W/kg');
  await expect(answer).toBeHidden();
  await question.locator('summary').click();
  await expect(answer).toBeVisible();
  await question.locator('summary').click();
  await expect(answer).toBeHidden();
});

test('support categories can be chosen without JavaScript', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/support');
  await expect(page.getByRole('tab')).toHaveCount(0);
  await page.getByRole('navigation', { name: 'Article categories' }).getByRole('link', { name: 'Equipment' }).click();
  await expect(page).toHaveURL(/category=3/);
  await expect(page.getByRole('link', { name: /Calibrate your trainer/ })).toBeVisible();
  await context.close();
});
