import { Link } from '@remix-run/react';
import type { ReactNode } from 'react';

interface ShellLinkProps {
  to: string;
  className?: string;
  title?: string;
  target?: string;
  'aria-label'?: string;
  prefetch?: 'intent' | 'none';
  children: ReactNode;
}

/**
 * A link of the site shell (header, menus, footer): a Remix `Link` in the browser. On the server
 * a path of this site is written as the very `<a>` that `Link` writes, without `Link`'s hooks
 * (location, route resolution, prefetch state): the shell's ~25 links cost ≈8 % of its CPU per
 * document (decision 151). `Link` hydrates onto that markup; `ShellLink.test.tsx` renders both.
 */
export function ShellLink({ to, prefetch, children, target, ...attributes }: ShellLinkProps) {
  if (typeof document === 'undefined' && isSitePath(to)) {
    return (
      <a {...attributes} data-discover="true" href={to} target={target}>
        {children}
      </a>
    );
  }
  return (
    <Link to={to} target={target} prefetch={prefetch} {...attributes}>
      {children}
    </Link>
  );
}

/** An absolute path on this site: `Link` writes it as it is (no base name, nothing to resolve). */
export function isSitePath(to: string): boolean {
  return to.startsWith('/') && !to.startsWith('//');
}
