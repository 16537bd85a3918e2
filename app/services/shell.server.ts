/**
 * What the site shell needs on every page: site info and menus. The content issue backs
 * this with the CMS adapter; the shape is what the header and footer render.
 */
export interface MenuItem {
  id: string;
  title: string;
  url: string;
  target?: string;
  /** A separator splits a dropdown into groups (spec 3 §2 "split separators"). */
  separator?: boolean;
  children: MenuItem[];
}

export interface ShellContent {
  site: { name: string; logo?: string; homeUrl: string };
  menus: Record<'main-menu' | 'navigation-menu' | 'community-menu', MenuItem[]>;
}

export async function loadShell(): Promise<ShellContent> {
  return {
    site: { name: 'Paceline', logo: '/logo.svg', homeUrl: '/' },
    menus: { 'main-menu': [], 'navigation-menu': [], 'community-menu': [] },
  };
}
