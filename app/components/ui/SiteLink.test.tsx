import { Link } from '@remix-run/react';
import { describe, expect, it } from 'vitest';
import { buildMenuTree, isExternalUrl, type MenuNode } from '~/lib/content/menu-tree';
import { createFileCms } from '~/services/content/cms/files.server';
import { renderInRemix } from '../../../tests/helpers/render-in-remix';
import { MenuLink } from '../shell/MenuLink';
import { SiteLink } from './SiteLink';

const URL_OF_PAGE = 'http://paceline.test/event/detail/1?tab=prizes';

describe('SiteLink', () => {
  it('writes on the server the same <a> as the Link the browser hydrates onto it', async () => {
    const shapes = [
      { to: '/', className: 'brand', 'aria-label': 'Paceline' },
      { to: '/auth/login', className: 'button button-primary' },
      { to: '/user/activities#activities' },
      { to: '/events?sort=asc&page=2', title: 'Upcoming "races"', className: 'main-nav-link', target: '_self' },
      { to: '/routes', title: 'The tracks you can ride', className: 'main-nav-link', prefetch: 'intent' as const },
      { to: '/events?event=dailyrides', 'aria-current': 'page' as const, preventScrollReset: true },
      { to: '/event/3', className: 'button button-secondary', replace: true, state: { from: 'list' }, reloadDocument: false },
      { to: '/auth/login?redirect=%2Fevent%2F3', relative: 'path' as const, viewTransition: true, id: 'sign-in', 'data-testid': 'sign-in' },
    ];
    for (const shape of shapes) {
      const served = await renderInRemix(() => <SiteLink {...shape}>text</SiteLink>, URL_OF_PAGE);
      const { to, ...rest } = shape;
      const linked = await renderInRemix(
        () => (
          <Link to={to} {...rest}>
            text
          </Link>
        ),
        URL_OF_PAGE,
      );
      expect(served).toContain('data-discover="true"');
      expect(served).toBe(linked);
    }
  });

  it('leaves paths it cannot write as they are to Link', async () => {
    for (const to of ['prizes', '/event/detail/../2', { pathname: '/events', search: '?event=dailyrides' }]) {
      expect(await renderInRemix(() => <SiteLink to={to}>text</SiteLink>, URL_OF_PAGE)).toBe(await renderInRemix(() => <Link to={to}>text</Link>, URL_OF_PAGE));
    }
  });

  it('writes every item of the site menus as Link would', async () => {
    const menus = Object.values(await createFileCms('content').getMenus());
    const items = menus.flatMap((menu) => flatten(buildMenuTree(menu.items))).filter((item) => !item.separator && !isExternalUrl(item.url));
    expect(items.length).toBeGreaterThan(10);
    for (const item of items) {
      const served = await renderInRemix(() => <MenuLink item={item} className="main-nav-link" />, URL_OF_PAGE);
      const linked = await renderInRemix(
        () => (
          <Link to={item.url} target={item.target} title={item.hint} className="main-nav-link" prefetch="intent">
            {item.title}
          </Link>
        ),
        URL_OF_PAGE,
      );
      expect(served).toBe(linked);
    }
  });
});

function flatten(nodes: MenuNode[]): MenuNode[] {
  return nodes.flatMap((node) => [node, ...flatten(node.children)]);
}
