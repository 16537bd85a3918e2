import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { thirdPartyImports } from '~/db/schema';
import { sniffFileType } from '~/lib/file-signature';
import { storage } from '~/services/adapters/storage.server';
import { getImportBanner } from '~/services/activities/imports.server';
import { setUpTestDatabase } from '../../../tests/helpers/db';
import { createTestUser } from '../../../tests/helpers/users';
import { DEMO_USERS } from './accounts';
import { seedImports } from './imports';

const { db } = setUpTestDatabase();

describe('seedImports', () => {
  it('gives the pro an approved Strava history and Omar a Zwift history to review, once', async () => {
    const staff = await createTestUser({ email: DEMO_USERS.staff, role: 'staff' });
    const pro = await createTestUser({ email: DEMO_USERS.pro });
    const omar = await createTestUser({ email: 'omar@paceline.local' });
    await seedImports(db());
    await seedImports(db());
    const rows = await db().select().from(thirdPartyImports);
    expect(rows).toHaveLength(2);
    const [strava] = rows.filter((row) => row.userId === pro.id);
    expect(strava).toMatchObject({ platform: 'Strava', status: 'approved', reviewedBy: staff.id, totalDistanceKm: 6180, hasSeen: false });
    expect(await getImportBanner(pro.id)).toEqual({ state: 'approved', hasApproved: true });
    const [zwift] = await db().select().from(thirdPartyImports).where(eq(thirdPartyImports.userId, omar.id));
    expect(zwift.status).toBe('submitted');
    expect(zwift.totalDistanceKm).toBeCloseTo(1120 * 1.609344, 6);
    // The proof is a real image, stored like an upload.
    const proof = await storage().get(strava.proofFiles[0].key);
    expect(proof && sniffFileType(proof)).toBe('png');
  });
});
