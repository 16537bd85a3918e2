import { randomBytes } from 'node:crypto';
import { db } from '~/db/client.server';
import { users } from '~/db/schema';
import { hashPassword } from '~/services/accounts/password.server';
import { createSession } from '~/services/accounts/session.server';

type NewUser = typeof users.$inferInsert;

/**
 * A rider row for tests; pass a password to sign in through the real login form, or a
 * `passwordHash` made once to skip hashing for each rider (the hash is the costly part). A child
 * has no date of birth whatever is passed: the database refuses one (users_kid_dob_check).
 */
export async function createTestUser(overrides: Partial<NewUser> & { password?: string } = {}) {
  const { password = 'correct horse', ...fields } = overrides;
  const [user] = await db()
    .insert(users)
    .values({
      email: `rider-${randomBytes(4).toString('hex')}@example.com`,
      passwordHash: fields.passwordHash ?? (await hashPassword(password)),
      firstname: 'Test',
      lastname: 'Rider',
      status: 'active',
      ...fields,
      ...(fields.isKid ? { dob: null } : {}),
    })
    .returning();
  return user;
}

/** A request that carries a fresh session of the given user (the Epic Stack way: a row plus cookies). */
export async function signedInRequest(userId: string, url = 'http://localhost/', init: RequestInit = {}) {
  const { headers: setCookies, sessionId } = await createSession(userId, { persistent: true });
  const cookie = setCookies.map((header) => header.split(';')[0]).join('; ');
  const headers = new Headers(init.headers);
  headers.set('Cookie', [headers.get('Cookie'), cookie].filter(Boolean).join('; '));
  return { request: new Request(url, { ...init, headers }), sessionId, cookie };
}
