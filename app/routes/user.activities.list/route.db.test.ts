import { describe, expect, it } from 'vitest';
import type { ActivityListPage } from '~/lib/activities/types';
import { createJsonActivity } from '~/services/activities/activity-files.server';
import { setUpTestDatabase } from '../../../tests/helpers/db';
import { createTestUser, signedInRequest } from '../../../tests/helpers/users';
import { loader } from './route';

setUpTestDatabase();

async function load(userId: string, query: string): Promise<ActivityListPage> {
  const { request } = await signedInRequest(userId, `http://localhost/user/activities/list?${query}`);
  const response = (await loader({ request, params: {}, context: {} })) as Response;
  return (await response.json()) as ActivityListPage;
}

describe('GET /user/activities/list', () => {
  it('pages newest first by default, sorts ascending on request, clamps a page past the last, refuses one out of bounds and shows only my rides', async () => {
    const me = await createTestUser();
    const other = await createTestUser();
    for (let index = 0; index < 23; index++) {
      await createJsonActivity(me.id, {
        title: `Ride ${index}`,
        type: index % 5 === 0 ? 'event' : 'ride',
        startedAt: new Date(Date.UTC(2026, 0, 1 + index, 7)),
        distanceM: 1000,
        timerS: 600,
      });
    }
    await createJsonActivity(other.id, { title: 'Not mine', type: 'ride', startedAt: new Date(Date.UTC(2026, 5, 1)), distanceM: 1, timerS: 1 });
    const first = await load(me.id, '');
    expect(first).toMatchObject({ totalCount: 23, totalPages: 2, currentPage: 1 });
    expect(first.results).toHaveLength(20);
    expect(first.results[0].title).toBe('Ride 22');
    const second = await load(me.id, 'page=2');
    expect(second.results.map((row) => row.title)).toEqual(['Ride 2', 'Ride 1', 'Ride 0']);
    const ascending = await load(me.id, 'sort=asc');
    expect(ascending.results[0].title).toBe('Ride 0');
    const events = await load(me.id, 'type=event');
    expect(events).toMatchObject({ totalCount: 5, totalPages: 1 });
    const clamped = await load(me.id, 'page=99&sort=sideways&type=nope');
    expect(clamped).toMatchObject({ currentPage: 2, totalCount: 23 });
    // A page number out of bounds is refused, never an offset for the database (issue 35 item 3).
    await expect(load(me.id, 'page=9223372036854775808')).rejects.toMatchObject({ status: 400 });
    expect([...first.results, ...second.results].some((row) => row.title === 'Not mine')).toBe(false);
  });

  it('sends a visitor without a session to login', async () => {
    await expect(loader({ request: new Request('http://localhost/user/activities/list'), params: {}, context: {} })).rejects.toMatchObject({ status: 302 });
  });
});
