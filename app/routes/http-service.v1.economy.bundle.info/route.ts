import { json } from '@remix-run/node';
import { ECONOMY_BUNDLES } from '~/services/shop/static-catalogue.server';

/** Paceline's own game economy service (spec 2 §7 GET v1/economy/bundle/info). */
export function loader() {
  return json({ data: ECONOMY_BUNDLES }, { headers: { 'Cache-Control': 'public, max-age=300' } });
}
