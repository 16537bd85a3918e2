import { CATEGORY_KEYS, type CategoryKey, type EventCategories } from '~/lib/domain/events';

/** Spec 3 §5 "W/kg is ftp divided by weight, to 2 decimals." */
export function wattsPerKg(ftp: number, weightKg: number): number {
  return Math.round((ftp / weightKg) * 100) / 100;
}

export const WRONG_CATEGORY_MESSAGE =
  'Oops! Looks like you are registering for the wrong category. Kindly re-register for the right race category as per your W/kg.';

/** Spec 3 §5: blocked when the event has a cap and the W/kg is outside min_cap…max_cap. */
export function isWithinCap(wkg: number, cap: { minCap: number | null; maxCap: number | null }): boolean {
  if (cap.minCap !== null && wkg < cap.minCap) return false;
  if (cap.maxCap !== null && wkg > cap.maxCap) return false;
  return true;
}

/**
 * Lower W/kg bound of each race category, fastest first (decision 032). Women's bands are
 * lower, as the spec's CAT-1 line is (4.0, or 3.3 for women).
 */
const CATEGORY_FLOORS_WKG = { men: [4.0, 3.2, 2.5, 1.8, 1.0, 0], women: [3.3, 2.7, 2.1, 1.5, 1.0, 0] };

/** The category fixed for a rider at registration: the fastest of the event's categories the W/kg reaches. */
export function categoryForWkg(wkg: number, categories: EventCategories, gender: number): CategoryKey {
  const offered = CATEGORY_KEYS.filter((key) => categories[key]);
  const floors = gender === 1 ? CATEGORY_FLOORS_WKG.women : CATEGORY_FLOORS_WKG.men;
  if (offered.length === 0) return 'Category 1';
  for (const key of offered) {
    if (wkg >= floors[CATEGORY_KEYS.indexOf(key)]) return key;
  }
  return offered[offered.length - 1];
}

/**
 * Spec 3 §3 "Category descriptions": keys 0, 1, 2 → category-1, category-2, open. The W/kg
 * bands depend on who rides: the lower numbers apply to a women's event.
 */
export function categoryDescription(categoryKey: number, eventGender: number): { title: string; band: string } {
  const women = eventGender === 1;
  if (categoryKey === 0) return { title: 'CAT-1', band: women ? 'Above 3.3 w/kg' : 'Above 4.0 w/kg' };
  if (categoryKey === 1) return { title: 'CAT-2', band: women ? '1.0 to 3.2 w/kg' : '1.0 to 3.9 w/kg' };
  return { title: 'Open', band: 'All categories' };
}

export function genderMessage(gender: number): string | null {
  if (gender === 0) return 'This is a Males only event.';
  if (gender === 1) return 'This is a Females only event.';
  return null;
}

export const ROOM_FULL_MESSAGE = 'The room is already fill for this event.';
