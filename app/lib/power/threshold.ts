import { FTP_OF_TWENTY_MINUTES, HOUR_RIDE_S, IF_HOUR_CEILING } from '~/lib/constants';

/**
 * The threshold one ride shows (decision 141), whole watts, or null when it shows none:
 * - 95 % of its best 20 minutes (the 20-minute rule TrainingPeaks, Zwift and Coggan's test use);
 * - for a ride of an hour or more, the lowest threshold at which its IF is at most 1.05, since an
 *   hour or more above 105 % of threshold is not physiologically possible: a ride that reads
 *   higher proves the threshold in force is stale.
 * The higher of the two. It depends on the ride alone, so upload order never changes it.
 */
export function rideThresholdEstimate(ride: { bestTwentyMinW: number; normalizedPowerW: number | null; timerS: number }): number | null {
  const twentyMinuteRule = ride.bestTwentyMinW > 0 ? Math.round(ride.bestTwentyMinW * FTP_OF_TWENTY_MINUTES) : 0;
  const hourBound = ride.timerS >= HOUR_RIDE_S && ride.normalizedPowerW ? lowestThresholdWithin(ride.normalizedPowerW, IF_HOUR_CEILING) : 0;
  const estimate = Math.max(twentyMinuteRule, hourBound);
  return estimate > 0 ? estimate : null;
}

/**
 * The lowest whole-watt threshold at which NP (as the database keeps it, float4) reads an IF of
 * at most `ceiling`, computed as IF is computed, so the stored IF can never land above it.
 */
function lowestThresholdWithin(normalizedPowerW: number, ceiling: number): number {
  const np = Math.fround(normalizedPowerW);
  let watts = Math.max(1, Math.ceil(np / ceiling));
  while (np / watts > ceiling) watts++;
  while (watts > 1 && np / (watts - 1) <= ceiling) watts--;
  return watts;
}
