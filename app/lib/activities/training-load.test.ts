import { describe, expect, it } from 'vitest';
import { dailySeries, trainingDays } from './training-load';

/**
 * Worked by hand with TrainingPeaks' formulas, loads 100, 0, 50, 0, 0 from zero:
 * day 1  CTL = 0 + (100 − 0)/42 = 2.3810         ATL = 0 + (100 − 0)/7 = 14.2857        form = 0
 * day 2  CTL = 2.3810 · 41/42 = 2.3243            ATL = 14.2857 · 6/7 = 12.2449           form = 2.3810 − 14.2857 = −11.9048
 * day 3  CTL = 2.3243 + (50 − 2.3243)/42 = 3.4594 ATL = 12.2449 + (50 − 12.2449)/7 = 17.6385 form = 2.3243 − 12.2449 = −9.9206
 * day 4  CTL = 3.4594 · 41/42 = 3.3770            ATL = 17.6385 · 6/7 = 15.1187           form = 3.4594 − 17.6385 = −14.1791
 * day 5  CTL = 3.3770 · 41/42 = 3.2966            ATL = 15.1187 · 6/7 = 12.9589           form = 3.3770 − 15.1187 = −11.7417
 */
const HAND = [
  { day: '2026-03-01', load: 100, fitness: 2.381, fatigue: 14.2857, form: 0 },
  { day: '2026-03-02', load: 0, fitness: 2.3243, fatigue: 12.2449, form: -11.9048 },
  { day: '2026-03-03', load: 50, fitness: 3.4594, fatigue: 17.6385, form: -9.9206 },
  { day: '2026-03-04', load: 0, fitness: 3.377, fatigue: 15.1187, form: -14.1791 },
  { day: '2026-03-05', load: 0, fitness: 3.2966, fatigue: 12.9589, form: -11.7417 },
];

describe('fitness, fatigue and form (decision 142)', () => {
  it('matches the hand-computed series, rest days included, from the days with load only', () => {
    const stored = trainingDays(null, [
      { day: '2026-03-01', load: 100 },
      { day: '2026-03-03', load: 50 },
    ]);
    expect(stored.map((day) => day.day)).toEqual(['2026-03-01', '2026-03-03']);
    const series = dailySeries(null, stored, '2026-03-01', '2026-03-05');
    expect(series).toHaveLength(5);
    series.forEach((point, index) => {
      expect(point.day).toBe(HAND[index].day);
      expect(point.load).toBe(HAND[index].load);
      expect(point.fitness).toBeCloseTo(HAND[index].fitness, 3);
      expect(point.fatigue).toBeCloseTo(HAND[index].fatigue, 3);
      expect(point.form).toBeCloseTo(HAND[index].form, 3);
    });
  });

  it('continues from the last stored day before a range, across a long break', () => {
    const stored = trainingDays(null, [
      { day: '2026-01-01', load: 300 },
      { day: '2026-03-01', load: 80 },
    ]);
    // Recomputing from March on, starting from January's stored day, gives the same row.
    expect(trainingDays(stored[0], [{ day: '2026-03-01', load: 80 }])).toEqual([stored[1]]);
    // A range that starts between them reads January decayed, day by day.
    const [first] = dailySeries(stored[0], [], '2026-02-01', '2026-02-01');
    expect(first.fitness).toBeCloseTo((300 / 42) * (41 / 42) ** 31, 9);
    expect(first.fatigue).toBeCloseTo((300 / 7) * (6 / 7) ** 31, 9);
    expect(first.form).toBeCloseTo((300 / 42) * (41 / 42) ** 30 - (300 / 7) * (6 / 7) ** 30, 9);
  });

  it('is zero before the first ride', () => {
    const series = dailySeries(null, [], '2026-01-01', '2026-01-03');
    expect(series.every((point) => point.fitness === 0 && point.fatigue === 0 && point.form === 0)).toBe(true);
  });
});
