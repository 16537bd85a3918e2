import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setUpTestDatabase } from '../../tests/helpers/db';
import { db } from './client.server';
import { teams, users } from './schema';
import { sharedRead } from './shared-reads.server';
import { allowKeptReads, readsOf } from './write-watch.server';
import { createTestUser } from '../../tests/helpers/users';

setUpTestDatabase();

// Decision 153: a read every request repeats is remembered while nothing it read is written.
describe('shared reads', () => {
  const teamNames = () => db().select({ name: teams.name }).from(teams).orderBy(teams.name);

  it('answers again without reading while nothing it read was written, and counts its reads for each caller', async () => {
    let loads = 0;
    const load = () => (loads++, teamNames());
    const first = await sharedRead('test:teams', load);
    const again = await readsOf(() => sharedRead('test:teams', load));
    expect(loads).toBe(1);
    expect(again.value).toBe(first);
    // A page kept by the response cache with this answer goes stale with it.
    expect([...again.reads]).toEqual(['teams']);
  });

  it("with kept reads turned off (READ_CACHES=false, the bench's cold render path) reads every time", async () => {
    let loads = 0;
    const load = () => (loads++, teamNames());
    await sharedRead('test:teams-cold', load);
    allowKeptReads(false);
    try {
      await sharedRead('test:teams-cold', load);
      await sharedRead('test:teams-cold', load);
      expect(loads).toBe(3);
    } finally {
      allowKeptReads(true);
    }
    await sharedRead('test:teams-cold', load);
    expect(loads).toBe(3);
  });

  it('reads again after a write to what it read, and only then', async () => {
    const rider = await createTestUser();
    let loads = 0;
    const load = () => (loads++, teamNames());
    const before = await sharedRead('test:teams-written', load);
    // A write elsewhere leaves it as it is.
    await db().update(users).set({ firstname: 'Other' }).where(eq(users.id, rider.id));
    await sharedRead('test:teams-written', load);
    expect(loads).toBe(1);

    await db()
      .insert(teams)
      .values({ name: `AAA shared ${Date.now()}`, description: 'New', ownerId: rider.id });
    const after = await sharedRead('test:teams-written', load);
    expect(loads).toBe(2);
    expect(after.length).toBe(before.length + 1);
  });

  it('does not keep an answer that a write overtook while it was read', async () => {
    const rider = await createTestUser();
    let loads = 0;
    await sharedRead('test:overtaken', async () => {
      loads++;
      const rows = await teamNames();
      await db()
        .insert(teams)
        .values({ name: `Overtaking ${Date.now()}`, description: 'During', ownerId: rider.id });
      return rows;
    });
    await sharedRead('test:overtaken', () => (loads++, teamNames()));
    expect(loads).toBe(2);
  });
});
