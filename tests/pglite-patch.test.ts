// The patch of patches/@electric-sql+pglite+*.patch (applied by `patch-package` on `npm ci`):
// PGlite's result parsing copied the instance's ~400 type parsers into a new object for every
// statement (over half of a short statement's time, docs/performance.md seventh round); it now
// looks them up through a prototype and layers a statement's own parsers over them. What a
// statement's values parse to must not change: these are the cases the copy handled.
import { PGlite, types } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const pg = new PGlite({ parsers: { [types.INT4]: (value: string) => `instance:${value}` } });
// The instance opens in the background and the first query waits for it: opening takes seconds,
// and far longer on a loaded machine, so it is awaited in a hook (whose limit is a minute).
beforeAll(() => pg.waitReady);
afterAll(() => pg.close());

describe('PGlite result parsers (patched)', () => {
  it("uses the instance's parsers, and its built-in ones for other types", async () => {
    const { rows } = await pg.query<{ a: string; b: boolean; c: number[] }>('select 1::int4 as a, true as b, array[1,2]::int8[] as c');
    expect(rows).toEqual([{ a: 'instance:1', b: true, c: [1, 2] }]);
  });

  it("lays a statement's parsers over the instance's, for that statement only", async () => {
    const options = { parsers: { [types.INT4]: (value: string) => `statement:${value}` } };
    expect((await pg.query('select 2::int4 as a', [], options)).rows).toEqual([{ a: 'statement:2' }]);
    expect((await pg.query('select 3::int4 as a')).rows).toEqual([{ a: 'instance:3' }]);
  });

  it('sees a parser the instance gains after it started (its parsers are not a copy)', async () => {
    pg.parsers[types.TEXT] = (value: string) => value.toUpperCase();
    try {
      expect((await pg.query('select $1::text as t', ['late'], { parsers: {} })).rows).toEqual([{ t: 'LATE' }]);
    } finally {
      delete pg.parsers[types.TEXT];
    }
  });
});
