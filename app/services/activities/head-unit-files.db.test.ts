import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { activities } from '~/db/schema';
import { HOUR_RIDE_S, IF_HOUR_CEILING } from '~/lib/constants';
import { setUpTestDatabase } from '../../../tests/helpers/db';
import { createTestUser } from '../../../tests/helpers/users';
import { ingestActivity } from './activities.server';

const { db } = setUpTestDatabase();

/**
 * The check, on the real files kept here (tests/fixtures/fit/README.md) and the two
 * derived odd cases: uploaded by one rider with no FTP of their own, each stored ride has the
 * head unit's average of its kind, timer time and NP (within 4 W where it wrote one), and no
 * ride of an hour or more reads IF above 1.05.
 */
const FILES = [
  { file: 'Edge810-Vector-2013-08-16-15-35-10.fit', avg: 276, kind: 'with zeros', timerS: 4700, np: 301 },
  { file: 'sample-activity-indoor-trainer.fit', avg: 201, kind: 'with zeros', timerS: 2262, np: 228 },
  { file: '2019-02-17-062644-ELEMNT-297E-195-0.fit', avg: 102, kind: 'with zeros', timerS: 13471, np: 157 },
  { file: 'road-with-power.fit', avg: 134, kind: 'with zeros', timerS: 4740, np: 151 },
  { file: 'edge510-test.fit', avg: 152, kind: 'with zeros', timerS: 3233, np: 229 },
  { file: 'null_compressed_speed_dist.fit', avg: 123, kind: 'with zeros', timerS: 1808, np: null },
  { file: 'garmin-bpg.fit', avg: 196, kind: 'with zeros', timerS: 8789, np: 264 },
  { file: 'sdk-activity-lowbattery.fit', avg: 138, kind: 'with zeros', timerS: 3975, np: 207 },
  { file: 'onelap-shared-stamps.fit', avg: 281, kind: 'with zeros', timerS: 720, np: null },
  { file: 'edge810-clock-set-back.fit', avg: 276, kind: 'with zeros', timerS: 4700, np: 301 },
  { file: 'elemnt-zeros-left-out.fit', avg: 142, kind: 'without zeros', timerS: 13471, np: 157 },
] as const;

describe('real head-unit files uploaded by one rider (issue 24 "done when")', () => {
  it("store the head unit's average of its kind, its timer and NP, and no ride of an hour or more above IF 1.05", async () => {
    const rider = await createTestUser({ weightKg: 70 });
    for (const entry of FILES) {
      const { id } = await ingestActivity(rider.id, new Uint8Array(readFileSync(path.resolve('tests/fixtures/fit', entry.file))));
      const [ride] = await db().select().from(activities).where(eq(activities.id, id));
      const average = entry.kind === 'with zeros' ? ride.avgPowerW : ride.avgPowerNonZeroW;
      expect(Math.abs((average ?? 0) - entry.avg), entry.file).toBeLessThanOrEqual(1);
      expect(ride.deviceAvgPowerW, entry.file).toBe(entry.avg);
      expect(ride.timerS, entry.file).toBe(entry.timerS);
      if (entry.np) expect(Math.abs((ride.normalizedPowerW ?? 0) - entry.np), entry.file).toBeLessThanOrEqual(4);
    }
    const stored = await db()
      .select({ timerS: activities.timerS, intensity: activities.intensity, ftp: activities.ftpW })
      .from(activities)
      .where(eq(activities.userId, rider.id));
    expect(stored).toHaveLength(FILES.length);
    for (const ride of stored) if (ride.timerS >= HOUR_RIDE_S) expect(ride.intensity ?? 0).toBeLessThanOrEqual(IF_HOUR_CEILING);
  });
});
