// Gives rider@paceline.local BENCH_WALLET_TRANSACTIONS (default 10,000) wallet transactions
// through the ledger, for bench/pages/wallet.mjs. Idempotent (fixed keys; skipped when already
// there). Run with the bench's database environment, after the demo data exists:
//   PGLITE_DIR=data/bench-pglite npx tsx scripts/seed-bench-wallet.ts
import { eq } from 'drizzle-orm';
import { db } from '~/db/client.server';
import { users } from '~/db/schema';
import { DEMO_USERS } from '~/db/seed/accounts';
import { listAccountHistory, postTransfer, riderAccount, SYSTEM_ACCOUNTS } from '~/services/ledger/index.server';
import { startServices, stopServices } from '~/services/platform/startup.server';

const count = Number(process.env.BENCH_WALLET_TRANSACTIONS ?? 10_000);
if (!process.env.DATABASE_URL) process.env.PGLITE_DIR ??= 'data/bench-pglite';

await startServices({ seed: true });
const [rider] = await db().select({ id: users.id }).from(users).where(eq(users.email, DEMO_USERS.rider));
if (!rider) throw new Error(`${DEMO_USERS.rider} is missing: seed the demo data first`);
const account = riderAccount(rider.id);
const started = performance.now();
const { total } = await listAccountHistory(account, 'BTC', { page: 1, perPage: 1 });
if (total >= count) {
  console.log(`${DEMO_USERS.rider} already has ${total} wallet transactions`);
} else {
  for (let index = 0; index < count; index++) {
    await postTransfer({
      idempotencyKey: `bench:wallet:${index}`,
      legs: [{ from: SYSTEM_ACCOUNTS.prizePool, to: account, currency: 'BTC', amount: BigInt(1_000 + (index % 97) * 100) }],
      memo: `Prize: bench race ${index + 1}`,
      metadata: { kind: 'prize' },
    });
  }
  console.log(`${count} wallet transactions for ${DEMO_USERS.rider} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
await stopServices();
