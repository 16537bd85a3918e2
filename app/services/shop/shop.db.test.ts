import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { db } from '~/db/client.server';
import { shopOwnedItems } from '~/db/schema';
import type { EconomyItem, StaticCatalogueEntry } from '~/lib/shop/types';
import { encryptPayload } from '~/lib/shop/payload';
import { CATEGORY } from '~/lib/shop/catalogue';
import { setEconomyForTests, localEconomy } from '~/services/adapters/economy.server';
import { getEnv } from '~/services/platform/env.server';
import { checkLedgerInvariants, getBalance, postTransfer, riderAccount, SYSTEM_ACCOUNTS } from '~/services/ledger/index.server';
import { action as purchaseAction } from '~/routes/api.garage.purchase.item/route';
import { loader as shopLoader } from '~/routes/user.shop/route';
import { setUpTestDatabase } from '../../../tests/helpers/db';
import { createTestUser, signedInRequest } from '../../../tests/helpers/users';
import { SHOP_MESSAGES } from '~/lib/shop/messages';
import { checkItemPurchase, getShopBalances, loadShopData, purchaseCoins, purchaseItem } from './shop.server';
import { setStaticCatalogueForTests } from './static-catalogue.server';

setUpTestDatabase();

let grant = 0;
async function give(userId: string, currency: 'COIN' | 'GEM', amount: bigint) {
  const issuer = currency === 'COIN' ? SYSTEM_ACCOUNTS.coinIssuer : SYSTEM_ACCOUNTS.gemIssuer;
  await postTransfer({ idempotencyKey: `test-grant-${grant++}`, legs: [{ from: issuer, to: riderAccount(userId), currency, amount }], memo: 'test grant' });
}

describe('shop data', () => {
  it('shows only items the §4 rule allows, bundles IOS-only and ascending, balances and owned items', async () => {
    const rider = await createTestUser();
    await give(rider.id, 'COIN', 1000n);
    await purchaseItem(rider.id, 1203, CATEGORY.headgear);
    const data = await loadShopData(rider.id);
    expect(data.loaded).toBe(true);
    const frames = data.items[CATEGORY.frames].map((item) => item.Id);
    expect(frames).toEqual([1001, 1002, 1003, 1004]); // 1005 by level, 1006 free, 9999 not in the static catalogue
    expect(data.items[CATEGORY.wheels].map((item) => item.Id)).not.toContain(1105); // priced in gems
    expect(Object.keys(data.items)).not.toContain(String(CATEGORY.hair));
    expect(data.items[CATEGORY.frames][0]).toMatchObject({
      Name: 'Aero Blade R1',
      Aerodynamics: 82,
      Weight: 64,
      thumbnail: '/shop/items/1001.svg',
      UnlockValue: 1200,
    });
    expect(data.items[CATEGORY.socks].find((item) => item.Id === 2004)?.thumbnail).toBeNull();
    expect(data.gemsBundles.map((bundle) => bundle.reward)).toEqual([100, 250, 500]);
    expect(data.coinsBundles.map((bundle) => bundle.identifier)).toEqual(['coins_1000', 'coins_2500', 'coins_5000']);
    expect(data).toMatchObject({ coins: '850', gems: '0', owned: [1203] });
  });

  it('shows every category empty when the economy service fails', async () => {
    const rider = await createTestUser();
    setEconomyForTests({ listItems: () => Promise.reject(new Error('down')), listBundles: () => localEconomy.listBundles() });
    try {
      const data = await loadShopData(rider.id);
      expect(data.loaded).toBe(false);
      expect(Object.values(data.items).every((list) => list.length === 0)).toBe(true);
    } finally {
      setEconomyForTests(undefined);
    }
  });

  it('refuses a kid with 403 on the data and on every purchase call', async () => {
    const kid = await createTestUser({ isKid: true });
    const { request } = await signedInRequest(kid.id, 'http://localhost/user/shop');
    await expect(shopLoader({ request, params: {}, context: {} })).rejects.toMatchObject({ status: 403 });
    const payload = await encryptPayload({ item_id: 1203, Type: 2 }, getEnv().PAYLOAD_KEY);
    const post = await signedInRequest(kid.id, 'http://localhost/api/garage/purchase/item', { method: 'POST', body: new URLSearchParams({ payload }) });
    await expect(purchaseAction({ request: post.request, params: {}, context: {} })).rejects.toMatchObject({ status: 403 });
  });
});

describe('item purchase', () => {
  it('checks, buys through the encrypted call, and refuses a second copy with a clear message', async () => {
    const rider = await createTestUser();
    await give(rider.id, 'COIN', 600n);
    expect((await checkItemPurchase(rider.id, 1001)).error).toBe(SHOP_MESSAGES.notEnoughCoins);
    expect(await checkItemPurchase(rider.id, 1201)).toEqual({ user_coins: '600', user_gems: '0', error: null });
    const payload = await encryptPayload({ item_id: 1201, Type: 2 }, getEnv().PAYLOAD_KEY);
    const post = () => signedInRequest(rider.id, 'http://localhost/api/garage/purchase/item', { method: 'POST', body: new URLSearchParams({ payload }) });
    const first = await purchaseAction({ request: (await post()).request, params: {}, context: {} });
    expect(await first.json()).toEqual({ status: true, message: SHOP_MESSAGES.purchaseSuccessful });
    const second = await purchaseAction({ request: (await post()).request, params: {}, context: {} });
    expect(await second.json()).toEqual({ status: false, message: SHOP_MESSAGES.alreadyOwned });
    expect((await checkItemPurchase(rider.id, 1201)).error).toBe(SHOP_MESSAGES.alreadyOwned);
    expect((await getShopBalances(rider.id)).coins).toBe(100n);
  });

  it('refuses a payload that is not under the key', async () => {
    const rider = await createTestUser();
    const { request } = await signedInRequest(rider.id, 'http://localhost/api/garage/purchase/item', {
      method: 'POST',
      body: new URLSearchParams({ payload: 'abc:def' }),
    });
    const response = await purchaseAction({ request, params: {}, context: {} }).catch((thrown: unknown) => thrown as Response);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ status: false, message: SHOP_MESSAGES.exception });
  });

  describe('with 200 items for sale', () => {
    const many: EconomyItem[] = Array.from({ length: 200 }, (_, index) => ({
      Id: 50_000 + index,
      Type: CATEGORY.jersey,
      UnlockValue: 100,
      UnlockType: 1,
      CurrencyType: 0,
    }));
    beforeAll(() => {
      setEconomyForTests({ listItems: async () => many, listBundles: () => localEconomy.listBundles() });
      setStaticCatalogueForTests(
        many.map(
          (item) =>
            ({
              ID: item.Id,
              Name: `Jersey ${item.Id}`,
              Brandtitle: 'Test',
              Description: '',
              Weight: 50,
              Color: '#000',
              ItemType: item.Type,
              UnlockingType: 'E_Level',
              UnlockingValue: 1,
              thumbnail: '',
            }) satisfies StaticCatalogueEntry,
        ),
      );
    });
    afterAll(() => {
      setEconomyForTests(undefined);
      setStaticCatalogueForTests(undefined);
    });

    it('200 simultaneous purchases of different items with coins for 5 buy exactly 5, never below zero', async () => {
      const rider = await createTestUser();
      await give(rider.id, 'COIN', 500n);
      const answers = await Promise.all(many.map((item) => purchaseItem(rider.id, item.Id, item.Type)));
      expect(answers.filter((answer) => answer.status)).toHaveLength(5);
      expect(answers.filter((answer) => !answer.status).every((answer) => answer.message === SHOP_MESSAGES.notEnoughCoins)).toBe(true);
      expect(await getBalance(riderAccount(rider.id), 'COIN')).toMatchObject({ posted: 0n, available: 0n });
      expect(await db().select().from(shopOwnedItems).where(eq(shopOwnedItems.userId, rider.id))).toHaveLength(5);
      expect(await checkLedgerInvariants()).toEqual([]);
    });

    it('50 simultaneous purchases of the same item give one ownership and one debit', async () => {
      const rider = await createTestUser();
      await give(rider.id, 'COIN', 10_000n);
      const answers = await Promise.all(Array.from({ length: 50 }, () => purchaseItem(rider.id, many[0].Id, many[0].Type)));
      expect(answers.filter((answer) => answer.status)).toHaveLength(1);
      expect(answers.filter((answer) => !answer.status).every((answer) => answer.message === SHOP_MESSAGES.alreadyOwned)).toBe(true);
      expect(await db().select().from(shopOwnedItems).where(eq(shopOwnedItems.userId, rider.id))).toHaveLength(1);
      expect((await getBalance(riderAccount(rider.id), 'COIN')).posted).toBe(9_900n);
    });
  });
});

describe('coins with gems', () => {
  it('debits gems and credits coins in one transaction, replays a retried request, refuses too few gems', async () => {
    const rider = await createTestUser();
    await give(rider.id, 'GEM', 120n);
    const requestId = '00000000-0000-4000-8000-000000000001';
    expect(await purchaseCoins(rider.id, 'coins_2500', requestId)).toEqual({ status: true, reward: 2500 });
    expect(await purchaseCoins(rider.id, 'coins_2500', requestId)).toEqual({ status: true, reward: 2500 });
    expect(await getShopBalances(rider.id)).toEqual({ coins: 2500n, gems: 10n });
    expect(await purchaseCoins(rider.id, 'coins_1000')).toEqual({ status: false, message: SHOP_MESSAGES.notEnoughGems });
    expect(await purchaseCoins(rider.id, 'android_coins_1000')).toEqual({ status: false, message: SHOP_MESSAGES.noPackage });
    expect(await getShopBalances(rider.id)).toEqual({ coins: 2500n, gems: 10n });
  });
});
