import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { activities } from '~/db/schema';
import { encodeRideFit, generateRide } from '~/lib/fit/synthetic-ride';
import { setUpTestDatabase } from '../../../tests/helpers/db';
import { createTestUser } from '../../../tests/helpers/users';
import { ingestActivity } from './activities.server';
import { createJsonActivity } from './activity-files.server';
import { upgradeStoredRides } from './stored-rides.server';

const { db } = setUpTestDatabase();
const fixture = (name: string) => new Uint8Array(readFileSync(path.resolve('tests/fixtures/fit', name)));

async function platformOf(id: string) {
  const [row] = await db().select({ platform: activities.platform }).from(activities).where(eq(activities.id, id));
  return row.platform;
}

describe('the platform a ride was recorded on (decision 046)', () => {
  it('is stored at ingest from the file identity of the real recordings', async () => {
    const user = await createTestUser();
    const expected: Array<[string, string]> = [
      ['Edge810-Vector-2013-08-16-15-35-10.fit', 'Garmin Edge 810'],
      ['2019-02-17-062644-ELEMNT-297E-195-0.fit', 'Wahoo ELEMNT'],
      ['null_compressed_speed_dist.fit', 'Zwift'],
      ['road-with-power.fit', 'Garmin Edge MTB'],
      ['sample-activity-indoor-trainer.fit', 'Garmin Edge 800'],
    ];
    for (const [file, platform] of expected) {
      const { id } = await ingestActivity(user.id, fixture(file));
      expect(await platformOf(id)).toBe(platform);
    }
  });

  it("names Paceline's own client files Paceline", async () => {
    const user = await createTestUser();
    const bytes = encodeRideFit(
      generateRide({ seed: 3, start: new Date('2026-02-01T07:00:00Z'), durationS: 600, ftpW: 250, weightKg: 70, shape: 'endurance' }),
    );
    const { id } = await ingestActivity(user.id, bytes);
    expect(await platformOf(id)).toBe('Paceline');
  });

  it('backfills rides stored before the column from their kept file, once', async () => {
    const user = await createTestUser();
    const { id } = await ingestActivity(user.id, fixture('edge510-test.fit'));
    const json = await createJsonActivity(user.id, { title: 'Yoga', type: 'workout', startedAt: new Date('2026-03-01T07:00:00Z'), distanceM: 0, timerS: 900 });
    await db().update(activities).set({ platform: null }).where(eq(activities.id, id));
    expect(await upgradeStoredRides()).toBeGreaterThanOrEqual(1);
    expect(await platformOf(id)).toBe('Garmin Edge 510');
    // A JSON activity has no recording to read: it keeps what its creator said (nothing here).
    expect(await platformOf(json.id)).toBeNull();
    expect(await upgradeStoredRides()).toBe(0);
  });
});
