/** Spec 2 §3 "Server shop item": what the game economy service lists. */
export interface EconomyItem {
  Id: number;
  Type: number;
  /** The coin price when UnlockType is 1 and CurrencyType 0. */
  UnlockValue: number;
  UnlockType: number;
  CurrencyType: number;
}

/** Spec 2 §3 "Bundle". Price is in AED for gems bundles and in gems for coins bundles. */
export interface EconomyBundle {
  Platform: string;
  Type: 'gems' | 'coins';
  Identifier: string;
  Reward: number;
  Price: string;
}

/** Spec 2 §3 "Static catalogue entry" (the fields the shop reads; the files carry more). */
export interface StaticCatalogueEntry {
  ID: number;
  Name: string;
  Brandtitle: string;
  Description: string;
  Weight: number;
  Color: string;
  ItemType: number;
  UnlockingType: 'E_Level' | 'E_Base' | 'E_CustomAvatar';
  UnlockingValue: number;
  thumbnail: string;
  Aerodynamics?: number;
  BikeType?: 'E_RoadBike' | 'E_TTBike';
}

/** Spec 2 §3 "Shop item as displayed". */
export interface ShopItem {
  Id: number;
  Name: string;
  Description: string;
  /** Public URL of the image, or null for the placeholder. */
  thumbnail: string | null;
  Type: number;
  UnlockValue: number;
  Aerodynamics: number;
  Weight: number;
}

export interface ShopBundle {
  identifier: string;
  reward: number;
  /** AED for gems bundles (as in the catalogue, e.g. "18.99"), gems for coins bundles. */
  price: string;
}

/** What the shop tab loads (GET /user/shop): items per category code, bundles, balances, owned ids. */
export interface ShopData {
  loaded: boolean;
  items: Record<number, ShopItem[]>;
  coinsBundles: ShopBundle[];
  gemsBundles: ShopBundle[];
  coins: string;
  gems: string;
  owned: number[];
  /** The payload layer's key (hex): a compatibility layer the game clients share, not a secret (DESIGN §6). */
  payloadKey: string;
}
