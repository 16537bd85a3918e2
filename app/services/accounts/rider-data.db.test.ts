import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '~/db/client.server';
import * as schema from '~/db/schema';
import { setUpTestDatabase } from '../../../tests/helpers/db';
import { referencesToUsers, riderWithEverything } from '../../../tests/helpers/rider-with-everything';
import { storage } from '../adapters/storage.server';
import { ANONYMOUS_RIDER_NAME } from '../events/results.server';
import { createTeam } from '../events/teams.server';
import { checkLedgerInvariants } from '../ledger/index.server';
import { resetEnvForTests } from '../platform/env.server';
import { runDueJobs } from '../platform/jobs.server';
import { confirmAccountDeletion } from './deletion.server';
import { FOREIGN_KEY_ACTION_OF, RIDER_DATA } from './rider-data.server';

setUpTestDatabase();

/** This file's own storage folder, so "nothing of theirs is left" can be read off the folder itself. */
let storageDir: string;
beforeAll(() => {
  storageDir = mkdtempSync(path.join(tmpdir(), 'paceline-rider-data-'));
  process.env.STORAGE_DIR = storageDir;
  resetEnvForTests();
});
afterAll(() => {
  delete process.env.STORAGE_DIR;
  resetEnvForTests();
  rmSync(storageDir, { recursive: true, force: true });
});

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

const declared = RIDER_DATA.flatMap((area) => area.references.map((reference) => ({ ...reference, area: area.area })));

describe('the registry of what a rider owns', () => {
  it('declares every column of the schema that names a rider, once, with the fate its foreign key backs', () => {
    const references = referencesToUsers();
    expect(references.length).toBeGreaterThan(25);
    for (const reference of references) {
      const entries = declared.filter((entry) => entry.column === reference.column);
      expect(entries, `${reference.name} must be declared by exactly one area of RIDER_DATA`).toHaveLength(1);
      expect(FOREIGN_KEY_ACTION_OF[entries[0].fate], `${reference.name} is ${entries[0].fate}: its foreign key must be`).toBe(reference.onDelete);
    }
    expect(declared).toHaveLength(references.length);
  });
});

/** Rows of any table of the app or the job queue whose text holds one of the needles (the whole row cast to text). */
async function rowsNaming(needles: string[], except: { table: string; id: number }): Promise<string[]> {
  const tables = (await db().execute(
    sql`select table_schema, table_name from information_schema.tables where table_schema in ('public', 'pgboss') and table_type = 'BASE TABLE'`,
  )) as unknown as Array<{ table_schema: string; table_name: string }> | { rows: Array<{ table_schema: string; table_name: string }> };
  const names = (Array.isArray(tables) ? tables : tables.rows).map((row) => [row.table_schema, row.table_name] as const);
  expect(names.filter(([schemaName]) => schemaName === 'pgboss').length).toBeGreaterThan(0);
  const found: string[] = [];
  const patterns = sql.join(
    needles.map((needle) => sql`${`%${needle.toLowerCase()}%`}`),
    sql`, `,
  );
  for (const [schemaName, name] of names) {
    const table = sql`${sql.identifier(schemaName)}.${sql.identifier(name)}`;
    const row = sql.identifier(name);
    const skip = schemaName === 'public' && name === except.table ? sql` and not (${row}.id = ${except.id})` : sql``;
    const result = (await db().execute(
      sql`select ${row}::text as row from ${table} where lower(${row}::text) like any (array[${patterns}])${skip}`,
    )) as unknown as Array<{ row: string }> | { rows: Array<{ row: string }> };
    for (const match of Array.isArray(result) ? result : result.rows) found.push(`${schemaName}.${name}: ${match.row}`);
  }
  return found;
}

describe('deleting a rider with something in every area', () => {
  it('leaves no row that names them outside the pseudonymised records, and no stored object', async () => {
    const { rider, other, personal, objects, teams } = await riderWithEverything();
    for (const reference of referencesToUsers()) {
      expect(
        await db().$count(reference.column.table, eq(reference.column, rider.id)),
        `the fixture puts a row naming the rider in ${reference.name}`,
      ).toBeGreaterThan(0);
    }
    // Avatar, two rides' files and rows, an upload's original waiting for its analysis, import proof,
    // passport and screenshot, three registration files, a team logo, a copy of the data.
    expect(objects).toHaveLength(14);
    for (const key of objects) expect(await storage().get(key), key).not.toBeNull();
    // …and the other rider's import proof.
    expect(filesUnder(storageDir)).toHaveLength(objects.length + 1);

    const [mail] = await db()
      .select()
      .from(schema.outbox)
      .where(and(eq(schema.outbox.accountId, rider.id), sql`${schema.outbox.meta} ->> 'kind' = 'delete-account'`));
    expect(await confirmAccountDeletion(new URL(String(mail.meta?.link)).pathname.split('/').pop()!)).toMatchObject({ ok: true });

    // Stored objects: kept until the committed deletion's job runs, then every key gone through the
    // adapter, and the folder holds only the other rider's import proof.
    expect(filesUnder(storageDir)).toHaveLength(objects.length + 1);
    expect(await runDueJobs(['storage.remove-objects'])).toBe(1);
    for (const key of objects) expect(await storage().get(key), key).toBeNull();
    expect(filesUnder(storageDir).map((file) => path.relative(storageDir, file).split(path.sep)[0])).toEqual(['imports']);

    // Rows: nothing names the rider, save the one notice of the deletion to their own address.
    const [notice] = await db()
      .select()
      .from(schema.outbox)
      .where(sql`${schema.outbox.meta} ->> 'kind' = 'account-deleted' and ${schema.outbox.recipient} = ${personal.email}`);
    expect(notice).toBeDefined();
    const needles = [rider.id, personal.email, personal.firstname, personal.lastname, personal.phone, personal.binanceEmail, personal.walletAddress];
    expect(await rowsNaming(needles, { table: 'outbox', id: notice.id })).toEqual([]);

    // What stays: the books balance, the result without a name, the shared team with its other member, the other rider's rows.
    expect(await checkLedgerInvariants()).toEqual([]);
    expect(await db().$count(schema.eventResults, eq(schema.eventResults.riderName, ANONYMOUS_RIDER_NAME))).toBe(1);
    expect(await db().$count(schema.teams, eq(schema.teams.id, teams.alone))).toBe(0);
    expect((await db().select().from(schema.teams).where(eq(schema.teams.id, teams.shared)))[0].ownerId).toBe(other.id);
    await createTeam(other.id, { name: `Solo ${personal.firstname.slice('Quillon'.length)}` });
    expect(await db().$count(schema.weightHistory, and(eq(schema.weightHistory.userId, other.id), sql`${schema.weightHistory.verifiedBy} is null`))).toBe(1);
  });
});
