import { cms } from './cms/index.server';
import { buildMenuTree, type MenuNode } from '../../lib/content/menu-tree';
import type { CmsMenu, FooterInfo, MenuSlug } from '../../lib/content/cms-types';

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

export async function loadShell(): Promise<ShellContent> {
  const source = cms();
  const [site, menus, footer] = await Promise.all([source.getSiteInfo(), source.getMenus(), source.getFooter()]);
  const trees = menuTrees(menus);
  // The two optional footer columns: the navigation and community menus, when they have items.
  const columns = (['navigation-menu', 'community-menu'] as const)
    .filter((slug) => trees[slug].length > 0)
    .map((slug) => ({ title: menus[slug].name, items: trees[slug] }));
  return {
    site: { name: site.name, logo: site.site_logo ?? undefined, homeUrl: site.home_url },
    menus: trees,
    footer: { ...footer, columns },
  };
}
