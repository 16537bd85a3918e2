import { eq } from 'drizzle-orm';
import type { Database } from '~/db/client.server';
import { users } from '~/db/schema';
import { recordConsents, signUpConsents } from '~/services/accounts/consents.server';
import { hashPassword } from '~/services/accounts/password.server';

/** The demo accounts the README lists; every one signs in with DEMO_PASSWORD. */
export const DEMO_PASSWORD = 'paceline-demo';

export const DEMO_USERS = {
  rider: 'rider@paceline.local',
  kid: 'kid@paceline.local',
  pro: 'pro@paceline.local',
  staff: 'staff@paceline.local',
  legacy: 'legacy@paceline.local',
} as const;

function yearsAgo(years: number): string {
  const date = new Date();
  date.setUTCFullYear(date.getUTCFullYear() - years);
  return date.toISOString().slice(0, 10);
}

export async function seedAccounts(database: Database): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const demo = [
    { email: DEMO_USERS.rider, firstname: 'Alex', lastname: 'Rider', gender: 0, dob: yearsAgo(34), weightKg: 72, heightCm: 180 },
    {
      email: DEMO_USERS.kid,
      firstname: 'Sam',
      lastname: 'Junior',
      gender: 1,
      weightKg: 45,
      heightCm: 150,
      isKid: true,
      parentEmail: 'parent@paceline.local',
    },
    { email: DEMO_USERS.pro, firstname: 'Maya', lastname: 'Sprint', gender: 1, dob: yearsAgo(27), weightKg: 58, heightCm: 168, isNormalUser: false },
    { email: DEMO_USERS.staff, firstname: 'Pat', lastname: 'Staff', gender: 0, dob: yearsAgo(40), weightKg: 80, heightCm: 178, role: 'staff' as const },
    // An account carried over from the old platform: its next sign-in must choose a new password (decision 016).
    { email: DEMO_USERS.legacy, firstname: 'Lee', lastname: 'Gacy', gender: 0, dob: yearsAgo(45), weightKg: 78, heightCm: 176, passwordResetRequired: true },
  ];
  for (const user of demo) {
    const [existing] = await database.select({ id: users.id }).from(users).where(eq(users.email, user.email));
    if (existing) continue;
    const [created] = await database
      .insert(users)
      .values({ ...user, passwordHash, status: 'active' })
      .returning({ id: users.id });
    // What their sign-up agreed to, as a real one records it (decision 176); the child's parent approved.
    await recordConsents(database, created.id, signUpConsents(false), { source: 'registration' });
    if (user.isKid) await recordConsents(database, created.id, [{ subject: 'parental-consent', granted: true }], { source: 'parent-link' });
  }
}
