import { json } from '@remix-run/node';
import { ECONOMY_ITEMS } from '~/services/shop/static-catalogue.server';

/** Paceline's own game economy service (spec 2 §7 GET v1/economy/garage/item): prices are public. */
export function loader() {
  return json({ data: ECONOMY_ITEMS }, { headers: { 'Cache-Control': 'public, max-age=300' } });
}
