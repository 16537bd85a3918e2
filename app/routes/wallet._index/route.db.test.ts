import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from '~/db/client.server';
import { ledgerAccounts, ledgerTransactions, walletVerificationRequests } from '~/db/schema';
import { holdTransfer, postTransfer, riderAccount, SYSTEM_ACCOUNTS, voidHold } from '~/services/ledger/index.server';
import { loader as transactionsLoader } from '~/routes/wallet.transactions/route';
import { setUpTestDatabase } from '../../../tests/helpers/db';
import { queriesOf } from '../../../tests/helpers/query-count';
import { createTestUser, signedInRequest } from '../../../tests/helpers/users';
import { loader } from './route';

setUpTestDatabase();

/** A rider with `prizes` prize credits of 1,000 satoshi each (memo "Prize n") and a verification. */
async function riderWithHistory(prizes: number) {
  const rider = await createTestUser({ firstname: 'Paging', lastname: 'Rider' });
  for (let n = 1; n <= prizes; n++) {
    await postTransfer({
      idempotencyKey: `prize:${rider.id}:${n}`,
      legs: [{ from: SYSTEM_ACCOUNTS.prizePool, to: riderAccount(rider.id), currency: 'BTC', amount: 1_000n }],
      memo: `Prize ${n}`,
    });
  }
  await db().insert(walletVerificationRequests).values({
    userId: rider.id,
    binanceEmail: 'b@example.com',
    phoneNumber: '+971501234567',
    walletAddress: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
    passportKey: 'wallet/00000000000000000000000000000000.jpg',
    screenshotKeys: [],
  });
  return rider;
}

async function loaded(response: unknown) {
  const body = response instanceof Response ? await response.json() : response;
  return body as Extract<Awaited<ReturnType<typeof loader>>, { ok: true }>;
}

describe('/wallet loader', () => {
  it('reads the session, the wallet and a page of transactions in three queries', async () => {
    const rider = await riderWithHistory(23);
    const { request } = await signedInRequest(rider.id, 'http://localhost/wallet?page=3');
    const { result, queries } = await queriesOf(() => loader({ request, params: {}, context: {} }));
    const page = await loaded(result);
    expect(queries).toHaveLength(3);
    expect(page.wallet.walletData.balance).toBe('0.000230');
    expect(page.wallet.verificationStatus).toBe('pending');
    expect(page.transactions.rows.map((row) => row.description)).toEqual(['Prize 3', 'Prize 2', 'Prize 1']);
    expect(page.transactions.meta).toEqual({ current_page: 3, last_page: 3, total: 23, per_page: 10 });
    const [account] = await db()
      .select()
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.code, riderAccount(rider.id)));
    expect(page.wallet.walletData.lastUpdated).toBe(account.lastActivityAt!.toISOString());
  });

  it('answers the transactions table in two queries, search and paging together, and past the last page', async () => {
    const rider = await riderWithHistory(23);
    const get = async (query: string) => {
      const { request } = await signedInRequest(rider.id, `http://localhost/wallet/transactions?${query}`);
      const { result, queries } = await queriesOf(() => transactionsLoader({ request, params: {}, context: {} }));
      return { body: (await result.json()) as { rows: Array<{ description: string }>; meta: { total: number; last_page: number } }, queries };
    };
    const searched = await get('page=2&search=Prize%201');
    // "Prize 1" matches 1 and 10–19: eleven rows, the second page holds the last one.
    expect(searched.queries).toHaveLength(2);
    expect(searched.body.rows.map((row) => row.description)).toEqual(['Prize 1']);
    expect(searched.body.meta).toMatchObject({ total: 11, last_page: 2 });
    const beyond = await get('page=9');
    expect(beyond.body.rows).toEqual([]);
    expect(beyond.body.meta).toMatchObject({ total: 23, last_page: 3 });
    const nobody = await createTestUser();
    const { request } = await signedInRequest(nobody.id, 'http://localhost/wallet/transactions?page=1');
    expect(((await (await transactionsLoader({ request, params: {}, context: {} })).json()) as { meta: { total: number } }).meta.total).toBe(0);
  });

  it('moves the last activity with the balance: when a hold is made and when it is voided', async () => {
    const rider = await riderWithHistory(1);
    const account = riderAccount(rider.id);
    const activity = async () => (await db().select({ at: ledgerAccounts.lastActivityAt }).from(ledgerAccounts).where(eq(ledgerAccounts.code, account)))[0].at!;
    const credited = await activity();
    const { transactionId } = await holdTransfer({
      idempotencyKey: `hold:${rider.id}`,
      legs: [{ from: account, to: SYSTEM_ACCOUNTS.payoutClearing, currency: 'BTC', amount: 500n }],
      memo: 'Withdrawal',
    });
    const held = await activity();
    const [hold] = await db().select().from(ledgerTransactions).where(eq(ledgerTransactions.id, transactionId));
    expect(held.getTime()).toBe(hold.createdAt.getTime());
    expect(held.getTime()).toBeGreaterThanOrEqual(credited.getTime());
    await voidHold(transactionId);
    const [voided] = await db().select().from(ledgerTransactions).where(eq(ledgerTransactions.id, transactionId));
    expect((await activity()).getTime()).toBe(voided.settledAt!.getTime());
  });
});
