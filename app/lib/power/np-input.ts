import type { RideSamples } from '~/lib/fit/read-ride';

/**
 * The per-record power NP and training load are computed from (decision 045): the meter's
 * accumulated-energy power where the file carries it, else the spike-filtered reading, and
 * NaN for a record without a reading so the maths skips it instead of counting 0 W.
 */
export function normalizedPowerInput(samples: Pick<RideSamples, 'powerRead' | 'meterPowerW'>, filteredPower: ArrayLike<number>): Float64Array {
  const n = filteredPower.length;
  const input = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    if (samples.powerRead[i] !== 1) input[i] = Number.NaN;
    else input[i] = Number.isNaN(samples.meterPowerW[i]) ? filteredPower[i] : samples.meterPowerW[i];
  }
  return input;
}
