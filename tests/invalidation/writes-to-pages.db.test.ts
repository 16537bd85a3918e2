import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../helpers/db';
import { routeTable } from '../fuzz/route-table';
import { createPeople, renderPage, stillKept, type KeptPage } from './pages';
import { BYSTANDER_PAGES, createWorld, NOT_SHOWN_ON_KEPT_PAGES, ROWS_STILL_TO_WRITE, WRITE_ROWS, type PageRef, type World } from './writes-to-pages';

// The safety net of decision 145, generated from the writes → pages table: no page is ever kept
// while a fresh render would show something else, and every page that shows a write changes on
// the next request after it.
useTestDatabase();

const renderAll = (refs: PageRef[], world: World) => Promise.all(refs.map((ref) => renderPage(ref.path(world), ref.viewer, world.people)));
const label = (page: KeptPage) => `${page.viewer} ${page.path}`;

describe('writes → pages: each write shows at once where it is shown, and nothing kept is stale', () => {
  for (const row of WRITE_ROWS) {
    it(`${row.route}: ${row.name}`, async () => {
      const world = await createWorld(await createPeople());
      const prepared = (await row.prepare?.(world)) ?? {};
      const refs = [...row.shows, ...BYSTANDER_PAGES];
      const kept = await renderAll(refs, world);
      const answer = (await row.write(world, prepared)) as { status?: number; body?: unknown } | undefined;
      // The write must have happened for the row to prove anything: no refusal.
      expect(answer && typeof answer === 'object' && 'status' in answer ? answer.status : 200, JSON.stringify(answer).slice(0, 400)).toBeLessThan(400);
      const fresh = await renderAll(refs, world);
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
  it('lists every route with an action: as a row, as writing only what no kept page shows, or as a row still to write', () => {
    const listed = new Set([...WRITE_ROWS.map((row) => row.route), ...Object.keys(NOT_SHOWN_ON_KEPT_PAGES), ...Object.keys(ROWS_STILL_TO_WRITE)]);
    const withAction = routeTable()
      .filter((route) => /export\s+(async\s+function|const)\s+action\b/.test(route.source))
      .map((route) => route.id);
    expect(withAction.filter((id) => !listed.has(id)), 'actions missing from tests/invalidation/writes-to-pages.ts').toEqual([]);
    expect([...listed].filter((id) => !withAction.includes(id)), 'entries naming no action').toEqual([]);
  });
});
