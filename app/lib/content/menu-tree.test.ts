import { describe, expect, it } from 'vitest';
import { buildMenuTree, isExternalUrl } from './menu-tree';
import type { CmsMenuItem } from './cms-types';

const item = (ID: number, parent: string, menu_order: number, extra: Partial<CmsMenuItem> = {}): CmsMenuItem => ({
  ID,
  title: `Item ${ID}`,
  url: `/item-${ID}`,
  target: '',
  attr_title: '',
  classes: [],
  parent,
  menu_order,
  ...extra,
});

describe('buildMenuTree', () => {
  it('nests children under their parent in menu_order, whatever the input order', () => {
    const tree = buildMenuTree([item(3, '1', 2), item(1, '0', 2), item(2, '1', 1), item(4, '0', 1)]);
    expect(tree.map((node) => node.id)).toEqual(['4', '1']);
    expect(tree[1].children.map((node) => node.id)).toEqual(['2', '3']);
  });

  it('marks separators by class and keeps target and attr_title', () => {
    const [root] = buildMenuTree([
      item(1, '0', 1),
      item(2, '1', 1, { target: '_blank', attr_title: 'Opens Strava' }),
      item(3, '1', 2, { classes: ['menu-separator'] }),
    ]);
    expect(root.children[0]).toMatchObject({ target: '_blank', hint: 'Opens Strava', separator: false });
    expect(root.children[1].separator).toBe(true);
  });

  it('drops items whose parent is not in the menu', () => {
    expect(buildMenuTree([item(1, '0', 1), item(2, '99', 1)]).map((node) => node.id)).toEqual(['1']);
  });

  it('tells external links from Paceline paths', () => {
    expect(isExternalUrl('https://www.strava.com/clubs/x')).toBe(true);
    expect(isExternalUrl('mailto:support@paceline.local')).toBe(true);
    expect(isExternalUrl('/faqs')).toBe(false);
  });
});
