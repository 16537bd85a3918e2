import { eq } from 'drizzle-orm';
import { hashPassword } from '~/services/accounts/password.server';
import { postTransfer, postTransfers, riderAccount, SYSTEM_ACCOUNTS } from '~/services/ledger/index.server';
import type { Database } from '~/db/client.server';
import { users } from '~/db/schema';
import { DEMO_PASSWORD, DEMO_USERS } from './accounts';

/** Event prize payouts in BTC (satoshi) for the adult demo riders; the kid gets none. */
const PRIZES: Record<string, Array<{ memo: string; satoshi: bigint }>> = {
  [DEMO_USERS.rider]: [
    { memo: 'Prize: Sunday Race Club, 2nd place', satoshi: 1_250_000n },
    { memo: 'Prize: AlUla Tour stage 3, 5th place', satoshi: 420_000n },
    { memo: 'Prize: Team UAE crit series, 1st place', satoshi: 2_000_000n },
  ],
  [DEMO_USERS.pro]: [
    { memo: 'Prize: AlUla Tour overall, 1st place', satoshi: 5_000_000n },
    { memo: 'Prize: Sunday Race Club, 1st place', satoshi: 2_500_000n },
  ],
};

/**
 * A veteran of the weekly races whose wallet history runs over several pages (27 prizes, 10 a
 * page): the demo of the transactions table's paging and search. No other demo data uses him.
 */
const WALLET_VETERAN = { email: 'yusuf@paceline.local', firstname: 'Yusuf', lastname: 'Karim', gender: 0 };
const WALLET_VETERAN_PRIZES = Array.from({ length: 27 }, (_, index) => {
  const week = index + 1;
  return week % 2 === 1
    ? {
        memo: `Prize: Sunday Race Club week ${week}, ${(week % 5) + 1}${['st', 'nd', 'rd', 'th', 'th'][week % 5]} place`,
        satoshi: BigInt(200_000 + week * 10_000),
      }
    : { memo: `Prize: Desert Crit round ${week / 2}, 3rd place`, satoshi: 150_000n };
});

async function seedVeteran(database: Database): Promise<void> {
  await database
    .insert(users)
    .values({ ...WALLET_VETERAN, passwordHash: await hashPassword(DEMO_PASSWORD), status: 'active', dob: '1988-06-02', weightKg: 68, heightCm: 178 })
    .onConflictDoNothing();
  const [veteran] = await database.select({ id: users.id }).from(users).where(eq(users.email, WALLET_VETERAN.email));
  // Oldest first in one bulk posting: the history lists the newest (week 27) first.
  await database.transaction((tx) =>
    postTransfers(
      WALLET_VETERAN_PRIZES.map((prize, index) => ({
        idempotencyKey: `seed:prize:${WALLET_VETERAN.email}:${index}`,
        legs: [{ from: SYSTEM_ACCOUNTS.prizePool, to: riderAccount(veteran.id), currency: 'BTC', amount: prize.satoshi }],
        memo: prize.memo,
        metadata: { kind: 'prize' },
      })),
      tx,
    ),
  );
}

/** Through the ledger, with fixed idempotency keys: running it again moves nothing. */
export async function seedWallet(database: Database): Promise<void> {
  await seedVeteran(database);
  for (const [email, prizes] of Object.entries(PRIZES)) {
    const [user] = await database.select({ id: users.id }).from(users).where(eq(users.email, email));
    if (!user) continue;
    for (const [index, prize] of prizes.entries()) {
      await database.transaction((tx) =>
        postTransfer(
          {
            idempotencyKey: `seed:prize:${email}:${index}`,
            legs: [{ from: SYSTEM_ACCOUNTS.prizePool, to: riderAccount(user.id), currency: 'BTC', amount: prize.satoshi }],
            memo: prize.memo,
            metadata: { kind: 'prize' },
          },
          tx,
        ),
      );
    }
  }
}
