import type { CmsMenuItem } from './cms-types';

/** A menu item as the shell renders it: children nested, separators marked. */
export interface MenuNode {
  id: string;
  title: string;
  url: string;
  target?: string;
  /** The item's tooltip (the CMS's attr_title). */
  hint?: string;
  /** A separator splits a dropdown into groups (spec 3 §2 "split separators"). */
  separator: boolean;
  children: MenuNode[];
}

/** Classes that make a menu item a separator rather than a link. */
const SEPARATOR_CLASSES = new Set(['separator', 'menu-separator']);

/**
 * Turns the CMS's flat list (parent '0' = top level) into a tree ordered by menu_order.
 * Items whose parent is missing are dropped rather than promoted, as WordPress does.
 */
export function buildMenuTree(items: readonly CmsMenuItem[]): MenuNode[] {
  const sorted = [...items].sort((a, b) => a.menu_order - b.menu_order);
  const nodes = new Map<string, MenuNode>();
  for (const item of sorted) {
    nodes.set(String(item.ID), {
      id: String(item.ID),
      title: item.title,
      url: item.url,
      target: item.target || undefined,
      hint: item.attr_title || undefined,
      separator: item.classes.some((name) => SEPARATOR_CLASSES.has(name)),
      children: [],
    });
  }
  const roots: MenuNode[] = [];
  for (const item of sorted) {
    const node = nodes.get(String(item.ID));
    if (!node) continue;
    if (item.parent === '0') roots.push(node);
    else nodes.get(item.parent)?.children.push(node);
  }
  return roots;
}

/** Site-relative paths stay client-side links; anything with a scheme is external. */
export function isExternalUrl(url: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(url);
}
