import { asc, eq } from 'drizzle-orm';
import { db } from '~/db/client.server';
import {
  activities,
  eventResults,
  events,
  ftpHistory,
  networkConnections,
  oauthClients,
  oauthGrants,
  paymentOrders,
  registrations,
  shopOwnedItems,
  teamMembers,
  teams,
  thirdPartyImports,
  users,
  verifiedHeights,
  walletVerificationRequests,
  weightHistory,
  withdrawalRequests,
} from '~/db/schema';
import { toCsv, type CsvValue } from '~/lib/csv';
import { rideFilesOf } from '../activities/activity-files.server';
import { storage } from '../adapters/storage.server';
import { entriesOfOwner, riderAccount } from '../ledger/index.server';
import type { ZipSource } from '../platform/zip.server';

/**
 * What a copy of a rider's data holds (GDPR art. 20, issue 26, decision 128): one zip with the
 * profile, every ride (original file, and the figures as JSON and CSV), FTP, weight and height
 * history, ledger transactions, withdrawals and wallet verification, purchases and card payments,
 * event registrations and results, teams, connections (never their tokens), import requests, and
 * the documents the rider uploaded. Each entry is read only when the zip reaches it.
 */
type Row = Record<string, unknown>;

const encoder = new TextEncoder();
const text = (value: string) => encoder.encode(value);
const json = (value: unknown) => text(`${JSON.stringify(value, (_key, item: unknown) => (typeof item === 'bigint' ? item.toString() : item), 2)}\n`);

function entry(name: string, read: () => Promise<Uint8Array>): ZipSource {
  return { name, read };
}

/** A CSV of rows (the header is the first row's keys, or `header` when there are none). */
function csvOf(rows: Row[], header: string[]): Uint8Array {
  const columns = rows.length > 0 ? Object.keys(rows[0]) : header;
  const cell = (value: unknown): CsvValue =>
    value instanceof Date ? value.toISOString() : typeof value === 'bigint' ? value.toString() : ((value as CsvValue) ?? null);
  return text(
    toCsv(
      columns,
      rows.map((row) => columns.map((column) => cell(row[column]))),
    ),
  );
}

const README = `A copy of your Paceline data

profile.json              your account as we keep it (no password: only a hash of it is kept, and it is not included)
rides/rides.json, .csv    every ride with the figures we computed (distance, time, power, heart rate, training load …)
rides/files/              the original file of each ride (FIT as uploaded; other activities as JSON)
history/                  weight, FTP and verified height over time
wallet/                   ledger transactions (BTC in satoshi, coins, gems), withdrawals, wallet verification
shop/                     items you own and card payments for gems
events/                   event registrations and results
teams.json                teams you created or joined
connections.json          fitness networks and partner apps you connected (their access tokens are not included)
imports.json              requests to import totals from other platforms
documents/                identity documents, screenshots and proofs you uploaded

The download link works for 7 days. Keep this file safe: it holds your identity documents.
`;

async function profileOf(userId: string): Promise<Row> {
  const [account] = await db().select().from(users).where(eq(users.id, userId));
  const { passwordHash: _secret, avatarPath, ...profile } = account;
  return { ...profile, hasCustomAvatar: Boolean(avatarPath?.startsWith('avatars/')) };
}

async function rideRows(userId: string): Promise<Row[]> {
  const rows = await db().select().from(activities).where(eq(activities.userId, userId)).orderBy(asc(activities.startedAt), asc(activities.id));
  return rows.map(({ userId: _owner, fileKey: _key, contentHash: _hash, analysisVersion: _version, ...ride }) => ride);
}

async function documentsOf(userId: string): Promise<Array<{ name: string; key: string }>> {
  const documents: Array<{ name: string; key: string }> = [];
  const extension = (key: string) => key.split('.').pop();
  const wallet = await db().select().from(walletVerificationRequests).where(eq(walletVerificationRequests.userId, userId));
  for (const request of wallet) {
    documents.push({ name: `documents/wallet/${request.id}-passport.${extension(request.passportKey)}`, key: request.passportKey });
    request.screenshotKeys.forEach((key, index) => documents.push({ name: `documents/wallet/${request.id}-screenshot-${index + 1}.${extension(key)}`, key }));
  }
  const registered = await db().select().from(registrations).where(eq(registrations.userId, userId));
  for (const registration of registered) {
    for (const [side, key] of [
      ['id-front', registration.idFrontKey],
      ['id-back', registration.idBackKey],
      ['proof-of-age', registration.dobCertificateKey],
    ] as const) {
      if (key) documents.push({ name: `documents/registrations/${registration.id}-${side}.${extension(key)}`, key });
    }
  }
  const imports = await db().select().from(thirdPartyImports).where(eq(thirdPartyImports.userId, userId));
  for (const request of imports) {
    request.proofFiles.forEach((file, index) =>
      documents.push({ name: `documents/imports/${request.id.slice(0, 8)}-${index + 1}.${extension(file.key)}`, key: file.key }),
    );
  }
  return documents;
}

/** Every entry of a rider's copy, in order: small files first, then ride files and documents. */
export async function exportSources(userId: string): Promise<ZipSource[]> {
  const rides = await rideFilesOf(userId);
  const documents = await documentsOf(userId);
  return [
    entry('README.txt', async () => text(README)),
    entry('profile.json', async () => json(await profileOf(userId))),
    entry('rides/rides.json', async () => json(await rideRows(userId))),
    entry('rides/rides.csv', async () => csvOf(await rideRows(userId), ['id'])),
    entry('history/weight.csv', async () =>
      csvOf(
        await db()
          .select({ recordedAt: weightHistory.recordedAt, weightKg: weightHistory.weightKg, verified: weightHistory.verified })
          .from(weightHistory)
          .where(eq(weightHistory.userId, userId))
          .orderBy(asc(weightHistory.recordedAt)),
        ['recordedAt', 'weightKg', 'verified'],
      ),
    ),
    entry('history/ftp.csv', async () =>
      csvOf(
        await db()
          .select({ recordedAt: ftpHistory.recordedAt, ftpW: ftpHistory.ftpW, source: ftpHistory.source, undoneAt: ftpHistory.undoneAt })
          .from(ftpHistory)
          .where(eq(ftpHistory.userId, userId))
          .orderBy(asc(ftpHistory.recordedAt)),
        ['recordedAt', 'ftpW', 'source', 'undoneAt'],
      ),
    ),
    entry('history/verified-heights.csv', async () =>
      csvOf(
        await db()
          .select({ measuredAt: verifiedHeights.measuredAt, heightCm: verifiedHeights.heightCm })
          .from(verifiedHeights)
          .where(eq(verifiedHeights.userId, userId))
          .orderBy(asc(verifiedHeights.measuredAt)),
        ['measuredAt', 'heightCm'],
      ),
    ),
    entry('wallet/transactions.csv', async () =>
      csvOf(
        (await entriesOfOwner(riderAccount(userId))).map((row) => ({
          date: row.createdAt,
          currency: row.currency,
          amount: row.amount,
          status: row.status,
          description: row.memo,
          transactionId: row.transactionId,
          settledAt: row.settledAt,
        })),
        ['date', 'currency', 'amount', 'status', 'description', 'transactionId', 'settledAt'],
      ),
    ),
    entry('wallet/withdrawals.csv', async () =>
      csvOf(
        await db()
          .select({
            requestNo: withdrawalRequests.id,
            requestedAt: withdrawalRequests.createdAt,
            amountSatoshi: withdrawalRequests.amount,
            feeSatoshi: withdrawalRequests.fee,
            totalSatoshi: withdrawalRequests.total,
            email: withdrawalRequests.email,
            walletAddress: withdrawalRequests.walletAddress,
            status: withdrawalRequests.status,
            payoutReference: withdrawalRequests.payoutReference,
            rejectionReason: withdrawalRequests.rejectionReason,
            decidedAt: withdrawalRequests.decidedAt,
          })
          .from(withdrawalRequests)
          .where(eq(withdrawalRequests.userId, userId))
          .orderBy(asc(withdrawalRequests.createdAt)),
        ['requestNo'],
      ),
    ),
    entry('wallet/verification.json', async () =>
      json(
        await db()
          .select({
            submittedAt: walletVerificationRequests.createdAt,
            binanceEmail: walletVerificationRequests.binanceEmail,
            phoneNumber: walletVerificationRequests.phoneNumber,
            walletAddress: walletVerificationRequests.walletAddress,
            status: walletVerificationRequests.status,
            rejectionReason: walletVerificationRequests.rejectionReason,
            decidedAt: walletVerificationRequests.decidedAt,
          })
          .from(walletVerificationRequests)
          .where(eq(walletVerificationRequests.userId, userId))
          .orderBy(asc(walletVerificationRequests.createdAt)),
      ),
    ),
    entry('shop/items.csv', async () =>
      csvOf(
        await db()
          .select({
            boughtAt: shopOwnedItems.createdAt,
            itemType: shopOwnedItems.itemType,
            itemId: shopOwnedItems.itemId,
            priceCoins: shopOwnedItems.priceCoins,
          })
          .from(shopOwnedItems)
          .where(eq(shopOwnedItems.userId, userId))
          .orderBy(asc(shopOwnedItems.createdAt)),
        ['boughtAt', 'itemType', 'itemId', 'priceCoins'],
      ),
    ),
    entry('shop/card-payments.csv', async () =>
      csvOf(
        await db()
          .select({
            orderId: paymentOrders.id,
            createdAt: paymentOrders.createdAt,
            package: paymentOrders.packageId,
            gems: paymentOrders.gems,
            amountMinor: paymentOrders.amountMinor,
            currency: paymentOrders.currency,
            provider: paymentOrders.provider,
            status: paymentOrders.status,
            paidAt: paymentOrders.paidAt,
          })
          .from(paymentOrders)
          .where(eq(paymentOrders.userId, userId))
          .orderBy(asc(paymentOrders.createdAt)),
        ['orderId'],
      ),
    ),
    entry('events/registrations.json', async () => {
      const rows = await db()
        .select({ registration: registrations, event: events.name, eventDate: events.date })
        .from(registrations)
        .innerJoin(events, eq(events.id, registrations.eventId))
        .where(eq(registrations.userId, userId))
        .orderBy(asc(registrations.createdAt));
      return json(
        rows.map(({ registration: { userId: _owner, idFrontKey, idBackKey, dobCertificateKey, ...registration }, event, eventDate }) => ({
          event,
          eventDate,
          ...registration,
          documents: [idFrontKey, idBackKey, dobCertificateKey].filter(Boolean).length,
        })),
      );
    }),
    entry('events/results.csv', async () =>
      csvOf(
        await db()
          .select({
            event: events.name,
            date: events.date,
            day: eventResults.day,
            position: eventResults.position,
            category: eventResults.category,
            team: eventResults.teamName,
            timeSeconds: eventResults.timeSeconds,
            avgWatts: eventResults.avgWatts,
            wkg: eventResults.wkg,
          })
          .from(eventResults)
          .innerJoin(events, eq(events.id, eventResults.eventId))
          .where(eq(eventResults.userId, userId))
          .orderBy(asc(events.date), asc(eventResults.day)),
        ['event'],
      ),
    ),
    entry('teams.json', async () =>
      json({
        created: await db()
          .select({ name: teams.name, description: teams.description, createdAt: teams.createdAt })
          .from(teams)
          .where(eq(teams.ownerId, userId)),
        joined: await db()
          .select({ name: teams.name, joinedAt: teamMembers.joinedAt })
          .from(teamMembers)
          .innerJoin(teams, eq(teams.id, teamMembers.teamId))
          .where(eq(teamMembers.userId, userId)),
      }),
    ),
    entry('connections.json', async () =>
      json({
        fitnessNetworks: await db()
          .select({
            network: networkConnections.network,
            source: networkConnections.source,
            athleteId: networkConnections.athleteId,
            scope: networkConnections.scope,
            connectedAt: networkConnections.createdAt,
            importStatus: networkConnections.importStatus,
          })
          .from(networkConnections)
          .where(eq(networkConnections.userId, userId)),
        partnerApps: await db()
          .select({
            app: oauthClients.name,
            website: oauthClients.website,
            scope: oauthGrants.scope,
            authorizedAt: oauthGrants.createdAt,
            revokedAt: oauthGrants.revokedAt,
          })
          .from(oauthGrants)
          .innerJoin(oauthClients, eq(oauthClients.id, oauthGrants.clientId))
          .where(eq(oauthGrants.userId, userId)),
      }),
    ),
    entry('imports.json', async () =>
      json(
        (await db().select().from(thirdPartyImports).where(eq(thirdPartyImports.userId, userId)).orderBy(asc(thirdPartyImports.createdAt))).map(
          ({ userId: _owner, reviewedBy: _staff, proofFiles, ...request }) => ({
            ...request,
            proofFiles: proofFiles.map((file) => file.name),
          }),
        ),
      ),
    ),
    ...rides.map((ride) => entry(`rides/files/${ride.name}`, ride.read)),
    ...documents.map((document) => entry(document.name, async () => (await storage().get(document.key)) ?? new Uint8Array())),
  ];
}
