import type { EconomyBundle, EconomyItem } from '~/lib/shop/types';
import { getEnv } from '../platform/env.server';
import { ECONOMY_BUNDLES, ECONOMY_ITEMS } from '../shop/static-catalogue.server';

/**
 * The game economy service (DESIGN §5, spec 2 §7 `v1/economy/garage/item`, `v1/economy/bundle/info`).
 * With ECONOMY_URL a remote service answers over HTTP; otherwise Paceline's own economy
 * (the same data its `/http-service/v1/economy/...` routes serve) answers in process.
 */
export interface EconomyAdapter {
  listItems(): Promise<EconomyItem[]>;
  listBundles(): Promise<EconomyBundle[]>;
}

const ECONOMY_TIMEOUT_MS = 5_000;

async function getList<T>(url: string): Promise<T[]> {
  const response = await fetch(url, { signal: AbortSignal.timeout(ECONOMY_TIMEOUT_MS) });
  if (!response.ok) throw new Error(`economy service answered ${response.status}`);
  const body: unknown = await response.json();
  // Both the bare list and the `{ data: [...] }` envelope are accepted.
  const list = Array.isArray(body) ? body : (body as { data?: unknown })?.data;
  if (!Array.isArray(list)) throw new Error('economy service answered without a list');
  return list as T[];
}

function remoteEconomy(baseUrl: string): EconomyAdapter {
  const base = baseUrl.replace(/\/$/, '');
  return {
    listItems: () => getList<EconomyItem>(`${base}/v1/economy/garage/item`),
    listBundles: () => getList<EconomyBundle>(`${base}/v1/economy/bundle/info`),
  };
}

export const localEconomy: EconomyAdapter = {
  listItems: async () => ECONOMY_ITEMS,
  listBundles: async () => ECONOMY_BUNDLES,
};

let override: EconomyAdapter | undefined;

export function economy(): EconomyAdapter {
  if (override) return override;
  const url = getEnv().ECONOMY_URL;
  return url ? remoteEconomy(url) : localEconomy;
}

/** Tests swap the economy (e.g. one that fails) and restore it with `undefined`. */
export function setEconomyForTests(adapter: EconomyAdapter | undefined): void {
  override = adapter;
}
