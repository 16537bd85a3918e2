/**
 * The content (CMS) adapter of DESIGN.md §5. The shapes follow spec 3 §3 ("Menu item",
 * "Menu", "Site info", "FAQ", "Article category"); HTML fields are safe to render.
 */
export const MENU_SLUGS = ['main-menu', 'navigation-menu', 'community-menu'] as const;
export type MenuSlug = (typeof MENU_SLUGS)[number];

export interface SiteInfo {
  name: string;
  home_url: string;
  site_logo: string | null;
  site_logo_dark: string | null;
}

export interface CmsMenuItem {
  ID: number;
  title: string;
  url: string;
  target: string;
  attr_title: string;
  classes: string[];
  /** '0' for a top-level item, otherwise the parent's ID. */
  parent: string;
  menu_order: number;
}

export interface CmsMenu {
  menu_slug: MenuSlug;
  /** Shown as a heading when the menu is a footer column. */
  name: string;
  items: CmsMenuItem[];
}

export interface CmsPage {
  slug: string;
  title: string;
  /** A one-line summary for the page header and the description meta tag. */
  excerpt: string;
  html: string;
}

export interface FaqTopic {
  topic: string;
  topic_description: string;
  questions: { question: string; answer: string }[];
}

export interface Article {
  title: string;
  slug: string;
  /** Rendered HTML. */
  content: string;
  image: string | null;
  excerpt: string;
}

export interface ArticleCategory {
  id: number;
  name: string;
  articles: Article[];
}

export const SOCIAL_NETWORKS = ['facebook', 'twitter', 'linkedin', 'instagram', 'youtube', 'strava'] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

export interface FooterInfo {
  address: string;
  support_email: string;
  support_phone: string | null;
  copyright: string;
  social: Partial<Record<SocialNetwork, string>>;
  app_links: { ios: string | null; android: string | null };
}

export interface Cms {
  getSiteInfo(): Promise<SiteInfo>;
  /** Every menu by slug; a menu the CMS lacks is an empty list. */
  getMenus(): Promise<Record<MenuSlug, CmsMenu>>;
  /** null when no page has the slug. */
  getPage(slug: string): Promise<CmsPage | null>;
  getFaqs(): Promise<FaqTopic[]>;
  getArticleCategories(): Promise<ArticleCategory[]>;
  /** null when no article has the slug. */
  getArticle(slug: string): Promise<Article | null>;
  getFooter(): Promise<FooterInfo>;
  /**
   * Until when everything the CMS has handed out stays what it would hand out now (epoch ms):
   * a page built from it may be kept that long at most (the response cache).
   */
  contentFreshUntil(): number;
}

/** Every menu slug with no items: the starting point both implementations fill. */
export function emptyMenus(): Record<MenuSlug, CmsMenu> {
  return {
    'main-menu': { menu_slug: 'main-menu', name: '', items: [] },
    'navigation-menu': { menu_slug: 'navigation-menu', name: '', items: [] },
    'community-menu': { menu_slug: 'community-menu', name: '', items: [] },
  };
}
