import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { db } from '~/db/client.server';
import { sessions } from '~/db/schema';
import { setUpTestDatabase } from '../../../tests/helpers/db';
import { createTestUser, signedInRequest } from '../../../tests/helpers/users';
import { getEnv } from '../platform/env.server';
import { revokeSession, verifySessionToken } from './session.server';

setUpTestDatabase();

const YEAR_S = 365 * 24 * 60 * 60;

function sign(secret: string, claims: { sub: string; sid: string; exp: number }) {
  return new SignJWT({ sid: claims.sid })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(claims.sub)
    .setIssuedAt()
    .setExpirationTime(claims.exp)
    .sign(new TextEncoder().encode(secret));
}

describe('a session token is bounded by its row (issue 15 item 2, ASVS V7.3)', () => {
  it('refuses a token re-signed with a year of expiry, even with the right secret and a live row', async () => {
    const user = await createTestUser();
    const { sessionId, cookie } = await signedInRequest(user.id);
    const issued = decodeURIComponent(cookie.split('paceline_token=')[1]);
    expect(await verifySessionToken(issued)).toMatchObject({ userId: user.id, sessionId, user: { id: user.id } });
    const stretched = await sign(getEnv().SESSION_SECRET, { sub: user.id, sid: sessionId, exp: Math.floor(Date.now() / 1000) + YEAR_S });
    expect(await verifySessionToken(stretched)).toBeNull();
  });

  it('refuses a token signed with the published former default secret', async () => {
    const user = await createTestUser();
    const { sessionId } = await signedInRequest(user.id);
    const forged = await sign('paceline-development-session-secret-change-me', { sub: user.id, sid: sessionId, exp: Math.floor(Date.now() / 1000) + 600 });
    expect(await verifySessionToken(forged)).toBeNull();
  });

  it('ends with its row: past the row end or after revocation the next request is signed out', async () => {
    const user = await createTestUser();
    const first = await signedInRequest(user.id);
    const firstToken = decodeURIComponent(first.cookie.split('paceline_token=')[1]);
    await db()
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, first.sessionId));
    expect(await verifySessionToken(firstToken)).toBeNull();
    const second = await signedInRequest(user.id);
    const secondToken = decodeURIComponent(second.cookie.split('paceline_token=')[1]);
    await revokeSession(second.sessionId, user.id);
    expect(await verifySessionToken(secondToken)).toBeNull();
  });
});
