// Gives `npm run bench`'s mixed load its writers: BENCH_WRITERS (default 6) active riders
// writer-N@paceline.local with the demo password, who save their profiles and upload rides while
// the readers load pages (bench/mixed.mjs). Idempotent. Run with the bench's database environment.
import { eq } from 'drizzle-orm';
import { db } from '~/db/client.server';
import { users } from '~/db/schema';
import { DEMO_PASSWORD } from '~/services/seed/accounts';
import { hashPassword } from '~/services/accounts/password.server';
import { startServices, stopServices } from '~/services/platform/startup.server';

export const writerEmail = (index: number) => `writer-${index}@paceline.local`;

const count = Number(process.env.BENCH_WRITERS ?? 6);
await startServices({ seed: false });
try {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  for (let index = 1; index <= count; index += 1) {
    const email = writerEmail(index);
    const [existing] = await db().select({ id: users.id }).from(users).where(eq(users.email, email));
    if (!existing)
      await db()
        .insert(users)
        .values({ email, passwordHash, firstname: 'Writer', lastname: `Number ${index}`, status: 'active', weightKg: 70, heightCm: 178, dob: '1990-01-01' });
  }
} finally {
  await stopServices();
}
