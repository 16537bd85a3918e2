import { describe, expect, it } from 'vitest';
import { encodeRideFit, generateRide } from '~/lib/fit/synthetic-ride';
import { ingestActivity } from '~/services/activities/activities.server';
import { setUpTestDatabase } from '../../../tests/helpers/db';
import { thrownResponse } from '../../../tests/helpers/responses';
import { createTestUser, signedInRequest } from '../../../tests/helpers/users';
import { loader } from './route';

setUpTestDatabase();

async function download(userId: string, activityId: string, range?: string) {
  const { request } = await signedInRequest(
    userId,
    `http://localhost/user/activities/files/${activityId}/download`,
    range ? { headers: { Range: range } } : {},
  );
  return loader({ request, params: { id: activityId }, context: {} });
}

describe('the original FIT download', () => {
  it('streams the whole file, one byte range of it, or 416 for a range past its end', async () => {
    const rider = await createTestUser();
    const bytes = encodeRideFit(
      generateRide({ seed: 3, start: new Date('2026-05-01T06:00:00Z'), durationS: 600, ftpW: 250, weightKg: 70, shape: 'endurance' }),
    );
    const { id } = await ingestActivity(rider.id, bytes);

    const whole = await download(rider.id, id);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('Accept-Ranges')).toBe('bytes');
    expect(whole.headers.get('Content-Length')).toBe(String(bytes.length));
    expect(new Uint8Array(await whole.arrayBuffer())).toEqual(bytes);

    const part = await download(rider.id, id, 'bytes=100-199');
    expect(part.status).toBe(206);
    expect(part.headers.get('Content-Range')).toBe(`bytes 100-199/${bytes.length}`);
    expect(new Uint8Array(await part.arrayBuffer())).toEqual(bytes.subarray(100, 200));

    const tail = await download(rider.id, id, 'bytes=-10');
    expect(tail.status).toBe(206);
    expect(new Uint8Array(await tail.arrayBuffer())).toEqual(bytes.subarray(bytes.length - 10));

    const past = await download(rider.id, id, `bytes=${bytes.length}-`);
    expect(past.status).toBe(416);
    expect(past.headers.get('Content-Range')).toBe(`bytes */${bytes.length}`);
  });

  it("answers another rider's file with the failed-download toast, as before", async () => {
    const owner = await createTestUser();
    const stranger = await createTestUser();
    const bytes = encodeRideFit(
      generateRide({ seed: 4, start: new Date('2026-05-02T06:00:00Z'), durationS: 300, ftpW: 250, weightKg: 70, shape: 'endurance' }),
    );
    const { id } = await ingestActivity(owner.id, bytes);
    const refused = await download(stranger.id, id).catch((response: Response) => response);
    expect(refused.status).toBe(302);
  });
});

describe('a failed download goes back to the page that linked it (spec 1 §8)', () => {
  it('only to a page of the site: a foreign or malformed Referer falls back to the files tab, never a 500', async () => {
    const rider = await createTestUser();
    const back = async (referer: string) => {
      const { request } = await signedInRequest(rider.id, 'http://localhost:3000/user/activities/files/00000000-0000-4000-8000-000000000000/download', {
        headers: { Referer: referer },
      });
      return (await thrownResponse(loader({ request, params: { id: '00000000-0000-4000-8000-000000000000' }, context: {} }))).headers.get('Location');
    };
    expect(await back('http://localhost:3000/user/profile?tab=files#list')).toBe('/user/profile?tab=files#list');
    for (const referer of ['https://evil.example/user/profile', 'http://[not-a-host', '//evil.example/x']) {
      expect(await back(referer), referer).toBe('/user/profile?tab=files');
    }
  });
});
