import { expect, type Page } from '@playwright/test';
import { encodeRideFit, generateRide } from '../../../app/lib/fit/synthetic-ride';
import { PNG_FILE } from '../../e2e/events-helpers';

/** The signed-in rider's session token: game clients upload rides with it (POST /api/activities). */
async function sessionToken(page: Page): Promise<string> {
  const token = (await page.context().cookies()).find((cookie) => cookie.name === 'paceline_token');
  if (!token) throw new Error('No rider is signed in: no paceline_token cookie');
  return token.value;
}

/** `count` short rides with power, uploaded as a game client uploads them; answers once the list counts them all. */
export async function uploadRides(page: Page, count: number) {
  const headers = { Authorization: `Bearer ${await sessionToken(page)}` };
  for (let index = 0; index < count; index++) {
    const ride = generateRide({
      seed: 700 + index,
      start: new Date(Date.UTC(2025, 0, 1 + index, 7)),
      durationS: 120,
      ftpW: 240,
      weightKg: 70,
      shape: 'intervals',
    });
    const response = await page.request.post('/api/activities', {
      multipart: { file: { name: `ride-${index}.fit`, mimeType: 'application/octet-stream', buffer: Buffer.from(encodeRideFit(ride)) } },
      headers,
    });
    if (![201, 202].includes(response.status())) throw new Error(`Uploading ride ${index} answered ${response.status()}: ${await response.text()}`);
  }
  // A ride still being analysed (202) joins the list once its analysis is stored.
  await expect
    .poll(async () => ((await (await page.request.get('/user/activities/list?page=1&sort=desc&type=all')).json()) as { totalCount: number }).totalCount, {
      timeout: 60_000,
    })
    .toBe(count);
}

/** An import request of the signed-in rider, sent as the wizard sends it: it waits for staff (the banner's `submitted`). */
export async function submitImportRequest(page: Page) {
  const response = await page.request.post('/user/activities/import', {
    multipart: {
      platform: 'Zwift',
      days: '2',
      hours: '3',
      minutes: '4',
      distance: '500',
      distanceUnit: 'kilometers',
      elevation: '4000',
      profileLink: 'https://zwift.com/athletes/7',
      files: PNG_FILE,
    },
  });
  if (!response.ok()) throw new Error(`The import request answered ${response.status()}: ${await response.text()}`);
}

/** Staff decide the signed-in rider's pending import (app/routes/e2e.import-review). */
export async function reviewImportRequest(page: Page, decision: 'approved' | 'rejected') {
  const response = await page.request.post('/e2e/import-review', { form: { decision } });
  if (!response.ok()) throw new Error(`/e2e/import-review answered ${response.status()}: ${await response.text()}`);
}
