import { encodeRideFit, generateRide } from '../../app/lib/fit/synthetic-ride';
import { loginAs } from '../helpers/e2e';
import { readZip } from '../helpers/zip';
import { expect, test, type Download, type Page } from './fixtures';

/** Omar (seeded) is signed in by no other spec. */
const RIDER = 'omar@paceline.local';

async function bytesOf(download: Download): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function uploadRides(page: Page, count: number, year = 2024): Promise<Buffer[]> {
  const token = (await page.context().cookies()).find((cookie) => cookie.name === 'paceline_token')?.value;
  const rides = [];
  for (let index = 0; index < count; index++) {
    const bytes = Buffer.from(
      encodeRideFit(
        generateRide({ seed: year + index, start: new Date(Date.UTC(year, 5, 1 + index, 6)), durationS: 240, ftpW: 260, weightKg: 70, shape: 'endurance' }),
      ),
    );
    const response = await page.request.post('/api/activities', {
      multipart: { file: { name: `ride-${index}.fit`, mimeType: 'application/octet-stream', buffer: bytes } },
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(response.status()).toBe(201);
    rides.push(bytes);
  }
  return rides;
}

// Issue 26 item 4: ticked rides download as one zip; a copy of all my data is built in the background and downloads from the profile.
test('several rides download as one zip, and a copy of all my data builds and downloads from the profile', async ({ page }) => {
  await loginAs(page, RIDER, '/user/activities?sort=asc#activities');
  const rides = await uploadRides(page, 3);
  await page.reload();
  await page.getByRole('checkbox', { name: /^Select .* 01 Jun 2024 for download$/ }).check();
  await page.getByRole('checkbox', { name: /^Select .* 03 Jun 2024 for download$/ }).check();
  const [selected] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download selected' }).click()]);
  expect(selected.suggestedFilename()).toMatch(/^paceline-rides-\d{4}-\d{2}-\d{2}\.zip$/);
  const zipped = await readZip(await bytesOf(selected));
  expect([...zipped.keys()]).toEqual([expect.stringMatching(/^2024-06-01-.*\.fit$/), expect.stringMatching(/^2024-06-03-.*\.fit$/)]);
  expect([...zipped.values()].map((bytes, index) => bytes.equals(rides[index * 2]))).toEqual([true, true]);

  await page.goto('/user/profile?tab=data');
  await page.getByRole('button', { name: 'Ask for a copy' }).click();
  await expect(page.getByText('We are preparing a copy of your data.')).toBeVisible();
  // Built by the server's job workers; the tab asks how far it is until it is ready.
  const download = page.getByRole('link', { name: 'Download my data' });
  await expect(download).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(/Your copy is ready \(\d+\.\d MB\)/)).toBeVisible();
  const [copy] = await Promise.all([page.waitForEvent('download'), download.click()]);
  expect(copy.suggestedFilename()).toMatch(/^paceline-data-\d{4}-\d{2}-\d{2}\.zip$/);
  const files = await readZip(await bytesOf(copy));
  expect(JSON.parse(files.get('profile.json')!.toString())).toMatchObject({ email: RIDER, firstname: 'Omar' });
  const originals = [...files.keys()].filter((name) => name.startsWith('rides/files/2024-06-'));
  expect(originals).toHaveLength(3);
  expect(files.get('rides/rides.csv')!.toString()).toContain('2024-06-02');
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the activities table is a form: ticked rides download as one zip', async ({ page }) => {
    await loginAs(page, RIDER, '/');
    const [ride] = await uploadRides(page, 1, 2023);
    await page.goto('/user/activities?tab=activities&sort=asc#activities');
    await page.getByRole('checkbox', { name: /^Select .* 01 Jun 2023 for download$/ }).check();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download selected' }).click()]);
    const files = await readZip(await bytesOf(download));
    expect([...files.values()].map((bytes) => bytes.equals(ride))).toEqual([true]);
  });
});
