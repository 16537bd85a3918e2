import { PGlite } from '@electric-sql/pglite';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setUpTestDatabase } from '../../tests/helpers/db';
import { createTestUser } from '../../tests/helpers/users';
import { db } from './client.server';
import { followOtherWriters, tagsOfAnnouncement } from './other-writers.server';
import { events, subscribers, teams, users } from './schema';
import { readsOf, unchangedSince, type ReadsOf } from './write-watch.server';

setUpTestDatabase();

const stillValid = (kept: ReadsOf<unknown>) => unchangedSince(kept.reads, kept.mark);

describe('reads and writes by tag (decision 145; runs on PGlite and PostgreSQL)', () => {
  it("records what a read touched: a rider's rows by key, a list as the whole table", async () => {
    const rider = await createTestUser();
    const own = await readsOf(() => db().select().from(users).where(eq(users.id, rider.id)));
    expect([...own.reads]).toEqual([`users:${rider.id}`]);
    const list = await readsOf(() => db().select().from(teams).limit(1));
    expect([...list.reads]).toEqual(['teams']);
  });

  it('a write stales only what read its rows, once it is visible and before the caller goes on', async () => {
    const [rider, other] = [await createTestUser(), await createTestUser()];
    const ownRow = await readsOf(() => db().select().from(users).where(eq(users.id, rider.id)));
    const otherRow = await readsOf(() => db().select().from(users).where(eq(users.id, other.id)));
    const allUsers = await readsOf(() => db().select({ id: users.id }).from(users));
    const teamList = await readsOf(() => db().select().from(teams));

    await db().update(users).set({ firstname: 'Changed' }).where(eq(users.id, rider.id));
    expect(stillValid(ownRow)).toBe(false);
    expect(stillValid(allUsers)).toBe(false);
    expect(stillValid(otherRow)).toBe(true);
    expect(stillValid(teamList)).toBe(true);

    // A write no page reads touches nothing that was read.
    await db()
      .insert(subscribers)
      .values({ email: `someone-${Date.now()}@example.com` });
    expect(stillValid(otherRow)).toBe(true);
    expect(stillValid(teamList)).toBe(true);
  });

  it('a write it cannot key (no key in its WHERE) stales every read of the table', async () => {
    const rider = await createTestUser();
    const ownRow = await readsOf(() => db().select().from(users).where(eq(users.id, rider.id)));
    await db().update(users).set({ firstname: 'Same' }).where(eq(users.email, 'nobody@example.com'));
    expect(stillValid(ownRow)).toBe(false);
  });

  it("a transaction's writes are announced when it settles, not while it runs", async () => {
    const rider = await createTestUser();
    const ownRow = await readsOf(() => db().select().from(users).where(eq(users.id, rider.id)));
    let validInside = false;
    await db().transaction(async (tx) => {
      await tx.update(users).set({ firstname: 'Inside' }).where(eq(users.id, rider.id));
      validInside = stillValid(ownRow);
    });
    expect(validInside).toBe(true);
    expect(stillValid(ownRow)).toBe(false);
  });

  it('a read that a write overtakes is stale: a write committed during a render makes it unkeepable', async () => {
    const rider = await createTestUser();
    const render = await readsOf(async () => {
      const rows = await db().select().from(users).where(eq(users.id, rider.id));
      await db().update(users).set({ firstname: 'During' }).where(eq(users.id, rider.id));
      return rows;
    });
    expect(stillValid(render)).toBe(false);
  });

  it('a statement it does not understand stales everything', async () => {
    const list = await readsOf(() => db().select().from(events).limit(1));
    await db().execute(sql`create temporary table if not exists tag_probe (n int)`);
    expect(stillValid(list)).toBe(false);
  });

  it('a row whose key the database picks is named by the key its RETURNING hands back, alone and in a transaction', async () => {
    const owner = await createTestUser();
    const [existing] = await db()
      .insert(teams)
      .values({ name: `Kept ${Date.now()}`, ownerId: owner.id })
      .returning({ id: teams.id });
    const existingTeam = await readsOf(() => db().select().from(teams).where(eq(teams.id, existing.id)));
    const ownerRow = await readsOf(() => db().select().from(users).where(eq(users.id, owner.id)));
    const teamList = await readsOf(() => db().select().from(teams));
    const [created] = await db()
      .insert(teams)
      .values({ name: `New ${Date.now()}`, ownerId: owner.id })
      .returning({ id: teams.id });
    const createdTeam = await readsOf(() => db().select().from(teams).where(eq(teams.id, created.id)));
    expect(stillValid(teamList)).toBe(false);
    expect(stillValid(existingTeam)).toBe(true);
    // A new account (the id picked by the database, every column returned) stales no other rider's row.
    await createTestUser();
    expect(stillValid(ownerRow)).toBe(true);

    await db().transaction(async (tx) => {
      await tx
        .insert(teams)
        .values({ name: `In a transaction ${Date.now()}`, ownerId: owner.id })
        .returning({ id: teams.id });
      await tx.update(teams).set({ description: 'Returned' }).where(eq(teams.name, 'no such team')).returning({ id: teams.id });
    });
    expect(stillValid(existingTeam)).toBe(true);
    expect(stillValid(createdTeam)).toBe(true);
    // Updated by another column, named by the key it returns: that row's readers only.
    await db()
      .update(teams)
      .set({ description: 'Renamed' })
      .where(eq(teams.name, (await db().select({ name: teams.name }).from(teams).where(eq(teams.id, created.id)))[0].name))
      .returning({ id: teams.id });
    expect(stillValid(createdTeam)).toBe(false);
    expect(stillValid(existingTeam)).toBe(true);
  });

  it('a deleted account takes its rows in other tables with it (the foreign keys cascade)', async () => {
    const rider = await createTestUser();
    const { sessions } = await import('./schema');
    const ownSessions = await readsOf(() => db().select().from(sessions).where(eq(sessions.userId, rider.id)));
    expect([...ownSessions.reads]).toEqual([`sessions:${rider.id}`]);
    await db().delete(users).where(eq(users.id, rider.id));
    expect(stillValid(ownSessions)).toBe(false);
  });
});

describe('writes by another process', () => {
  it("are announced by the tables' triggers at commit with the keys they wrote, and stale only those", async () => {
    // A second, unhooked database stands for the other process: only its announcements reach us.
    const other = await PGlite.create();
    await other.exec('create table users (id uuid primary key, name text); create table probe_rides (id serial primary key, watts int)');
    await followOtherWriters({
      unsafe: (statements) => other.exec(statements),
      listen: async (channel, onNotify, onListen) => {
        await other.listen(channel, onNotify);
        onListen();
      },
    });
    const [a, b] = ['0e5d1a50-0000-4000-8000-00000000000a', '0e5d1a50-0000-4000-8000-00000000000b'];
    const readA = await readsOf(() => db().select().from(users).where(eq(users.id, a)));
    const readB = await readsOf(() => db().select().from(users).where(eq(users.id, b)));
    await other.query('select * from users');
    await other.query(`insert into users (id, name) values ('${a.toUpperCase()}', 'A')`);
    await expect.poll(() => stillValid(readA), { timeout: 10_000 }).toBe(false);
    expect(stillValid(readB)).toBe(true);
    // A table without a key column is announced whole; an update that changes nothing, not at all.
    await other.query('update users set name = name where false');
    await other.exec('insert into probe_rides (watts) values (250)');
    await other.query(`insert into users (id, name) values ('${b}', 'B')`);
    await expect.poll(() => stillValid(readB), { timeout: 10_000 }).toBe(false);
    await other.close();
  }, 90_000);

  it('reads the announcement of a write: its table, its keys or the whole table, and skips its own', () => {
    expect(tagsOfAnnouncement('users 42,43 psql')).toEqual(['users:42', 'users:43']);
    expect(tagsOfAnnouncement('teams * psql')).toEqual(['teams']);
    expect(tagsOfAnnouncement('teams 1 paceline abc', 'paceline abc')).toEqual([]);
    expect(tagsOfAnnouncement('')).toEqual(['*']);
  });
});
