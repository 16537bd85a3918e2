import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from '~/db/client.server';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from '~/db/schema';
import { setUpTestDatabase } from '../../../tests/helpers/db';
import {
  checkLedgerInvariants,
  getBalance,
  holdTransfer,
  InsufficientFundsError,
  listAccountHistory,
  postHold,
  postTransfer,
  postTransfers,
  reverseTransfer,
  riderAccount,
  SYSTEM_ACCOUNTS,
  voidHold,
  type AccountCode,
} from './index.server';

setUpTestDatabase();

const AMOUNT = 100_000n;
const FEE = 1_000n;

async function fund(rider: AccountCode, satoshi: bigint) {
  await postTransfer({
    idempotencyKey: `prize:${randomUUID()}`,
    legs: [{ from: SYSTEM_ACCOUNTS.prizePool, to: rider, currency: 'BTC', amount: satoshi }],
    memo: 'Prize',
  });
}

function withdrawal(rider: AccountCode, key = `withdrawal:${randomUUID()}`) {
  return holdTransfer({
    idempotencyKey: key,
    legs: [
      { from: rider, to: SYSTEM_ACCOUNTS.payoutClearing, currency: 'BTC', amount: AMOUNT },
      { from: rider, to: SYSTEM_ACCOUNTS.fees, currency: 'BTC', amount: FEE },
    ],
    memo: 'Withdrawal',
  });
}

async function ledgerSumsPerCurrency() {
  return db()
    .select({ currency: ledgerEntries.currency, sum: sql<string>`sum(${ledgerEntries.amount})::text` })
    .from(ledgerEntries)
    .groupBy(ledgerEntries.currency);
}

describe('ledger', () => {
  it('holds exactly as many of 200 simultaneous withdrawals as the balance covers', async () => {
    const rider = riderAccount(randomUUID());
    await fund(rider, 7n * (AMOUNT + FEE) + 50_000n);

    const outcomes = await Promise.allSettled(Array.from({ length: 200 }, () => withdrawal(rider)));

    const held = outcomes.filter((outcome) => outcome.status === 'fulfilled');
    const refused = outcomes.filter((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
    expect(held).toHaveLength(7);
    expect(refused).toHaveLength(193);
    for (const outcome of refused) expect(outcome.reason).toBeInstanceOf(InsufficientFundsError);
    expect(await getBalance(rider, 'BTC')).toEqual({
      posted: 7n * (AMOUNT + FEE) + 50_000n,
      pending: 7n * (AMOUNT + FEE),
      available: 50_000n,
      pendingIncoming: 0n,
    });
    for (const { sum } of await ledgerSumsPerCurrency()) expect(sum).toBe('0');
    expect(await checkLedgerInvariants()).toEqual([]);
  });

  it('moves money once for one idempotency key, however often and however concurrently it is sent', async () => {
    const rider = riderAccount(randomUUID());
    await fund(rider, 1_000_000n);
    const key = `withdrawal:${randomUUID()}`;

    const [first, ...again] = await Promise.all(Array.from({ length: 5 }, () => withdrawal(rider, key)));
    const later = await withdrawal(rider, key);

    const results = [first, ...again, later];
    expect(new Set(results.map((result) => result.transactionId)).size).toBe(1);
    expect(results.filter((result) => !result.replayed)).toHaveLength(1);
    expect(await db().select().from(ledgerTransactions).where(eq(ledgerTransactions.idempotencyKey, key))).toHaveLength(1);
    expect((await getBalance(rider, 'BTC')).available).toBe(1_000_000n - AMOUNT - FEE);

    const prizeKey = `prize:${randomUUID()}`;
    const prize = { idempotencyKey: prizeKey, legs: [{ from: SYSTEM_ACCOUNTS.prizePool, to: rider, currency: 'BTC' as const, amount: 5n }], memo: 'Prize' };
    const posted = await postTransfer(prize);
    expect(await postTransfer(prize)).toEqual({ transactionId: posted.transactionId, replayed: true });
    expect((await getBalance(rider, 'BTC')).posted).toBe(1_000_005n);
  });

  it('posts or voids a hold exactly once, even when both are raced', async () => {
    const rider = riderAccount(randomUUID());
    await fund(rider, 1_000_000n);
    const feesBefore = await getBalance(SYSTEM_ACCOUNTS.fees, 'BTC');
    const { transactionId } = await withdrawal(rider);

    const [posted, voided] = await Promise.all([postHold(transactionId), voidHold(transactionId)]);
    expect([posted, voided].filter(Boolean)).toHaveLength(1);
    expect(await postHold(transactionId)).toBe(false);
    expect(await voidHold(transactionId)).toBe(false);

    const balance = await getBalance(rider, 'BTC');
    expect(balance.pending).toBe(0n);
    expect(balance.posted).toBe(posted ? 1_000_000n - AMOUNT - FEE : 1_000_000n);
    expect(balance.available).toBe(balance.posted);
    const fees = await getBalance(SYSTEM_ACCOUNTS.fees, 'BTC');
    expect(fees.pendingIncoming).toBe(feesBefore.pendingIncoming);
    expect(fees.posted).toBe(feesBefore.posted + (posted ? FEE : 0n));
    expect(await checkLedgerInvariants()).toEqual([]);
  });

  it('refuses to take a rider below zero and records nothing', async () => {
    const rider = riderAccount(randomUUID());
    await fund(rider, AMOUNT);
    await expect(
      postTransfer({
        idempotencyKey: `spend:${randomUUID()}`,
        legs: [{ from: rider, to: SYSTEM_ACCOUNTS.shopRevenue, currency: 'BTC', amount: AMOUNT + 1n }],
        memo: 'Too much',
      }),
    ).rejects.toMatchObject({ name: 'InsufficientFundsError', account: rider, currency: 'BTC' });
    expect(await getBalance(rider, 'BTC')).toMatchObject({ posted: AMOUNT, available: AMOUNT });
    expect((await listAccountHistory(rider, 'BTC', { page: 1, perPage: 10 })).total).toBe(1);
  });

  it("joins the caller's transaction: when the caller fails, nothing moved", async () => {
    const rider = riderAccount(randomUUID());
    await fund(rider, 10n);
    const key = `coin:${randomUUID()}`;
    await expect(
      db().transaction(async (tx) => {
        await postTransfer({ idempotencyKey: key, legs: [{ from: rider, to: SYSTEM_ACCOUNTS.shopRevenue, currency: 'BTC', amount: 10n }], memo: 'Item' }, tx);
        throw new Error('the ownership row could not be written');
      }),
    ).rejects.toThrow('ownership');
    expect((await getBalance(rider, 'BTC')).posted).toBe(10n);
    expect(await db().select().from(ledgerTransactions).where(eq(ledgerTransactions.idempotencyKey, key))).toHaveLength(0);
  });

  it('keeps entries append-only and corrects with a reversing transaction', async () => {
    const rider = riderAccount(randomUUID());
    const { transactionId } = await postTransfer({
      idempotencyKey: `gems:${randomUUID()}`,
      legs: [{ from: SYSTEM_ACCOUNTS.gemIssuer, to: rider, currency: 'GEM', amount: 40n }],
      memo: 'Gems',
    });
    await expect(db().update(ledgerEntries).set({ amount: 1n }).where(eq(ledgerEntries.transactionId, transactionId))).rejects.toThrow();
    await expect(db().delete(ledgerEntries).where(eq(ledgerEntries.transactionId, transactionId))).rejects.toThrow();

    await reverseTransfer(transactionId, { idempotencyKey: `reverse:${transactionId}`, memo: 'Correction' });
    expect((await getBalance(rider, 'GEM')).posted).toBe(0n);
    expect((await getBalance(SYSTEM_ACCOUNTS.gemIssuer, 'GEM')).posted).toBe(0n);
    const history = await listAccountHistory(rider, 'GEM', { page: 1, perPage: 10 });
    expect(history.rows.map((row) => [row.memo, row.amount])).toEqual([
      ['Correction', -40n],
      ['Gems', 40n],
    ]);
    expect(await checkLedgerInvariants()).toEqual([]);
  });

  it('pages and searches an account history, newest first', async () => {
    const rider = riderAccount(randomUUID());
    for (let index = 1; index <= 12; index++) {
      await postTransfer({
        idempotencyKey: `prize:${rider}:${index}`,
        legs: [{ from: SYSTEM_ACCOUNTS.prizePool, to: rider, currency: 'BTC', amount: BigInt(index) }],
        memo: `Prize for race ${index}`,
        metadata: { event: `race-${index}` },
      });
    }
    const second = await listAccountHistory(rider, 'BTC', { page: 2, perPage: 10 });
    expect(second.total).toBe(12);
    expect(second.rows.map((row) => row.amount)).toEqual([2n, 1n]);
    const found = await listAccountHistory(rider, 'BTC', { page: 1, perPage: 10, search: 'race 1' });
    expect(found.rows.map((row) => row.memo)).toEqual(['Prize for race 12', 'Prize for race 11', 'Prize for race 10', 'Prize for race 1']);
    expect((await listAccountHistory(rider, 'BTC', { page: 1, perPage: 10, search: '100%' })).total).toBe(0);
  });

  it("keeps each account's entry count with its entries: holds, posts, voids and replays; a drifted count is reported", async () => {
    const rider = riderAccount(randomUUID());
    await fund(rider, 10n * AMOUNT);
    const held = await withdrawal(rider, `withdrawal:${rider}:1`);
    await withdrawal(rider, `withdrawal:${rider}:1`);
    await postHold(held.transactionId);
    await voidHold((await withdrawal(rider)).transactionId);
    // Funding, two withdrawals (a replay adds nothing; posting or voiding a hold adds no entry).
    expect((await listAccountHistory(rider, 'BTC', { page: 1, perPage: 10 })).total).toBe(3);
    expect(await checkLedgerInvariants()).toEqual([]);

    // Drifted inside a transaction that is rolled back, so no other test ever sees the drift.
    const rolledBack = new Error('rolled back');
    await expect(
      db().transaction(async (tx) => {
        await tx.update(ledgerAccounts).set({ entryCount: 7 }).where(eq(ledgerAccounts.code, rider));
        expect(await checkLedgerInvariants(tx)).toEqual([`account ${rider} (BTC) disagrees with its entries`]);
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
    expect(await checkLedgerInvariants()).toEqual([]);
  });

  it('posts transfers in bulk: balanced, balances moved once, keys replayed, all or nothing', async () => {
    const rider = riderAccount(randomUUID());
    const prizes = Array.from({ length: 2_500 }, (_, index) => ({
      idempotencyKey: `bulk:${rider}:${index}`,
      legs: [{ from: SYSTEM_ACCOUNTS.prizePool, to: rider, currency: 'BTC' as const, amount: BigInt(index + 1) }],
      memo: `Bulk prize ${index + 1}`,
    }));
    expect(await postTransfers(prizes.slice(0, 100))).toEqual({ posted: 100, replayed: 0 });
    expect(await postTransfers(prizes)).toEqual({ posted: 2_400, replayed: 100 });
    const total = (2_500n * 2_501n) / 2n;
    expect(await getBalance(rider, 'BTC')).toMatchObject({ posted: total, available: total });
    const history = await listAccountHistory(rider, 'BTC', { page: 1, perPage: 2 });
    expect(history.total).toBe(2_500);
    expect(history.rows.map((row) => row.memo)).toEqual(['Bulk prize 2500', 'Bulk prize 2499']);

    // A batch whose debits the rider cannot cover records nothing, not even its coverable part.
    const spend = (index: number, amount: bigint) => ({
      idempotencyKey: `spend:${rider}:${index}`,
      legs: [{ from: rider, to: SYSTEM_ACCOUNTS.shopRevenue, currency: 'BTC' as const, amount }],
      memo: 'Spend',
    });
    await expect(postTransfers([spend(1, 1n), spend(2, total)])).rejects.toBeInstanceOf(InsufficientFundsError);
    expect((await getBalance(rider, 'BTC')).posted).toBe(total);
    expect(
      await db()
        .select()
        .from(ledgerTransactions)
        .where(eq(ledgerTransactions.idempotencyKey, `spend:${rider}:1`)),
    ).toHaveLength(0);
    for (const { sum } of await ledgerSumsPerCurrency()) expect(sum).toBe('0');
    expect(await checkLedgerInvariants()).toEqual([]);
  });
});
