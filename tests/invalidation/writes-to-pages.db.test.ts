import { beforeAll, describe, expect, it } from 'vitest';
import { setUpTestDatabase } from '../helpers/db';
import { routeTable } from '../fuzz/route-table';
import { renderPage, stillKept, type KeptPage } from './pages';
import { createSharedWorld, type PageRef, type World } from './world';
import { BYSTANDER_PAGES, NOT_SHOWN_ON_KEPT_PAGES, WRITE_ROWS } from './writes-to-pages';

// The safety net of decision 145, generated from the writes → pages table: no page is ever kept
// while a fresh render would show something else, and every page that shows a write changes on
// the next request after it.
setUpTestDatabase();

let nextWorld: () => Promise<World>;
beforeAll(async () => {
  nextWorld = await createSharedWorld();
});

/** The row's pages first (in order), then the watched and bystander pages not among them. */
function pagesOf(refs: PageRef[], world: World, prepared: Record<string, string>): Array<{ path: string; viewer: PageRef['viewer'] }> {
  const seen = new Set<string>();
  return refs.flatMap((ref) => {
    const path = ref.path(world, prepared);
    const key = `${ref.viewer} ${path}`;
    if (seen.has(key)) return [];
    seen.add(key);
    return [{ path, viewer: ref.viewer }];
  });
}

const renderAll = (pages: Array<{ path: string; viewer: PageRef['viewer'] }>, world: World) =>
  Promise.all(pages.map((ref) => renderPage(ref.path, ref.viewer, world.people)));
const label = (page: KeptPage) => `${page.viewer} ${page.path}`;

describe('writes → pages: each write shows at once where it is shown, and nothing kept is stale', () => {
  for (const row of WRITE_ROWS) {
    it(`${row.route}: ${row.name}`, async () => {
      const world = await nextWorld();
      const prepared = (await row.prepare?.(world)) ?? {};
      const pages = pagesOf([...row.shows, ...(row.watches ?? []), ...BYSTANDER_PAGES], world, prepared);
      const kept = await renderAll(pages, world);
      const answer = await row.write(world, prepared);
      // The write must have happened for the row to prove anything: no refusal.
      expect(answer.status, JSON.stringify(answer).slice(0, 400)).toBeLessThan(400);
      const fresh = await renderAll(pages, world);
      kept.forEach((before, index) => {
        const after = fresh[index];
        if (stillKept(before)) expect(after.shown, `${label(before)} is still kept but a render now differs`).toBe(before.shown);
        if (index < row.shows.length) {
          expect(after.shown, `${label(before)} shows the write`).not.toBe(before.shown);
          expect(stillKept(before), `${label(before)} is no longer kept`).toBe(false);
        }
      });
    }, 60_000);
  }
});

describe('the table covers every action', () => {
  it('lists every route with an action: as a row, or as writing only what no kept page shows', () => {
    const listed = new Set([...WRITE_ROWS.map((row) => row.route), ...Object.keys(NOT_SHOWN_ON_KEPT_PAGES)]);
    const withAction = routeTable()
      .filter((route) => /export\s+(async\s+function|const|function)\s+action\b/.test(route.source))
      .map((route) => route.id);
    expect(
      withAction.filter((id) => !listed.has(id)),
      'actions missing from tests/invalidation/writes-to-pages.ts',
    ).toEqual([]);
    expect(
      [...listed].filter((id) => !withAction.includes(id)),
      'entries naming no action',
    ).toEqual([]);
  });

  it('says why, for a row that no kept page shows, and only then', () => {
    expect(WRITE_ROWS.filter((row) => (row.shows.length === 0) !== Boolean(row.shownNowhere)).map((row) => row.name)).toEqual([]);
  });
});
