import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../../tests/helpers/db';
import { thrownResponse } from '../../../tests/helpers/responses';
import { createTestUser, signedInRequest } from '../../../tests/helpers/users';
import { loader } from './route';

useTestDatabase();

describe('a failed download goes back to the page that linked it (spec 1 §8)', () => {
  it('only to a page of the site: a foreign or malformed Referer falls back to the files tab, never a 500', async () => {
    const rider = await createTestUser();
    const back = async (referer: string) => {
      const { request } = await signedInRequest(rider.id, 'http://localhost:3000/user/activities/files/00000000-0000-4000-8000-000000000000/download', { headers: { Referer: referer } });
      return (await thrownResponse(loader({ request, params: { id: '00000000-0000-4000-8000-000000000000' }, context: {} }))).headers.get('Location');
    };
    expect(await back('http://localhost:3000/user/profile?tab=files#list')).toBe('/user/profile?tab=files#list');
    for (const referer of ['https://evil.example/user/profile', 'http://[not-a-host', '//evil.example/x']) {
      expect(await back(referer), referer).toBe('/user/profile?tab=files');
    }
  });
});
