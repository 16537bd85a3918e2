import { describe, expect, it } from 'vitest';
import { keptPerPeriod } from './kept-time-format';

describe('keptPerPeriod', () => {
  it('formats each period once, whether the date comes as text or as a Date, and answers by the period', () => {
    const calls: number[] = [];
    const day = keptPerPeriod(86_400_000, (time) => {
      calls.push(time);
      return new Date(time).toISOString().slice(0, 10);
    });
    expect(day('2026-11-26T06:00:00.000Z')).toBe('2026-11-26');
    expect(day('2026-11-26T06:00:00.000Z')).toBe('2026-11-26');
    expect(day('2026-11-26T21:59:00.000Z')).toBe('2026-11-26');
    expect(day(new Date('2026-11-26T23:00:00.000Z'))).toBe('2026-11-26');
    expect(day('2026-11-27T00:00:00.000Z')).toBe('2026-11-27');
    expect(calls).toHaveLength(2);
  });
});
