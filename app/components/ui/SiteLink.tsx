import { Link, type LinkProps } from '@remix-run/react';
import { plain } from '~/lib/plain-components';

/** What Link uses for navigation only: it writes none of it into the markup. */
const NAVIGATION_PROPS = new Set([
  'to',
  'prefetch',
  'discover',
  'preventScrollReset',
  'replace',
  'state',
  'relative',
  'reloadDocument',
  'viewTransition',
  'children',
  'target',
]);

/**
 * A link to a page of this site: a Remix `Link` in the browser. On the server a path of this
 * site is written as the very `<a>` that `Link` writes, without `Link`'s hooks (location, route
 * resolution, prefetch state): the shell's ~25 links cost ≈8 % of its CPU per document
 * (decision 151), and a list page adds one or two per row. `Link` hydrates onto that markup;
 * `SiteLink.test.tsx` renders both.
 */
export const SiteLink = plain(function siteLink(props: LinkProps) {
  const { to, prefetch } = props;
  if (
    typeof document === 'undefined' &&
    typeof to === 'string' &&
    isSitePath(to) &&
    props.discover === undefined &&
    prefetch !== 'render' &&
    prefetch !== 'viewport'
  ) {
    return <a {...anchorProps(props, to)}>{props.children}</a>;
  }
  return <Link {...props} />;
});

/**
 * The `<a>`'s attributes in the order Link writes them: the caller's own, then data-discover,
 * href and target. Copied in a loop: an object rest pattern excluding eleven names (`const
 * { to, …, ...attributes } = props`) took V8's slow path, ~5 µs a link (decision 159).
 */
function anchorProps(props: LinkProps, to: string): Record<string, unknown> {
  const attributes: Record<string, unknown> = {};
  for (const name in props) if (!NAVIGATION_PROPS.has(name)) attributes[name] = props[name as keyof LinkProps];
  attributes['data-discover'] = 'true';
  attributes.href = to;
  attributes.target = props.target;
  attributes.children = props.children;
  return attributes;
}

/** An absolute path on this site that Link writes as it is (no base name, nothing to resolve). */
function isSitePath(to: string): boolean {
  return to.startsWith('/') && !to.startsWith('//') && !to.includes('/.');
}
