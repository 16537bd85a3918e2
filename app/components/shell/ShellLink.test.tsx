import { Link } from '@remix-run/react';
import { describe, expect, it } from 'vitest';
import { buildMenuTree, isExternalUrl, type MenuNode } from '~/lib/content/menu-tree';
import { createFileCms } from '~/services/content/cms/files.server';
import { renderInRemix } from '../../../tests/helpers/render-in-remix';
import { MenuLink } from './MenuLink';
import { ShellLink } from './ShellLink';

const URL_OF_PAGE = 'http://paceline.test/event/detail/1?tab=prizes';

describe('ShellLink', () => {
  it('writes on the server the same <a> as the Link the browser hydrates onto it', async () => {
    const shapes = [
      { to: '/', className: 'brand', 'aria-label': 'Paceline' },
      { to: '/auth/login', className: 'button button-primary' },
      { to: '/user/activities#activities' },
      { to: '/events?sort=asc&page=2', title: 'Upcoming "races"', className: 'main-nav-link', target: '_self' },
      { to: '/routes', title: 'The tracks you can ride', className: 'main-nav-link', prefetch: 'intent' as const },
    ];
    for (const shape of shapes) {
      const served = await renderInRemix(() => <ShellLink {...shape}>text</ShellLink>, URL_OF_PAGE);
      const { to, ...rest } = shape;
      const linked = await renderInRemix(() => <Link to={to} {...rest}>text</Link>, URL_OF_PAGE);
      expect(served).toContain('data-discover="true"');
      expect(served).toBe(linked);
    }
  });

  it('leaves paths it cannot write as they are to Link', async () => {
    const relative = await renderInRemix(() => <ShellLink to="prizes">text</ShellLink>, URL_OF_PAGE);
    expect(relative).toBe(await renderInRemix(() => <Link to="prizes">text</Link>, URL_OF_PAGE));
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
