import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from '~/db/client.server';
import { ledgerTransactions, outbox, walletVerificationRequests, withdrawalRequests } from '~/db/schema';
import { loader as walletLoader } from '~/routes/wallet._index/route';
import { action as verificationAction } from '~/routes/wallet.account-verification/route';
import { action as codeAction } from '~/routes/wallet.request-otp.$channel/route';
import { loader as transactionsLoader } from '~/routes/wallet.transactions/route';
import { action as withdrawalAction } from '~/routes/wallet.withdrawal-request/route';
import { setUpTestDatabase } from '../../../tests/helpers/db';
import { approveWallet } from '../../../tests/helpers/wallet';
import { createTestUser, signedInRequest } from '../../../tests/helpers/users';
import { checkLedgerInvariants, getBalance, postTransfer, riderAccount, SYSTEM_ACCOUNTS } from '../ledger/index.server';
import { decideVerification, decideWithdrawal } from './wallet-review.server';
import { listWalletTransactions, loadWallet, requestWithdrawal } from './wallet.server';

setUpTestDatabase();

async function verifiedRider(balanceSatoshi: bigint) {
  const rider = await createTestUser();
  await approveWallet(rider.id, balanceSatoshi);
  return rider;
}

async function outcomeOf(run: () => Promise<unknown>): Promise<number> {
  try {
    const result = await run();
    if (result instanceof Response) return result.status;
    return (result as { init?: { status?: number } }).init?.status ?? 200;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.status;
    throw thrown;
  }
}

const AMOUNT = 1_000_000n; // 0.01 BTC; the fee at 1.5 % is 15,000 satoshi.

describe('wallet', () => {
  it('refuses every wallet action of a child with 403 and changes nothing', async () => {
    const kid = await createTestUser({ isKid: true });
    await postTransfer({
      idempotencyKey: `prize:${kid.id}`,
      legs: [{ from: SYSTEM_ACCOUNTS.prizePool, to: riderAccount(kid.id), currency: 'BTC', amount: AMOUNT * 2n }],
      memo: 'Prize',
    });
    const before = await Promise.all([
      db().$count(withdrawalRequests),
      db().$count(walletVerificationRequests),
      db().$count(ledgerTransactions),
      db().$count(outbox),
    ]);
    const post = async (path: string, body: Record<string, string>) =>
      (await signedInRequest(kid.id, `http://localhost${path}`, { method: 'POST', body: new URLSearchParams(body) })).request;

    expect(
      await outcomeOf(async () =>
        withdrawalAction({
          request: await post('/wallet/withdrawal-request', { amount: '0.01', email: 'a@b.co', walletAddress: 'x', requestKey: randomUUID() }),
          params: {},
          context: {},
        }),
      ),
    ).toBe(403);
    expect(
      await outcomeOf(async () =>
        verificationAction({ request: await post('/wallet/account-verification', { binance_email: 'a@b.co' }), params: {}, context: {} }),
      ),
    ).toBe(403);
    expect(
      await outcomeOf(async () =>
        codeAction({
          request: await post('/wallet/request-otp/phone', { phone_number: '501234567', phone_country: 'AE' }),
          params: { channel: 'phone' },
          context: {},
        }),
      ),
    ).toBe(403);
    expect(
      await outcomeOf(async () =>
        codeAction({ request: await post('/wallet/request-otp/email', { email: 'a@b.co' }), params: { channel: 'email' }, context: {} }),
      ),
    ).toBe(403);
    const { request: transactions } = await signedInRequest(kid.id, 'http://localhost/wallet/transactions?page=1');
    expect(await outcomeOf(() => transactionsLoader({ request: transactions, params: {}, context: {} }))).toBe(403);

    const after = await Promise.all([
      db().$count(withdrawalRequests),
      db().$count(walletVerificationRequests),
      db().$count(ledgerTransactions),
      db().$count(outbox),
    ]);
    expect(after).toEqual(before);
    expect((await getBalance(riderAccount(kid.id), 'BTC')).available).toBe(AMOUNT * 2n);

    const { request: page } = await signedInRequest(kid.id, 'http://localhost/wallet');
    const redirect = await walletLoader({ request: page, params: {}, context: {} }).catch((thrown: unknown) => thrown);
    expect(redirect).toBeInstanceOf(Response);
    expect((redirect as Response).headers.get('Location')).toBe('/user/activities');
  });

  it('holds exactly as many of 200 simultaneous withdrawal requests as the balance covers', async () => {
    const fee = 15_000n;
    const rider = await verifiedRider(7n * (AMOUNT + fee) + 10_000n);
    const outcomes = await Promise.all(Array.from({ length: 200 }, () => requestWithdrawal(rider, { amountSatoshi: AMOUNT, requestKey: randomUUID() })));
    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(7);
    expect(outcomes.filter((outcome) => !outcome.ok && outcome.message === 'Total amount including fee exceeds available balance')).toHaveLength(193);
    expect(await db().$count(withdrawalRequests, eq(withdrawalRequests.userId, rider.id))).toBe(7);
    expect(await getBalance(riderAccount(rider.id), 'BTC')).toMatchObject({ available: 10_000n, pending: 7n * (AMOUNT + fee) });
    expect(await checkLedgerInvariants()).toEqual([]);
  });

  it('makes one request of a double submit, and lets staff decide it once even when approve and reject race', async () => {
    const staff = await createTestUser({ role: 'staff' });
    const rider = await verifiedRider(AMOUNT * 3n);
    const requestKey = randomUUID();
    const [first, second] = await Promise.all([
      requestWithdrawal(rider, { amountSatoshi: AMOUNT, requestKey }),
      requestWithdrawal(rider, { amountSatoshi: AMOUNT, requestKey }),
    ]);
    expect(first.ok && second.ok && first.requestNo === second.requestNo).toBe(true);
    expect(await db().$count(withdrawalRequests, eq(withdrawalRequests.userId, rider.id))).toBe(1);
    const requestNo = first.ok ? first.requestNo : 0;

    const decisions = await Promise.all([
      decideWithdrawal({ requestId: requestNo, staffId: staff.id, approve: true, payoutReference: 'BINANCE-1' }),
      decideWithdrawal({ requestId: requestNo, staffId: staff.id, approve: false, reason: 'race' }),
      decideWithdrawal({ requestId: requestNo, staffId: staff.id, approve: true, payoutReference: 'BINANCE-2' }),
    ]);
    expect(decisions.filter(Boolean)).toHaveLength(1);
    const [row] = await db().select().from(withdrawalRequests).where(eq(withdrawalRequests.id, requestNo));
    expect(row.decidedBy).toBe(staff.id);
    expect(row.decidedAt).not.toBeNull();
    const balance = await getBalance(riderAccount(rider.id), 'BTC');
    expect(balance.pending).toBe(0n);
    expect(balance.posted).toBe(row.status === 'approved' ? AMOUNT * 3n - AMOUNT - 15_000n : AMOUNT * 3n);

    const history = await listWalletTransactions(rider, { page: 1, search: `#${requestNo}` });
    expect(history.rows.map((entry) => [entry.request_no, entry.status])).toEqual([[requestNo, row.status]]);
    const wallet = await loadWallet(rider);
    expect(wallet.walletData.pendingRequests).toBe(0);
    expect(wallet.walletData.currentMonthTransactions).toBe(row.status === 'approved' ? 1 : 0);
    expect(await checkLedgerInvariants()).toEqual([]);
  });

  it('decides a verification once and shows the rider the reason of a rejection', async () => {
    const staff = await createTestUser({ role: 'staff' });
    const rider = await createTestUser();
    const [request] = await db()
      .insert(walletVerificationRequests)
      .values({
        userId: rider.id,
        binanceEmail: 'b@example.com',
        phoneNumber: '+971501234567',
        walletAddress: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
        passportKey: 'wallet/00000000000000000000000000000000.jpg',
        screenshotKeys: [],
      })
      .returning({ id: walletVerificationRequests.id });
    expect((await loadWallet(rider)).verificationStatus).toBe('pending');
    const decided = await Promise.all([
      decideVerification({ requestId: request.id, staffId: staff.id, approve: false, reason: 'The screenshot is unreadable' }),
      decideVerification({ requestId: request.id, staffId: staff.id, approve: true }),
    ]);
    expect(decided.filter(Boolean)).toHaveLength(1);
    const wallet = await loadWallet(rider);
    expect(['approved', 'rejected']).toContain(wallet.verificationStatus);
    if (wallet.verificationStatus === 'rejected') expect(wallet.rejectionReason).toBe('The screenshot is unreadable');
    const refused = await requestWithdrawal(rider, { amountSatoshi: AMOUNT, requestKey: randomUUID() });
    if (wallet.verificationStatus === 'rejected')
      expect(refused).toEqual({ ok: false, message: 'Your account must be verified before you can withdraw funds.' });
  });
});
