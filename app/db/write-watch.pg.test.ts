// PostgreSQL only (`*.pg.test.ts`, the PostgreSQL run alone): another connection's writes reach
// this process through the tables' triggers and LISTEN, which PGlite's single connection lacks
// (write-watch.db.test.ts has the same rules against a second PGlite).
import { eq } from 'drizzle-orm';
import postgres from 'postgres';
import { describe, expect, it } from 'vitest';
import { verifySessionToken } from '~/services/accounts/session.server';
import { setUpTestDatabase } from '../../tests/helpers/db';
import { createTestUser, signedInRequest } from '../../tests/helpers/users';
import { db } from './client.server';
import { followOtherWriters, type AnnouncingDatabase } from './other-writers.server';
import { users } from './schema';
import { readsOf, unchangedSince, type ReadsOf } from './write-watch.server';

setUpTestDatabase();

const stillValid = (kept: ReadsOf<unknown>) => unchangedSince(kept.reads, kept.mark);

describe('writes by another PostgreSQL connection', () => {
  it("another connection's writes stale only the rows they wrote, and a revoked session at once", async () => {
    const client = (db() as unknown as { $client: AnnouncingDatabase & { options: { host: string[]; port: number[]; database: string; user: string } } })
      .$client;
    // A server listens once it has migrated; this test's database was copied from a migrated template.
    await followOtherWriters(client);
    const own = client.options;
    const other = postgres({
      host: own.host[0],
      port: own.port[0],
      database: own.database,
      user: own.user,
      max: 1,
      onnotice: () => {},
      connection: { application_name: 'a script' },
    });
    const [rider, bystander] = [await createTestUser(), await createTestUser()];
    const riderRow = await readsOf(() => db().select().from(users).where(eq(users.id, rider.id)));
    const bystanderRow = await readsOf(() => db().select().from(users).where(eq(users.id, bystander.id)));
    await other.unsafe(`update users set firstname = 'Scripted' where id = $1`, [rider.id]);
    await expect.poll(() => stillValid(riderRow), { timeout: 10_000 }).toBe(false);
    expect(stillValid(bystanderRow)).toBe(true);
    // The session memory follows the same announcements: a session deleted elsewhere fails next.
    const { sessionId, cookie } = await signedInRequest(bystander.id);
    const token = decodeURIComponent(/paceline_token=([^;]+)/.exec(cookie)![1]);
    expect(await verifySessionToken(token)).not.toBeNull();
    await other.unsafe('delete from sessions where id = $1', [sessionId]);
    await expect.poll(async () => verifySessionToken(token), { timeout: 10_000 }).toBeNull();
    await other.end();
  });
});
