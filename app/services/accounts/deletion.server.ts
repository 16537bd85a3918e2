import { and, eq, gt } from 'drizzle-orm';
import { db, type Transaction } from '~/db/client.server';
import { accountDeletionRequests, deletedAccounts, users, verifications } from '~/db/schema';
import { LEDGER_CURRENCIES } from '~/lib/domain/ledger';
import { sendAccountDeletedMail, sendDeleteConfirmationMail } from './account-mail.server';
import { isStorageKey } from '../adapters/storage.server';
import { queueObjectRemoval } from './deletion-jobs.server';
import { riderBalances, type Currency } from '../ledger/index.server';
import { hasPendingWithdrawal } from '../wallet/wallet.server';
import { readDeletedAccount, RIDER_DATA, type DeletedAccount } from './rider-data.server';
import { checkLink, issueVerification } from './verification.server';
import { INVALID_LINK_MESSAGE } from '~/lib/account-messages';

/**
 * Deleting an account (spec 1 §2 Delete Account, issue 26, docs/accounts.md "Deleting an
 * account"). The profile asks; the e-mailed link (to the parent for a child) confirms. The
 * confirmation is one database transaction: the link is spent in it, every area of the rider
 * registry (rider-data.server.ts) erases or pseudonymises its rows, the account row goes. A
 * refusal or a failure rolls all of it back, the link included, so the link still works. The
 * rider's stored objects are removed by a durable job queued in the same transaction, so they go
 * only once the deletion has committed, and surely once it has (deletion-jobs.server.ts).
 */
export const DELETION_MESSAGES = {
  requested: 'We have sent a link to confirm the deletion of the account.',
  requestedForChild: 'We have sent your parent or guardian a link to confirm the deletion of this account. The account stays until they confirm.',
  deleted: 'The account and all of its data have been deleted.',
  invalidLink: INVALID_LINK_MESSAGE,
  withdrawalPending: 'A withdrawal is waiting for review. The account can be deleted once it has been approved or rejected.',
  confirmBalances: 'Please confirm that you give up the balance shown.',
  balanceChanged: 'The balance has changed since the deletion was requested. Please request the deletion again from the profile.',
  failed: 'The account could not be deleted, and nothing was removed. The link still works: please try again later.',
} as const;

interface BalanceToGiveUp {
  currency: Currency;
  /** In minor units (satoshi for BTC), as a string for the page. */
  amount: string;
}

export interface DeletionPanel {
  /** Non-zero balances the rider gives up by deleting (decision 126). */
  balances: BalanceToGiveUp[];
  /** Why the account cannot be deleted now (a withdrawal waits for staff: decision 126), or null. */
  blockedBecause: string | null;
  /** A child asked and the parent's link is still valid: the panel says the request waits for the parent. */
  waitingForParent: boolean;
}

async function balancesToGiveUp(userId: string, tx?: Transaction): Promise<BalanceToGiveUp[]> {
  const balances = await riderBalances(userId, tx);
  return LEDGER_CURRENCIES.filter((currency) => balances[currency].posted > 0n).map((currency) => ({ currency, amount: balances[currency].posted.toString() }));
}

export async function deletionPanelOf(user: { id: string; isKid: boolean }, now = new Date()): Promise<DeletionPanel> {
  const [balances, withdrawalPending, waiting] = await Promise.all([
    balancesToGiveUp(user.id),
    hasPendingWithdrawal(user.id),
    user.isKid
      ? db()
          .select({ id: verifications.id })
          .from(verifications)
          .where(and(eq(verifications.userId, user.id), eq(verifications.purpose, 'delete-account'), gt(verifications.expiresAt, now)))
      : Promise.resolve([]),
  ]);
  return { balances, blockedBecause: withdrawalPending ? DELETION_MESSAGES.withdrawalPending : null, waitingForParent: waiting.length > 0 };
}

export type DeletionRequestOutcome = { ok: true; sentTo: string; forChild: boolean } | { ok: false; message: string };

/**
 * The profile's Delete Account: refused while a withdrawal waits, and when there is a balance
 * the rider has not confirmed giving up. Records the balances confirmed, then e-mails the link:
 * to the parent for a child account, else to the rider.
 */
export async function requestAccountDeletion(userId: string, options: { giveUpBalances?: boolean } = {}): Promise<DeletionRequestOutcome> {
  const [user] = await db().select().from(users).where(eq(users.id, userId));
  if (!user) throw new Error('No such account');
  if (await hasPendingWithdrawal(user.id)) return { ok: false, message: DELETION_MESSAGES.withdrawalPending };
  const balances = await balancesToGiveUp(user.id);
  if (balances.length > 0 && !options.giveUpBalances) return { ok: false, message: DELETION_MESSAGES.confirmBalances };
  const acknowledgedBalances = Object.fromEntries(balances.map((balance) => [balance.currency, balance.amount]));
  await db()
    .insert(accountDeletionRequests)
    .values({ userId: user.id, acknowledgedBalances })
    .onConflictDoUpdate({ target: accountDeletionRequests.userId, set: { acknowledgedBalances, requestedAt: new Date() } });
  const forChild = user.isKid && Boolean(user.parentEmail);
  const sentTo = forChild ? user.parentEmail! : user.email;
  const issued = await issueVerification(user.id, 'delete-account', sentTo);
  await sendDeleteConfirmationMail(sentTo, user.firstname, issued.linkToken, user.isKid, user.id);
  return { ok: true, sentTo, forChild };
}

/** A deletion the rider's state forbids right now: rolls the transaction back (the link is not spent). */
class DeletionRefused extends Error {}

export interface DeletionAnswer {
  ok: boolean;
  message: string;
  /** 200 for a deletion or a spent link, 409 for a refusal, 503 for a failure: the link still works for both. */
  status: 200 | 409 | 503;
  /** Whether the same link may succeed later. */
  retry: boolean;
}

/** Balances may only have shrunk since the rider confirmed giving them up. */
async function refuseUnconfirmedBalances(tx: Transaction, account: DeletedAccount): Promise<void> {
  const [request] = await tx.select().from(accountDeletionRequests).where(eq(accountDeletionRequests.userId, account.id));
  for (const { currency, amount } of await balancesToGiveUp(account.id, tx)) {
    if (BigInt(amount) > BigInt(request?.acknowledgedBalances[currency] ?? '0')) throw new DeletionRefused(DELETION_MESSAGES.balanceChanged);
  }
}

/**
 * Inside one transaction: every area of the registry reads its stored objects, then erases or
 * pseudonymises its rows, then the account row goes (the cascades follow it), and the removal of
 * the stored objects is queued. Returns their keys.
 */
export async function eraseAccount(tx: Transaction, account: DeletedAccount): Promise<string[]> {
  const objects = new Set<string>();
  const discard = (keys: Iterable<string | null | undefined>) => {
    for (const key of keys) if (isStorageKey(key)) objects.add(key);
  };
  for (const area of RIDER_DATA) if (area.storedObjects) discard(await area.storedObjects(tx, account.id));
  const [tombstone] = await tx.insert(deletedAccounts).values({}).returning({ id: deletedAccounts.id });
  for (const area of RIDER_DATA) await area.erase?.({ tx, account, tombstoneId: tombstone.id, discard });
  await tx.delete(users).where(eq(users.id, account.id));
  await queueObjectRemoval(tx, [...objects]);
  return [...objects];
}

/** The e-mailed link (`/delete-user/{code}`): deletes the account, or says why not and keeps the link usable. */
export async function confirmAccountDeletion(linkToken: string): Promise<DeletionAnswer> {
  let deleted: DeletedAccount | null;
  try {
    deleted = await db().transaction(async (tx) => {
      const check = await checkLink(linkToken, 'delete-account', new Date(), tx);
      if (!check.ok) return null;
      const account = await readDeletedAccount(tx, check.userId);
      if (!account) return null;
      if (await hasPendingWithdrawal(account.id, tx)) throw new DeletionRefused(DELETION_MESSAGES.withdrawalPending);
      await refuseUnconfirmedBalances(tx, account);
      await eraseAccount(tx, account);
      return account;
    });
  } catch (error) {
    if (error instanceof DeletionRefused) return { ok: false, message: error.message, status: 409, retry: true };
    console.error('An account deletion failed and was rolled back', error);
    return { ok: false, message: DELETION_MESSAGES.failed, status: 503, retry: true };
  }
  if (!deleted) return { ok: false, message: DELETION_MESSAGES.invalidLink, status: 200, retry: false };
  try {
    await sendAccountDeletedMail(deleted.isKid && deleted.parentEmail ? deleted.parentEmail : deleted.email, deleted.isKid);
  } catch (error) {
    console.error('The account was deleted but its notice could not be sent', error);
  }
  return { ok: true, message: DELETION_MESSAGES.deleted, status: 200, retry: false };
}
