import { describe, expect, it } from 'vitest';
import { addDays, formatEventDate, formatEventTime } from './dates';

describe('event dates', () => {
  it('writes a date as the event page shows it, the same on every call, each day its own', () => {
    expect(formatEventDate('2026-12-05')).toBe('Sat, 5 Dec 2026');
    expect(formatEventDate('2026-12-05')).toBe('Sat, 5 Dec 2026');
    expect(formatEventDate('2026-12-06')).toBe('Sun, 6 Dec 2026');
    expect(formatEventDate(addDays('2026-12-31', 1))).toBe('Fri, 1 Jan 2027');
    expect(formatEventTime('18:30')).toBe('18:30 GMT+4');
  });
});
