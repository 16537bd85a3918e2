import { randomBytes, randomUUID } from 'node:crypto';
import { eq, is } from 'drizzle-orm';
import { getTableConfig, PgTable, type AnyPgColumn } from 'drizzle-orm/pg-core';
import sharp from 'sharp';
import { expect } from 'vitest';
import { db } from '~/db/client.server';
import * as schema from '~/db/schema';
import { encodeRideFit, generateRide } from '~/lib/fit/synthetic-ride';
import { passwordResetJob } from '~/services/accounts/account-jobs.server';
import { requestDataExport } from '~/services/accounts/data-export.server';
import { requestAccountDeletion } from '~/services/accounts/deletion.server';
import { setAvatar, updateProfile } from '~/services/accounts/profile.server';
import { ingestActivity } from '~/services/activities/activities.server';
import { setFtp } from '~/services/activities/ftp-history.server';
import { submitImport } from '~/services/activities/imports.server';
import { getPowerModels } from '~/services/activities/power-models.server';
import { markForRecompute } from '~/services/activities/recompute.server';
import { keptFilesOf } from '~/services/activities/ride-series.server';
import { acceptUpload } from '~/services/activities/uploads.server';
import { recordWeight } from '~/services/activities/weight-history.server';
import { sandboxAdapter } from '~/services/adapters/payments/sandbox.server';
import { storage } from '~/services/adapters/storage.server';
import { registerPartnerClient } from '~/services/connections/partners/oauth-server.server';
import { submitContactMessage } from '~/services/content/site.server';
import { sendPhoneCode } from '~/services/events/phone-verification.server';
import { createTeam, joinTeam } from '~/services/events/teams.server';
import { postTransfer, riderAccount, SYSTEM_ACCOUNTS } from '~/services/ledger/index.server';
import { enqueueJob, runDueJobs } from '~/services/platform/jobs.server';
import { consumeRateLimit, recordLoginFailure } from '~/services/platform/rate-limit.server';
import { startGemCheckout } from '~/services/shop/orders.server';
import { decideWithdrawal } from '~/services/wallet/wallet-review.server';
import { requestWithdrawal } from '~/services/wallet/wallet.server';
import { createTestUser, signedInRequest } from './users';

/**
 * A rider with something in every table that can name a rider (issues 26 and 35): the deletion
 * test erases them and finds nothing left; the data-export test copies them and finds every row
 * in the copy. Both first check that every column of the schema that references an account holds
 * a row naming this rider, so a new table fails both until this fixture fills it.
 */

/** Every column of the schema that references users.id, with its foreign key's ON DELETE action. */
export function referencesToUsers(): Array<{ name: string; column: AnyPgColumn; onDelete: string }> {
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
export async function riderWithEverything() {
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
  await recordLoginFailure({ account: personal.email, address: '203.0.113.9' });
  await db().insert(schema.subscribers).values({ email: personal.email });
  // Messages to support, signed in and from the account's address without signing in: each is also a mail to support in the outbox.
  const sender = { name: `${personal.firstname} ${personal.lastname}`, email: personal.email, phone: personal.phone };
  await submitContactMessage({ ...sender, message: 'Hello from my account' }, rider.id);
  await submitContactMessage({ ...sender, email: personal.email.toUpperCase(), message: 'Hello, signed out' });
  // Consents: the marketing e-mails given on the profile (the sign-up's records come with a registration).
  await updateProfile(rider.id, { firstname: personal.firstname, lastname: personal.lastname, country: 246, weight: 70, height: 180, marketingConsent: true });
  // A password reset asked for (its job, done, named the address until it forgot it).
  await enqueueJob(passwordResetJob, { email: personal.email });

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
  // The rider as the staff member who refunded another's card payment.
  await db()
    .insert(schema.paymentOrders)
    .values({
      userId: other.id,
      packageId: 'gems_250',
      gems: 250n,
      amountMinor: 1899n,
      provider: 'sandbox',
      paymentId: `cs_sandbox_${unique}`,
      status: 'paid',
      paidAt: new Date(),
      refundedAt: new Date(),
      refundId: `re_sandbox_${unique}`,
      refundedBy: rider.id,
    });

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
