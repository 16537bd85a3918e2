import type { RideSamples } from '~/lib/fit/read-ride';

/**
 * The meter's accumulated-energy counter is checked against its own readings over blocks of this
 * many records (10 minutes at 1 Hz): long enough that a real effort between two readings evens
 * out, short enough that a stretch of corrupt counter cannot hide in a long ride.
 */
export const COUNTER_CHECK_RECORDS = 600;
/** The counter agrees when its energy is within this share of the readings' energy, … */
const COUNTER_AGREEMENT_SHARE = 0.1;
/** … plus this many watts per record, so a block of coasting (readings near 0 W) can agree. */
const COUNTER_AGREEMENT_SLACK_W = 10;

/** Whether the counter agrees with the readings over records [from, to). */
function counterAgrees(samples: Pick<RideSamples, 'power' | 'powerRead' | 'meterPowerW'>, from: number, to: number): boolean {
  let counterJ = 0;
  let readingsJ = 0;
  let count = 0;
  for (let i = from; i < to; i++) {
    const meter = samples.meterPowerW[i];
    if (samples.powerRead[i] !== 1 || Number.isNaN(meter)) continue;
    counterJ += meter;
    readingsJ += samples.power[i];
    count++;
  }
  return count > 0 && Math.abs(counterJ - readingsJ) <= COUNTER_AGREEMENT_SHARE * readingsJ + COUNTER_AGREEMENT_SLACK_W * count;
}

/**
 * The per-record power NP and training load are computed from (decisions 045 and 105), NaN
 * for a record without a reading so the maths skips it instead of counting 0 W:
 * - where the file carries the meter's accumulated energy and that energy agrees with the
 *   readings over the record's block, the energy's increase per second, as the meter counted it
 *   (it counts every pedal stroke; head units use it, spikes and all);
 * - elsewhere (no counter, or a counter that disagrees: corrupt, reset, other units) the
 *   spike-filtered 1 s reading.
 */
export function normalizedPowerInput(samples: Pick<RideSamples, 'power' | 'powerRead' | 'meterPowerW'>, filteredPower: ArrayLike<number>): Float64Array {
  const n = filteredPower.length;
  const input = new Float64Array(n);
  for (let from = 0; from < n; from += COUNTER_CHECK_RECORDS) {
    const to = Math.min(n, from + COUNTER_CHECK_RECORDS);
    const trusted = counterAgrees(samples, from, to);
    for (let i = from; i < to; i++) {
      const meter = samples.meterPowerW[i];
      if (samples.powerRead[i] !== 1) input[i] = Number.NaN;
      else input[i] = trusted && !Number.isNaN(meter) ? meter : filteredPower[i];
    }
  }
  return input;
}
