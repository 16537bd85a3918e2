import { randomBytes } from 'node:crypto';
import { db } from '~/db/client.server';
import { users } from '~/db/schema';

export async function createTestUserForBench(): Promise<string> {
  const [user] = await db()
    .insert(users)
    .values({
      email: `bench-${randomBytes(4).toString('hex')}@paceline.local`,
      passwordHash: 'x',
      firstname: 'Bench',
      lastname: 'Rider',
      status: 'active',
      weightKg: 70,
    })
    .returning({ id: users.id });
  return user.id;
}
