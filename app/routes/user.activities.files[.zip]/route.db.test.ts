import { describe, expect, it } from 'vitest';
import { encodeRideFit, generateRide } from '~/lib/fit/synthetic-ride';
import { ingestActivity } from '~/services/activities/activities.server';
import { readToast } from '~/services/platform/toast.server';
import { setUpTestDatabase } from '../../../tests/helpers/db';
import { thrownResponse } from '../../../tests/helpers/responses';
import { createTestUser, signedInRequest } from '../../../tests/helpers/users';
import { readZip } from '../../../tests/helpers/zip';
import { loader } from './route';

setUpTestDatabase();

const rideFit = (day: number) =>
  encodeRideFit(generateRide({ seed: day, start: new Date(Date.UTC(2026, 1, day, 7)), durationS: 180, ftpW: 240, weightKg: 70, shape: 'endurance' }));

async function get(userId: string, ids: string[], referer = 'http://localhost:3000/user/activities?tab=activities') {
  const query = new URLSearchParams(ids.map((id) => ['id', id]));
  const { request } = await signedInRequest(userId, `http://localhost:3000/user/activities/files.zip?${query}`, { headers: { Referer: referer } });
  return loader({ request, params: {}, context: {} });
}

function toastOf(response: Response) {
  const cookie = response.headers.get('Set-Cookie') ?? '';
  return readToast(new Request('http://localhost/', { headers: { Cookie: cookie.split(';')[0] } }));
}

describe('several rides as one zip (the activities table, issue 26 item 4)', () => {
  it("streams the rider's ticked rides, original bytes, and ignores anyone else's", async () => {
    const rider = await createTestUser({ weightKg: 70 });
    const other = await createTestUser({ weightKg: 70 });
    const fits = [rideFit(1), rideFit(2), rideFit(3)];
    const ids = [];
    for (const fit of fits) ids.push((await ingestActivity(rider.id, fit)).id);
    const theirs = (await ingestActivity(other.id, rideFit(9))).id;

    const response = await get(rider.id, [ids[2], ids[0], theirs, 'not-an-id']);
    expect(response.headers.get('Content-Type')).toBe('application/zip');
    expect(response.headers.get('Content-Disposition')).toMatch(/^attachment; filename="paceline-rides-\d{4}-\d{2}-\d{2}\.zip"$/);
    const files = await readZip(new Uint8Array(await response.arrayBuffer()));
    expect([...files.keys()]).toEqual([
      expect.stringMatching(new RegExp(`^2026-02-01-.+-${ids[0].slice(0, 8)}\\.fit$`)),
      expect.stringMatching(new RegExp(`^2026-02-03-.+-${ids[2].slice(0, 8)}\\.fit$`)),
    ]);
    expect([...files.values()].map((bytes, index) => bytes.equals(Buffer.from(fits[index * 2])))).toEqual([true, true]);
  });

  it('sends the rider back with the reason when nothing (of theirs) is ticked or too much is', async () => {
    const rider = await createTestUser();
    const none = await thrownResponse(get(rider.id, []));
    expect(none.headers.get('Location')).toBe('/user/activities?tab=activities');
    expect(toastOf(none)).toMatchObject({ kind: 'error', message: 'Select at least one ride to download.' });
    const tooMany = await thrownResponse(
      get(
        rider.id,
        Array.from({ length: 101 }, () => crypto.randomUUID()),
      ),
    );
    expect(toastOf(tooMany)).toMatchObject({ message: 'You can download at most 100 rides at once.' });
  });
});
