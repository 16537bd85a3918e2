import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setUpTestDatabase } from '../../tests/helpers/db';
import { createTestUser } from '../../tests/helpers/users';
import { db } from './client.server';
import { teams, users } from './schema';
import { readsOf, unchangedSince } from './write-watch.server';

setUpTestDatabase();

// Requests run side by side and their statements' answers come back in whatever order the
// database finishes them (PGlite yields a turn before each, PostgreSQL answers on a pool). Each
// request's reads must still be its own (decision 145): a page kept with another page's reads
// would miss its own writes.
describe('reads are counted for the request that made them', () => {
  it('when several requests read at once, each records only what its statements read', async () => {
    const riders = await Promise.all([createTestUser(), createTestUser(), createTestUser()]);
    const renders = await Promise.all(
      riders.map((rider) =>
        readsOf(async () => {
          await db().select().from(users).where(eq(users.id, rider.id));
          // A second statement after the first answer: its tags too go to this request.
          await Promise.all([db().select().from(users).where(eq(users.id, rider.id)), db().select().from(teams).limit(1)]);
        }),
      ),
    );
    renders.forEach((render, index) => expect([...render.reads].sort()).toEqual(['teams', `users:${riders[index].id}`]));
  });

  it("a write inside one request's transaction stales only the readers of its rows, once committed", async () => {
    const [writer, reader] = [await createTestUser(), await createTestUser()];
    const readerPage = await readsOf(() => db().select().from(users).where(eq(users.id, reader.id)));
    const writerPage = await readsOf(() => db().select().from(users).where(eq(users.id, writer.id)));
    let keptInside = false;
    const [, during] = await Promise.all([
      db().transaction(async (tx) => {
        await tx.update(users).set({ firstname: 'Written' }).where(eq(users.id, writer.id));
        keptInside = unchangedSince(writerPage.reads, writerPage.mark);
      }),
      // Another request reading while the transaction runs: it records its own row only.
      readsOf(() => db().select().from(users).where(eq(users.id, reader.id))),
    ]);
    expect(keptInside).toBe(true);
    expect(unchangedSince(writerPage.reads, writerPage.mark)).toBe(false);
    expect(unchangedSince(readerPage.reads, readerPage.mark)).toBe(true);
    expect([...during.reads]).toEqual([`users:${reader.id}`]);
  });
});
