/**
 * Page numbers and page sizes of lists (issue 35 item 3, decision 171), read and bounded here
 * only. A parameter in a URL is a whole number from 1 to its bound or it is refused with a 400
 * that says so: `page=9223372036854775808` reached the database as an offset it could not hold.
 * Services bound the page they are given again (`pageOffset`), so no caller can ask for more.
 */

/** The highest page any list shows: a million rows at ten a page, far past any rider's. */
export const MAX_PAGE_NUMBER = 100_000;

export const PAGING_MESSAGES = {
  page: `The page number must be a whole number from 1 to ${MAX_PAGE_NUMBER}.`,
  size: (name: string, max: number) => `${name} must be a whole number from 1 to ${max}.`,
} as const;

/** A whole number from 1 to `max` written in digits; `fallback` when absent or empty; null otherwise. */
function wholeNumberUpTo(raw: string | null, max: number, fallback: number): number | null {
  const text = raw?.trim() ?? '';
  if (text === '') return fallback;
  if (!/^[0-9]{1,15}$/.test(text)) return null;
  const value = Number(text);
  return value >= 1 && value <= max ? value : null;
}

/** The `page` parameter of a URL (1 when none), or the route's 400 when it is not a whole number from 1 to MAX_PAGE_NUMBER. */
export function pageParam(url: URL, name = 'page'): number {
  const page = wholeNumberUpTo(url.searchParams.get(name), MAX_PAGE_NUMBER, 1);
  if (page === null) throw new Response(PAGING_MESSAGES.page, { status: 400, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  return page;
}

/** The page size asked for (`fallback` when none), or null when it is not a whole number from 1 to `max`. */
export function readPageSize(raw: string | null, { fallback, max }: { fallback: number; max: number }): number | null {
  return wholeNumberUpTo(raw, max, fallback);
}

/** Any page number bounded to 1 … MAX_PAGE_NUMBER (NaN is page 1, a fraction its whole part). */
export function boundedPage(page: number): number {
  return Number.isNaN(page) ? 1 : Math.min(Math.max(1, Math.floor(page)), MAX_PAGE_NUMBER);
}

/** The rows before a page: what a service passes to OFFSET, never more than the bounds allow. */
export function pageOffset(page: number, pageSize: number): number {
  return (boundedPage(page) - 1) * pageSize;
}
