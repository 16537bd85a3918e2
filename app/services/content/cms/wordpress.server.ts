import sanitizeHtml from 'sanitize-html';
import { z } from 'zod';
import { CMS_CACHE_TTL_MS } from '~/lib/constants';
import { emptyMenus, MENU_SLUGS, SOCIAL_NETWORKS, type Cms, type MenuSlug } from '../../../lib/content/cms-types';

/**
 * The WordPress `wp-json` implementation of the CMS (spec 3 §7: a client that sends an API
 * key header and rewrites the path '/' to '/wp-json/{endpoint}'). Every HTML field is
 * sanitised here, so pages render it as they render the embedded files. Answers are kept
 * for `cacheTtlMs` so the shell does not cost a round trip per page; a failed refresh
 * serves the last good answer.
 */
export const WP_API_KEY_HEADER = 'X-Api-Key';

const WP_ENDPOINTS = {
  settings: 'paceline/v1/settings',
  menus: 'paceline/v1/menus',
  page: (slug: string) => `paceline/v1/pages/${encodeURIComponent(slug)}`,
  faqs: 'paceline/v1/faqs',
  support: 'paceline/v1/support',
  article: (slug: string) => `paceline/v1/articles/${encodeURIComponent(slug)}`,
} as const;

/** The site's '/' becomes '/wp-json/{endpoint}' (keeping any folder WordPress lives in). */
export function wpJsonUrl(baseUrl: string, endpoint: string): string {
  const base = new URL(baseUrl);
  const folder = base.pathname.replace(/\/+$/, '');
  base.pathname = `${folder}/wp-json/${endpoint.replace(/^\/+/, '')}`;
  base.search = '';
  return base.toString();
}

const SAFE_HTML: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'figure', 'figcaption'],
  allowedAttributes: { ...sanitizeHtml.defaults.allowedAttributes, img: ['src', 'alt', 'width', 'height', 'loading'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
};
const cleanHtml = (html: string) => sanitizeHtml(html, SAFE_HTML);
const plainText = (text: string) => sanitizeHtml(text, { allowedTags: [], allowedAttributes: {} });

const SettingsSchema = z.object({
  site: z.object({
    name: z.string(),
    home_url: z.string(),
    site_logo: z.string().nullable().default(null),
    site_logo_dark: z.string().nullable().default(null),
  }),
  footer: z.object({
    address: z.string().default(''),
    support_email: z.string().default(''),
    support_phone: z.string().nullable().default(null),
    copyright: z.string().default(''),
    social: z.record(z.enum(SOCIAL_NETWORKS), z.string().url()).default({}),
    app_links: z.object({ ios: z.string().url().nullable(), android: z.string().url().nullable() }).default({ ios: null, android: null }),
  }),
});
const MenuSchema = z.object({
  menu_slug: z.string(),
  name: z.string().default(''),
  items: z.array(
    z.object({
      ID: z.coerce.number().int(),
      title: z.string().transform(plainText),
      url: z.string(),
      target: z.string().default(''),
      attr_title: z.string().default(''),
      classes: z.array(z.string()).default([]),
      parent: z.coerce.string().default('0'),
      menu_order: z.coerce.number().int().default(0),
    }),
  ),
});
const PageSchema = z.object({
  slug: z.string(),
  title: z.string().transform(plainText),
  excerpt: z.string().default('').transform(plainText),
  content: z.string().transform(cleanHtml),
});
const ArticleSchema = z.object({
  title: z.string().transform(plainText),
  slug: z.string(),
  content: z.string().transform(cleanHtml),
  image: z.string().url().nullable().default(null),
  excerpt: z.string().default('').transform(plainText),
});
const FaqsSchema = z.array(
  z.object({
    topic: z.string().transform(plainText),
    topic_description: z.string().default('').transform(plainText),
    questions: z.array(z.object({ question: z.string().transform(plainText), answer: z.string().transform(cleanHtml) })),
  }),
);
const SupportSchema = z.array(z.object({ id: z.coerce.number().int(), name: z.string().transform(plainText), articles: z.array(ArticleSchema) }));

export interface WordPressOptions {
  baseUrl: string;
  apiKey?: string;
  cacheTtlMs?: number;
  fetch?: typeof fetch;
  now?: () => number;
}

const NOT_FOUND = Symbol('not found');

export function createWordPressCms({ baseUrl, apiKey, cacheTtlMs = CMS_CACHE_TTL_MS, fetch: fetchImpl = fetch, now = Date.now }: WordPressOptions): Cms {
  const cache = new Map<string, { value: unknown; expires: number }>();

  async function request(endpoint: string): Promise<unknown> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (apiKey) headers[WP_API_KEY_HEADER] = apiKey;
    const response = await fetchImpl(wpJsonUrl(baseUrl, endpoint), { headers, signal: AbortSignal.timeout(5_000) });
    if (response.status === 404) return NOT_FOUND;
    if (!response.ok) throw new Error(`WordPress ${endpoint} answered ${response.status}`);
    return response.json();
  }

  async function cached<T>(endpoint: string, parse: (raw: unknown) => T): Promise<T | null> {
    const hit = cache.get(endpoint);
    if (hit && hit.expires > now()) return hit.value as T | null;
    try {
      const raw = await request(endpoint);
      const value = raw === NOT_FOUND ? null : parse(raw);
      cache.set(endpoint, { value, expires: now() + cacheTtlMs });
      return value;
    } catch (error) {
      if (hit) return hit.value as T | null;
      throw error;
    }
  }

  async function required<T>(endpoint: string, parse: (raw: unknown) => T): Promise<T> {
    const value = await cached(endpoint, parse);
    if (value === null) throw new Error(`WordPress has no ${endpoint}`);
    return value;
  }

  const settings = () => required(WP_ENDPOINTS.settings, (raw) => SettingsSchema.parse(raw));

  return {
    getSiteInfo: async () => (await settings()).site,
    getFooter: async () => (await settings()).footer,
    contentFreshUntil: () => Math.min(Infinity, ...[...cache.values()].map((entry) => entry.expires)),
    getMenus: () =>
      required(WP_ENDPOINTS.menus, (raw) => {
        const menus = emptyMenus();
        for (const menu of z.array(MenuSchema).parse(raw)) {
          if ((MENU_SLUGS as readonly string[]).includes(menu.menu_slug)) {
            menus[menu.menu_slug as MenuSlug] = { ...menu, menu_slug: menu.menu_slug as MenuSlug };
          }
        }
        return menus;
      }),
    getPage: (slug) =>
      cached(WP_ENDPOINTS.page(slug), (raw) => {
        const page = PageSchema.parse(raw);
        return { slug: page.slug, title: page.title, excerpt: page.excerpt, html: page.content };
      }),
    getFaqs: () => required(WP_ENDPOINTS.faqs, (raw) => FaqsSchema.parse(raw)),
    getArticleCategories: () => required(WP_ENDPOINTS.support, (raw) => SupportSchema.parse(raw)),
    getArticle: (slug) => cached(WP_ENDPOINTS.article(slug), (raw) => ArticleSchema.parse(raw)),
  };
}
