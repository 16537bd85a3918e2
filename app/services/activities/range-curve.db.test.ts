import { describe, expect, it } from 'vitest';
import { encodeRideFit, generateRide, type RideShape } from '~/lib/fit/synthetic-ride';
import { ingestActivity } from './activities.server';
import { setUpTestDatabase } from '../../../tests/helpers/db';
import { createTestUser } from '../../../tests/helpers/users';
import { getActivityCurves, getRangeCurve } from './curves.server';

setUpTestDatabase();

const ride = (day: string, shape: RideShape, ftpW: number) =>
  encodeRideFit(generateRide({ seed: ftpW, start: new Date(`${day}T07:00:00Z`), durationS: 20 * 60, ftpW, weightKg: 70, shape }));

describe('getRangeCurve', () => {
  it('is the element-wise best of the rides started in the range, each point with its ride', async () => {
    const rider = await createTestUser({ weightKg: 70 });
    const early = await ingestActivity(rider.id, ride('2026-03-02', 'race', 300));
    const inside = await ingestActivity(rider.id, ride('2026-03-10', 'intervals', 260));
    const later = await ingestActivity(rider.id, ride('2026-03-12', 'endurance', 220));
    const outside = await ingestActivity(rider.id, ride('2026-04-01', 'race', 400));
    const curve = await getRangeCurve(rider.id, new Date('2026-03-05T00:00:00Z'), new Date('2026-03-13T00:00:00Z'), 'March');
    const [a, b] = await getActivityCurves(rider.id, [inside.id, later.id]);
    expect(curve?.label).toBe('March');
    expect(curve?.watts).toEqual(a.watts.map((watts, i) => Math.max(watts, b.watts[i] ?? 0)));
    for (let i = 0; i < curve!.watts.length; i++) {
      // Where both rides hold the same best, either ride is its source.
      const sources = [curve!.watts[i] === a.watts[i] ? a.dates[i] : null, curve!.watts[i] === b.watts[i] ? b.dates[i] : null];
      expect(sources).toContain(curve!.dates[i]);
    }
    // W/kg from the weight of the ride each best came from.
    expect(curve!.wattsPerKg[0]).toBeCloseTo(curve!.watts[0] / 70, 2);
    const [fromEarly] = await getActivityCurves(rider.id, [early.id]);
    const [fromOutside] = await getActivityCurves(rider.id, [outside.id]);
    expect(curve!.watts[0]).toBeLessThan(Math.max(fromEarly.watts[0], fromOutside.watts[0]));
  });

  it("is null for a range without powered rides, and never shows another rider's rides", async () => {
    const rider = await createTestUser();
    const other = await createTestUser();
    await ingestActivity(other.id, ride('2026-05-05', 'race', 300));
    expect(await getRangeCurve(rider.id, new Date('2026-05-01T00:00:00Z'), new Date('2026-06-01T00:00:00Z'), 'May')).toBeNull();
  });
});
