import { eq, getTableColumns, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { db } from '~/db/client.server';
import * as schema from '~/db/schema';
import { csvRecords } from '../../../tests/helpers/csv';
import { setUpTestDatabase } from '../../../tests/helpers/db';
import { referencesToUsers, riderWithEverything } from '../../../tests/helpers/rider-with-everything';
import { createTestUser } from '../../../tests/helpers/users';
import { readZip } from '../../../tests/helpers/zip';
import { storage } from '../adapters/storage.server';
import { runDueJobs } from '../platform/jobs.server';
import { EXPORT_CATEGORIES, EXPORT_FILES, exportReadme } from './data-export-archive.server';
import { columnNamesOf, type ExportCategory } from './data-export/category.server';
import { requestDataExport } from './data-export.server';
import { readAvatar } from './profile.server';
import { RIDER_DATA } from './rider-data.server';

setUpTestDatabase();

type Rider = { id: string; email: string };

/** Builds the rider's copy in its job; returns its files, its id, and what the database held when the job began. */
async function copyOf(rider: Rider) {
  const asked = await requestDataExport(rider.id);
  if (!asked.ok || !asked.queued) throw new Error('no copy queued');
  const held = await databaseRowsOf(rider, asked.queued);
  expect(await runDueJobs(['account.build-export'])).toBe(1);
  const [copy] = await db().select().from(schema.dataExports).where(eq(schema.dataExports.id, asked.queued));
  expect(copy.status).toBe('ready');
  return { files: await readZip((await storage().get(copy.storageKey!))!), held, exportId: asked.queued };
}

/** The rows naming the rider of every category's table, read straight from the database (not through the export). */
async function databaseRowsOf(rider: Rider, exportId: string): Promise<Map<string, Array<Record<string, unknown>>>> {
  const held = new Map<string, Array<Record<string, unknown>>>();
  for (const category of EXPORT_CATEGORIES) {
    if (!category.source) continue;
    const { owner, by } = category.source;
    const rows = (await db()
      .select()
      .from(owner.table as PgTable)
      .where(eq(owner, by === 'email' ? rider.email : rider.id))) as Array<Record<string, unknown>>;
    // The copy lists the copies asked for before it, not itself.
    held.set(category.file, category.file === 'account/data-copies.csv' ? rows.filter((row) => row.id !== exportId) : rows);
  }
  return held;
}

/** A value as text, the same way for a database value, a JSON value and a CSV cell. */
function canonical(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value as string | number | boolean | bigint);
}

/** A CSV cell as the text it stands for: the apostrophe that keeps a spreadsheet from running a formula removed. */
const cellText = (cell: string) => (/^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell);

function recordsOf(category: ExportCategory, file: Buffer | undefined): Array<Record<string, string>> {
  expect(file, `${category.file} is in the copy`).toBeDefined();
  const text = file!.toString('utf8');
  if (category.file.endsWith('.csv')) {
    const header = text.split('\r\n')[0].split(',');
    expect(header, `${category.file} has a column for every field`).toEqual(Object.keys(category.fields));
    return csvRecords(text).map((record) => Object.fromEntries(Object.entries(record).map(([name, cell]) => [name, cellText(cell)])));
  }
  const parsed: unknown = JSON.parse(text);
  const records = (category.single ? [parsed] : parsed) as Array<Record<string, unknown>>;
  for (const record of records) expect(Object.keys(record), `${category.file} holds every field, and only those`).toEqual(Object.keys(category.fields));
  return records.map((record) => Object.fromEntries(Object.entries(record).map(([name, value]) => [name, canonical(value)])));
}

/** Every table column the category exports under its own name. */
const columnFields = (category: ExportCategory) => Object.keys(category.fields).filter((field) => columnNamesOf(category.source!.owner).includes(field));

const fateOf = (column: unknown) => RIDER_DATA.flatMap((area) => area.references).find((reference) => reference.column === column)?.fate;

describe("a rider's copy of their data: one file per category, every field described (issue 35 item 7, decision 175)", () => {
  it('has a category for every table that names a rider as its owner, and accounts for every column of it', () => {
    const owned = referencesToUsers().filter((reference) => fateOf(reference.column) !== 'cleared');
    expect(owned.length).toBeGreaterThan(30);
    for (const reference of owned) {
      expect(
        EXPORT_CATEGORIES.some((category) => category.source?.owner === reference.column),
        `${reference.name} names a rider: a category of the copy must hold its rows`,
      ).toBe(true);
    }
    expect(EXPORT_CATEGORIES.some((category) => category.source?.owner === schema.users.id)).toBe(true);
    for (const category of EXPORT_CATEGORIES) {
      for (const [field, about] of Object.entries(category.fields)) expect(about.trim(), `${category.file}: ${field} is described`).not.toBe('');
      if (!category.source) continue;
      const { owner, withheld = {} } = category.source;
      const columns = columnNamesOf(owner);
      const ownerName = Object.entries(getTableColumns(owner.table as PgTable)).find(([, column]) => column === owner)?.[0];
      for (const column of columns) {
        const accounted = column in category.fields || column in withheld || column === ownerName;
        expect(accounted, `${category.file}: column ${column} must be a field or withheld with a reason`).toBe(true);
      }
      for (const [column, reason] of Object.entries(withheld)) {
        expect(columns, `${category.file}: withheld ${column} is a column`).toContain(column);
        expect(category.fields, `${category.file}: ${column} is withheld, not a field`).not.toHaveProperty(column);
        expect(reason.trim()).not.toBe('');
      }
    }
    expect(new Set(EXPORT_CATEGORIES.map((category) => category.file)).size).toBe(EXPORT_CATEGORIES.length);
  });

  it('the README names every file and describes every field, and says what is left out and why', () => {
    const readme = exportReadme();
    for (const file of EXPORT_FILES) expect(readme).toContain(file.path);
    for (const category of EXPORT_CATEGORIES) {
      expect(readme).toContain(`\n${category.file}: ${category.about}`);
      for (const [field, about] of Object.entries(category.fields)) expect(readme).toMatch(new RegExp(`\\n  ${field} +${escape(about)}\\n`));
      for (const [column, reason] of Object.entries(category.source?.withheld ?? {})) expect(readme).toContain(`  not included: ${column}, ${reason}\n`);
    }
  });

  it('a rider with something in every table: every category holds exactly what the database holds of them, and nothing of anyone else', async () => {
    const { rider, other } = await riderWithEverything();
    const { files, held } = await copyOf(rider);

    for (const category of EXPORT_CATEGORIES) {
      const records = recordsOf(category, files.get(category.file));
      if (!category.source) continue;
      const rows = held.get(category.file)!;
      // Every table that names the rider holds a row of theirs (earlier copies: a new request replaces a ready one).
      if (category.file !== 'account/data-copies.csv') expect(rows.length, `the fixture fills ${category.file}`).toBeGreaterThan(0);
      const compared = columnFields(category);
      for (const row of rows) {
        const wanted = Object.fromEntries(compared.map((field) => [field, canonical(row[field])]));
        expect(
          records.some((record) => compared.every((field) => record[field] === wanted[field])),
          `${category.file} holds the row ${JSON.stringify(wanted)}`,
        ).toBe(true);
      }
      if (category.file !== 'account/messages.csv' && category.file !== 'account/support-messages.csv' && category.file !== 'rides/power-bests.csv') {
        expect(records, `${category.file}: one record per row`).toHaveLength(rows.length);
      }
    }

    // Rows not kept under a key of the account: the ledger (accounts named by code) and the counted attempts.
    const transactions = recordsOf(
      EXPORT_CATEGORIES.find((category) => category.file === 'wallet/transactions.csv')!,
      files.get('wallet/transactions.csv'),
    );
    const entries = (await db().execute(
      sql`select e.amount::text as amount, e.currency from ledger_entries e join ledger_accounts a on a.id = e.account_id where a.code = ${`rider:${rider.id}`}`,
    )) as unknown as Array<{ amount: string; currency: string }> | { rows: Array<{ amount: string; currency: string }> };
    const ledger = Array.isArray(entries) ? entries : entries.rows;
    expect(transactions.map((entry) => `${entry.currency} ${entry.amount}`).sort()).toEqual(ledger.map((entry) => `${entry.currency} ${entry.amount}`).sort());
    // A debit is a number a spreadsheet adds up, not a text (issue 35 item 7).
    expect(ledger.some((entry) => entry.amount.startsWith('-'))).toBe(true);
    expect(files.get('wallet/transactions.csv')!.toString()).not.toMatch(/,'-\d/);
    const counters = (await db()
      .select()
      .from(schema.rateLimits)
      .where(sql`strpos(${schema.rateLimits.key}, ${rider.email}) > 0 or strpos(${schema.rateLimits.key}, ${rider.id}) > 0`)) as Array<{
      key: string;
      hits: number;
    }>;
    const attempts = csvRecords(files.get('account/sign-in-attempts.csv')!.toString());
    expect(attempts.map((row) => `${row.action} ${row.attempts}`).sort()).toEqual(counters.map((row) => `${row.key.split(':')[0]} ${row.hits}`).sort());
    expect(attempts.map((row) => row.countedFor).sort()).toEqual(['account', 'account and address']);

    // Power bests: the packed curve, one row per second of duration.
    const [bests] = await db().select().from(schema.riderPowerBests).where(eq(schema.riderPowerBests.userId, rider.id));
    const watts = new Float32Array(bests.watts.slice().buffer);
    const curve = csvRecords(files.get('rides/power-bests.csv')!.toString());
    expect(curve).toHaveLength(watts.length);
    expect(curve.map((row) => Number(row.powerW))).toEqual(Array.from(watts, (value) => Math.round(value * 10) / 10));
    expect(new Set(curve.map((row) => row.rideId))).toEqual(new Set(bests.sources.map((source) => source.id)));

    // Which network a ride came from.
    const [imported] = await db().select().from(schema.networkImports).where(eq(schema.networkImports.userId, rider.id));
    const rides = JSON.parse(files.get('rides/rides.json')!.toString()) as Array<{ id: string; importedFrom: string | null }>;
    expect(rides.find((ride) => ride.id === imported.activityId)?.importedFrom).toBe(imported.network);

    // The picture, the original of every ride, and every document uploaded, byte for byte.
    expect(files.get('account/avatar.jpg')!.equals(Buffer.from((await readAvatar(rider.id))!))).toBe(true);
    expect([...files.keys()].filter((name) => name.startsWith('rides/files/'))).toHaveLength(
      await db().$count(schema.activities, eq(schema.activities.userId, rider.id)),
    );
    const documentKeys = [
      ...(await db().select().from(schema.walletVerificationRequests).where(eq(schema.walletVerificationRequests.userId, rider.id))).flatMap((row) => [
        row.passportKey,
        ...row.screenshotKeys,
      ]),
      ...(await db().select().from(schema.registrations).where(eq(schema.registrations.userId, rider.id))).flatMap((row) =>
        [row.idFrontKey, row.idBackKey, row.dobCertificateKey].filter((key): key is string => Boolean(key)),
      ),
      ...(await db().select().from(schema.thirdPartyImports).where(eq(schema.thirdPartyImports.userId, rider.id))).flatMap((row) =>
        row.proofFiles.map((file) => file.key),
      ),
      ...(await db().select().from(schema.teams).where(eq(schema.teams.ownerId, rider.id))).flatMap((row) => (row.logo ? [row.logo] : [])),
    ];
    const documents = [...files.entries()].filter(([name]) => name.startsWith('documents/')).map(([, bytes]) => bytes.toString('base64'));
    const stored = await Promise.all(documentKeys.map(async (key) => Buffer.from((await storage().get(key))!).toString('base64')));
    expect(documents.sort()).toEqual(stored.sort());
    expect(documents.length).toBe(7);

    // Nothing of anyone else, and no secret: not the other rider, not a password hash, session id, code or token.
    const text = [...files.entries()]
      .filter(([name]) => /\.(csv|json|txt)$/.test(name))
      .map(([, bytes]) => bytes.toString('utf8'))
      .join('\n');
    const secrets = [
      (await db().select().from(schema.users).where(eq(schema.users.id, rider.id)))[0].passwordHash,
      ...(await db().select().from(schema.sessions).where(eq(schema.sessions.userId, rider.id))).map((row) => row.id),
      ...(await db().select().from(schema.verifications).where(eq(schema.verifications.userId, rider.id))).flatMap((row) => [
        row.id,
        row.codeHash,
        row.linkHash,
      ]),
      ...(await db().select().from(schema.phoneVerifications).where(eq(schema.phoneVerifications.userId, rider.id))).flatMap((row) => [row.key, row.codeHash]),
      ...(await db().select().from(schema.oauthCodes).where(eq(schema.oauthCodes.userId, rider.id))).map((row) => row.codeHash),
      ...(await db().select().from(schema.networkOauthStates).where(eq(schema.networkOauthStates.userId, rider.id))).map((row) => row.stateHash),
      '203.0.113.9',
    ];
    for (const needle of [other.id, other.email, ...secrets]) expect(text, `the copy holds ${needle}`).not.toContain(needle);
  }, 120_000);

  it('a rider with nothing but an account: every category has its file, empty', async () => {
    const rider = await createTestUser();
    const { files } = await copyOf(rider);
    for (const category of EXPORT_CATEGORIES) {
      const records = recordsOf(category, files.get(category.file));
      expect(records, category.file).toHaveLength(category.single ? 1 : 0);
    }
    expect(files.has('account/avatar.jpg')).toBe(false);
    expect([...files.keys()].filter((name) => name.startsWith('rides/files/') || name.startsWith('documents/'))).toEqual([]);
  });
});

/** A text as a literal piece of a regular expression. */
function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
