import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from '~/db/client.server';
import { activities } from '~/db/schema';
import { ACTIVITY_UPLOAD_MAX_BYTES, RIDE_MAX_SAMPLES } from '~/lib/constants';
import { INGEST_MESSAGES } from '~/services/activities/activities.server';
import { setUpTestDatabase } from '../../../tests/helpers/db';
import { minimalFit } from '../../../tests/helpers/minimal-fit';
import { createTestUser, signedInRequest } from '../../../tests/helpers/users';
import { action } from './route';

setUpTestDatabase();

async function bearer(userId: string) {
  const { cookie } = await signedInRequest(userId);
  return decodeURIComponent(cookie.split('paceline_token=')[1]);
}

function upload(token: string, body: BodyInit, headers: Record<string, string> = {}) {
  const request = new Request('http://localhost/api/activities', {
    method: 'POST',
    body,
    headers: { Authorization: `Bearer ${token}`, ...headers },
    // Node needs this for a streamed request body.
    ...({ duplex: 'half' } as RequestInit),
  });
  return action({ request, params: {}, context: {} });
}

function fitForm(bytes: Uint8Array<ArrayBuffer>) {
  const form = new FormData();
  form.append('file', new Blob([bytes]), 'ride.fit');
  return form;
}

async function ridesOf(userId: string) {
  const [row] = await db().select({ n: count() }).from(activities).where(eq(activities.userId, userId));
  return row.n;
}

describe('POST /api/activities under hostile uploads (issue 15 item 4, ASVS V5.2)', () => {
  it('refuses a chunked body past the cap as it streams, without reading the rest', async () => {
    const rider = await createTestUser();
    const token = await bearer(rider.id);
    const chunk = new Uint8Array(1024 * 1024);
    let sentBytes = 0;
    const fiftyMegabytes = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sentBytes >= 50 * chunk.byteLength) return controller.close();
        sentBytes += chunk.byteLength;
        controller.enqueue(chunk);
      },
    });
    const response = await upload(token, fiftyMegabytes, { 'Content-Type': 'multipart/form-data; boundary=x' });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ error: INGEST_MESSAGES.too_big });
    // The stream may run a few chunks ahead of the reader; the other 30-odd MB are never pulled.
    expect(sentBytes).toBeLessThanOrEqual(ACTIVITY_UPLOAD_MAX_BYTES + 4 * chunk.byteLength);
    expect(await ridesOf(rider.id)).toBe(0);
  });

  it('refuses a declared Content-Length past the cap before reading', async () => {
    const rider = await createTestUser();
    const response = await upload(await bearer(rider.id), 'x', {
      'Content-Type': 'multipart/form-data; boundary=x',
      'Content-Length': String(50 * 1024 * 1024),
    });
    expect(response.status).toBe(413);
  });

  it('refuses a ride longer than 24 hours of samples with a clear message', async () => {
    const rider = await createTestUser();
    const response = await upload(await bearer(rider.id), fitForm(minimalFit({ records: RIDE_MAX_SAMPLES + 60 })));
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({ error: INGEST_MESSAGES.too_long, code: 'too_long' });
    expect(INGEST_MESSAGES.too_long).toContain('24 hours');
    expect(await ridesOf(rider.id)).toBe(0);
  });

  it('decodes and analyses off the request thread: the event loop keeps answering during a day-long upload', async () => {
    const rider = await createTestUser();
    const token = await bearer(rider.id);
    const bytes = minimalFit({ records: RIDE_MAX_SAMPLES });
    let longestGapMs = 0;
    let last = performance.now();
    const ticker = setInterval(() => {
      const now = performance.now();
      longestGapMs = Math.max(longestGapMs, now - last);
      last = now;
    }, 5);
    try {
      const response = await upload(token, fitForm(bytes));
      expect(response.status).toBe(201);
    } finally {
      clearInterval(ticker);
    }
    // On the request thread this file blocks the loop for seconds; off it, the loop only waits
    // for the database writes and copying the samples.
    expect(longestGapMs).toBeLessThan(400);
    expect(await ridesOf(rider.id)).toBe(1);
  });

  it('answers a body that is not multipart with a 4xx, not a 500', async () => {
    const rider = await createTestUser();
    const token = await bearer(rider.id);
    expect((await upload(token, '{"file":1}', { 'Content-Type': 'application/json' })).status).toBe(415);
    expect((await upload(token, '--x\r\nContent-Disposition: form-data; name="file"', { 'Content-Type': 'multipart/form-data; boundary=x' })).status).toBe(400);
  });
});
