import { messages, types } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PgliteThread } from './pglite-thread.server';

// PGlite on its worker thread (decision 152) keeps PGlite's behaviour: what these tests check is
// what the app, Drizzle, the write watch and the job queue rely on.
describe('PGlite on a worker thread', () => {
  let pg: PgliteThread;

  beforeAll(async () => {
    pg = await PgliteThread.open({});
    await pg.exec('CREATE TABLE item (id int PRIMARY KEY, note text, bytes bytea, at timestamptz)');
  });
  afterAll(() => pg.close());

  it('leaves the request thread free while a statement runs', async () => {
    let turns = 0;
    let running = true;
    const spin = () => {
      turns += 1;
      if (running) setImmediate(spin);
    };
    setImmediate(spin);
    await pg.query('SELECT count(*) FROM generate_series(1, 2000000)');
    running = false;
    // On the request thread the statement ran inside the call: no turn until it was done.
    expect(turns).toBeGreaterThan(100);
  });

  it('runs one transaction at a time: a statement from outside waits for it to end', async () => {
    const order: string[] = [];
    let inside!: () => void;
    const reachedInside = new Promise<void>((resolve) => (inside = resolve));
    let finish!: () => void;
    const finishing = new Promise<void>((resolve) => (finish = resolve));
    const transaction = pg.transaction(async (tx) => {
      await tx.query('INSERT INTO item (id, note) VALUES (1, $1)', ['inside']);
      inside();
      await finishing;
      order.push('commit');
    });
    await reachedInside;
    const outside = pg.query<{ note: string }>('SELECT note FROM item WHERE id = 1').then((result) => {
      order.push('outside');
      return result.rows;
    });
    finish();
    await transaction;
    // The outside read ran after the commit, so it sees the row.
    expect(await outside).toEqual([{ note: 'inside' }]);
    expect(order).toEqual(['commit', 'outside']);
  });

  it('rolls a transaction back when its callback throws, and hands on that error', async () => {
    const failure = new Error('refused');
    await expect(
      pg.transaction(async (tx) => {
        await tx.query('INSERT INTO item (id, note) VALUES (2, $1)', ['gone']);
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect((await pg.query('SELECT id FROM item WHERE id = 2')).rows).toEqual([]);
  });

  it('rolls back on request, and a closed transaction runs nothing more', async () => {
    let kept: { closed: boolean; query: PgliteThread['query'] } | undefined;
    await pg.transaction(async (tx) => {
      await tx.query('INSERT INTO item (id, note) VALUES (3, $1)', ['undone']);
      await tx.rollback();
      kept = tx;
    });
    expect(kept!.closed).toBe(true);
    await expect(kept!.query('SELECT 1')).rejects.toThrow('Transaction is closed');
    expect((await pg.query('SELECT id FROM item WHERE id = 3')).rows).toEqual([]);
  });

  it("raises PGlite's DatabaseError with PostgreSQL's code and fields", async () => {
    const error = await pg.query('INSERT INTO item (id) VALUES (1)').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(messages.DatabaseError);
    expect(error).toMatchObject({ code: '23505', constraint: 'item_pkey', table: 'item', severity: 'ERROR' });
    expect((error as Error).message).toContain('duplicate key value violates unique constraint');
    const insideTransaction = await pg.transaction((tx) => tx.query('SELECT missing FROM item')).catch((caught: unknown) => caught);
    expect(insideTransaction).toMatchObject({ code: '42703' });
  });

  it('moves bytea both ways as bytes, and applies per-query parsers on the calling thread', async () => {
    const bytes = new Uint8Array([0, 1, 2, 254, 255]);
    await pg.query('INSERT INTO item (id, bytes, at) VALUES (4, $1, $2)', [bytes, new Date('2026-11-25T10:00:00Z')]);
    const seen: string[] = [];
    const result = await pg.query<[Uint8Array, string]>('SELECT bytes, at FROM item WHERE id = 4', [], {
      rowMode: 'array',
      parsers: { [types.TIMESTAMPTZ]: (text: string) => (seen.push(text), `as text: ${text}`) },
    });
    expect(result.rows[0][0]).toEqual(bytes);
    expect(result.rows[0][1]).toBe('as text: 2026-11-25 10:00:00+00');
    expect(seen).toEqual(['2026-11-25 10:00:00+00']);
  });

  it('runs several statements in one exec, and counts the rows a statement changed', async () => {
    const results = await pg.exec("UPDATE item SET note = 'x' WHERE id IN (1, 4); SELECT count(*)::int AS n FROM item");
    expect(results[0].affectedRows).toBe(2);
    expect(results.at(-1)!.rows).toEqual([{ n: 2 }]);
  });

  it('dumps the data folder, and a snapshot opens as a second database on the same thread', async () => {
    const snapshot = await pg.dumpDataDir('gzip');
    const copy = await PgliteThread.open({ snapshot });
    try {
      expect((await copy.query('SELECT id FROM item ORDER BY id')).rows).toEqual([{ id: 1 }, { id: 4 }]);
      await copy.query('DELETE FROM item');
      expect((await pg.query('SELECT count(*)::int AS n FROM item')).rows).toEqual([{ n: 2 }]);
    } finally {
      await copy.close();
    }
    await expect(copy.query('SELECT 1')).rejects.toThrow('PGlite is closed');
  });
});
