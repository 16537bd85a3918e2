import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { Database } from '~/db/client.server';
import { thirdPartyImports, users } from '~/db/schema';
import { DEMO_USERS } from './accounts';
import { reviewImport, submitImport, type ImportSubmission } from '~/services/activities/imports.server';

/**
 * Imports from other platforms, so the demo shows every state without a walk through the
 * wizard: the pro's approved Strava history (banner with Got It, the Other Platform column and
 * the imported totals) and Omar's Zwift history waiting in the staff review queue.
 */
const DEMO_IMPORTS: Array<{ email: string; approve: boolean; submission: Omit<ImportSubmission, 'files'> }> = [
  {
    email: DEMO_USERS.pro,
    approve: true,
    submission: {
      platform: 'Strava',
      days: 9,
      hours: 4,
      minutes: 30,
      distance: 6180,
      distanceUnit: 'kilometers',
      elevationM: 48_200,
      profileLink: 'https://www.strava.com/athletes/1000001',
    },
  },
  {
    email: 'omar@paceline.local',
    approve: false,
    submission: {
      platform: 'Zwift',
      days: 2,
      hours: 11,
      minutes: 0,
      distance: 1120,
      distanceUnit: 'miles',
      elevationM: 9_400,
      profileLink: 'https://zwift.com/athlete/2000002',
    },
  },
];

/** A proof screenshot: a totals card drawn as an image (real PNG, judged by content like uploads). */
function proofScreenshot(accent: string): Promise<Buffer> {
  const bars = [120, 180, 90, 210, 160, 240]
    .map((height, index) => `<rect x="${40 + index * 55}" y="${280 - height}" width="36" height="${height}" fill="${accent}"/>`)
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="320"><rect width="400" height="320" fill="#14171f"/><rect x="24" y="24" width="352" height="24" rx="6" fill="#2a2f3a"/>${bars}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

export async function seedImports(database: Database): Promise<void> {
  const [staff] = await database.select({ id: users.id }).from(users).where(eq(users.email, DEMO_USERS.staff));
  if (!staff) return;
  for (const demo of DEMO_IMPORTS) {
    const [rider] = await database.select({ id: users.id }).from(users).where(eq(users.email, demo.email));
    if (!rider) continue;
    const [existing] = await database.select({ id: thirdPartyImports.id }).from(thirdPartyImports).where(eq(thirdPartyImports.userId, rider.id)).limit(1);
    if (existing) continue;
    const proof = await proofScreenshot(demo.submission.platform === 'Strava' ? '#fc5200' : '#ff6a00');
    const { id } = await submitImport(rider.id, {
      ...demo.submission,
      files: [{ name: `${demo.submission.platform.toLowerCase()}-totals.png`, bytes: new Uint8Array(proof) }],
    });
    if (demo.approve) await reviewImport(staff.id, id, 'approved');
  }
}
