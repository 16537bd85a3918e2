import { describe, expect, it } from 'vitest';
import { CATEGORY, shopBundles, shopItemsByCategory, showsPerformanceBars } from './catalogue';
import type { StaticCatalogueEntry } from './types';

const entry = (ID: number, ItemType: number, thumbnail = `${ID}.svg`): StaticCatalogueEntry => ({
  ID,
  Name: `Item ${ID}`,
  Brandtitle: 'B',
  Description: `About ${ID}`,
  Weight: 40,
  Color: '#000',
  ItemType,
  UnlockingType: 'E_Level',
  UnlockingValue: 1,
  thumbnail,
  Aerodynamics: 70,
});

describe('the §4 shop filter', () => {
  it('keeps only static matches with a non-zero price, UnlockType 1 and CurrencyType 0', () => {
    const statics = [
      entry(1, CATEGORY.frames),
      entry(2, CATEGORY.frames),
      entry(3, CATEGORY.frames),
      entry(4, CATEGORY.frames),
      entry(5, CATEGORY.socks, ''),
      entry(6, CATEGORY.hair),
    ];
    const items = shopItemsByCategory(
      [
        { Id: 1, Type: 0, UnlockValue: 100, UnlockType: 1, CurrencyType: 0 },
        { Id: 2, Type: 0, UnlockValue: 0, UnlockType: 1, CurrencyType: 0 },
        { Id: 3, Type: 0, UnlockValue: 100, UnlockType: 0, CurrencyType: 0 },
        { Id: 4, Type: 0, UnlockValue: 100, UnlockType: 1, CurrencyType: 1 },
        { Id: 5, Type: 10, UnlockValue: 20, UnlockType: 1, CurrencyType: 0 },
        { Id: 6, Type: 6, UnlockValue: 20, UnlockType: 1, CurrencyType: 0 },
        { Id: 7, Type: 0, UnlockValue: 20, UnlockType: 1, CurrencyType: 0 },
        { Id: 1, Type: 1, UnlockValue: 20, UnlockType: 1, CurrencyType: 0 },
      ],
      statics,
      '/t/',
    );
    expect(items[CATEGORY.frames]).toEqual([
      { Id: 1, Name: 'Item 1', Description: 'About 1', thumbnail: '/t/1.svg', Type: 0, UnlockValue: 100, Aerodynamics: 70, Weight: 40 },
    ]);
    expect(items[CATEGORY.wheels]).toEqual([]);
    expect(items[CATEGORY.socks][0].thumbnail).toBeNull();
    expect(items[CATEGORY.hair]).toBeUndefined();
  });

  it('shows bars for frames and wheels only; bundles are IOS only and ascending', () => {
    expect([0, 1, 2, 8].map(showsPerformanceBars)).toEqual([true, true, false, false]);
    const { gemsBundles, coinsBundles } = shopBundles([
      { Platform: 'IOS', Type: 'gems', Identifier: 'g2', Reward: 200, Price: '30.00' },
      { Platform: 'Android', Type: 'gems', Identifier: 'a', Reward: 50, Price: '9.00' },
      { Platform: 'IOS', Type: 'gems', Identifier: 'g1', Reward: 100, Price: '18.99' },
      { Platform: 'IOS', Type: 'coins', Identifier: 'c1', Reward: 1000, Price: '50' },
    ]);
    expect(gemsBundles.map((bundle) => bundle.identifier)).toEqual(['g1', 'g2']);
    expect(coinsBundles).toEqual([{ identifier: 'c1', reward: 1000, price: '50' }]);
  });
});
