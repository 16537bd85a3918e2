/**
 * Normalized Power and its derived figures (docs/activities.md "Maths", decisions 020 and 045).
 * Input is one value per record written while the timer ran, in order; NaN marks a record
 * without a power reading (sensor dropout), which is skipped rather than counted as 0 W.
 */

export const NP_WINDOW_S = 30;
/** A gap longer than this between records is a pause: the rolling window restarts after it. */
const NP_PAUSE_GAP_S = 3;

interface Totals {
  sum: number;
  count: number;
}

/** Rolling means over the readings of one pause-free stretch (NaN-free values). */
function addSegment(readings: number[], totals: Totals) {
  const length = readings.length;
  if (length === 0) return;
  const window = Math.min(NP_WINDOW_S, length);
  let rolling = 0;
  for (let i = 0; i < window; i++) rolling += readings[i];
  for (let end = window; ; end++) {
    const mean = rolling / window;
    const squared = mean * mean;
    totals.sum += squared * squared;
    totals.count++;
    if (end >= length) break;
    rolling += readings[end] - readings[end - window];
  }
}

/**
 * 30 s rolling mean, raised to the 4th power, averaged, 4th root; 0 when there is no power.
 * With record times `t`, a rolling window never spans a pause (a gap > NP_PAUSE_GAP_S);
 * records without a reading do not break it (the timer ran, only the sensor was silent).
 */
export function normalizedPower(power: ArrayLike<number>, t?: ArrayLike<number>): number {
  const totals: Totals = { sum: 0, count: 0 };
  let readings: number[] = [];
  for (let i = 0; i < power.length; i++) {
    if (t && i > 0 && t[i] - t[i - 1] > NP_PAUSE_GAP_S) {
      addSegment(readings, totals);
      readings = [];
    }
    if (!Number.isNaN(power[i])) readings.push(power[i]);
  }
  addSegment(readings, totals);
  return totals.count === 0 ? 0 : Math.sqrt(Math.sqrt(totals.sum / totals.count));
}

/** Seconds of the ride that carry a power reading: the duration training load is accrued over. */
export function poweredSeconds(power: ArrayLike<number>): number {
  let count = 0;
  for (let i = 0; i < power.length; i++) if (!Number.isNaN(power[i])) count++;
  return count;
}

/** IF = NP / FTP; 0 without a usable FTP. */
export function intensityFactor(normalizedPowerW: number, ftpW: number): number {
  return ftpW > 0 ? normalizedPowerW / ftpW : 0;
}

/** Training load (TSS form): seconds × NP × IF / (FTP × 3600) × 100 (seconds: see decision 045). */
export function trainingLoad(durationS: number, normalizedPowerW: number, ftpW: number): number {
  if (ftpW <= 0) return 0;
  const intensity = intensityFactor(normalizedPowerW, ftpW);
  return ((durationS * normalizedPowerW * intensity) / (ftpW * 3600)) * 100;
}

export function mean(values: ArrayLike<number>, skipZeros = false): number {
  let total = 0;
  let count = 0;
  for (let i = 0; i < values.length; i++) {
    const value = values[i];
    if (skipZeros && value === 0) continue;
    total += value;
    count++;
  }
  return count === 0 ? 0 : total / count;
}
