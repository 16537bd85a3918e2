import type { EconomyBundle, EconomyItem, ShopBundle, ShopItem, StaticCatalogueEntry } from './types';

/** Spec 2 §3 category codes. */
export const CATEGORY = {
  frames: 0,
  wheels: 1,
  headgear: 2,
  gloves: 3,
  eyewear: 5,
  hair: 6,
  facialHair: 7,
  jersey: 8,
  socks: 10,
  shoes: 11,
  head: 15,
} as const;

/** Spec 2 §2: Bike (Frameset, Wheel) and APPAREL (Jersey, Head Gear, Shoes, Socks, Gloves, Eye wear); the avatar group is not shown. */
export const SHOP_TABS = [
  {
    id: 'bike',
    label: 'Bike',
    subTabs: [
      { id: 'frameset', label: 'Frameset', type: CATEGORY.frames },
      { id: 'wheel', label: 'Wheel', type: CATEGORY.wheels },
    ],
  },
  {
    id: 'apparel',
    label: 'APPAREL',
    subTabs: [
      { id: 'jersey', label: 'Jersey', type: CATEGORY.jersey },
      { id: 'head-gear', label: 'Head Gear', type: CATEGORY.headgear },
      { id: 'shoes', label: 'Shoes', type: CATEGORY.shoes },
      { id: 'socks', label: 'Socks', type: CATEGORY.socks },
      { id: 'gloves', label: 'Gloves', type: CATEGORY.gloves },
      { id: 'eye-wear', label: 'Eye wear', type: CATEGORY.eyewear },
    ],
  },
] as const;

const SHOP_CATEGORY_TYPES: number[] = SHOP_TABS.flatMap((tab) => tab.subTabs.map((sub) => sub.type));

/** Spec 2 §2: AERO and WEIGHT bars only for item types 0 and 1. */
export function showsPerformanceBars(type: number): boolean {
  return type === CATEGORY.frames || type === CATEGORY.wheels;
}

/** Spec 2 §4: sold for coins = non-zero UnlockValue, UnlockType 1, CurrencyType 0. */
export function isSoldForCoins(item: EconomyItem): boolean {
  return item.UnlockValue !== 0 && item.UnlockType === 1 && item.CurrencyType === 0;
}

/**
 * Spec 2 §4 "Shop item load": an economy item is shown only if it matches a static entry by id
 * (and category) and is sold for coins; name, description, aerodynamics, weight and thumbnail
 * come from the static data. Items of categories the shop does not show are dropped.
 */
export function shopItemsByCategory(economy: EconomyItem[], statics: StaticCatalogueEntry[], thumbnailBase: string): Record<number, ShopItem[]> {
  const byKey = new Map(statics.map((entry) => [`${entry.ItemType}:${entry.ID}`, entry]));
  const result: Record<number, ShopItem[]> = Object.fromEntries(SHOP_CATEGORY_TYPES.map((type) => [type, []]));
  for (const item of economy) {
    const entry = byKey.get(`${item.Type}:${item.Id}`);
    if (!entry || !isSoldForCoins(item) || !result[item.Type]) continue;
    result[item.Type].push({
      Id: item.Id,
      Name: entry.Name,
      Description: entry.Description,
      thumbnail: entry.thumbnail ? `${thumbnailBase}${entry.thumbnail}` : null,
      Type: item.Type,
      UnlockValue: item.UnlockValue,
      Aerodynamics: entry.Aerodynamics ?? 0,
      Weight: entry.Weight,
    });
  }
  return result;
}

/** Spec 2 §3 "Bundle": only IOS bundles, rewards sorted ascending, split into gems and coins lists. */
export function shopBundles(bundles: EconomyBundle[]): { gemsBundles: ShopBundle[]; coinsBundles: ShopBundle[] } {
  const pick = (type: EconomyBundle['Type']) =>
    bundles
      .filter((bundle) => bundle.Platform === 'IOS' && bundle.Type === type)
      .sort((a, b) => a.Reward - b.Reward)
      .map((bundle) => ({ identifier: bundle.Identifier, reward: bundle.Reward, price: bundle.Price }));
  return { gemsBundles: pick('gems'), coinsBundles: pick('coins') };
}

/** Every shop category empty: what a failed item load shows (spec 2 §4). */
export function emptyCategories(): Record<number, ShopItem[]> {
  return Object.fromEntries(SHOP_CATEGORY_TYPES.map((type) => [type, []]));
}
