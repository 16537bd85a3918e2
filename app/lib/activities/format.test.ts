import { describe, expect, it } from 'vitest';
import { formatDate } from './format';

describe('formatDate', () => {
  it('writes the UTC day, whatever the time of day or offset, and answers alike when asked again', () => {
    expect(formatDate('2026-11-05T00:00:00.000Z')).toBe('05 Nov 2026');
    expect(formatDate('2026-11-05T23:59:59.999Z')).toBe('05 Nov 2026');
    expect(formatDate('2026-11-06T02:00:00+04:00')).toBe('05 Nov 2026');
    expect(formatDate('2026-11-06T00:00:00.000Z')).toBe('06 Nov 2026');
    expect(formatDate('1969-12-31T23:00:00.000Z')).toBe('31 Dec 1969');
    expect(formatDate('2026-11-05T12:00:00.000Z')).toBe('05 Nov 2026');
  });

  it('answers every day right after thousands of others were written', () => {
    const start = Date.UTC(2000, 0, 1);
    const expected = new Intl.DateTimeFormat('en-GB', { day: '2-digit', month: 'short', year: 'numeric', timeZone: 'UTC' });
    for (let day = 0; day < 5_000; day += 1) {
      const iso = new Date(start + day * 86_400_000 + 3_600_000).toISOString();
      expect(formatDate(iso)).toBe(expected.format(new Date(iso)));
    }
  });

  it('refuses a date that is not one, as the formatter does', () => {
    expect(() => formatDate('not a date')).toThrow(RangeError);
  });
});
