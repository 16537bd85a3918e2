// The patches of patches/*.patch (applied by `patch-package` on every `npm ci`, decision 150):
// route matching keeps what it derived from a routes array, and forgets it when the array changes.
// Both builds of the router are checked: Node loads the CommonJS one, Vite bundles the ES one.
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
// @ts-expect-error the CommonJS build has no declaration file of its own; typed as the package below
import * as routerCjs from '@remix-run/router/dist/router.cjs.js';
import * as routerEsm from '@remix-run/router/dist/router.js';
import { createStaticHandler, createStaticRouter } from 'react-router-dom/server.js';
import { renderInRemix } from './helpers/render-in-remix';

type Router = typeof import('@remix-run/router');

/** A routes array that counts how often matching walks it. */
function countedRoutes<T extends object[]>(routes: T): { routes: T; walks: () => number } {
  let walks = 0;
  const proxy = new Proxy(routes, {
    get(target, key, receiver) {
      if (key === 'forEach') walks += 1;
      return Reflect.get(target, key, receiver);
    },
  });
  return { routes: proxy, walks: () => walks };
}

describe.each([
  ['CommonJS', routerCjs as unknown as Router],
  ['ES module', routerEsm as unknown as Router],
])('@remix-run/router (%s build)', (_name, router) => {
  const tree = () => [
    {
      id: 'root',
      path: '/',
      children: [
        { id: 'index', index: true },
        { id: 'event', path: 'event/:id' },
        { id: 'event-detail', path: 'event/detail/:id' },
        { id: 'splat', path: '*' },
      ],
    },
  ];

  it('matches as before, most specific route first, and walks the routes once for many matches', () => {
    const { routes, walks } = countedRoutes(tree());
    const ids = (path: string) => router.matchRoutes(routes, path)?.map((match) => match.route.id);
    expect(ids('/')).toEqual(['root', 'index']);
    expect(ids('/event/7')).toEqual(['root', 'event']);
    expect(ids('/event/detail/7')).toEqual(['root', 'event-detail']);
    expect(router.matchRoutes(routes, '/event/detail/7')?.at(-1)?.params).toEqual({ id: '7' });
    expect(ids('/EVENT/7')).toEqual(['root', 'event']);
    expect(ids('/nowhere/at/all')).toEqual(['root', 'splat']);
    expect(ids('/')).toEqual(['root', 'index']);
    expect(ids('//event/7')).toEqual(['root', 'splat']);
    expect(walks()).toBe(1);
  });

  it('tries only the branches that can match the first segment, and still finds every kind', () => {
    const routes = [
      {
        id: 'root',
        path: '',
        children: [
          { id: 'plain', path: 'teams' },
          { id: 'static-then-param', path: 'teams/:teamId/events' },
          { id: 'case', path: 'Wallet', caseSensitive: true },
          { id: 'optional', path: 'lang?/about' },
          { id: 'param-first', path: ':slug/detail' },
          { id: 'escaped', path: 'feed.xml' },
          { id: 'layout', children: [{ id: 'nested', path: 'user/profile' }] },
        ],
      },
    ];
    const last = (path: string) => router.matchRoutes(routes, path)?.at(-1)?.route.id ?? null;
    expect(last('/teams')).toBe('plain');
    expect(last('/TEAMS/4/events')).toBe('static-then-param');
    expect(last('/Wallet')).toBe('case');
    expect(last('/wallet')).toBeNull();
    expect(last('/about')).toBe('optional');
    expect(last('/lang/about')).toBe('optional');
    expect(last('/teams/detail')).toBe('param-first');
    expect(last('/feed.xml')).toBe('escaped');
    expect(last('/feedxxml')).toBeNull();
    expect(last('/user/profile')).toBe('nested');
    expect(last('/caf%C3%A9/detail')).toBe('param-first');
  });

  it('sees routes patched into a live router', async () => {
    const live = router.createRouter({ routes: tree().map(({ children, ...root }) => ({ ...root, children: children.slice(0, 2) })), history: router.createMemoryHistory() });
    live.initialize();
    expect(router.matchRoutes(live.routes, '/teams')).toBeNull();
    live.patchRoutes('root', [{ id: 'teams', path: 'teams' }]);
    expect(router.matchRoutes(live.routes, '/teams')?.map((match) => match.route.id)).toEqual(['root', 'teams']);
    live.dispose();
  });

  it('compiles a pattern once and still matches every path against it', () => {
    expect(router.matchPath('/user/:id', '/user/1')?.params).toEqual({ id: '1' });
    expect(router.matchPath('/user/:id', '/user/2')?.params).toEqual({ id: '2' });
    expect(router.matchPath({ path: '/user/:id', caseSensitive: true }, '/USER/2')).toBeNull();
    expect(router.matchPath({ path: '/user', end: false }, '/user/2/edit')?.pathnameBase).toBe('/user');
    expect(router.matchPath({ path: '/user', end: true }, '/user/2/edit')).toBeNull();
  });
});

describe('react-router-dom static router', () => {
  it('shares the data routes of one routes array between renders', async () => {
    const routes = [{ id: 'root', path: '/', element: null }];
    const handler = createStaticHandler(routes);
    const context = await handler.query(new Request('http://paceline.test/'));
    if (context instanceof Response) throw new Error('unexpected response');
    const first = createStaticRouter(handler.dataRoutes, context);
    const second = createStaticRouter(handler.dataRoutes, context);
    expect(second.routes).toBe(first.routes);
    expect(second.state.matches.map((match) => match.route.id)).toEqual(['root']);
  });
});

describe('@remix-run/react RemixServer', () => {
  it('renders each build with its own route modules', async () => {
    // The helper renders every component under one manifest, as a development rebuild does.
    expect(await renderInRemix(() => createElement('p', null, 'first module'))).toContain('first module');
    expect(await renderInRemix(() => createElement('p', null, 'second module'))).toContain('second module');
  });
});
