import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { activities, thirdPartyImports } from '~/db/schema';
import { IMPORT_PLATFORMS } from '~/lib/domain/activities';
import { db } from '~/db/client.server';
import { setUpTestDatabase } from '../../../tests/helpers/db';
import { minimalFit } from '../../../tests/helpers/minimal-fit';
import { createTestUser } from '../../../tests/helpers/users';
import { ingestActivity } from './activities.server';
import { submitImport } from './imports.server';

setUpTestDatabase();

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

describe('no duplicates (issue 15 item 8, ASVS V2.3)', () => {
  it('the same FIT uploaded again answers with the ride already stored, also when sent 10 times at once', async () => {
    const rider = await createTestUser();
    const bytes = minimalFit({ records: 600 });
    const first = await ingestActivity(rider.id, bytes);
    expect(first.duplicate).toBeUndefined();
    expect(await ingestActivity(rider.id, bytes)).toEqual({ id: first.id, duplicate: true });
    const other = minimalFit({ records: 600, start: new Date('2026-02-01T06:00:00Z') });
    const burst = await Promise.all(Array.from({ length: 10 }, () => ingestActivity(rider.id, other)));
    expect(new Set(burst.map((ride) => ride.id)).size).toBe(1);
    const [{ n }] = await db().select({ n: count() }).from(activities).where(eq(activities.userId, rider.id));
    expect(n).toBe(2);
    // Another rider may upload the same file: unique per rider, not globally.
    const friend = await createTestUser();
    expect((await ingestActivity(friend.id, bytes)).id).not.toBe(first.id);
  });

  it('30 identical import requests at once leave one pending import', async () => {
    const rider = await createTestUser();
    const submission = {
      platform: IMPORT_PLATFORMS[0],
      days: 1,
      hours: 2,
      minutes: 3,
      distance: 100,
      distanceUnit: 'kilometers' as const,
      elevationM: 500,
      profileLink: 'https://example.com/me',
      files: [{ name: 'proof.png', bytes: PNG }],
    };
    const answers = await Promise.all(Array.from({ length: 30 }, () => submitImport(rider.id, submission)));
    expect(new Set(answers.map((answer) => answer.id)).size).toBe(1);
    const rows = await db().select().from(thirdPartyImports).where(eq(thirdPartyImports.userId, rider.id));
    expect(rows).toHaveLength(1);
    expect(rows[0].status).toBe('submitted');
  });
});
