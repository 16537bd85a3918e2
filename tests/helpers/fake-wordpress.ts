import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for a WordPress site's wp-json API: answers the routes it is given on a
 * loopback port and records every request (path and headers) for assertions.
 */
export interface FakeWordPress {
  url: string;
  requests: { path: string; headers: IncomingHttpHeaders }[];
  routes: Map<string, { status?: number; body: unknown }>;
  close: () => Promise<void>;
}

export async function startFakeWordPress(routes: Record<string, unknown>): Promise<FakeWordPress> {
  const table = new Map(Object.entries(routes).map(([path, body]) => [path, { body }] as [string, { status?: number; body: unknown }]));
  const requests: FakeWordPress['requests'] = [];
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    requests.push({ path, headers: request.headers });
    const route = table.get(path);
    response.writeHead(route ? (route.status ?? 200) : 404, { 'Content-Type': 'application/json' });
    response.end(JSON.stringify(route ? route.body : { code: 'rest_no_route' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/blog`,
    requests,
    routes: table,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A small but complete WordPress answer set, with some HTML that must be cleaned. */
export const WORDPRESS_FIXTURE = {
  '/blog/wp-json/paceline/v1/settings': {
    site: { name: 'Paceline WP', home_url: 'https://paceline.example', site_logo: null, site_logo_dark: null },
    footer: {
      address: 'Dubai Internet City',
      support_email: 'help@paceline.example',
      support_phone: null,
      copyright: '© Paceline',
      social: { strava: 'https://www.strava.com/clubs/paceline' },
      app_links: { ios: 'https://apps.apple.com/app/id1', android: null },
    },
  },
  '/blog/wp-json/paceline/v1/menus': [
    {
      menu_slug: 'main-menu',
      name: 'Main',
      items: [
        { ID: '7', title: 'Clubs', url: '/teams', target: '', attr_title: '', classes: [], parent: 0, menu_order: '2' },
        { ID: 8, title: 'Team <b>UAE</b>', url: '/team-uae', parent: '7', menu_order: 1 },
        { ID: 9, title: 'Events', url: '/events', parent: '0', menu_order: 1 },
      ],
    },
    { menu_slug: 'unknown-menu', items: [] },
  ],
  '/blog/wp-json/paceline/v1/pages/about': {
    slug: 'about',
    title: 'About <em>us</em>',
    excerpt: 'Who we are',
    content: '<p onclick="steal()">Hello</p><script>alert(1)</script><a href="javascript:evil()">x</a><img src="https://cdn.example/a.png" onerror="x()">',
  },
  '/blog/wp-json/paceline/v1/faqs': [
    {
      topic: 'Racing',
      topic_description: 'All about races',
      questions: [{ question: 'How?', answer: '<p>Like <strong>this</strong></p><iframe src="https://evil.example"></iframe>' }],
    },
  ],
  '/blog/wp-json/paceline/v1/support': [
    { id: '3', name: 'Equipment', articles: [{ title: 'Calibrate', slug: 'calibrate', content: '<p>Spin down</p>', image: null, excerpt: 'How' }] },
  ],
  '/blog/wp-json/paceline/v1/articles/calibrate': {
    title: 'Calibrate',
    slug: 'calibrate',
    content: '<p>Spin down</p><style>body{}</style>',
    image: 'https://cdn.example/c.png',
  },
};
