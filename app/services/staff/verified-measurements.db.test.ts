import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { weightHistory } from '~/db/schema';
import { setUpTestDatabase } from '../../../tests/helpers/db';
import { createTestUser } from '../../../tests/helpers/users';
import { getRiderHeader } from '../activities/rider-page.server';
import { findRiderByEmail, latestVerifiedHeight, listRecentVerifications, recordVerifiedMeasurement } from './verified-measurements.server';
import { weightAt } from '../activities/weight-history.server';

const { db } = setUpTestDatabase();

describe('verified measurements (decision 047)', () => {
  it('replace the profile height and weight in the rider header, with who verified them', async () => {
    const rider = await createTestUser({ heightCm: 170, weightKg: 65 });
    const staff = await createTestUser({ role: 'staff' });
    let header = await getRiderHeader(rider);
    expect(header).toMatchObject({ heightCm: 170, heightVerified: false, weightKg: 65, weightVerified: false });

    await recordVerifiedMeasurement({ riderId: rider.id, staffId: staff.id, measuredAt: new Date('2026-03-01T12:00:00Z'), weightKg: 63.4, heightCm: 171.5 });
    header = await getRiderHeader(rider);
    expect(header).toMatchObject({ heightCm: 171.5, heightVerified: true, weightKg: 63.4, weightVerified: true });
    const [weighIn] = await db().select().from(weightHistory).where(eq(weightHistory.userId, rider.id));
    expect(weighIn).toMatchObject({ verified: true, verifiedBy: staff.id, weightKg: 63.4 });
    // The weigh-in is also the weight of the rides after it (W/kg).
    expect(await weightAt(rider.id, new Date('2026-03-05T00:00:00Z'))).toBe(63.4);
  });

  it('shows the latest measurement, and a height alone leaves the weight as it was', async () => {
    const rider = await createTestUser({ heightCm: 180, weightKg: 72 });
    const staff = await createTestUser({ role: 'staff' });
    await recordVerifiedMeasurement({ riderId: rider.id, staffId: staff.id, measuredAt: new Date('2026-01-10T12:00:00Z'), heightCm: 181 });
    await recordVerifiedMeasurement({ riderId: rider.id, staffId: staff.id, measuredAt: new Date('2026-02-10T12:00:00Z'), heightCm: 180.5 });
    expect(await latestVerifiedHeight(rider.id)).toBe(180.5);
    const header = await getRiderHeader(rider);
    expect(header).toMatchObject({ heightCm: 180.5, heightVerified: true, weightKg: 72, weightVerified: false });
    const recent = await listRecentVerifications();
    expect(recent.filter((entry) => entry.riderEmail === rider.email).map((entry) => entry.value)).toEqual([180.5, 181]);
    expect(recent.find((entry) => entry.riderEmail === rider.email)?.verifiedBy).toBe(staff.email);
  });

  it('needs a value, and finds riders (not staff) by email in any case', async () => {
    const rider = await createTestUser();
    const staff = await createTestUser({ role: 'staff' });
    await expect(recordVerifiedMeasurement({ riderId: rider.id, staffId: staff.id, measuredAt: new Date() })).rejects.toThrow();
    expect((await findRiderByEmail(rider.email.toUpperCase()))?.id).toBe(rider.id);
    expect(await findRiderByEmail(staff.email)).toBeNull();
  });
});
