import { packRows, unpackRows, type PackedRows } from '~/lib/packed-rows';
import type { ActivityListPage, ActivityRow } from './types';

/**
 * The ACTIVITIES list's first page as the activities page's data carries it, its rows packed
 * (lib/packed-rows): twenty rides of fifteen fields were ~300 values for turbo-stream to flatten
 * on every render of `?tab=activities` (issue 21). The paging route (`/user/activities/list`)
 * still answers the spec's plain page.
 */
export interface PackedActivityPage extends Omit<ActivityListPage, 'results'> {
  results: PackedRows<ActivityRow>;
}

const ROW_FIELDS = [
  'id',
  'date',
  'type',
  'sportType',
  'title',
  'routeName',
  'distanceKm',
  'elevationM',
  'watt',
  'wattPerKg',
  'heartrate',
  'rideDurationS',
  'fileType',
  'hasPower',
  'platform',
] as const satisfies ReadonlyArray<keyof ActivityRow>;
// A field added to ActivityRow and not to ROW_FIELDS would be dropped on the way: this fails to compile then.
const everyFieldPacked: [Exclude<keyof ActivityRow, (typeof ROW_FIELDS)[number]>] extends [never] ? true : never = true;
void everyFieldPacked;

/** A kept page (the list's reads are kept per rider) is packed once. */
const packedPages = new WeakMap<ActivityListPage, PackedActivityPage>();

export function packActivityPage(page: ActivityListPage): PackedActivityPage {
  let packed = packedPages.get(page);
  if (!packed) {
    const { results, ...paging } = page;
    packed = { ...paging, results: packRows(results, ROW_FIELDS) };
    packedPages.set(page, packed);
  }
  return packed;
}

/** The same page for the same packed value: the server's render of the tab keys its machine's first state by it. */
const unpackedPages = new WeakMap<PackedActivityPage, ActivityListPage>();

export function unpackActivityPage(packed: PackedActivityPage): ActivityListPage {
  let page = unpackedPages.get(packed);
  if (!page) {
    const { results, ...paging } = packed;
    page = { ...paging, results: unpackRows(results) as ActivityRow[] };
    unpackedPages.set(packed, page);
  }
  return page;
}
