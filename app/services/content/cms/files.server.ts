import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Marked } from 'marked';
import { z } from 'zod';
import {
  emptyMenus,
  MENU_SLUGS,
  SOCIAL_NETWORKS,
  type Article,
  type ArticleCategory,
  type Cms,
  type CmsMenu,
  type CmsPage,
  type FaqTopic,
  type FooterInfo,
  type MenuSlug,
  type SiteInfo,
} from '../../../lib/content/cms-types';

/**
 * The embedded CMS: JSON and Markdown files under CMS_DIR, read and rendered once, then
 * served from memory (every page render asks the CMS for the shell; it must cost nothing).
 *
 * content/site.json            { site, footer }
 * content/menus.json           [{ menu_slug, name, items }]
 * content/pages/<slug>.md      front matter (title, excerpt) + Markdown
 * content/faqs.json            [{ topic, topic_description, questions: [{ question, answer (Markdown) }] }]
 * content/support.json         [{ id, name, articles: [slug] }]
 * content/articles/<slug>.md   front matter (title, excerpt, image) + Markdown
 */
const markdown = new Marked({ gfm: true });

function renderMarkdown(source: string): string {
  return markdown.parse(source, { async: false });
}

const MenuItemSchema = z.object({
  ID: z.number().int(),
  title: z.string(),
  url: z.string(),
  target: z.string().default(''),
  attr_title: z.string().default(''),
  classes: z.array(z.string()).default([]),
  parent: z.string().default('0'),
  menu_order: z.number().int(),
});
const MenusSchema = z.array(z.object({ menu_slug: z.enum(MENU_SLUGS), name: z.string(), items: z.array(MenuItemSchema) }));

const SiteFileSchema = z.object({
  site: z.object({
    name: z.string(),
    home_url: z.string(),
    site_logo: z.string().nullable(),
    site_logo_dark: z.string().nullable(),
  }),
  footer: z.object({
    address: z.string(),
    support_email: z.string(),
    support_phone: z.string().nullable(),
    copyright: z.string(),
    social: z.record(z.enum(SOCIAL_NETWORKS), z.string().url()),
    app_links: z.object({ ios: z.string().url().nullable(), android: z.string().url().nullable() }),
  }),
});

const FaqsSchema = z.array(
  z.object({
    topic: z.string(),
    topic_description: z.string(),
    questions: z.array(z.object({ question: z.string(), answer: z.string() })),
  }),
);
const SupportSchema = z.array(z.object({ id: z.number().int(), name: z.string(), articles: z.array(z.string()) }));

/** `---\nkey: value\n---\nbody`: enough front matter for titles and excerpts, no YAML parser needed. */
export function splitFrontMatter(source: string): { fields: Record<string, string>; body: string } {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/.exec(source);
  if (!match) return { fields: {}, body: source };
  const fields: Record<string, string> = {};
  for (const line of match[1].split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) fields[line.slice(0, colon).trim()] = line.slice(colon + 1).trim();
  }
  return { fields, body: source.slice(match[0].length) };
}

interface Library {
  site: SiteInfo;
  footer: FooterInfo;
  menus: Record<MenuSlug, CmsMenu>;
  pages: Map<string, CmsPage>;
  faqs: FaqTopic[];
  articles: Map<string, Article>;
  categories: ArticleCategory[];
}

function readJson(dir: string, file: string): unknown {
  return JSON.parse(readFileSync(path.join(dir, file), 'utf8'));
}

function readMarkdownFolder(dir: string): Map<string, { fields: Record<string, string>; html: string }> {
  const entries = new Map<string, { fields: Record<string, string>; html: string }>();
  if (!existsSync(dir)) return entries;
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.md'))) {
    const { fields, body } = splitFrontMatter(readFileSync(path.join(dir, file), 'utf8'));
    entries.set(file.slice(0, -3), { fields, html: renderMarkdown(body) });
  }
  return entries;
}

function loadLibrary(dir: string): Library {
  const { site, footer } = SiteFileSchema.parse(readJson(dir, 'site.json'));
  const menus = emptyMenus();
  for (const menu of MenusSchema.parse(readJson(dir, 'menus.json'))) menus[menu.menu_slug] = menu;

  const pages = new Map<string, CmsPage>();
  for (const [slug, { fields, html }] of readMarkdownFolder(path.join(dir, 'pages'))) {
    pages.set(slug, { slug, title: fields.title ?? slug, excerpt: fields.excerpt ?? '', html });
  }
  const articles = new Map<string, Article>();
  for (const [slug, { fields, html }] of readMarkdownFolder(path.join(dir, 'articles'))) {
    articles.set(slug, { slug, title: fields.title ?? slug, excerpt: fields.excerpt ?? '', image: fields.image || null, content: html });
  }
  const faqs = FaqsSchema.parse(readJson(dir, 'faqs.json')).map((topic) => ({
    ...topic,
    questions: topic.questions.map((entry) => ({ question: entry.question, answer: renderMarkdown(entry.answer) })),
  }));
  const categories = SupportSchema.parse(readJson(dir, 'support.json')).map((category) => ({
    id: category.id,
    name: category.name,
    articles: category.articles.map((slug) => {
      const article = articles.get(slug);
      if (!article) throw new Error(`content/support.json names a missing article: ${slug}`);
      return article;
    }),
  }));
  return { site, footer, menus, pages, faqs, articles, categories };
}

export function createFileCms(dir: string): Cms {
  let library: Library | undefined;
  // Parsed on first use, then kept: content ships with the release and never changes while it runs.
  const lib = () => (library ??= loadLibrary(dir));
  return {
    getSiteInfo: async () => lib().site,
    getMenus: async () => lib().menus,
    getPage: async (slug) => lib().pages.get(slug) ?? null,
    getFaqs: async () => lib().faqs,
    getArticleCategories: async () => lib().categories,
    getArticle: async (slug) => lib().articles.get(slug) ?? null,
    getFooter: async () => lib().footer,
    // Read once at start: what it hands out never changes while the server runs.
    contentFreshUntil: () => Infinity,
  };
}
