import { describe, expect, it } from 'vitest';
import { createJsonActivity } from '~/services/activities/activity-files.server';
import { setUpTestDatabase } from '../../../tests/helpers/db';
import { queriesOf } from '../../../tests/helpers/query-count';
import { createTestUser, signedInRequest } from '../../../tests/helpers/users';
import { loader } from './route';

setUpTestDatabase();

describe('/user/profile loader', () => {
  it("reads a rider's activity files only for the Activity Files tab", async () => {
    const rider = await createTestUser();
    await createJsonActivity(rider.id, {
      title: 'Morning ride',
      type: 'ride',
      startedAt: new Date('2026-11-20T07:00:00Z'),
      distanceM: 30_120,
      timerS: 3_600,
      elevationM: 212.4,
    });
    const load = async (query: string) => {
      const { request } = await signedInRequest(rider.id, `http://localhost/user/profile${query}`);
      return queriesOf(() => loader({ request, params: {}, context: {} }));
    };

    const edit = await load('');
    expect(edit.result.tab).toBe('edit');
    expect(edit.result.files).toEqual([]);
    // The files' statement (the FTP history on this tab joins activities for its rides' titles).
    const readsFiles = (sql: string) => sql.includes('"file_type"');
    expect(edit.queries.some(readsFiles)).toBe(false);

    const files = await load('?tab=files');
    expect(files.result.tab).toBe('files');
    expect(files.queries.some(readsFiles)).toBe(true);
    expect(files.result.files).toEqual([expect.objectContaining({ type: 'json', date: '2026-11-20T07:00:00.000Z', distanceKm: 30.12, elevationM: 212 })]);
  });
});
