import { describe, expect, it } from 'vitest';
import { holdsNul } from './nul';

describe('holdsNul (issue 35 item 4)', () => {
  it('finds a NUL in any string of a decoded JSON value, keys included, at any depth', () => {
    expect(holdsNul(JSON.parse('{"data":{"object":{"id":"\\u0000"}}}'))).toBe(true);
    expect(holdsNul({ 'a\u0000': 1 })).toBe(true);
    expect(holdsNul([1, [2, ['x\u0000y']]])).toBe(true);
    expect(holdsNul({ id: '\\u0000', n: 0, list: [null, true, 'ok'] })).toBe(false);
  });

  it('walks a body nested deeper than the call stack goes without overflowing it', () => {
    let deep: unknown = 'end\u0000';
    for (let level = 0; level < 200_000; level += 1) deep = [deep];
    expect(holdsNul(deep)).toBe(true);
  });

  it('walks an array too long to spread into one call (a 1 MB body of 500,000 items)', () => {
    const long = JSON.parse(`[${'0,'.repeat(499_999)}"\\u0000"]`) as unknown[];
    expect(long).toHaveLength(500_000);
    expect(holdsNul(long)).toBe(true);
    expect(holdsNul(long.slice(0, -1))).toBe(false);
  });
});
