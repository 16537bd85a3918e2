import { Link, type LinkProps } from '@remix-run/react';

/**
 * A link to a page of this site: a Remix `Link` in the browser. On the server a path of this
 * site is written as the very `<a>` that `Link` writes, without `Link`'s hooks (location, route
 * resolution, prefetch state): the shell's ~25 links cost ≈8 % of its CPU per document
 * (decision 151), and a list page adds one or two per row. `Link` hydrates onto that markup;
 * `SiteLink.test.tsx` renders both.
 */
export function SiteLink(props: LinkProps) {
  // What Link uses for navigation only: it writes none of it into the markup.
  const { to, prefetch, discover, preventScrollReset, replace, state, relative, reloadDocument, viewTransition, children, target, ...attributes } = props;
  if (typeof document === 'undefined' && typeof to === 'string' && isSitePath(to) && discover === undefined && prefetch !== 'render' && prefetch !== 'viewport') {
    return (
      <a {...attributes} data-discover="true" href={to} target={target}>
        {children}
      </a>
    );
  }
  return <Link {...props} />;
}

/** An absolute path on this site that Link writes as it is (no base name, nothing to resolve). */
function isSitePath(to: string): boolean {
  return to.startsWith('/') && !to.startsWith('//') && !to.includes('/.');
}
