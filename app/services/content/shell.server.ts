import { cms } from './cms/index.server';
import { buildMenuTree, type MenuNode } from '../../lib/content/menu-tree';
import type { CmsMenu, FooterInfo, MenuSlug, SiteInfo } from '../../lib/content/cms-types';

/**
 * What the site shell needs on every page: site info, the three menus as trees, and the
 * footer. One call per request; the trees are rebuilt only when the CMS hands back new menus.
 */
export type MenuItem = MenuNode;

export interface FooterColumn {
  title: string;
  items: MenuItem[];
}

export interface ShellContent {
  site: { name: string; logo?: string; homeUrl: string };
  menus: Record<MenuSlug, MenuItem[]>;
  footer: FooterInfo & { columns: FooterColumn[] };
}

let lastMenus: Record<MenuSlug, CmsMenu> | undefined;
let lastTrees: Record<MenuSlug, MenuItem[]> | undefined;

function menuTrees(menus: Record<MenuSlug, CmsMenu>): Record<MenuSlug, MenuItem[]> {
  if (menus !== lastMenus || !lastTrees) {
    lastTrees = {
      'main-menu': buildMenuTree(menus['main-menu'].items),
      'navigation-menu': buildMenuTree(menus['navigation-menu'].items),
      'community-menu': buildMenuTree(menus['community-menu'].items),
    };
    lastMenus = menus;
  }
  return lastTrees;
}

type CmsShell = [SiteInfo, Record<MenuSlug, CmsMenu>, FooterInfo];
let lastShell: { from: CmsShell; shell: ShellContent } | undefined;

/**
 * The same object, and the same objects inside it, for as long as the CMS hands back the same
 * content: the shell's kept markup is keyed by them (KeptMarkup, decision 159). Any change makes
 * every part of it new.
 */
export async function loadShell(): Promise<ShellContent> {
  const source = cms();
  const from: CmsShell = await Promise.all([source.getSiteInfo(), source.getMenus(), source.getFooter()]);
  if (lastShell && from.every((part, index) => part === lastShell!.from[index])) return lastShell.shell;
  const [site, menus, footer] = from;
  const trees = menuTrees(menus);
  // The two optional footer columns: the navigation and community menus, when they have items.
  const columns = (['navigation-menu', 'community-menu'] as const)
    .filter((slug) => trees[slug].length > 0)
    .map((slug) => ({ title: menus[slug].name, items: trees[slug] }));
  const shell = {
    site: { name: site.name, logo: site.site_logo ?? undefined, homeUrl: site.home_url },
    menus: { ...trees },
    footer: { ...footer, columns },
  };
  lastShell = { from, shell };
  return shell;
}
