import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../tests/helpers/db';
import { db } from './client.server';
import { teams } from './schema';
import { followOtherWriters, isReadOnlyStatement, writeGeneration } from './write-watch.server';

useTestDatabase();

describe('the write generation (runs on PGlite and PostgreSQL)', () => {
  it('stays put while the database is only read', async () => {
    const before = writeGeneration();
    await db().select().from(teams).limit(1);
    await db().execute(sql`select count(*) from teams`);
    expect(writeGeneration()).toBe(before);
  });

  it('moves once a statement outside a transaction has written, before the caller goes on', async () => {
    const before = writeGeneration();
    await db().execute(sql`create temporary table if not exists generation_probe (n int)`);
    const afterCreate = writeGeneration();
    expect(afterCreate).toBeGreaterThan(before);
    await db().execute(sql`insert into generation_probe values (1)`);
    expect(writeGeneration()).toBeGreaterThan(afterCreate);
  });

  it('moves after a transaction commits, not only while it runs', async () => {
    let insideAfterWrite = -1;
    const before = writeGeneration();
    await db().transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      insideAfterWrite = writeGeneration();
    });
    // A reader that took the generation inside the transaction must find it moved afterwards.
    expect(writeGeneration()).toBeGreaterThan(insideAfterWrite);
    expect(insideAfterWrite).toBeGreaterThanOrEqual(before);
  });

  it('moves when a transaction fails and rolls back too (a needless move only costs a miss)', async () => {
    const before = writeGeneration();
    await expect(
      db().transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(writeGeneration()).toBeGreaterThan(before);
  });
});

describe('isReadOnlyStatement', () => {
  it('takes SELECT and SHOW as reads and everything else, a WITH included, as a write', () => {
    expect(isReadOnlyStatement('select * from users')).toBe(true);
    expect(isReadOnlyStatement('  SELECT 1')).toBe(true);
    expect(isReadOnlyStatement('show server_version')).toBe(true);
    expect(isReadOnlyStatement('with x as (insert into t values (1) returning *) select * from x')).toBe(false);
    expect(isReadOnlyStatement('update users set x = 1')).toBe(false);
    expect(isReadOnlyStatement('selected_things')).toBe(false);
    expect(isReadOnlyStatement('select 1; delete from sessions')).toBe(false);
    expect(isReadOnlyStatement('select 1;')).toBe(true);
    expect(isReadOnlyStatement(undefined)).toBe(false);
  });
});

describe('writes by another process', () => {
  it('announced by the tables\' triggers at commit, move the generation of a process that follows them', async () => {
    // A second, unhooked database stands for the other process: only its announcements reach us.
    const other = await PGlite.create();
    await other.exec('create table probe_rides (id serial primary key, watts int)');
    await followOtherWriters({
      unsafe: (statements) => other.exec(statements),
      listen: async (channel, onNotify, onListen) => {
        await other.listen(channel, onNotify);
        onListen();
      },
    });
    const before = writeGeneration();
    await other.query('select * from probe_rides');
    expect(writeGeneration()).toBe(before);
    await other.exec('insert into probe_rides (watts) values (250)');
    await expect.poll(() => writeGeneration()).toBeGreaterThan(before);
    await other.close();
  });
});
