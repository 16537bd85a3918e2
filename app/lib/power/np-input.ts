import type { RideSamples } from '~/lib/fit/read-ride';
import { POWER_CEILING_W } from './spike-filter';

/**
 * The per-record power NP and training load are computed from (decision 045): the meter's
 * accumulated-energy power where the file carries it, else the spike-filtered reading, and
 * NaN for a record without a reading so the maths skips it instead of counting 0 W.
 * An energy step above the spike ceiling is implausible like a reading would be (road-with-power's
 * lone 1,336 W reading arrives as 5,344 J in one second): it falls back to the filtered reading.
 */
export function normalizedPowerInput(samples: Pick<RideSamples, 'powerRead' | 'meterPowerW'>, filteredPower: ArrayLike<number>): Float64Array {
  const n = filteredPower.length;
  const input = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    if (samples.powerRead[i] !== 1) input[i] = Number.NaN;
    else {
      const meter = samples.meterPowerW[i];
      input[i] = Number.isNaN(meter) || meter > POWER_CEILING_W ? filteredPower[i] : meter;
    }
  }
  return input;
}
