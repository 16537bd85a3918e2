import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { db } from '~/db/client.server';
import { cachedRiderPage } from '~/db/rider-reads.server';
import { shopOwnedItems } from '~/db/schema';
import { emptyCategories, isSoldForCoins, shopBundles, shopItemsByCategory } from '~/lib/shop/catalogue';
import type { EconomyItem, ShopBundle, ShopData } from '~/lib/shop/types';
import { formatUnits } from '~/lib/money';
import { economy } from '../adapters/economy.server';
import { getEnv } from '../platform/env.server';
import { getBalance, InsufficientFundsError, postTransfer, riderAccount, SYSTEM_ACCOUNTS } from '../ledger/index.server';
import { SHOP_MESSAGES } from '~/lib/shop/messages';
import { staticCatalogue, THUMBNAIL_BASE } from './static-catalogue.server';

/**
 * The in-game shop (spec 2 §2–§5): what a rider sees, the check, and the two coin/gem
 * purchases. Coins and gems are ledger currencies (COIN, GEM): this module never keeps a
 * balance of its own. Kids never reach it (the routes answer 403).
 */
export type ShopAnswer = { status: true; message: string } | { status: false; message: string };

export async function getShopBalances(userId: string): Promise<{ coins: bigint; gems: bigint }> {
  const [coins, gems] = await Promise.all([getBalance(riderAccount(userId), 'COIN'), getBalance(riderAccount(userId), 'GEM')]);
  return { coins: coins.available, gems: gems.available };
}

async function ownedItemIds(userId: string): Promise<number[]> {
  const rows = await db().select({ itemId: shopOwnedItems.itemId }).from(shopOwnedItems).where(eq(shopOwnedItems.userId, userId));
  return rows.map((row) => row.itemId);
}

/** Spec 2 §4: a failed item load leaves every category empty; no bundles leaves both lists empty. */
async function loadItems(): Promise<{ loaded: boolean; items: ShopData['items'] }> {
  try {
    return { loaded: true, items: shopItemsByCategory(await economy().listItems(), staticCatalogue(), THUMBNAIL_BASE) };
  } catch (error) {
    console.warn('shop: the economy service failed to list items:', error);
    return { loaded: false, items: emptyCategories() };
  }
}

async function loadBundles(): Promise<{ gemsBundles: ShopBundle[]; coinsBundles: ShopBundle[] }> {
  try {
    return shopBundles(await economy().listBundles());
  } catch {
    return { gemsBundles: [], coinsBundles: [] };
  }
}

/** Everything the shop tab shows for one rider. */
export async function loadShopData(userId: string): Promise<ShopData> {
  // The rider's part is kept until anything it read is written (a purchase, a top-up, a grant).
  const riderPart = cachedRiderPage('shop', userId, () => Promise.all([getShopBalances(userId), ownedItemIds(userId)]));
  const [{ loaded, items }, bundles, [balances, owned]] = await Promise.all([loadItems(), loadBundles(), riderPart]);
  return {
    loaded,
    items,
    ...bundles,
    coins: formatUnits(balances.coins),
    gems: formatUnits(balances.gems),
    owned,
    payloadKey: getEnv().PAYLOAD_KEY,
  };
}

/** The economy's own entry for an item sold for coins (the server's price, never the client's). */
async function itemForSale(itemId: number, type?: number): Promise<EconomyItem | null> {
  const item = (await economy().listItems()).find((candidate) => candidate.Id === itemId && (type === undefined || candidate.Type === type));
  const known = item && staticCatalogue().some((entry) => entry.ID === item.Id && entry.ItemType === item.Type);
  return item && known && isSoldForCoins(item) ? item : null;
}

export interface CheckResult {
  user_coins: string;
  user_gems: string;
  /** Why Buy is hidden (spec 2 §4 step 2), or null when the rider may buy. */
  error: string | null;
}

/** Spec 2 §7 check-user-purchase-item: may this rider buy this item now? */
export async function checkItemPurchase(userId: string, itemId: number): Promise<CheckResult> {
  const [item, balances] = await Promise.all([itemForSale(itemId), getShopBalances(userId)]);
  let error: string | null = null;
  if (!item) error = SHOP_MESSAGES.notForSale;
  else if ((await ownedItemIds(userId)).includes(item.Id)) error = SHOP_MESSAGES.alreadyOwned;
  else if (balances.coins < BigInt(item.UnlockValue)) error = SHOP_MESSAGES.notEnoughCoins;
  return { user_coins: formatUnits(balances.coins), user_gems: formatUnits(balances.gems), error };
}

class AlreadyOwnedError extends Error {}

/**
 * Spec 2 §7 purchase/item: debits the coins and records ownership in one database transaction.
 * The ownership key makes a second copy impossible; a concurrent second purchase waits on it and
 * then finds the item owned, so there is one debit.
 */
export async function purchaseItem(userId: string, itemId: number, type: number): Promise<ShopAnswer> {
  const item = await itemForSale(itemId, type);
  if (!item) return { status: false, message: SHOP_MESSAGES.notForSale };
  const price = BigInt(item.UnlockValue);
  try {
    await db().transaction(async (tx) => {
      const inserted = await tx
        .insert(shopOwnedItems)
        .values({ userId, itemType: item.Type, itemId: item.Id, priceCoins: price })
        .onConflictDoNothing()
        .returning({ itemId: shopOwnedItems.itemId });
      if (inserted.length === 0) throw new AlreadyOwnedError();
      const { transactionId } = await postTransfer(
        {
          idempotencyKey: `shop-item:${userId}:${item.Type}:${item.Id}`,
          legs: [{ from: riderAccount(userId), to: SYSTEM_ACCOUNTS.shopRevenue, currency: 'COIN', amount: price }],
          memo: `Shop item ${item.Id}`,
          metadata: { itemId: item.Id, itemType: item.Type },
        },
        tx,
      );
      await tx
        .update(shopOwnedItems)
        .set({ ledgerTransactionId: transactionId })
        .where(and(eq(shopOwnedItems.userId, userId), eq(shopOwnedItems.itemType, item.Type), eq(shopOwnedItems.itemId, item.Id)));
    });
    return { status: true, message: SHOP_MESSAGES.purchaseSuccessful };
  } catch (error) {
    if (error instanceof AlreadyOwnedError) return { status: false, message: SHOP_MESSAGES.alreadyOwned };
    if (error instanceof InsufficientFundsError) return { status: false, message: SHOP_MESSAGES.notEnoughCoins };
    throw error;
  }
}

export function findBundle(list: ShopBundle[], packageId: string): ShopBundle | null {
  return list.find((bundle) => bundle.identifier === packageId) ?? null;
}

export type CoinsAnswer = { status: true; reward: number } | { status: false; message: string };

/**
 * Spec 2 §7 purchase/gems: a coins bundle bought with gems, in one ledger transaction (gems
 * out, coins in). `requestId` comes from the browser per attempt, so a retried post is replayed,
 * not bought twice.
 */
export async function purchaseCoins(userId: string, packageId: string, requestId: string = randomUUID()): Promise<CoinsAnswer> {
  const bundle = findBundle((await loadBundles()).coinsBundles, packageId);
  if (!bundle) return { status: false, message: SHOP_MESSAGES.noPackage };
  try {
    await postTransfer({
      idempotencyKey: `shop-coins:${userId}:${requestId}`,
      legs: [
        { from: riderAccount(userId), to: SYSTEM_ACCOUNTS.shopRevenue, currency: 'GEM', amount: BigInt(bundle.price) },
        { from: SYSTEM_ACCOUNTS.coinIssuer, to: riderAccount(userId), currency: 'COIN', amount: BigInt(bundle.reward) },
      ],
      memo: `Coins bundle ${bundle.identifier}`,
      metadata: { packageId: bundle.identifier },
    });
    return { status: true, reward: bundle.reward };
  } catch (error) {
    if (error instanceof InsufficientFundsError) return { status: false, message: SHOP_MESSAGES.notEnoughGems };
    throw error;
  }
}

export { loadBundles };
