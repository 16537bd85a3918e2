import { eq } from 'drizzle-orm';
import { postTransfer, riderAccount, SYSTEM_ACCOUNTS } from '~/services/ledger/index.server';
import type { Database } from '../client.server';
import { users } from '../schema';
import { DEMO_USERS } from './accounts';

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

/** Through the ledger, with fixed idempotency keys: running it again moves nothing. */
export async function seedWallet(database: Database): Promise<void> {
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
