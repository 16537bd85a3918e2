import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, is, sql } from 'drizzle-orm';
import { getTableConfig, PgTable, type AnyPgColumn } from 'drizzle-orm/pg-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '~/db/client.server';
import * as schema from '~/db/schema';
import { encodeRideFit, generateRide } from '~/lib/fit/synthetic-ride';
import { setUpTestDatabase } from '../../../tests/helpers/db';
import { createTestUser, signedInRequest } from '../../../tests/helpers/users';
import { ingestActivity } from '../activities/activities.server';
import { acceptUpload } from '../activities/uploads.server';
import { keptFilesOf } from '../activities/ride-series.server';
import { setFtp } from '../activities/ftp-history.server';
import { getPowerModels } from '../activities/power-models.server';
import { markForRecompute } from '../activities/recompute.server';
import { submitImport } from '../activities/imports.server';
import { recordWeight } from '../activities/weight-history.server';
import { sandboxAdapter } from '../adapters/payments/sandbox.server';
import { storage } from '../adapters/storage.server';
import { registerPartnerClient } from '../connections/partners/oauth-server.server';
import { sendPhoneCode } from '../events/phone-verification.server';
import { ANONYMOUS_RIDER_NAME } from '../events/results.server';
import { createTeam, joinTeam } from '../events/teams.server';
import { checkLedgerInvariants, postTransfer, riderAccount, SYSTEM_ACCOUNTS } from '../ledger/index.server';
import { consumeRateLimit } from '../platform/rate-limit.server';
import { resetEnvForTests } from '../platform/env.server';
import { runDueJobs } from '../platform/jobs.server';
import { startGemCheckout } from '../shop/orders.server';
import { decideWithdrawal } from '../wallet/wallet-review.server';
import { requestWithdrawal } from '../wallet/wallet.server';
import { setAvatar } from './profile.server';
import { confirmAccountDeletion, requestAccountDeletion } from './deletion.server';
import { requestDataExport } from './data-export.server';
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

/** Every column of the schema that references users.id, with its foreign key's ON DELETE action. */
function referencesToUsers(): Array<{ name: string; column: AnyPgColumn; onDelete: string }> {
  const found = [];
  for (const table of Object.values(schema)) {
    if (!is(table, PgTable)) continue;
    const config = getTableConfig(table);
    for (const foreignKey of config.foreignKeys) {
      const reference = foreignKey.reference();
      if (reference.foreignTable !== schema.users) continue;
      for (const column of reference.columns) {
        found.push({
          name: `${config.name}.${column.name}`,
          column,
          onDelete: foreignKey.onDelete === 'no action' ? 'restrict' : (foreignKey.onDelete ?? 'restrict'),
        });
      }
    }
  }
  return found;
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

const png = async (colour: string) =>
  new Uint8Array(
    await sharp({ create: { width: 8, height: 8, channels: 3, background: colour } })
      .png()
      .toBuffer(),
  );

/**
 * A rider with something in every area: every table that names a rider gets a row naming
 * them (the count per column is checked before the deletion), and every area that stores
 * objects stores one. Staff columns (who verified, decided, reviewed) name the rider as the
 * staff member on someone else's row.
 */
async function riderWithEverything() {
  const unique = randomBytes(4).toString('hex');
  const personal = {
    email: `quillon-${unique}@example.com`,
    firstname: `Quillon${unique}`,
    lastname: `Vexmarra${unique}`,
    phone: '+971509876543',
    binanceEmail: `binance-${unique}@example.com`,
    walletAddress: `bc1qvexmarra${unique}000000000000000000000000000`,
  };
  const rider = await createTestUser({ email: personal.email, firstname: personal.firstname, lastname: personal.lastname, weightKg: 70 });
  const other = await createTestUser({ weightKg: 60 });
  const staff = await createTestUser({ role: 'staff' });
  const objects: string[] = [];
  const keep = async (area: string, bytes: Uint8Array, extension: string) => {
    const key = await storage().put(area, bytes, extension);
    objects.push(key);
    return key;
  };

  // Account: avatar, a session, mail from before messages named their account, a rate-limit key, the newsletter, a support message.
  expect(await setAvatar(rider.id, await png('#336699'))).toEqual({ ok: true });
  await signedInRequest(rider.id);
  await db()
    .insert(schema.outbox)
    .values({ channel: 'email', recipient: personal.email, subject: 'Old', body: `Hi ${personal.firstname}` });
  await consumeRateLimit('code-send', { account: personal.email, address: '203.0.113.9' });
  await db().insert(schema.subscribers).values({ email: personal.email });
  await db()
    .insert(schema.contactMessages)
    .values({ name: `${personal.firstname} ${personal.lastname}`, email: personal.email, message: 'Hello' });

  // Rides: one ride (file, per-second file, rollups, power bests, fitness days), weight and FTP history, heights; staff columns on the other rider's rows.
  const start = new Date(Date.UTC(2026, 2, 3, 7));
  const ride = await ingestActivity(rider.id, encodeRideFit(generateRide({ seed: 3, start, durationS: 300, ftpW: 250, weightKg: 70, shape: 'endurance' })));
  // An upload answered (its row names the ride) and one still waiting for its analysis (its original is named by the upload only).
  expect(
    await acceptUpload(
      rider.id,
      encodeRideFit(generateRide({ seed: 4, start: new Date(start.getTime() + 3600_000), durationS: 300, ftpW: 250, weightKg: 70, shape: 'endurance' })),
    ),
  ).toMatchObject({ outcome: 'stored' });
  const waiting = await acceptUpload(
    rider.id,
    encodeRideFit(generateRide({ seed: 5, start: new Date(start.getTime() + 7200_000), durationS: 300, ftpW: 250, weightKg: 70, shape: 'endurance' })),
    { holdSeconds: 60, waitMs: 0 },
  );
  const [pending] = await db()
    .select({ key: schema.rideUploads.fileKey })
    .from(schema.rideUploads)
    .where(eq(schema.rideUploads.id, (waiting as { id: string }).id));
  objects.push(pending.key);
  await recordWeight(rider.id, 71, new Date());
  await setFtp(rider.id, 260);
  // The jobs above ran in place and cleared their marks: leave a recomputation asked for and not
  // yet run (a process that died before queueing it), and the power models the overview keeps.
  await markForRecompute(rider.id, start);
  await getPowerModels(rider.id);
  await db().insert(schema.weightHistory).values({ userId: other.id, weightKg: 60, recordedAt: new Date(), verified: true, verifiedBy: rider.id });
  await db()
    .insert(schema.verifiedHeights)
    .values([
      { userId: rider.id, heightCm: 180, measuredAt: new Date(), verifiedBy: staff.id },
      { userId: other.id, heightCm: 170, measuredAt: new Date(), verifiedBy: rider.id },
    ]);

  // Import proofs, and a review by the rider of another rider's import.
  await submitImport(rider.id, {
    platform: 'Zwift',
    days: 1,
    hours: 2,
    minutes: 3,
    distance: 100,
    distanceUnit: 'kilometers',
    elevationM: 500,
    profileLink: 'https://example.com/me',
    files: [{ name: 'proof.png', bytes: await png('#aa0000') }],
  });
  const otherImport = await submitImport(other.id, {
    platform: 'Zwift',
    days: 0,
    hours: 1,
    minutes: 0,
    distance: 30,
    distanceUnit: 'kilometers',
    elevationM: 0,
    profileLink: 'https://example.com/o',
    files: [{ name: 'o.png', bytes: await png('#00aa00') }],
  });
  await db().update(schema.thirdPartyImports).set({ status: 'approved', reviewedBy: rider.id }).where(eq(schema.thirdPartyImports.id, otherImport.id));

  // Wallet: verification files, a settled withdrawal (its ledger metadata held the address), a decision by the rider.
  const passport = await keep('wallet', await png('#111111'), 'png');
  const screenshot = await keep('wallet', await png('#222222'), 'png');
  const wallet = { binanceEmail: personal.binanceEmail, phoneNumber: personal.phone, walletAddress: personal.walletAddress, status: 'approved' as const };
  await db()
    .insert(schema.walletVerificationRequests)
    .values([
      { userId: rider.id, ...wallet, passportKey: passport, screenshotKeys: [screenshot], decidedBy: staff.id },
      {
        userId: other.id,
        binanceEmail: 'o@example.com',
        phoneNumber: '+971500000001',
        walletAddress: 'bc1qother',
        passportKey: 'wallet/00000000000000000000000000000000.png',
        screenshotKeys: [],
        status: 'approved',
        decidedBy: rider.id,
      },
    ]);
  for (const owner of [rider, other]) {
    await postTransfer({
      idempotencyKey: `prize:${owner.id}`,
      legs: [{ from: SYSTEM_ACCOUNTS.prizePool, to: riderAccount(owner.id), currency: 'BTC', amount: 3_000_000n }],
      memo: 'Prize',
    });
  }
  const mine = await requestWithdrawal(rider, { amountSatoshi: 1_000_000n, requestKey: randomUUID() });
  const theirs = await requestWithdrawal(other, { amountSatoshi: 1_000_000n, requestKey: randomUUID() });
  if (!mine.ok || !theirs.ok) throw new Error('withdrawals refused');
  await decideWithdrawal({ requestId: mine.requestNo, staffId: staff.id, approve: true, payoutReference: 'payout-1' });
  await decideWithdrawal({ requestId: theirs.requestNo, staffId: rider.id, approve: true, payoutReference: 'payout-2' });

  // Shop: an item owned, coins, and a card checkout left open.
  await db().insert(schema.shopOwnedItems).values({ userId: rider.id, itemType: 1, itemId: 7, priceCoins: 100n });
  await postTransfer({
    idempotencyKey: `coins:${rider.id}`,
    legs: [{ from: SYSTEM_ACCOUNTS.coinIssuer, to: riderAccount(rider.id), currency: 'COIN', amount: 250n }],
    memo: 'Coins',
  });
  expect((await startGemCheckout(rider.id, 'gems_250', sandboxAdapter('rider-data-test-webhook-secret-0123456789'))).ok).toBe(true);

  // Events: a registration with identity files, a phone code, a result under the rider's name.
  const [event] = await db()
    .insert(schema.events)
    .values({ name: `Crit ${unique}`, date: '2026-04-01', time: '18:00', capacity: 50, distanceKm: 30 })
    .returning();
  const [front, back, certificate] = [
    await keep('registrations', await png('#333333'), 'png'),
    await keep('registrations', await png('#444444'), 'png'),
    await keep('registrations', await png('#555555'), 'png'),
  ];
  await db().insert(schema.registrations).values({
    eventId: event.id,
    userId: rider.id,
    category: 'Category 2',
    wkg: 3.5,
    firstName: personal.firstname,
    lastName: personal.lastname,
    email: personal.email,
    gender: 0,
    heightCm: 180,
    weightKg: 70,
    ftp: 250,
    idFrontKey: front,
    idBackKey: back,
    dobCertificateKey: certificate,
    phone: personal.phone,
  });
  expect((await sendPhoneCode({ userId: rider.id, phone: personal.phone, channel: 'sms' })).ok).toBe(true);
  await db()
    .insert(schema.eventResults)
    .values({
      eventId: event.id,
      position: 3,
      riderName: `${personal.firstname} ${personal.lastname}`,
      category: 'Category 2',
      timeSeconds: 3600,
      avgWatts: 250,
      wkg: 3.5,
      userId: rider.id,
    });

  // Teams: one the rider rides alone (dissolved, its logo removed, its name freed), one with another member (handed over).
  const alone = await createTeam(rider.id, { name: `Solo ${unique}` });
  await db()
    .update(schema.teams)
    .set({ logo: await keep('team-logos', await png('#666666'), 'png') })
    .where(eq(schema.teams.id, alone));
  const shared = await createTeam(rider.id, { name: `Shared ${unique}` });
  await joinTeam(other.id, shared);

  // Connections: a fitness network (with an imported ride and a pending connect), a partner's grant and code.
  await db()
    .insert(schema.networkConnections)
    .values({ userId: rider.id, network: 'strava', accessTokenEnc: 'enc', athleteId: `athlete-${unique}` });
  await db()
    .insert(schema.networkOauthStates)
    .values({ stateHash: `state-${unique}`, userId: rider.id, sessionId: 's', network: 'strava', expiresAt: new Date(Date.now() + 60_000) });
  await db()
    .insert(schema.networkImports)
    .values({ userId: rider.id, network: 'strava', providerActivityId: `p-${unique}`, activityId: ride.id });
  const { clientId } = await registerPartnerClient({
    name: 'Partner',
    website: 'https://partner.example',
    redirectUris: ['https://partner.example/cb'],
    confidential: false,
  });
  await db().insert(schema.oauthGrants).values({ clientId, userId: rider.id, scope: 'profile' });
  await db()
    .insert(schema.oauthCodes)
    .values({
      codeHash: `code-${unique}`,
      clientId,
      userId: rider.id,
      redirectUri: 'https://partner.example/cb',
      scope: 'profile',
      expiresAt: new Date(Date.now() + 60_000),
    });

  // A copy of the rider's data, built (its zip is an object of the exports area).
  await requestDataExport(rider.id);
  expect(await runDueJobs(['account.build-export'])).toBe(1);
  const [copy] = await db().select({ key: schema.dataExports.storageKey }).from(schema.dataExports).where(eq(schema.dataExports.userId, rider.id));
  objects.push(copy.key!);

  // The deletion request itself: its row, the link (a verification) and its mail (an outbox row naming the account).
  expect(await requestAccountDeletion(rider.id, { giveUpBalances: true })).toMatchObject({ ok: true });

  // The objects the services stored themselves, read from their rows (not from the registry under test).
  const [account] = await db().select({ avatar: schema.users.avatarPath }).from(schema.users).where(eq(schema.users.id, rider.id));
  const [proofs] = await db()
    .select({ files: schema.thirdPartyImports.proofFiles })
    .from(schema.thirdPartyImports)
    .where(eq(schema.thirdPartyImports.userId, rider.id));
  objects.push(account.avatar!, ...(await keptFilesOf(rider.id)), ...proofs.files.map((file) => file.key));
  return { rider, other, personal, objects, teams: { alone, shared } };
}

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
