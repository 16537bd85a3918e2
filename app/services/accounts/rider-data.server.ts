import { eq } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database, Transaction } from '~/db/client.server';
import {
  accountDeletionRequests,
  activities,
  activityDetails,
  consentRecords,
  contactMessages,
  dataExports,
  eventResults,
  ftpHistory,
  networkConnections,
  networkImports,
  networkOauthStates,
  oauthCodes,
  oauthGrants,
  outbox,
  paymentOrders,
  phoneVerifications,
  registrations,
  riderActivityTotals,
  riderDailyTotals,
  riderPowerBests,
  riderPowerModels,
  riderRecompute,
  riderTrainingDays,
  rideUploads,
  sessions,
  shopOwnedItems,
  teamMembers,
  teams,
  thirdPartyImports,
  users,
  verifiedHeights,
  verifications,
  walletVerificationRequests,
  weightHistory,
  withdrawalRequests,
} from '~/db/schema';
import { forgetRecomputeJobs } from '../activities/recompute.server';
import { forgetSiteDataOf } from '../content/site.server';
import { anonymiseResultsOf } from '../events/results.server';
import { releaseTeamsOf } from '../events/teams.server';
import { closeRiderAccounts } from '../ledger/index.server';
import { queueTokenRevocations } from '../connections/revocation.server';
import { forgetJobsOf } from '../platform/jobs.server';
import { forgetRateLimitsOf } from '../platform/rate-limit.server';
import { pseudonymiseOrders } from '../shop/orders.server';
import { pseudonymiseWithdrawals } from '../wallet/wallet.server';

/**
 * What a rider owns: the one registry (issue 26). Every area that keeps something of a rider
 * declares here the columns that name the rider, what a deletion does to their rows, and the
 * keys of the rider's stored objects. The deletion (deletion.server.ts) walks this list and
 * nothing else, so an area missing here is an area a deletion forgets: `rider-data.db.test.ts`
 * derives every reference to `users` from the schema and fails for one that no area declares,
 * or whose foreign key does not match the fate declared.
 */

/**
 * What happens to the rows a column names when the account is deleted, and the foreign-key
 * action that must back it (so the database itself refuses to lose a kept record silently):
 * - `deleted`: the rows go with the account (ON DELETE CASCADE);
 * - `cleared`: the column is emptied, the row stays (ON DELETE SET NULL: a staff member's name on a decision);
 * - `pseudonymised`: kept for the books, the rider replaced by the tombstone (RESTRICT until `erase` did it);
 * - `anonymised`: kept with the name replaced (RESTRICT until `erase` did it);
 * - `handed over`: given to someone else, or removed when there is no one (SET NULL as a backstop).
 */
export type Fate = 'deleted' | 'cleared' | 'pseudonymised' | 'anonymised' | 'handed over';

export const FOREIGN_KEY_ACTION_OF: Record<Fate, 'cascade' | 'set null' | 'restrict'> = {
  deleted: 'cascade',
  cleared: 'set null',
  pseudonymised: 'restrict',
  anonymised: 'restrict',
  'handed over': 'set null',
};

export interface DeletedAccount {
  id: string;
  email: string;
  isKid: boolean;
  parentEmail: string | null;
}

interface Erasure {
  tx: Transaction;
  account: DeletedAccount;
  /** The deleted account's tombstone (deleted_accounts.id), which kept records name instead. */
  tombstoneId: string;
  /** Marks stored objects for removal once the deletion has committed. */
  discard: (keys: Iterable<string | null | undefined>) => void;
}

export interface RiderDataArea {
  area: string;
  references: Array<{ column: AnyPgColumn; fate: Fate }>;
  /** Keys of the rider's stored objects in this area (read in the deletion's transaction, before any row goes). */
  storedObjects?(executor: Database | Transaction, userId: string): Promise<Array<string | null | undefined>>;
  /** Work inside the deletion's transaction before the account row goes: pseudonymise, anonymise, hand over. */
  erase?(erasure: Erasure): Promise<void>;
}

export const RIDER_DATA: RiderDataArea[] = [
  {
    area: 'account',
    references: [
      { column: sessions.userId, fate: 'deleted' },
      { column: verifications.userId, fate: 'deleted' },
      { column: accountDeletionRequests.userId, fate: 'deleted' },
      { column: outbox.accountId, fate: 'deleted' },
      { column: consentRecords.userId, fate: 'deleted' },
      { column: contactMessages.userId, fate: 'deleted' },
    ],
    storedObjects: async (executor, userId) => (await executor.select({ key: users.avatarPath }).from(users).where(eq(users.id, userId))).map((row) => row.key),
    async erase({ tx, account }) {
      // Not tied to the account by a key: counters named by its id or e-mail, mail from before
      // messages named their account, the newsletter address, messages to support sent from its
      // address without signing in, and their copies in the outbox.
      await forgetRateLimitsOf(tx, [account.id, account.email]);
      // Jobs of the queue that named the rider (a recomputation, an import, a reset link's address).
      await forgetJobsOf(tx, account);
      await tx.delete(outbox).where(eq(outbox.recipient, account.email));
      await forgetSiteDataOf(tx, account);
    },
  },
  {
    area: 'rides',
    references: [
      { column: activities.userId, fate: 'deleted' },
      { column: riderPowerBests.userId, fate: 'deleted' },
      { column: riderDailyTotals.userId, fate: 'deleted' },
      { column: riderActivityTotals.userId, fate: 'deleted' },
      { column: weightHistory.userId, fate: 'deleted' },
      { column: weightHistory.verifiedBy, fate: 'cleared' },
      { column: ftpHistory.userId, fate: 'deleted' },
      { column: riderTrainingDays.userId, fate: 'deleted' },
      { column: riderRecompute.userId, fate: 'deleted' },
      { column: riderPowerModels.userId, fate: 'deleted' },
      { column: verifiedHeights.userId, fate: 'deleted' },
      { column: verifiedHeights.verifiedBy, fate: 'cleared' },
    ],
    storedObjects: async (executor, userId) =>
      (await executor.select({ key: activities.fileKey }).from(activities).where(eq(activities.userId, userId))).map((row) => row.key),

    // The recomputation's jobs are keyed by the rider (decision 144): the queue keeps them.
    erase: ({ tx, account }) => forgetRecomputeJobs(tx, account.id),
  },
  {
    area: 'uploads',
    references: [{ column: rideUploads.userId, fate: 'deleted' }],
    // A stored upload's original is its ride's too; the others' are removed when answered (this is the backstop).
    storedObjects: async (executor, userId) =>
      (await executor.select({ key: rideUploads.fileKey }).from(rideUploads).where(eq(rideUploads.userId, userId))).map((row) => row.key),
  },
  {
    area: 'ride series',
    references: [],
    storedObjects: async (executor, userId) =>
      (
        await executor
          .select({ key: activityDetails.seriesKey })
          .from(activityDetails)
          .innerJoin(activities, eq(activities.id, activityDetails.activityId))
          .where(eq(activities.userId, userId))
      ).map((row) => row.key),
  },
  {
    area: 'import proofs',
    references: [
      { column: thirdPartyImports.userId, fate: 'deleted' },
      { column: thirdPartyImports.reviewedBy, fate: 'cleared' },
    ],
    storedObjects: async (executor, userId) =>
      (await executor.select({ files: thirdPartyImports.proofFiles }).from(thirdPartyImports).where(eq(thirdPartyImports.userId, userId))).flatMap((row) =>
        row.files.map((file) => file.key),
      ),
  },
  {
    area: 'wallet verification files',
    references: [
      { column: walletVerificationRequests.userId, fate: 'deleted' },
      { column: walletVerificationRequests.decidedBy, fate: 'cleared' },
    ],
    storedObjects: async (executor, userId) =>
      (
        await executor
          .select({ passport: walletVerificationRequests.passportKey, screenshots: walletVerificationRequests.screenshotKeys })
          .from(walletVerificationRequests)
          .where(eq(walletVerificationRequests.userId, userId))
      ).flatMap((row) => [row.passport, ...row.screenshots]),
  },
  {
    area: 'withdrawals',
    references: [
      { column: withdrawalRequests.userId, fate: 'pseudonymised' },
      { column: withdrawalRequests.decidedBy, fate: 'cleared' },
    ],
    erase: ({ tx, account, tombstoneId }) => pseudonymiseWithdrawals(tx, account.id, tombstoneId),
  },
  {
    // The ledger names riders in account codes and keys, not by foreign key.
    area: 'ledger',
    references: [],
    erase: async ({ tx, account, tombstoneId }) => {
      await closeRiderAccounts(tx, account.id, tombstoneId);
    },
  },
  {
    area: 'shop',
    references: [
      { column: shopOwnedItems.userId, fate: 'deleted' },
      { column: paymentOrders.userId, fate: 'pseudonymised' },
      { column: paymentOrders.refundedBy, fate: 'cleared' },
    ],
    erase: ({ tx, account, tombstoneId }) => pseudonymiseOrders(tx, account.id, tombstoneId),
  },
  {
    area: 'event registration files',
    references: [
      { column: registrations.userId, fate: 'deleted' },
      { column: phoneVerifications.userId, fate: 'deleted' },
    ],
    storedObjects: async (executor, userId) =>
      (
        await executor
          .select({ certificate: registrations.dobCertificateKey, front: registrations.idFrontKey, back: registrations.idBackKey })
          .from(registrations)
          .where(eq(registrations.userId, userId))
      ).flatMap((row) => [row.certificate, row.front, row.back]),
  },
  {
    area: 'results',
    references: [{ column: eventResults.userId, fate: 'anonymised' }],
    erase: ({ tx, account }) => anonymiseResultsOf(tx, account.id),
  },
  {
    area: 'team logos',
    references: [
      { column: teams.ownerId, fate: 'handed over' },
      { column: teamMembers.userId, fate: 'deleted' },
    ],
    // A dissolved team's logo goes with it; a team handed over keeps its own.
    erase: async ({ tx, account, discard }) => discard(await releaseTeamsOf(tx, account.id)),
  },
  {
    area: 'connections',
    references: [
      { column: networkConnections.userId, fate: 'deleted' },
      { column: networkOauthStates.userId, fate: 'deleted' },
      { column: networkImports.userId, fate: 'deleted' },
      { column: oauthGrants.userId, fate: 'deleted' },
      { column: oauthCodes.userId, fate: 'deleted' },
    ],
    // The rows go with the account; the tokens they held are revoked at each provider by a job.
    erase: ({ tx, account }) => queueTokenRevocations(tx, account.id),
  },
  {
    area: 'exports',
    references: [{ column: dataExports.userId, fate: 'deleted' }],
    storedObjects: async (executor, userId) =>
      (await executor.select({ key: dataExports.storageKey }).from(dataExports).where(eq(dataExports.userId, userId))).map((row) => row.key),
  },
];

/** The account row itself: read once, deleted last (every cascade above follows it). */
export async function readDeletedAccount(tx: Transaction, userId: string): Promise<DeletedAccount | undefined> {
  const [account] = await tx
    .select({ id: users.id, email: users.email, isKid: users.isKid, parentEmail: users.parentEmail })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return account;
}
