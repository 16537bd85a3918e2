import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { packRows, unpackRows } from './packed-rows';

describe('packed rows', () => {
  it('gives back exactly the rows it packed: any doubles, any strings (commas and semicolons too), booleans, nulls, no rows', () => {
    const row = fc.record({
      d: fc.integer(),
      w: fc.oneof(fc.double({ noNaN: true }), fc.constant(-0)),
      label: fc.string(),
      maybe: fc.option(fc.double({ noNaN: true, noDefaultInfinity: true }), { nil: null }),
      flag: fc.boolean(),
      text: fc.constantFrom('t', 'f', '~0', ''),
    });
    fc.assert(
      fc.property(fc.array(row, { maxLength: 50 }), (rows) => {
        const packed = packRows(rows, ['d', 'w', 'label', 'maybe', 'flag', 'text']);
        // Through JSON, as the page's data travels.
        expect(unpackRows(JSON.parse(JSON.stringify(packed)))).toEqual(rows);
      }),
    );
  });

  it('is one string and one table of the distinct strings, however many rows', () => {
    const points = Array.from({ length: 232 }, (_, index) => ({
      d: index + 1,
      w: 600 - index / 3,
      date: index % 2 ? '2026-10-27T06:00:00.000Z' : '2026-09-27T11:00:00.000Z',
    }));
    const packed = packRows(points, ['d', 'w', 'date']);
    expect(JSON.parse(packed.strings)).toEqual(['2026-09-27T11:00:00.000Z', '2026-10-27T06:00:00.000Z']);
    expect(packed.rows.split(';')[1]).toBe('2,599.6666666666666,~1');
    // In the process that packed them, the rows themselves: a server render parses nothing.
    expect(unpackRows(packed)).toBe(points);
  });
});
