import { mkdtempSync, writeFileSync, mkdirSync, cpSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createFileCms, splitFrontMatter } from './files.server';
import { MENU_SLUGS } from '../../../lib/content/cms-types';

const cms = createFileCms('content');

/** The slugs the routes load (spec 3 §2 "The page slugs used are ..."). */
const ROUTE_PAGE_SLUGS = ['home', 'routes', 'support', 'contact', 'terms-and-conditions', 'about', 'team-uae', 'sunday-race-club', 'privacy-policy', 'paceline-ruleset', 'al-ula'];

describe('the embedded CMS (content/)', () => {
  it('has every page a route loads, rendered from Markdown', async () => {
    for (const slug of ROUTE_PAGE_SLUGS) {
      const page = await cms.getPage(slug);
      expect(page, slug).not.toBeNull();
      expect(page?.title.length, slug).toBeGreaterThan(2);
    }
    const ruleset = await cms.getPage('paceline-ruleset');
    expect(ruleset?.html).toContain('<h2>1. Equipment</h2>');
    expect(ruleset?.html).toContain('<strong>direct-drive smart trainer</strong>');
    expect((await cms.getPage('routes'))?.html).toContain('<table>');
  });

  it('answers null for an unknown page or article', async () => {
    expect(await cms.getPage('no-such-page')).toBeNull();
    expect(await cms.getArticle('no-such-article')).toBeNull();
  });

  it('serves the three menus with top-level items, children and separators', async () => {
    const menus = await cms.getMenus();
    expect(Object.keys(menus).sort()).toEqual([...MENU_SLUGS].sort());
    const main = menus['main-menu'].items;
    const parents = new Set(main.filter((entry) => entry.parent !== '0').map((entry) => entry.parent));
    expect(parents.size).toBeGreaterThan(0);
    for (const parent of parents) expect(main.some((entry) => String(entry.ID) === parent && entry.parent === '0')).toBe(true);
    expect(main.some((entry) => entry.classes.includes('menu-separator'))).toBe(true);
  });

  it('renders FAQ answers and resolves support categories to their articles', async () => {
    const faqs = await cms.getFaqs();
    expect(faqs.length).toBeGreaterThanOrEqual(3);
    expect(faqs[0].questions[0].answer).toMatch(/^<p>/);
    const categories = await cms.getArticleCategories();
    expect(categories.every((category) => category.articles.length >= 4)).toBe(true);
    const article = await cms.getArticle(categories[0].articles[0].slug);
    expect(article).toMatchObject({ title: categories[0].articles[0].title, image: expect.stringMatching(/^\/images\//) });
  });

  it('has site info and a footer with every social network', async () => {
    expect((await cms.getSiteInfo()).name).toBe('Paceline');
    const footer = await cms.getFooter();
    expect(Object.keys(footer.social).sort()).toEqual(['facebook', 'instagram', 'linkedin', 'strava', 'twitter', 'youtube']);
    expect(footer.app_links.ios).toMatch(/^https:/);
    expect(footer.app_links.android).toMatch(/^https:/);
  });

  it('parses the files once and then serves the same objects from memory', async () => {
    expect(await cms.getFaqs()).toBe(await cms.getFaqs());
    expect(await cms.getPage('about')).toBe(await cms.getPage('about'));
  });

  it('refuses a support category that names a missing article', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'paceline-cms-'));
    cpSync('content', dir, { recursive: true });
    writeFileSync(path.join(dir, 'support.json'), JSON.stringify([{ id: 1, name: 'Broken', articles: ['missing'] }]));
    mkdirSync(path.join(dir, 'articles'), { recursive: true });
    await expect(createFileCms(dir).getArticleCategories()).rejects.toThrow('missing');
  });
});

describe('splitFrontMatter', () => {
  it('reads key: value lines and keeps colons in values', () => {
    expect(splitFrontMatter('---\ntitle: Hello: world\nexcerpt: Short\n---\n# Body\n')).toEqual({
      fields: { title: 'Hello: world', excerpt: 'Short' },
      body: '# Body\n',
    });
  });
  it('treats a file without front matter as all body', () => {
    expect(splitFrontMatter('Just text')).toEqual({ fields: {}, body: 'Just text' });
  });
});
