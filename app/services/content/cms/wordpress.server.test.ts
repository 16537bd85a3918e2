import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeWordPress, WORDPRESS_FIXTURE, type FakeWordPress } from '../../../../tests/helpers/fake-wordpress';
import { createWordPressCms, WP_API_KEY_HEADER, wpJsonUrl } from './wordpress.server';

let wordpress: FakeWordPress;
beforeAll(async () => {
  wordpress = await startFakeWordPress(WORDPRESS_FIXTURE);
});
afterAll(() => wordpress.close());
beforeEach(() => {
  wordpress.requests.length = 0;
});

describe('wpJsonUrl', () => {
  it("rewrites the site's / to /wp-json/{endpoint}, keeping WordPress's folder", () => {
    expect(wpJsonUrl('https://cms.example', 'paceline/v1/faqs')).toBe('https://cms.example/wp-json/paceline/v1/faqs');
    expect(wpJsonUrl('https://cms.example/blog/', '/paceline/v1/menus')).toBe('https://cms.example/blog/wp-json/paceline/v1/menus');
  });
});

describe('the WordPress CMS against a local wp-json server', () => {
  it('sends the API key header on every call to the rewritten path', async () => {
    const cms = createWordPressCms({ baseUrl: wordpress.url, apiKey: 'wp-secret-key' });
    await cms.getSiteInfo();
    await cms.getFaqs();
    expect(wordpress.requests.map((request) => request.path)).toEqual(['/blog/wp-json/paceline/v1/settings', '/blog/wp-json/paceline/v1/faqs']);
    expect(wordpress.requests.every((request) => request.headers[WP_API_KEY_HEADER.toLowerCase()] === 'wp-secret-key')).toBe(true);
  });

  it('sanitises HTML and strips markup from titles', async () => {
    const cms = createWordPressCms({ baseUrl: wordpress.url, apiKey: 'k' });
    const page = await cms.getPage('about');
    expect(page?.title).toBe('About us');
    expect(page?.html).toContain('<p>Hello</p>');
    expect(page?.html).not.toMatch(/script|onclick|onerror|javascript:/);
    expect(page?.html).toContain('<img src="https://cdn.example/a.png" />');
    const [topic] = await cms.getFaqs();
    expect(topic.questions[0].answer).toBe('<p>Like <strong>this</strong></p>');
    expect((await cms.getArticle('calibrate'))?.content).toBe('<p>Spin down</p>');
  });

  it('builds the three menus from WordPress items, ignoring unknown menus', async () => {
    const menus = await createWordPressCms({ baseUrl: wordpress.url }).getMenus();
    expect(menus['main-menu'].items.map((item) => [item.ID, item.parent, item.menu_order, item.title])).toEqual([
      [7, '0', 2, 'Clubs'],
      [8, '7', 1, 'Team UAE'],
      [9, '0', 1, 'Events'],
    ]);
    expect(menus['community-menu'].items).toEqual([]);
  });

  it('answers null for an unknown page or article (a 404 from WordPress)', async () => {
    const cms = createWordPressCms({ baseUrl: wordpress.url });
    expect(await cms.getPage('nope')).toBeNull();
    expect(await cms.getArticle('nope')).toBeNull();
  });

  it('reuses answers until the cache expires, then asks again', async () => {
    let now = 1_000;
    const cms = createWordPressCms({ baseUrl: wordpress.url, cacheTtlMs: 60_000, now: () => now });
    await cms.getFooter();
    await cms.getSiteInfo();
    expect(wordpress.requests).toHaveLength(1);
    now += 60_001;
    await cms.getFooter();
    expect(wordpress.requests).toHaveLength(2);
  });

  it('serves the last good answer when a refresh fails, and fails when it has none', async () => {
    let now = 0;
    const cms = createWordPressCms({ baseUrl: wordpress.url, cacheTtlMs: 10, now: () => now });
    const first = await cms.getFaqs();
    wordpress.routes.set('/blog/wp-json/paceline/v1/faqs', { status: 500, body: { message: 'down' } });
    try {
      now = 100;
      expect(await cms.getFaqs()).toEqual(first);
      await expect(createWordPressCms({ baseUrl: wordpress.url }).getFaqs()).rejects.toThrow('answered 500');
    } finally {
      wordpress.routes.set('/blog/wp-json/paceline/v1/faqs', { body: WORDPRESS_FIXTURE['/blog/wp-json/paceline/v1/faqs'] });
    }
  });
});
