import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { encodeRideFit, generateRide } from '../../app/lib/fit/synthetic-ride';
import { expect, test } from './fixtures';

const DAY_MS = 86_400_000;

async function upload(page: Page, name: string, bytes: Uint8Array): Promise<string> {
  const token = (await page.context().cookies()).find((cookie) => cookie.name === 'paceline_token')?.value;
  const response = await page.request.post('/api/activities', {
    multipart: { file: { name, mimeType: 'application/octet-stream', buffer: Buffer.from(bytes) } },
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

// Issue 24: the threshold in force, its detection with undo, and the fitness chart, as only a
// browser shows them (nivo draws after hydration; the notices' forms post and come back).
test('a stale FTP is detected from a real ride, told on the overview and the ride page, undone there; fitness, fatigue and form are charted', async ({
  page,
}) => {
  test.setTimeout(90_000);
  // The rider: 175 W on the profile long before these rides.
  await page.goto('/e2e/rider?ftpW=175&ftpFrom=2010-01-01&redirectTo=/user/activities');
  const header = page.locator('dt', { hasText: /^FTP$/ }).locator('+ dd');
  await expect(header).toHaveText('175 W');

  // A 2.4-hour Garmin ride at NP 267 W (tests/fixtures/fit/README.md), and a ride of yesterday.
  const garmin = await upload(page, 'garmin.fit', new Uint8Array(readFileSync(path.resolve('tests/fixtures/fit/garmin-bpg.fit'))));
  await upload(
    page,
    'yesterday.fit',
    encodeRideFit(generateRide({ seed: 24, start: new Date(Date.now() - DAY_MS), durationS: 50 * 60, ftpW: 200, weightKg: 70, shape: 'recovery' })),
  );

  await page.reload();
  const notice = page.getByRole('region', { name: 'FTP detection' });
  await expect(notice).toContainText('New FTP detected: 255 W (was 175 W), from your ride “Evening Ride” of 07 Nov 2020');
  await expect(header).toHaveText('255 W');

  // Fitness, fatigue and form: the last 90 days, drawn by nivo once hydrated; the rides' loads
  // reach them through the queue's recomputation, moments after the upload.
  const fitness = page.getByRole('region', { name: 'Fitness, fatigue and form' });
  await expect(async () => {
    await page.reload();
    expect(Number(await page.getByTestId('fitness-fatigue').textContent())).toBeGreaterThan(0);
  }).toPass();
  await fitness.scrollIntoViewIfNeeded();
  await expect(fitness.getByRole('img', { name: /Fitness, fatigue and form from .* to .*: on the last day fitness \d+/ })).toBeVisible();
  await expect(fitness.locator('[data-testid="fitness-lines"] svg path[fill="none"]')).toHaveCount(3);
  await fitness.getByRole('link', { name: '6 WEEKS' }).click();
  await expect(page).toHaveURL(/fitnessFrom=\d{4}-\d{2}-\d{2}&fitnessTo=/);
  await expect(fitness.getByRole('link', { name: '6 WEEKS' })).toHaveAttribute('aria-current', 'page');

  // The power curve panel names the model fitted to the last 42 days and draws it.
  await page.goto('/user/activities?tab=activities');
  await expect(page.getByTestId('power-model-42')).toContainText(/eFTP \d+ W · CP \d+ W · W′ [\d.]+ kJ/);
  await expect(page.getByTestId('model-line-42')).toHaveCount(1);

  // The ride page: both averages, the head unit's own figures, the threshold and where it came from.
  await page.goto(`/user/activities/${garmin}/analysis`);
  const figures = page.locator('.ride-figures');
  await expect(figures).toContainText('196 W with zeros');
  await expect(figures).toContainText('FTP255 W · 3.64 W/KG (detected from this ride)');
  await expect(figures).toContainText('IF1.05');
  await expect(page.getByText('Your head unit recorded: average 196 W · NP 264 W · FTP 284 W.')).toBeVisible();
  const rideNotice = page.getByRole('region', { name: 'FTP detection' });
  await expect(rideNotice).toContainText('New FTP detected: 255 W (was 175 W), from this ride.');

  // Undo: the detection stops, and the queue recomputes the ride at the FTP before it.
  await rideNotice.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByText('The detected FTP was undone: the rides it covered are being recomputed at the FTP before it.')).toBeVisible();
  await expect(rideNotice).toContainText('You undid the FTP of 255 W detected from this ride');
  await expect(async () => {
    await page.reload();
    await expect(figures).toContainText('FTP175 W · 2.50 W/KG (your profile)', { timeout: 1_000 });
  }).toPass();
  await expect(figures).toContainText('IF1.53');

  await page.goto('/user/activities');
  await expect(header).toHaveText('175 W');
  await expect(page.getByRole('region', { name: 'FTP detection' })).toHaveCount(0);
});
