import { FATIGUE_DAYS, FITNESS_DAYS } from '~/lib/constants';

/**
 * Fitness, fatigue and form (decision 142), as TrainingPeaks' Performance Management Chart
 * computes them from daily training load (Coggan's adaptation of Banister's model):
 *   fitness (CTL) today = CTL yesterday + (load today − CTL yesterday) / 42
 *   fatigue (ATL) today = ATL yesterday + (load today − ATL yesterday) / 7
 *   form (TSB) today    = CTL yesterday − ATL yesterday
 * A day's load is the sum of its rides' training load (UTC days); a day without rides has load 0,
 * so both decay by (1 − 1/N) per day, which is computed in one step for any run of rest days.
 * Form is yesterday's balance: how fresh the rider starts the day, before its ride.
 */

const DAY_MS = 86_400_000;

interface Balance {
  fitness: number;
  fatigue: number;
}

export interface TrainingDay extends Balance {
  /** ISO day, YYYY-MM-DD (UTC). */
  day: string;
  load: number;
}

export interface SeriesPoint extends TrainingDay {
  form: number;
}

const FITNESS_KEEP = 1 - 1 / FITNESS_DAYS;
const FATIGUE_KEEP = 1 - 1 / FATIGUE_DAYS;

export function dayOf(at: Date | number): string {
  return new Date(at).toISOString().slice(0, 10);
}

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

export function addDays(day: string, days: number): string {
  return dayOf(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS);
}

/** The balance after `restDays` days without load. */
function decayed(balance: Balance, restDays: number): Balance {
  return { fitness: balance.fitness * FITNESS_KEEP ** restDays, fatigue: balance.fatigue * FATIGUE_KEEP ** restDays };
}

/** The balance at the end of a day with `load`, from the end of the day before. */
function afterDay(yesterday: Balance, load: number): Balance {
  return { fitness: yesterday.fitness + (load - yesterday.fitness) / FITNESS_DAYS, fatigue: yesterday.fatigue + (load - yesterday.fatigue) / FATIGUE_DAYS };
}

const ZERO: Balance = { fitness: 0, fatigue: 0 };

/**
 * The stored days from the loads of the days that have any (ascending), continuing from the
 * last stored day before them (null: the rider's first day).
 */
export function trainingDays(before: TrainingDay | null, loads: Array<{ day: string; load: number }>): TrainingDay[] {
  const days: TrainingDay[] = [];
  let last: TrainingDay | null = before;
  for (const { day, load } of loads) {
    const yesterday = last ? decayed(last, daysBetween(last.day, day) - 1) : ZERO;
    last = { day, load, ...afterDay(yesterday, load) };
    days.push(last);
  }
  return days;
}

/**
 * One point per day from `from` to `to` (both included): the stored days where they are, exact
 * decays between them, from the last stored day before `from` (null: none).
 */
export function dailySeries(before: TrainingDay | null, stored: TrainingDay[], from: string, to: string): SeriesPoint[] {
  const byDay = new Map(stored.map((day) => [day.day, day]));
  const points: SeriesPoint[] = [];
  let last: TrainingDay | null = before;
  let yesterday: Balance = before ? decayed(before, daysBetween(before.day, from) - 1) : ZERO;
  for (let day = from; day <= to; day = addDays(day, 1)) {
    const storedDay = byDay.get(day);
    const today = storedDay ?? { day, load: 0, ...(last ? decayed(last, daysBetween(last.day, day)) : ZERO) };
    if (storedDay) last = storedDay;
    points.push({ ...today, form: yesterday.fitness - yesterday.fatigue });
    yesterday = today;
  }
  return points;
}
