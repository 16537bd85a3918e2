import { describe, expect, it } from 'vitest';
import { encodeRideFit, generateRide } from '~/lib/fit/synthetic-ride';
import { unpackRows } from '~/lib/packed-rows';
import { ingestActivity } from '~/services/activities/activities.server';
import { setFtp } from '~/services/activities/ftp-history.server';
import { setUpTestDatabase } from '../../../tests/helpers/db';
import { queriesOf } from '../../../tests/helpers/query-count';
import { createTestUser, signedInRequest } from '../../../tests/helpers/users';
import { loader } from './route';

setUpTestDatabase();

describe('GET /user/activities once warm (decisions 044 and 142)', () => {
  it('reads only what the guard reads: the fitness series, the FTP notice and the models come from the page cache', async () => {
    const rider = await createTestUser({ weightKg: 70 });
    await setFtp(rider.id, 150, new Date('2020-01-01T00:00:00Z'));
    const ride = generateRide({ seed: 11, start: new Date(Date.now() - 2 * 86_400_000), durationS: 65 * 60, ftpW: 260, weightKg: 70, shape: 'race' });
    await ingestActivity(rider.id, encodeRideFit(ride));
    const load = async (query = '') => {
      const { request } = await signedInRequest(rider.id, `http://localhost/user/activities${query}`);
      return queriesOf(() => loader({ request, params: {}, context: {} }));
    };
    const cold = { overview: await load(), activities: await load('?tab=activities') };
    expect(cold.overview.result.overview?.ftpNotice?.ftpW).toBeGreaterThan(150);
    expect(cold.activities.result.activities?.powerModels).toHaveLength(2);
    // The upload left no model: the cold page fitted and stored them, a write its cached read must outlive.
    expect(cold.activities.queries.join('\n')).toMatch(/insert into "rider_power_models"/);
    expect(unpackRows(cold.overview.result.overview!.fitness.points).some((point) => point.load > 0)).toBe(true);
    for (const query of ['', '?tab=activities']) {
      const warm = await load(query);
      // The guard's session and user reads; nothing of the page's own.
      expect(warm.queries.length).toBeLessThanOrEqual(2);
      expect(warm.queries.join('\n')).not.toMatch(/rider_training_days|ftp_history|rider_power_models/);
    }
  });
});
