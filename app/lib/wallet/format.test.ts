import { describe, expect, it } from 'vitest';
import { formatDateTime } from './format';

describe('formatDateTime', () => {
  it('writes what toLocaleString wrote with the same options, from text or a Date', () => {
    for (const iso of ['2026-11-25T09:05:00.000Z', '2024-02-29T23:59:59Z', '2026-01-01 00:00:00+00', '1999-12-31T12:30:00+04:00']) {
      const expected = new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }) + ' UTC';
      expect(formatDateTime(iso)).toBe(expected);
      expect(formatDateTime(new Date(iso))).toBe(expected);
    }
    expect(formatDateTime('2026-11-25T09:05:00.000Z')).toBe('25 Nov 2026, 09:05 UTC');
  });

  it('answers each minute right, seconds apart or thousands of minutes later, before 1970 too', () => {
    const expected = (time: number) => new Date(time).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }) + ' UTC';
    for (const start of [Date.UTC(2026, 10, 25, 9, 5), Date.UTC(1969, 11, 31, 23, 58)]) {
      for (let step = 0; step < 5_000; step += 1) {
        const time = start + step * 59_000;
        expect(formatDateTime(new Date(time).toISOString())).toBe(expected(time));
      }
    }
  });
});
