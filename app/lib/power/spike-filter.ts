/**
 * Plausibility filter for power spikes, applied before peaks (power curve, max) are computed.
 * A sample is implausible when
 *  - it is above POWER_CEILING_W (no rider sustains that even for a second: sensor garbage), or
 *  - it stands alone: more than SPIKE_MIN_JUMP_W above, and more than SPIKE_RATIO times,
 *    the highest of the SPIKE_NEIGHBOURS samples on each side. Real sprints ramp over
 *    several seconds, so their neighbours are high too and they pass.
 * An implausible sample is replaced by the mean of its immediate neighbours (0 at the edges
 * when there is no neighbour). See docs/activities.md "Spike filter".
 */
const POWER_CEILING_W = 2500;
const SPIKE_MIN_JUMP_W = 500;
const SPIKE_RATIO = 3;
const SPIKE_NEIGHBOURS = 2;

export interface FilteredPower {
  power: Float64Array;
  spikesRemoved: number;
}

function highestNeighbour(power: ArrayLike<number>, index: number): number {
  let highest = 0;
  const from = Math.max(0, index - SPIKE_NEIGHBOURS);
  const to = Math.min(power.length - 1, index + SPIKE_NEIGHBOURS);
  for (let j = from; j <= to; j++) {
    if (j !== index && power[j] <= POWER_CEILING_W && power[j] > highest) highest = power[j];
  }
  return highest;
}

function isImplausible(power: ArrayLike<number>, index: number): boolean {
  const value = power[index];
  if (!(value >= 0)) return true;
  if (value > POWER_CEILING_W) return true;
  const neighbour = highestNeighbour(power, index);
  return value - neighbour > SPIKE_MIN_JUMP_W && value > SPIKE_RATIO * neighbour;
}

export function filterPowerSpikes(power: ArrayLike<number>): FilteredPower {
  const n = power.length;
  const filtered = Float64Array.from(power, (value) => (Number.isFinite(value) && value > 0 ? value : 0));
  let spikesRemoved = 0;
  for (let i = 0; i < n; i++) {
    if (!isImplausible(power, i)) continue;
    const before = i > 0 && !isImplausible(power, i - 1) ? filtered[i - 1] : 0;
    const after = i + 1 < n && !isImplausible(power, i + 1) ? Math.min(power[i + 1], POWER_CEILING_W) : 0;
    filtered[i] = (before + after) / 2;
    spikesRemoved++;
  }
  return { power: filtered, spikesRemoved };
}
