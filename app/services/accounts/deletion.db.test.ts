import { randomUUID } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { db } from '~/db/client.server';
import {
  deletedAccounts,
  ledgerAccounts,
  ledgerTransactions,
  outbox,
  paymentOrders,
  sessions,
  users,
  walletVerificationRequests,
  withdrawalRequests,
} from '~/db/schema';
import { action as profileAction, loader as profileLoader } from '~/routes/user.profile/route';
import { action as linksAction } from '~/routes/auth.links/route';
import { sandboxAdapter, settleSandboxSession, SANDBOX_CARDS } from '~/services/adapters/payments/sandbox.server';
import { checkLedgerInvariants, closedAccount, getBalance, postTransfer, riderAccount, SYSTEM_ACCOUNTS } from '~/services/ledger/index.server';
import { fulfilPayment, startGemCheckout } from '~/services/shop/orders.server';
import { decideWithdrawal } from '~/services/wallet/wallet-review.server';
import { requestWithdrawal } from '~/services/wallet/wallet.server';
import { setUpTestDatabase } from '../../../tests/helpers/db';
import { createTestUser, signedInRequest } from '../../../tests/helpers/users';
import { confirmAccountDeletion, deletionPanelOf, DELETION_MESSAGES, requestAccountDeletion } from './deletion.server';
import { RIDER_DATA, type RiderDataArea } from './rider-data.server';
import { storage } from '../adapters/storage.server';
import { runDueJobs } from '../platform/jobs.server';

setUpTestDatabase();

const SECRET = 'deletion-test-webhook-secret-0123456789abcdef';
const BINANCE_EMAIL = 'binance-deleted@example.com';
const WALLET_ADDRESS = 'bc1qdeletedrider0000000000000000000000000000';

/** The token of the newest deletion link e-mailed to `address`. */
async function deletionLink(address: string): Promise<string> {
  const [mail] = await db()
    .select()
    .from(outbox)
    .where(and(eq(outbox.recipient, address), sql`${outbox.meta} ->> 'kind' = 'delete-account'`))
    .orderBy(desc(outbox.id))
    .limit(1);
  return new URL(String(mail.meta?.link)).pathname.split('/').pop()!;
}

/** POST /auth/links as the page does with JavaScript: the status and body the rider's browser gets. */
async function postDeletionLink(token: string) {
  const response = await linksAction({
    request: new Request('http://localhost/auth/links', { method: 'POST', body: new URLSearchParams({ kind: 'delete-user', intent: 'verify', token }) }),
    params: {},
    context: {},
  });
  return { status: response.status, body: (await response.json()) as { ok: boolean; message: string; retry?: boolean } };
}

async function credit(userId: string, currency: 'BTC' | 'COIN' | 'GEM', amount: bigint) {
  await postTransfer({
    idempotencyKey: `test-credit:${userId}:${currency}:${randomUUID()}`,
    legs: [{ from: SYSTEM_ACCOUNTS.prizePool, to: riderAccount(userId), currency, amount }],
    memo: 'Test credit',
  });
}

async function verifiedWalletRider() {
  const rider = await createTestUser();
  await db().insert(walletVerificationRequests).values({
    userId: rider.id,
    binanceEmail: BINANCE_EMAIL,
    phoneNumber: '+971501234567',
    walletAddress: WALLET_ADDRESS,
    passportKey: 'wallet/00000000000000000000000000000000.jpg',
    screenshotKeys: [],
    status: 'approved',
  });
  return rider;
}

describe('account deletion that works for every rider (issue 26 item 1)', () => {
  it('deletes a rider who opened a card checkout, keeps the order under a tombstone, and spends the link', async () => {
    const rider = await createTestUser();
    const started = await startGemCheckout(rider.id, 'gems_250', sandboxAdapter(SECRET));
    expect(started.ok).toBe(true);
    expect(await requestAccountDeletion(rider.id)).toMatchObject({ ok: true, sentTo: rider.email, forChild: false });
    const token = await deletionLink(rider.email);

    expect(await postDeletionLink(token)).toEqual({ status: 200, body: { ok: true, message: DELETION_MESSAGES.deleted, retry: false } });
    expect(await db().select().from(users).where(eq(users.id, rider.id))).toEqual([]);
    const [order] = await db()
      .select()
      .from(paymentOrders)
      .where(eq(paymentOrders.id, started.ok ? started.orderId : ''));
    expect(order.userId).toBeNull();
    const [tombstone] = await db().select().from(deletedAccounts).where(eq(deletedAccounts.id, order.deletedAccountId!));
    expect(tombstone).toBeDefined();
    expect((await postDeletionLink(token)).body).toMatchObject({ ok: false, message: DELETION_MESSAGES.invalidLink, retry: false });
  });

  it('credits a card payment that completes after the deletion to the tombstone, where nothing spends it', async () => {
    const rider = await createTestUser();
    const adapter = sandboxAdapter(SECRET);
    const started = await startGemCheckout(rider.id, 'gems_250', adapter);
    if (!started.ok) throw new Error(started.message);
    await requestAccountDeletion(rider.id);
    expect(await confirmAccountDeletion(await deletionLink(rider.email))).toMatchObject({ ok: true });
    const paymentId = started.sessionUrl.split('/').pop()!;
    await settleSandboxSession(paymentId, SANDBOX_CARDS.success);
    expect(await fulfilPayment(adapter.name, { paymentId, status: 'paid' })).toBe(true);
    const [order] = await db().select().from(paymentOrders).where(eq(paymentOrders.id, started.orderId));
    expect(order.status).toBe('paid');
    expect((await getBalance(closedAccount(order.deletedAccountId!), 'GEM')).posted).toBe(order.gems);
    expect(await checkLedgerInvariants()).toEqual([]);
  });

  it('shows the balances, requires the rider to give them up, forfeits them on the ledger and leaves no personal data in it', async () => {
    const rider = await verifiedWalletRider();
    await credit(rider.id, 'BTC', 3_000_000n);
    await credit(rider.id, 'COIN', 120n);
    await credit(rider.id, 'GEM', 40n);
    // A settled withdrawal: its ledger metadata carried the Binance e-mail and wallet address.
    const withdrawal = await requestWithdrawal(rider, { amountSatoshi: 1_000_000n, requestKey: randomUUID() });
    if (!withdrawal.ok) throw new Error(withdrawal.message);
    const staff = await createTestUser({ role: 'staff' });
    expect(await decideWithdrawal({ requestId: withdrawal.requestNo, staffId: staff.id, approve: true, payoutReference: 'tx-1' })).toBe(true);
    const left = (await getBalance(riderAccount(rider.id), 'BTC')).posted;

    expect(await deletionPanelOf(rider)).toEqual({
      balances: [
        { currency: 'BTC', amount: left.toString() },
        { currency: 'COIN', amount: '120' },
        { currency: 'GEM', amount: '40' },
      ],
      blockedBecause: null,
      waitingForParent: false,
    });
    expect(await requestAccountDeletion(rider.id)).toEqual({ ok: false, message: DELETION_MESSAGES.confirmBalances });
    expect(await db().$count(outbox, eq(outbox.recipient, rider.email))).toBe(0);
    const forfeitedBefore = (await getBalance(SYSTEM_ACCOUNTS.forfeited, 'BTC')).posted;
    expect(await requestAccountDeletion(rider.id, { giveUpBalances: true })).toMatchObject({ ok: true });
    expect(await confirmAccountDeletion(await deletionLink(rider.email))).toMatchObject({ ok: true });

    expect(await checkLedgerInvariants()).toEqual([]);
    expect((await getBalance(SYSTEM_ACCOUNTS.forfeited, 'BTC')).posted - forfeitedBefore).toBe(left);
    expect(await db().$count(ledgerAccounts, eq(ledgerAccounts.code, riderAccount(rider.id)))).toBe(0);
    const [payout] = await db().select().from(withdrawalRequests).where(eq(withdrawalRequests.id, withdrawal.requestNo));
    expect(payout).toMatchObject({ userId: null, email: null, walletAddress: null, status: 'approved', payoutReference: 'tx-1' });
    expect(payout.idempotencyKey).not.toContain(rider.id);
    const closed = closedAccount(payout.deletedAccountId!);
    expect(await getBalance(closed, 'BTC')).toMatchObject({ posted: 0n, pending: 0n });
    const named = await db()
      .select({ id: ledgerTransactions.id })
      .from(ledgerTransactions)
      .where(
        sql`${ledgerTransactions.idempotencyKey} like ${`%${rider.id}%`} or ${ledgerTransactions.metadata}::text like any (array[${`%${BINANCE_EMAIL}%`}, ${`%${WALLET_ADDRESS}%`}])`,
      );
    expect(named).toEqual([]);
    const [held] = await db()
      .select({ metadata: ledgerTransactions.metadata })
      .from(ledgerTransactions)
      .where(sql`${ledgerTransactions.metadata} ->> 'requestNo' = ${String(withdrawal.requestNo)}`);
    expect(held.metadata).toEqual({ kind: 'withdrawal', requestNo: withdrawal.requestNo, fee: '15000' });
  });

  it('refuses while a withdrawal waits for staff, keeps the link usable, and deletes with the same link once it is settled', async () => {
    const rider = await verifiedWalletRider();
    await credit(rider.id, 'BTC', 2_000_000n);
    const first = await requestWithdrawal(rider, { amountSatoshi: 1_000_000n, requestKey: randomUUID() });
    if (!first.ok) throw new Error(first.message);
    expect((await deletionPanelOf(rider)).blockedBecause).toBe(DELETION_MESSAGES.withdrawalPending);
    expect(await requestAccountDeletion(rider.id, { giveUpBalances: true })).toEqual({ ok: false, message: DELETION_MESSAGES.withdrawalPending });
    const staff = await createTestUser({ role: 'staff' });
    await decideWithdrawal({ requestId: first.requestNo, staffId: staff.id, approve: false, reason: 'Try again later' });

    expect(await requestAccountDeletion(rider.id, { giveUpBalances: true })).toMatchObject({ ok: true });
    const token = await deletionLink(rider.email);
    // A withdrawal asked for between the request and the link.
    const second = await requestWithdrawal(rider, { amountSatoshi: 1_000_000n, requestKey: randomUUID() });
    if (!second.ok) throw new Error(second.message);
    expect(await postDeletionLink(token)).toEqual({ status: 409, body: { ok: false, message: DELETION_MESSAGES.withdrawalPending, retry: true } });
    expect(await db().$count(users, eq(users.id, rider.id))).toBe(1);

    await decideWithdrawal({ requestId: second.requestNo, staffId: staff.id, approve: false, reason: 'No' });
    expect((await postDeletionLink(token)).body).toMatchObject({ ok: true });
    expect(await checkLedgerInvariants()).toEqual([]);
    const kept = await db()
      .select()
      .from(withdrawalRequests)
      .where(sql`${withdrawalRequests.id} in (${first.requestNo}, ${second.requestNo})`);
    expect(kept.map((row) => [row.status, row.userId, row.rejectionReason])).toEqual([
      ['rejected', null, null],
      ['rejected', null, null],
    ]);
  });

  it('refuses a balance larger than the one the rider gave up, without spending the link', async () => {
    const rider = await createTestUser();
    await credit(rider.id, 'COIN', 10n);
    await requestAccountDeletion(rider.id, { giveUpBalances: true });
    await credit(rider.id, 'COIN', 5n);
    const token = await deletionLink(rider.email);
    expect(await postDeletionLink(token)).toEqual({ status: 409, body: { ok: false, message: DELETION_MESSAGES.balanceChanged, retry: true } });
    await requestAccountDeletion(rider.id, { giveUpBalances: true });
    expect(await confirmAccountDeletion(await deletionLink(rider.email))).toMatchObject({ ok: true });
  });

  it('rolls everything back when a step fails: the rider sees a clear error, the link still works, nothing is removed', async () => {
    const avatar = await storage().put('avatars', new Uint8Array([1, 2, 3]), 'jpg');
    const rider = await createTestUser({ avatarPath: avatar });
    await credit(rider.id, 'GEM', 7n);
    await requestAccountDeletion(rider.id, { giveUpBalances: true });
    const token = await deletionLink(rider.email);
    const shop = RIDER_DATA.find((area) => area.area === 'shop') as Required<RiderDataArea>;
    const broken = vi.spyOn(shop, 'erase').mockRejectedValueOnce(new Error('disk full'));
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});

    expect(await postDeletionLink(token)).toEqual({ status: 503, body: { ok: false, message: DELETION_MESSAGES.failed, retry: true } });
    expect(logged).toHaveBeenCalledWith('An account deletion failed and was rolled back', expect.any(Error));
    broken.mockRestore();
    expect(await db().$count(users, eq(users.id, rider.id))).toBe(1);
    expect((await getBalance(riderAccount(rider.id), 'GEM')).posted).toBe(7n);
    expect(await checkLedgerInvariants()).toEqual([]);
    expect(await storage().get(avatar)).toEqual(new Uint8Array([1, 2, 3]));

    expect((await postDeletionLink(token)).body).toMatchObject({ ok: true });
    // Removed by the job the committed deletion queued (this test runs no workers).
    expect(await storage().get(avatar)).not.toBeNull();
    await runDueJobs(['storage.remove-objects']);
    expect(await storage().get(avatar)).toBeNull();
  });
});

describe('the delete panel (profile)', () => {
  async function postDelete(userId: string, fields: Record<string, string> = {}) {
    const { request, sessionId } = await signedInRequest(userId, 'http://localhost/user/profile?tab=delete', {
      method: 'POST',
      body: new URLSearchParams({ intent: 'delete', ...fields }),
    });
    const reply = await profileAction({ request, params: {}, context: {} });
    return { reply, sessionId };
  }

  it('refuses an unconfirmed balance with the message on the panel, then signs an adult out once the link is sent', async () => {
    const rider = await createTestUser();
    await credit(rider.id, 'BTC', 50_000n);
    const refused = await postDelete(rider.id);
    expect(refused.reply).toMatchObject({ init: { status: 400 }, data: { intent: 'delete', deleteError: DELETION_MESSAGES.confirmBalances } });
    const { reply, sessionId } = await postDelete(rider.id, { giveUpBalances: 'on' });
    expect((reply as Response).headers.get('Location')).toBe('/auth/login');
    expect(await db().$count(sessions, eq(sessions.id, sessionId))).toBe(0);
  });

  it('keeps a child signed in and shows that the request waits for the parent', async () => {
    const kid = await createTestUser({ isKid: true, parentEmail: 'parent-of-kid@example.com' });
    const { reply, sessionId } = await postDelete(kid.id);
    expect((reply as Response).headers.get('Location')).toBe('/user/profile?tab=delete');
    expect(await db().$count(sessions, eq(sessions.id, sessionId))).toBe(1);
    const { request } = await signedInRequest(kid.id, 'http://localhost/user/profile?tab=delete');
    const page = await profileLoader({ request, params: {}, context: {} });
    expect(page.deletion).toEqual({ balances: [], blockedBecause: null, waitingForParent: true });
    expect(await deletionLink('parent-of-kid@example.com')).toBeTruthy();
  });

  it("sends the 'account deleted' notice to the rider, or to the parent for a child, naming no one", async () => {
    const kid = await createTestUser({ isKid: true, parentEmail: 'notice-parent@example.com', firstname: 'Zoltan' });
    await requestAccountDeletion(kid.id);
    expect(await confirmAccountDeletion(await deletionLink('notice-parent@example.com'))).toMatchObject({ ok: true });
    const [notice] = await db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.recipient, 'notice-parent@example.com'), sql`${outbox.meta} ->> 'kind' = 'account-deleted'`));
    expect(notice.subject).toBe('Your Paceline account has been deleted');
    expect(notice.body).toContain("Your child's Paceline account and all of its data have been deleted");
    expect(notice.body).not.toContain('Zoltan');
    expect(notice.accountId).toBeNull();
    // The parent's earlier mail about the child went with the child's account.
    expect(await db().$count(outbox, and(eq(outbox.recipient, 'notice-parent@example.com'), sql`${outbox.meta} ->> 'kind' = 'delete-account'`))).toBe(0);
  });
});
