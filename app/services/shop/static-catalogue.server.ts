import type { EconomyBundle, EconomyItem, StaticCatalogueEntry } from '~/lib/shop/types';
import frames from '../../../catalogue/frames.json';
import wheels from '../../../catalogue/wheels.json';
import headgear from '../../../catalogue/headgear.json';
import gloves from '../../../catalogue/gloves.json';
import eyewear from '../../../catalogue/eyewear.json';
import jerseys from '../../../catalogue/jerseys.json';
import socks from '../../../catalogue/socks.json';
import shoes from '../../../catalogue/shoes.json';
import hair from '../../../catalogue/avatar/hair.json';
import facialHair from '../../../catalogue/avatar/facial-hair.json';
import head from '../../../catalogue/avatar/head.json';
import garageItems from '../../../catalogue/economy/garage-items.json';
import bundles from '../../../catalogue/economy/bundles.json';

/**
 * The static catalogue (spec 2 §3), bundled into the server build from `catalogue/`: read once,
 * no file I/O per request. The avatar group (hair, facial hair, head) is catalogued but the
 * shop never shows it.
 */
const STATIC_CATALOGUE: StaticCatalogueEntry[] = [
  frames,
  wheels,
  headgear,
  gloves,
  eyewear,
  jerseys,
  socks,
  shoes,
  hair,
  facialHair,
  head,
].flat() as StaticCatalogueEntry[];

/** Public folder the entries' `thumbnail` names live in. */
export const THUMBNAIL_BASE = '/shop/items/';

/** What Paceline's own economy service sells: prices and unlock rules (`catalogue/economy/`). */
export const ECONOMY_ITEMS = garageItems as EconomyItem[];
export const ECONOMY_BUNDLES = bundles as EconomyBundle[];

let override: StaticCatalogueEntry[] | undefined;

export function staticCatalogue(): StaticCatalogueEntry[] {
  return override ?? STATIC_CATALOGUE;
}

/** Tests that need more items than the demo catalogue has; `undefined` restores it. */
export function setStaticCatalogueForTests(entries: StaticCatalogueEntry[] | undefined): void {
  override = entries;
}
