import { eq, inArray } from 'drizzle-orm';
import type { Database } from '~/db/client.server';
import { users } from '~/db/schema';
import { CATEGORY } from '~/lib/shop/catalogue';
import { postTransfer, riderAccount, SYSTEM_ACCOUNTS } from '~/services/ledger/index.server';
import { purchaseItem } from '~/services/shop/shop.server';
import { DEMO_USERS } from './accounts';

/**
 * Coins and gems for the demo adult riders, through the ledger, and two items the demo rider
 * already owns, so the shop shows every state. Idempotent: the grants have fixed keys and a
 * second purchase of an owned item is refused.
 */
const GRANTS = [
  { email: DEMO_USERS.rider, coins: 3_000n, gems: 120n },
  { email: DEMO_USERS.pro, coins: 500n, gems: 20n },
  { email: DEMO_USERS.staff, coins: 1_000n, gems: 0n },
];

export async function seedShop(database: Database): Promise<void> {
  const rows = await database
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(
      inArray(
        users.email,
        GRANTS.map((grant) => grant.email),
      ),
    );
  for (const grant of GRANTS) {
    const user = rows.find((row) => row.email === grant.email);
    if (!user) continue;
    const legs = [
      { from: SYSTEM_ACCOUNTS.coinIssuer, to: riderAccount(user.id), currency: 'COIN' as const, amount: grant.coins },
      ...(grant.gems > 0n ? [{ from: SYSTEM_ACCOUNTS.gemIssuer, to: riderAccount(user.id), currency: 'GEM' as const, amount: grant.gems }] : []),
    ];
    await postTransfer({ idempotencyKey: `seed-shop:${grant.email}`, legs, memo: 'Demo coins and gems' });
  }
  const [rider] = await database.select({ id: users.id }).from(users).where(eq(users.email, DEMO_USERS.rider));
  if (!rider) return;
  await purchaseItem(rider.id, 1203, CATEGORY.headgear);
  await purchaseItem(rider.id, 1801, CATEGORY.jersey);
}
