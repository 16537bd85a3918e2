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
});
