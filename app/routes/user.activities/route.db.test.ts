import { describe, expect, it } from 'vitest';
import { thirdPartyImports, weightHistory } from '~/db/schema';
import { readsOf } from '~/db/write-watch.server';
import { unpackCurve } from '~/lib/activities/curve-view';
import { unpackActivityPage } from '~/lib/activities/list-page';
import { encodeRideFit, generateRide } from '~/lib/fit/synthetic-ride';
import { ingestActivity } from '~/services/activities/activities.server';
import { reviewImport, submitImport } from '~/services/activities/imports.server';
import { recordWeight } from '~/services/activities/weight-history.server';
import { setUpTestDatabase } from '../../../tests/helpers/db';
import { createTestUser, signedInRequest } from '../../../tests/helpers/users';
import { loader } from './route';

const { db } = setUpTestDatabase();

async function load(userId: string, query = '') {
  const { request } = await signedInRequest(userId, `http://localhost/user/activities${query}`);
  return loader({ request, params: {}, context: {} });
}

/** The first page's rides as the browser reads them: through JSON, then unpacked. */
function firstPageRides(data: Awaited<ReturnType<typeof load>>) {
  return unpackActivityPage(JSON.parse(JSON.stringify(data.activities!.firstPage))).results;
}

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]);

describe('GET /user/activities', () => {
  it("sends the open tab's part only (decision 161): the overview by default, the ACTIVITIES part with ?tab=activities; a kid stays off the shop", async () => {
    const rider = await createTestUser({ weightKg: 70 });
    const plain = await load(rider.id);
    expect(plain).toMatchObject({
      tab: 'profile',
      activities: null,
      overview: { imported: null, ftpNotice: null },
      rider: { firstname: 'Test', weightKg: 70 },
    });
    const withList = await load(rider.id, '?tab=activities&sort=asc');
    expect(withList).toMatchObject({
      tab: 'activities',
      sort: 'asc',
      overview: null,
      activities: { firstPage: { totalCount: 0, totalPages: 1, currentPage: 1 }, allTime: null },
    });
    expect(firstPageRides(withList)).toEqual([]);
    const shop = await load(rider.id, '?tab=in-game-shop');
    expect(shop).toMatchObject({ tab: 'in-game-shop', overview: null, activities: null, banner: { state: 'none' } });
    const kid = await createTestUser({ isKid: true });
    expect(await load(kid.id, '?tab=in-game-shop')).toMatchObject({ tab: 'profile', overview: { imported: null }, activities: null });
  });

  it('serves the rider aggregates from the page cache until a write to what they read, even one that bypasses the services', async () => {
    const rider = await createTestUser({ weightKg: 70 });
    const other = await createTestUser({ weightKg: 80 });
    expect((await load(rider.id)).rider).toMatchObject({ weightKg: 70, weightVerified: false });
    // Another rider's write leaves the cached aggregates in place (decision 145)…
    await db().insert(weightHistory).values({ userId: other.id, weightKg: 79, recordedAt: new Date(), verified: true });
    const { reads } = await readsOf(() => load(rider.id));
    expect([...reads].some((tag) => tag.startsWith('weight_history'))).toBe(true);
    expect([...reads].filter((tag) => tag.startsWith('weight_history'))).toEqual([`weight_history:${rider.id}`]);
    // …and a write to this rider's rows is seen at once, through the services or not.
    await db().insert(weightHistory).values({ userId: rider.id, weightKg: 66, recordedAt: new Date(), verified: true });
    expect((await load(rider.id)).rider).toMatchObject({ weightKg: 66, weightVerified: true });
  });

  it('a new ride changes the cached header, progress, curves and first page', async () => {
    const rider = await createTestUser({ weightKg: 70 });
    const before = { ...(await load(rider.id, '?tab=activities')), overview: (await load(rider.id)).overview! };
    expect(before.rider.totalKm).toBe(0);
    expect(before.overview.progress.grid.year.allRides).toBe(0);
    expect(before.activities?.allTime).toBeNull();
    expect(before.activities?.average).toBeNull();
    expect(before.activities?.firstPage.totalCount).toBe(0);
    const ride = generateRide({ seed: 7, start: new Date(Date.now() - 3_600_000), durationS: 25 * 60, ftpW: 250, weightKg: 70, shape: 'endurance' });
    await ingestActivity(rider.id, encodeRideFit(ride));
    const after = { ...(await load(rider.id, '?tab=activities')), overview: (await load(rider.id)).overview! };
    expect(after.rider.totalKm).toBeGreaterThan(1);
    expect(after.overview.progress.grid.year.allRides).toBe(1);
    expect(unpackCurve(after.activities!.allTime!).points.length).toBeGreaterThan(0);
    expect(unpackCurve(after.activities!.average!).points.length).toBeGreaterThan(0);
    expect(after.activities?.firstPage.totalCount).toBe(1);
  });

  it('a weight change shows at once', async () => {
    const rider = await createTestUser({ weightKg: 70 });
    expect((await load(rider.id)).rider).toMatchObject({ weightKg: 70, weightVerified: false });
    await recordWeight(rider.id, 64, new Date(), { verified: true });
    expect((await load(rider.id)).rider).toMatchObject({ weightKg: 64, weightVerified: true });
  });

  it('an import submission and its approval change the banner, the imported row and the totals', async () => {
    const rider = await createTestUser();
    const staff = await createTestUser({ role: 'staff' });
    const before = await load(rider.id);
    expect(before.banner).toEqual({ state: 'none', hasApproved: false });
    expect(before.overview?.imported).toBeNull();
    const { id } = await submitImport(rider.id, {
      platform: 'Strava',
      days: 0,
      hours: 10,
      minutes: 0,
      distance: 250,
      distanceUnit: 'kilometers',
      elevationM: 1200,
      profileLink: 'https://www.strava.com/athletes/1',
      files: [{ name: 'proof.png', bytes: PNG }],
    });
    expect((await load(rider.id)).banner).toEqual({ state: 'submitted', hasApproved: false });
    expect(await reviewImport(staff.id, id, 'approved')).toBe(true);
    const after = await load(rider.id);
    expect(after.banner).toEqual({ state: 'approved', hasApproved: true });
    expect(after.overview?.imported).toMatchObject({ distance: 250, elevation: 1200, timeSpend: 10 });
    expect(after.rider.totalKm).toBe(250);
  });
});

function ride(seed: number) {
  return encodeRideFit(generateRide({ seed, start: new Date(Date.UTC(2026, 1, seed, 7)), durationS: 600, ftpW: 240, weightKg: 70, shape: 'endurance' }));
}

describe('GET /user/activities: the Other Platform column (decision 046)', () => {
  it('gives no import rows without an approved import, and the platform of each ride', async () => {
    const rider = await createTestUser();
    await ingestActivity(rider.id, ride(1));
    const data = await load(rider.id, '?tab=activities');
    expect(data.banner.hasApproved).toBe(false);
    expect(data.activities?.approvedImports).toEqual([]);
    expect(firstPageRides(data)[0]).toMatchObject({ platform: 'Paceline', hasPower: expect.any(Boolean) });
  });

  it("lists the approved imports' platform and totals, not the pending or rejected ones", async () => {
    const rider = await createTestUser();
    const staff = await createTestUser({ role: 'staff' });
    await ingestActivity(rider.id, ride(2));
    const base = { userId: rider.id, profileLink: 'https://www.strava.com/athletes/1', proofFiles: [] };
    await db()
      .insert(thirdPartyImports)
      .values([
        {
          ...base,
          platform: 'Strava',
          totalRideTimeS: 360_000,
          totalDistanceKm: 3200,
          totalElevationM: 41_000,
          status: 'approved',
          reviewedBy: staff.id,
          reviewedAt: new Date('2026-03-02T10:00:00Z'),
        },
        { ...base, platform: 'Zwift', totalRideTimeS: 1000, totalDistanceKm: 10, totalElevationM: 100, status: 'rejected' },
        { ...base, platform: 'Rouvy', totalRideTimeS: 1000, totalDistanceKm: 10, totalElevationM: 100, status: 'submitted' },
      ]);
    const data = await load(rider.id, '?tab=activities');
    expect(data.banner.hasApproved).toBe(true);
    expect(data.activities?.approvedImports).toEqual([
      expect.objectContaining({ platform: 'Strava', timeS: 360_000, distanceKm: 3200, elevationM: 41_000, approvedAt: '2026-03-02T10:00:00.000Z' }),
    ]);
    expect(firstPageRides(data)[0]).toMatchObject({ platform: 'Paceline', hasPower: expect.any(Boolean) });
  });
});

describe('GET /user/activities?from=&to=: the best curve of a date range', () => {
  it('adds the range line for whole days, both ends included, and ignores a reversed or malformed range', async () => {
    const rider = await createTestUser({ weightKg: 70 });
    await ingestActivity(
      rider.id,
      encodeRideFit(generateRide({ seed: 4, start: new Date('2026-02-10T21:30:00Z'), durationS: 600, ftpW: 240, weightKg: 70, shape: 'race' })),
    );
    const data = await load(rider.id, '?tab=activities&from=2026-02-01&to=2026-02-10');
    expect(data.activities?.range).toMatchObject({ from: '2026-02-01', to: '2026-02-10', curve: { id: 'range', label: 'Best 2026-02-01 – 2026-02-10' } });
    expect(data.activities?.range?.curve?.points[0].date).toBe('2026-02-10T21:30:00.000Z');
    const rangeOf = async (query: string) => (await load(rider.id, `?tab=activities&${query}`)).activities?.range;
    expect(await rangeOf('from=2026-01-01&to=2026-01-31')).toEqual({ from: '2026-01-01', to: '2026-01-31', curve: null });
    expect(await rangeOf('from=2026-03-01&to=2026-02-01')).toBeNull();
    expect(await rangeOf('from=yesterday&to=2026-02-01')).toBeNull();
    expect(await rangeOf('')).toBeNull();
  });
});
