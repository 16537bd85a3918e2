import { SiteLink } from './SiteLink';

/** The page numbers around the current one: `window` pages either side, clamped to 1…last. */
export function pageWindow(current: number, last: number, window: number): number[] {
  const start = Math.max(1, Math.min(current - window, last - 2 * window));
  const end = Math.min(last, Math.max(current + window, 1 + 2 * window));
  return Array.from({ length: Math.max(0, end - start + 1) }, (_, index) => start + index);
}

/** Links to pages of a list; each is a plain link so paging works without JavaScript. */
export function Pager({
  current,
  last,
  window,
  hrefFor,
  label = 'Pages',
}: {
  current: number;
  last: number;
  window: number;
  hrefFor: (page: number) => string;
  label?: string;
}) {
  if (last <= 1) return null;
  return (
    <nav className="pager" aria-label={label}>
      {current > 1 ? (
        <SiteLink to={hrefFor(current - 1)} aria-label="Previous page">
          ‹
        </SiteLink>
      ) : null}
      {pageWindow(current, last, window).map((page) => (
        <SiteLink key={page} to={hrefFor(page)} aria-current={page === current ? 'page' : undefined}>
          {page}
        </SiteLink>
      ))}
      {current < last ? (
        <SiteLink to={hrefFor(current + 1)} aria-label="Next page">
          ›
        </SiteLink>
      ) : null}
    </nav>
  );
}
