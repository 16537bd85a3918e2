import { createContext, createElement, useContext, type ReactElement } from 'react';
import type { MarkupKeeper } from '~/lib/kept-markup';

export type { MarkupKeeper };

/** The server's entry provides `keptMarkup`; in the browser there is none. */
export const MarkupKeeperContext = createContext<MarkupKeeper | null>(null);

/**
 * An element whose content depends on `keptBy` alone (the CMS's menus and footer): the server
 * writes the content it kept for that object, the browser renders `render()` and hydrates it
 * onto that markup like any other. `render` may use no hook but `useContext` with its default
 * value, and no router: on the server it is rendered on its own, outside the page.
 */
export function KeptMarkup({
  as,
  keptBy,
  part,
  render,
  className,
  'aria-label': ariaLabel,
}: {
  as: 'nav' | 'section' | 'div';
  keptBy: object;
  part: string;
  render: () => ReactElement;
  className?: string;
  'aria-label'?: string;
}) {
  const keep = useContext(MarkupKeeperContext);
  // Named, not an object rest: a rest that leaves names out runs on V8's slow path (decision 159).
  const attributes = { className, 'aria-label': ariaLabel };
  return keep ? createElement(as, { ...attributes, dangerouslySetInnerHTML: { __html: keep(keptBy, part, render) } }) : createElement(as, attributes, render());
}
