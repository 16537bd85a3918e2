import fc from 'fast-check';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { activities } from '~/db/schema';
import { HOUR_RIDE_S, IF_HOUR_CEILING } from '~/lib/constants';
import { encodeRideFit, generateRide, type RideShape } from '~/lib/fit/synthetic-ride';
import { setUpTestDatabase } from '../../../tests/helpers/db';
import { createTestUser } from '../../../tests/helpers/users';
import { ingestActivity } from './activities.server';
import { setFtp } from './ftp-history.server';

const { db } = setUpTestDatabase();
const DAY_MS = 86_400_000;
const SHAPES: RideShape[] = ['endurance', 'intervals', 'race', 'recovery'];

const rideArbitrary = fc.record({
  day: fc.integer({ min: 0, max: 60 }),
  minutes: fc.integer({ min: 30, max: 130 }),
  shape: fc.constantFrom(...SHAPES),
  seed: fc.integer({ min: 1, max: 1_000_000 }),
});

describe('threshold detection on stored rides (decision 141)', () => {
  it('property: after any uploads, in any order, with a stale FTP on the profile, no ride of an hour or more reads IF above 1.05', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 150, max: 380 }),
        fc.option(fc.double({ min: 0.5, max: 1, noNaN: true }), { nil: null }),
        fc.array(rideArbitrary, { minLength: 2, maxLength: 3 }),
        async (ftpW, staleShare, rides) => {
          const rider = await createTestUser({ weightKg: 70 });
          const start = Date.UTC(2026, 2, 1, 7);
          if (staleShare !== null) await setFtp(rider.id, Math.round(ftpW * staleShare), new Date(start - DAY_MS));
          for (const ride of rides) {
            const generated = generateRide({
              seed: ride.seed,
              start: new Date(start + ride.day * DAY_MS),
              durationS: ride.minutes * 60,
              ftpW,
              weightKg: 70,
              shape: ride.shape,
            });
            await ingestActivity(rider.id, encodeRideFit(generated));
          }
          const stored = await db()
            .select({ timerS: activities.timerS, intensity: activities.intensity })
            .from(activities)
            .where(eq(activities.userId, rider.id));
          for (const ride of stored) if (ride.timerS >= HOUR_RIDE_S && ride.intensity !== null) expect(ride.intensity).toBeLessThanOrEqual(IF_HOUR_CEILING);
        },
      ),
      { numRuns: 3 },
    );
  });
});
