import { keptPerPeriod } from '~/lib/kept-time-format';
import { pageParam } from '~/lib/paging';

// One formatter for every call: toLocaleString with options builds a new one each time, which
// was 13 % of /wallet's request thread for its 20 rows and header (docs/performance.md).
const DATE_TIME_FORMAT = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });

/** Wallet dates as the table and header show them (UTC, so server and browser render alike); per minute. */
export const formatDateTime = keptPerPeriod(60_000, (time) => `${DATE_TIME_FORMAT.format(time)} UTC`);

const FLAG_OF: Record<number, string> = {
  14: 'AU',
  15: 'AT',
  18: 'BH',
  22: 'BE',
  31: 'BR',
  39: 'CA',
  45: 'CN',
  60: 'DK',
  65: 'EG',
  76: 'FR',
  83: 'DE',
  101: 'IN',
  106: 'IE',
  109: 'IT',
  112: 'JP',
  113: 'JO',
  118: 'KW',
  121: 'LB',
  156: 'NL',
  158: 'NZ',
  166: 'NO',
  167: 'OM',
  168: 'PK',
  178: 'PT',
  179: 'QA',
  194: 'SA',
  205: 'ZA',
  207: 'ES',
  213: 'SE',
  214: 'CH',
  230: 'TR',
  246: 'AE',
  247: 'GB',
  248: 'US',
};

/** The country's flag as an emoji (regional indicator letters), empty when unknown. */
export function countryFlag(countryId: number): string {
  const code = FLAG_OF[countryId];
  return code ? String.fromCodePoint(...[...code].map((letter) => 0x1f1e6 + letter.charCodeAt(0) - 65)) : '';
}

/** page and search of the transactions table, from /wallet's URL or its data URL (a page out of bounds: the route's 400). */
export function transactionsQuery(url: URL) {
  return { page: pageParam(url), search: url.searchParams.get('search')?.slice(0, 100) ?? '' };
}
