import { describe, expect, it } from 'vitest';
import { thirdPartyImports } from '~/db/schema';
import { encodeRideFit, generateRide } from '~/lib/fit/synthetic-ride';
import { ingestActivity } from '~/services/activities.server';
import { useTestDatabase } from '../../../tests/helpers/db';
import { createTestUser, signedInRequest } from '../../../tests/helpers/users';
import { loader } from './route';

const { db } = useTestDatabase();

async function load(userId: string) {
  const { request } = await signedInRequest(userId, 'http://localhost/user/activities');
  const response = (await loader({ request, params: {}, context: {} })) as Response;
  return response.json();
}

function ride(seed: number) {
  return encodeRideFit(generateRide({ seed, start: new Date(Date.UTC(2026, 1, seed, 7)), durationS: 600, ftpW: 240, weightKg: 70, shape: 'endurance' }));
}

describe('GET /user/activities: the Other Platform column (decision 046)', () => {
  it('gives no import rows without an approved import, and the platform of each ride', async () => {
    const rider = await createTestUser();
    await ingestActivity(rider.id, ride(1));
    const data = await load(rider.id);
    expect(data.banner.hasApproved).toBe(false);
    expect(data.approvedImports).toEqual([]);
    expect(data.firstPage.results[0].platform).toBe('Paceline');
  });

  it("lists the approved imports' platform and totals, not the pending or rejected ones", async () => {
    const rider = await createTestUser();
    const staff = await createTestUser({ role: 'staff' });
    await ingestActivity(rider.id, ride(2));
    const base = { userId: rider.id, profileLink: 'https://www.strava.com/athletes/1', proofFiles: [] };
    await db()
      .insert(thirdPartyImports)
      .values([
        { ...base, platform: 'Strava', totalRideTimeS: 360_000, totalDistanceKm: 3200, totalElevationM: 41_000, status: 'approved', reviewedBy: staff.id, reviewedAt: new Date('2026-03-02T10:00:00Z') },
        { ...base, platform: 'Zwift', totalRideTimeS: 1000, totalDistanceKm: 10, totalElevationM: 100, status: 'rejected' },
        { ...base, platform: 'Rouvy', totalRideTimeS: 1000, totalDistanceKm: 10, totalElevationM: 100, status: 'submitted' },
      ]);
    const data = await load(rider.id);
    expect(data.banner.hasApproved).toBe(true);
    expect(data.approvedImports).toEqual([
      expect.objectContaining({ platform: 'Strava', timeS: 360_000, distanceKm: 3200, elevationM: 41_000, approvedAt: '2026-03-02T10:00:00.000Z' }),
    ]);
    expect(data.firstPage.results[0].platform).toBe('Paceline');
  });
});
