import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { riderPowerBests } from '~/db/schema';
import { encodeRideFit, generateRide } from '~/lib/fit/synthetic-ride';
import { setUpTestDatabase } from '../../../tests/helpers/db';
import { createTestUser } from '../../../tests/helpers/users';
import { ingestActivity } from './activities.server';
import { getAllTimeCurve } from './curves.server';

const { db } = setUpTestDatabase();

function ride(day: number, minutes: number, ftpW: number) {
  return encodeRideFit(
    generateRide({ seed: day, start: new Date(Date.UTC(2026, 4, day, 7)), durationS: minutes * 60, ftpW, weightKg: 70, shape: 'endurance' }),
  );
}

describe("the rider's all-time curve", () => {
  it('keeps, per duration, the ride that holds the best, and drops rides that hold none', async () => {
    const rider = await createTestUser({ weightKg: 70 });
    const long = await ingestActivity(rider.id, ride(1, 40, 180));
    const short = await ingestActivity(rider.id, ride(2, 20, 320));
    let curve = await getAllTimeCurve(rider.id);
    // The stronger short ride holds the first 20 minutes, the longer one the rest.
    expect(curve?.dates[0]).toBe('2026-05-02T07:00:00.000Z');
    expect(curve?.dates[1199]).toBe('2026-05-02T07:00:00.000Z');
    expect(curve?.dates[1200]).toBe('2026-05-01T07:00:00.000Z');
    expect(curve?.watts).toHaveLength(2400);
    let [bests] = await db().select().from(riderPowerBests).where(eq(riderPowerBests.userId, rider.id));
    expect(bests.sources.map((source) => source.id)).toEqual([long.id, short.id]);

    const best = await ingestActivity(rider.id, ride(3, 45, 360));
    [bests] = await db().select().from(riderPowerBests).where(eq(riderPowerBests.userId, rider.id));
    expect(bests.sources.map((source) => source.id)).toEqual([best.id]);
    curve = await getAllTimeCurve(rider.id);
    expect(new Set(curve?.dates)).toEqual(new Set(['2026-05-03T07:00:00.000Z']));
  });
});
