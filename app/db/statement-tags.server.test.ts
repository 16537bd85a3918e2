import { describe, expect, it } from 'vitest';
import { schemaFacts } from './row-keys.server';
import { keyText, statementTags, writtenByResult } from './statement-watch.server';

// What a statement reads and writes (decision 145). Each case states the rule that keeps the
// analysis sound: unsure means the whole table, unknown means everything.
const tags = (sql: string, params: unknown[] = []) => {
  const { reads, writes } = statementTags(sql, params);
  return { reads: [...reads].sort(), writes: [...writes].sort() };
};
const A = '0e5d1a50-0000-4000-8000-00000000000a';
const B = '0e5d1a50-0000-4000-8000-00000000000b';

describe('reads', () => {
  it('keys a table by an equality on its key column in a WHERE of ANDs, and through an inner join', () => {
    const session = `select "users"."id" from "sessions" inner join "users" on "users"."id" = "sessions"."user_id" where ("sessions"."id" = $1 and "sessions"."user_id" = $2 and "sessions"."expires_at" > $3)`;
    expect(tags(session, ['sid', A, new Date()]).reads).toEqual([`sessions:${A}`, `users:${A}`]);
    expect(tags(`select * from "events" where "events"."id" = $1`, ['7']).reads).toEqual(['events:7']);
    expect(tags(`select * from "activities" where "activities"."user_id" in ($1, $2)`, [A, B]).reads).toEqual([`activities:${A}`, `activities:${B}`]);
  });

  it('reads the whole table when an OR, a NOT, a function or another column decides the rows', () => {
    expect(tags(`select * from "users" where ("users"."id" = $1 or "users"."email" = $2)`, [A, 'x']).reads).toEqual(['users']);
    expect(tags(`select * from "users" where not ("users"."id" = $1)`, [A]).reads).toEqual(['users']);
    expect(tags(`select * from "users" where "users"."id"::text = $1`, [A]).reads).toEqual(['users']);
    expect(tags(`select * from "users" where "users"."email" = $1`, ['a@b.c']).reads).toEqual(['users']);
    expect(tags(`select * from "users" where "users"."id" not in ($1)`, [A]).reads).toEqual(['users']);
    expect(tags(`select count(*) from "teams"`).reads).toEqual(['teams']);
  });

  it('does not let a condition of a sub-query pin the rows of the query around it', () => {
    const scalar = `select "users"."id", (select count(*) from "sessions" where "sessions"."user_id" = "users"."id" and "users"."id" = $1) from "users"`;
    // Its own rows are pinned (their user_id equals users.id equals $1); the users rows are not.
    expect(tags(scalar, [A]).reads).toEqual([`sessions:${A}`, 'users']);
    // The other way round, the outer query's rows pin a correlated sub-query's.
    const correlated = `select * from "users" where "users"."id" = $1 and exists (select 1 from "sessions" where "sessions"."user_id" = "users"."id")`;
    expect(tags(correlated, [A]).reads).toEqual([`sessions:${A}`, `users:${A}`]);
  });

  it("a table met twice, a right or full join, or a left join's preserved side is not pinned by the other side", () => {
    expect(tags(`select * from "users" "a" inner join "users" "b" on "b"."id" = "a"."id" where "a"."id" = $1`, [A]).reads).toEqual([`users:${A}`]);
    expect(tags(`select * from "users" inner join (select * from "users") "u" on true where "users"."id" = $1`, [A]).reads).toEqual(['users']);
    expect(tags(`select * from "users" right join "sessions" on "sessions"."user_id" = "users"."id" where "users"."id" = $1`, [A]).reads).toEqual([
      'sessions',
      'users',
    ]);
    expect(tags(`select * from "users" left join "sessions" on "sessions"."user_id" = $1`, [A]).reads).toEqual([`sessions:${A}`, 'users']);
  });

  it('a name that is not a table of the schema (a view, a function) reads everything; a CTE reads its own body', () => {
    expect(tags(`select * from "rider_view"`).reads).toEqual(['*']);
    expect(tags(`with "mine" as (select * from "users" where "users"."id" = $1) select * from "mine"`, [A]).reads).toEqual([`users:${A}`]);
    expect(tags(`select 1`).reads).toEqual([]);
  });

  it('a parameter that cannot be a key (null, an object) leaves the whole table', () => {
    expect(tags(`select * from "users" where "users"."id" = $1`, [null]).reads).toEqual(['users']);
  });
});

describe('writes', () => {
  it("keys an INSERT by each row's key value, and by nothing when the database picks the key", () => {
    expect(tags(`insert into "sessions" ("id", "user_id") values ($1, $2), ($3, $4)`, ['s1', A, 's2', B]).writes).toEqual([`sessions:${A}`, `sessions:${B}`]);
    expect(tags(`insert into "users" ("id", "email") values (default, $1)`, ['a@b.c']).writes).toEqual(['users']);
    expect(tags(`insert into "activities" ("user_id") select "id" from "users"`).writes).toEqual(['activities']);
  });

  it('keys an upsert only when its conflict target holds the key and the update leaves the key alone', () => {
    const keeps = `insert into "rider_daily_totals" ("user_id", "day", "rides") values ($1, $2, 1) on conflict ("user_id", "day") do update set "rides" = "rider_daily_totals"."rides" + 1`;
    expect(tags(keeps, [A, '2026-11-25']).writes).toEqual([`rider_daily_totals:${A}`]);
    const other = `insert into "team_members" ("team_id", "user_id") values ($1, $2) on conflict ("team_id") do update set "joined_at" = now()`;
    expect(tags(other, [1, A]).writes).toEqual(['team_members']);
    expect(tags(`insert into "subscribers" ("email") values ($1) on conflict do nothing`, ['a@b.c']).writes).toEqual(['subscribers']);
  });

  it('keys an UPDATE or DELETE by its WHERE, adds a key it moves rows to, and otherwise writes the whole table', () => {
    expect(tags(`update "users" set "firstname" = $1 where "users"."id" = $2`, ['Ann', A]).writes).toEqual([`users:${A}`]);
    expect(tags(`update "activities" set "user_id" = $1 where "activities"."user_id" = $2`, [B, A]).writes).toEqual([`activities:${A}`, `activities:${B}`]);
    expect(tags(`update "activities" set "user_id" = "activities"."user_id" where "activities"."user_id" = $1`, [A]).writes).toEqual(['activities']);
    expect(tags(`delete from "sessions" where "sessions"."id" = $1`, ['s1']).writes).toEqual(['sessions']);
    expect(tags(`delete from "sessions" where ("sessions"."id" = $1 and "sessions"."user_id" = $2)`, ['s1', A]).writes).toEqual([`sessions:${A}`]);
  });

  it("keys an UPDATE … FROM or a DELETE … USING by the target's key in the WHERE (directly or through the other tables' columns); the other tables are read whole", () => {
    // The FTP restating of ftp.server.ts: many rides of one rider in one statement.
    const restate = `update "activities" set ftp_w = v.ftp_w from (values ($1::uuid, $2::real), ($3::uuid, $4::real)) as v(id, ftp_w) where "activities"."id" = v.id and "activities"."user_id" = $5`;
    expect(tags(restate, ['r1', 250, 'r2', 251, A])).toEqual({ reads: [], writes: [`activities:${A}`] });
    const through = `update "activities" set "title" = "u"."firstname" from "users" "u" where "activities"."user_id" = "u"."id" and "u"."id" = $1`;
    expect(tags(through, [A])).toEqual({ reads: ['users'], writes: [`activities:${A}`] });
    const using = `delete from "sessions" using "users" where "sessions"."user_id" = "users"."id" and "users"."id" = $1`;
    expect(tags(using, [A])).toEqual({ reads: ['users'], writes: [`sessions:${A}`] });
    // Unsure: the key pinned on the other table only, an unqualified column two tables could own, an OR.
    expect(tags(`update "activities" set "title" = $1 from "users" where "users"."id" = $2`, ['T', A]).writes).toEqual(['activities']);
    expect(tags(`update "activities" set "title" = $1 from "sessions" where "user_id" = $2`, ['T', A]).writes).toEqual(['activities']);
    expect(tags(`update "activities" set "title" = $1 from "users" where "activities"."user_id" = $2 or "users"."id" = $2`, ['T', A]).writes).toEqual([
      'activities',
    ]);
    // A FROM name that is no table of the schema reads everything, as in a SELECT.
    expect(tags(`update "activities" set "title" = $1 from "rider_view" where "activities"."user_id" = $2`, ['T', A]).reads).toEqual(['*']);
  });

  it("a NULL key names no rider: rows moved to it or written with it are the other keys' rows, or the whole table when no other remains", () => {
    // A deleted account's orders handed to its tombstone (user_id NULL), as the triggers announce it.
    expect(tags(`update "payment_orders" set "user_id" = $1 where "payment_orders"."user_id" = $2`, [null, A]).writes).toEqual([`payment_orders:${A}`]);
    expect(tags(`insert into "sessions" ("id", "user_id") values ($1, $2), ($3, $4)`, ['s1', null, 's2', A]).writes).toEqual([`sessions:${A}`]);
    expect(tags(`insert into "sessions" ("id", "user_id") values ($1, $2)`, ['s1', null]).writes).toEqual(['sessions']);
    expect(tags(`select * from "activities" where "activities"."user_id" in ($1, $2)`, [null, A]).reads).toEqual([`activities:${A}`]);
    // Undefined is no SQL NULL: unknown, the whole table.
    expect(tags(`update "payment_orders" set "user_id" = $1 where "payment_orders"."user_id" = $2`, [undefined, A]).writes).toEqual(['payment_orders']);
  });

  it("a delete takes its foreign keys' cascades: same key when the child is keyed by its parent's key", () => {
    const { writes } = tags(`delete from "users" where "users"."id" = $1`, [A]);
    expect(writes).toContain(`users:${A}`);
    expect(writes).toContain(`sessions:${A}`);
    expect(writes).toContain(`activities:${A}`);
    // Keyed by another column (activity_details by its activity) or set to null (a team's owner): whole.
    expect(writes).toContain('activity_details');
    expect(writes).toContain('teams');
    expect(tags(`truncate "events" cascade`).writes).toEqual(expect.arrayContaining(['events', 'registrations', 'event_results']));
  });

  it('DDL, DO blocks and statements it does not know write everything; transaction control writes nothing', () => {
    expect(tags('create table probe (n int)').writes).toEqual(['*']);
    expect(tags('do $$ begin perform 1; end $$').writes).toEqual(['*']);
    expect(tags('begin').writes).toEqual([]);
    expect(tags('savepoint sp1').writes).toEqual([]);
    expect(tags('select pg_notify($1, $2)', ['c', 'p']).writes).toEqual([]);
  });

  it('several statements in one string count together', () => {
    expect(tags(`select 1; delete from "teams" where "teams"."id" = 3`).writes).toEqual(expect.arrayContaining(['teams:3']));
  });
});

describe('writes whose keys only the result gives (RETURNING)', () => {
  const returned = (sql: string, params: unknown[] = []) => statementTags(sql, params);
  const pglite = (names: string[], rows: unknown[]) => ({ rows, fields: names.map((name) => ({ name, dataTypeID: 0 })) });

  it('an INSERT whose key the database picks names its rows by the key it returns, under its alias too', () => {
    const insert = returned(`insert into "teams" ("name", "owner_id") values ($1, $2) returning "id"`, ['T', A]);
    expect([...insert.writes]).toEqual([]);
    expect(insert.returned).toEqual([{ table: 'teams', column: 'id' }]);
    expect(writtenByResult(insert.returned, pglite(['id'], [[41], [42]]))).toEqual(['teams:41', 'teams:42']);
    expect(writtenByResult(insert.returned, pglite(['id'], [{ id: '41' }]))).toEqual(['teams:41']);
    expect(returned(`insert into "users" ("email") values ($1) returning "users"."id" as "newId", "email"`, ['a@b.c']).returned).toEqual([
      { table: 'users', column: 'newId' },
    ]);
    expect(returned(`insert into "users" ("email") values ($1) returning *`, ['a@b.c']).returned).toEqual([{ table: 'users', column: 'id' }]);
    expect(returned(`insert into "activities" ("user_id") select "id" from "users" returning "user_id"`).returned).toEqual([
      { table: 'activities', column: 'user_id' },
    ]);
  });

  it("an UPDATE whose WHERE names another column is named by the owner it returns; a staff decision by row id is one rider's", () => {
    const decide = returned(`update "registrations" set "status" = $1 where "registrations"."id" = $2 returning "id", "user_id"`, ['approved', 7]);
    expect([...decide.writes]).toEqual([]);
    expect(writtenByResult(decide.returned, pglite(['id', 'user_id'], [[7, A]]))).toEqual([`registrations:${A}`]);
    // Nothing matched: nothing was written.
    expect(writtenByResult(decide.returned, pglite(['id', 'user_id'], []))).toEqual([]);
  });

  it('a DELETE whose WHERE names another column is named by the keys it returns; its cascades stay whole', () => {
    const prune = returned(`delete from "sessions" where "sessions"."expires_at" < $1 returning "user_id"`, [new Date()]);
    expect([...prune.writes]).toEqual([]);
    expect(writtenByResult(prune.returned, pglite(['user_id'], [[A], [A], [B]]))).toEqual([`sessions:${A}`, `sessions:${B}`]);
    // Its children cannot be named by the parent's returned keys.
    const team = returned(`delete from "teams" where "teams"."name" = $1 returning "id"`, ['T']);
    expect(team.returned).toEqual([{ table: 'teams', column: 'id' }]);
    expect([...team.writes]).toEqual(expect.arrayContaining(['team_members']));
    // A key it does not return, or a returned column that is not the key: the whole table.
    expect([...returned(`delete from "sessions" where "sessions"."expires_at" < $1 returning "id"`, [new Date()]).writes]).toEqual(['sessions']);
  });

  it('stays the whole table when the result cannot say, or the rows could have moved from another key', () => {
    const decide = returned(`update "registrations" set "status" = $1 where "registrations"."id" = $2 returning "user_id"`, ['approved', 7]).returned;
    expect(writtenByResult(decide, undefined)).toEqual(['registrations']);
    expect(writtenByResult(decide, pglite(['user_id'], [[null]]))).toEqual(['registrations']);
    expect(writtenByResult(decide, pglite(['user_id'], [[null], [A]]))).toEqual([`registrations:${A}`]);
    expect(writtenByResult(decide, pglite(['user_id'], [[A], [undefined]]))).toEqual(['registrations']);
    expect(writtenByResult(decide, pglite(['user_id', 'user_id'], [[A, B]]))).toEqual(['registrations']);
    // A returned column that is not the key, an expression named like it, a moved key: the text decides.
    expect([...returned(`insert into "teams" ("name") values ($1) returning "name"`, ['T']).writes]).toEqual(['teams']);
    expect([...returned(`insert into "teams" ("name") values ($1) returning "owner_id" as "id"`, ['T']).writes]).toEqual(['teams']);
    expect([...returned(`update "activities" set "user_id" = $1 where "activities"."id" = $2 returning "user_id"`, [B, 9]).writes]).toEqual(['activities']);
    const upsertMoves = `insert into "team_members" ("team_id", "user_id") values ($1, $2) on conflict ("team_id") do update set "user_id" = excluded."user_id" returning "user_id"`;
    expect([...returned(upsertMoves, [1, A]).writes]).toEqual(['team_members']);
    // Two statements in one text: a result names one statement's rows only.
    expect([...returned(`select 1; insert into "teams" ("name") values ('T') returning "id"`).writes]).toEqual(['teams']);
  });
});

describe('key values', () => {
  it('compares as the database does: integers and UUIDs in any spelling', () => {
    expect(keyText(' 007')).toBe('7');
    expect(keyText(7)).toBe('7');
    expect(keyText(A.toUpperCase())).toBe(A);
    expect(keyText(`{${A.replace(/-/g, '')}}`)).toBe(A);
    expect(keyText(null)).toBeNull();
    expect(keyText(1.5)).toBeNull();
  });

  it('every table of the schema is known, and every key column exists', () => {
    const { keyColumns } = schemaFacts();
    expect(keyColumns.get('users')).toBe('id');
    expect(keyColumns.get('activities')).toBe('user_id');
    expect(keyColumns.get('subscribers')).toBeNull();
  });
});
