import { describe, expect, it } from 'vitest';
import { curveDurations, formatDuration, formatKm } from './format';
import { bestTwentyMinutes, deriveCategory, deriveFtp, deriveLevel } from './rider-level';

describe('FTP, category and level', () => {
  it('FTP is 95 % of the best 20 minutes, else 2.5 W/kg, else 180 W', () => {
    expect(deriveFtp(300, 70)).toBe(285);
    expect(deriveFtp(0, 70)).toBe(175);
    expect(deriveFtp(0, null)).toBe(180);
    expect(bestTwentyMinutes(new Array(1200).fill(250))).toBe(250);
    expect(bestTwentyMinutes(new Array(600).fill(250))).toBe(0);
  });

  it('category follows spec 2 §9 thresholds; level one per 250 km up to 50', () => {
    expect(deriveCategory(280, 70)).toBe(1);
    expect(deriveCategory(279, 70)).toBe(2);
    expect(deriveCategory(69, 70)).toBe(3);
    expect(deriveLevel(0)).toBe(1);
    expect(deriveLevel(499)).toBe(2);
    expect(deriveLevel(1_000_000)).toBe(50);
  });
});

describe('formatting', () => {
  it('durations: up to 60 s in s, up to 60 min in min, else h; km with 2 decimals', () => {
    expect(formatDuration(60)).toBe('60 s');
    expect(formatDuration(90)).toBe('1.5 min');
    expect(formatDuration(3600)).toBe('60 min');
    expect(formatDuration(5400)).toBe('1.5 h');
    expect(formatKm(12.3456)).toBe('12.35');
  });

  it('curve durations are every second to a minute and end at the full length', () => {
    const durations = curveDurations(21_600);
    expect(durations.slice(0, 60)).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));
    expect(durations.at(-1)).toBe(21_600);
    expect(durations.length).toBeLessThan(600);
  });
});
