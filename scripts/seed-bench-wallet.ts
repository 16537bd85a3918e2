// Gives rider@paceline.local BENCH_WALLET_TRANSACTIONS (default 10,000) wallet transactions
// through the ledger, for bench/pages/wallet.mjs: one bulk posting (multi-row INSERTs in one
// database transaction, decision 075), then the ledger's invariants are checked. Idempotent
// (fixed keys: a second run moves nothing). Run with the bench's database environment:
//   PGLITE_DIR=data/bench-pglite npx tsx scripts/seed-bench-wallet.ts
import { eq } from 'drizzle-orm';
import { db } from '~/db/client.server';
import { users } from '~/db/schema';
import { DEMO_USERS } from '~/services/seed/accounts';
import {
  checkLedgerInvariants,
  entrySumsPerCurrency,
  getBalance,
  postedEntrySum,
  postTransfers,
  riderAccount,
  SYSTEM_ACCOUNTS,
  type TransferInput,
} from '~/services/ledger/index.server';
import { startServices, stopServices } from '~/services/platform/startup.server';

const count = Number(process.env.BENCH_WALLET_TRANSACTIONS ?? 10_000);
if (!process.env.DATABASE_URL) process.env.PGLITE_DIR ??= 'data/bench-pglite';

await startServices({ seed: true });
const [rider] = await db().select({ id: users.id }).from(users).where(eq(users.email, DEMO_USERS.rider));
if (!rider) throw new Error(`${DEMO_USERS.rider} is missing: seed the demo data first`);
const account = riderAccount(rider.id);
const started = performance.now();
const transfers: TransferInput[] = Array.from({ length: count }, (_, index) => ({
  idempotencyKey: `bench:wallet:${index}`,
  legs: [{ from: SYSTEM_ACCOUNTS.prizePool, to: account, currency: 'BTC', amount: BigInt(1_000 + (index % 97) * 100) }],
  memo: `Prize: bench race ${index + 1}`,
  metadata: { kind: 'prize' },
}));
const { posted, replayed } = await postTransfers(transfers);
console.log(`${posted} wallet transactions for ${DEMO_USERS.rider} in ${((performance.now() - started) / 1000).toFixed(1)} s (${replayed} already there)`);

// The ledger must still be sound: every currency's entries sum to zero, the rider's balance is
// the sum of the rider's entries, and every account agrees with its entries.
const problems = await checkLedgerInvariants();
for (const [currency, sum] of await entrySumsPerCurrency()) if (sum !== 0n) problems.push(`${currency} entries sum to ${sum}, not 0`);
const [balance, entries] = await Promise.all([getBalance(account, 'BTC'), postedEntrySum(account, 'BTC')]);
if (balance.posted !== entries) problems.push(`${DEMO_USERS.rider}'s balance ${balance.posted} is not the sum of the rider's entries ${entries}`);
await stopServices();
if (problems.length > 0) {
  console.error(`The ledger is not sound after seeding:\n${problems.join('\n')}`);
  process.exit(1);
}
console.log('Ledger checked: entries sum to zero per currency, balances equal their entries.');
