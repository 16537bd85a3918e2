/**
 * Normalized Power and its derived figures (docs/activities.md "Maths").
 * Input is the power of the samples recorded while the timer ran, one per second, in order:
 * head units compute NP that way, and filling pauses with zeros moves NP by up to 24 W.
 */

export const NP_WINDOW_S = 30;
/** A gap longer than this between samples is a pause: the rolling window restarts after it. */
export const NP_PAUSE_GAP_S = 3;

function addSegment(power: ArrayLike<number>, from: number, to: number, totals: { sum: number; count: number }) {
  const length = to - from;
  if (length <= 0) return;
  const window = Math.min(NP_WINDOW_S, length);
  let rolling = 0;
  for (let i = from; i < from + window; i++) rolling += power[i];
  for (let end = from + window; ; end++) {
    const mean = rolling / window;
    const squared = mean * mean;
    totals.sum += squared * squared;
    totals.count++;
    if (end >= to) break;
    rolling += power[end] - power[end - window];
  }
}

/**
 * 30 s rolling mean, raised to the 4th power, averaged, 4th root; 0 when there is no power.
 * With sample times `t`, a rolling window never spans a pause (a gap > NP_PAUSE_GAP_S):
 * that is what brings the paused fixtures within a watt of their head units.
 */
export function normalizedPower(power: ArrayLike<number>, t?: ArrayLike<number>): number {
  const n = power.length;
  if (n === 0) return 0;
  const totals = { sum: 0, count: 0 };
  let segmentStart = 0;
  if (t) {
    for (let i = 1; i < n; i++) {
      if (t[i] - t[i - 1] > NP_PAUSE_GAP_S) {
        addSegment(power, segmentStart, i, totals);
        segmentStart = i;
      }
    }
  }
  addSegment(power, segmentStart, n, totals);
  return Math.sqrt(Math.sqrt(totals.sum / totals.count));
}

/** IF = NP / FTP; 0 without a usable FTP. */
export function intensityFactor(normalizedPowerW: number, ftpW: number): number {
  return ftpW > 0 ? normalizedPowerW / ftpW : 0;
}

/** Training load (TSS form): timer_s × NP × IF / (FTP × 3600) × 100, on timer (moving) time. */
export function trainingLoad(timerS: number, normalizedPowerW: number, ftpW: number): number {
  if (ftpW <= 0) return 0;
  const intensity = intensityFactor(normalizedPowerW, ftpW);
  return ((timerS * normalizedPowerW * intensity) / (ftpW * 3600)) * 100;
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
