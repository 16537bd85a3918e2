import type { DecodedRide } from '~/lib/fit/read-ride';
import { bestTwentyMinutes, deriveFtp } from '~/lib/activities/rider-level';
import { intensityFactor, mean, normalizedPower, poweredSeconds, trainingLoad } from './normalized-power';
import { normalizedPowerInput } from './np-input';
import { meanMaxPowerCurve } from './power-curve';
import { filterPowerSpikes } from './spike-filter';

export interface RideAnalysis {
  distanceM: number;
  elevationM: number;
  timerS: number;
  elapsedS: number;
  avgPowerW: number | null;
  maxPowerW: number | null;
  avgWattsPerKg: number | null;
  avgHeartRate: number | null;
  avgCadence: number | null;
  avgSpeedKmh: number;
  normalizedPowerW: number | null;
  intensity: number | null;
  trainingLoad: number | null;
  ftpW: number;
  spikesRemoved: number;
  /** Spike-filtered power, the series shown and used for peaks. */
  power: Float64Array;
  powerCurve: Float64Array;
}

/** Climb from altitude with a 1 m dead band, so sensor noise does not add up to hills. */
export function elevationGain(altitude: ArrayLike<number>): number {
  if (altitude.length === 0) return 0;
  let gain = 0;
  let reference = altitude[0];
  for (let i = 1; i < altitude.length; i++) {
    const delta = altitude[i] - reference;
    if (delta >= 1) {
      gain += delta;
      reference = altitude[i];
    } else if (delta <= -1) {
      reference = altitude[i];
    }
  }
  return gain;
}

function nullIfZero(value: number): number | null {
  return value > 0 ? value : null;
}

/**
 * The version of the maths behind the stored figures. Bump it when they change: rides stored
 * with an older version are recomputed from their kept FIT file at start-up
 * (`upgradeStoredRides` in app/services/activities/stored-rides.server.ts). 2: NP and load of decision 045.
 */
export const ANALYSIS_VERSION = 2;

/** NP, IF and training load (decision 045) from the spike-filtered power and an FTP. */
export function loadFigures(ride: DecodedRide, filteredPower: Float64Array, ftpW: number): Pick<RideAnalysis, 'normalizedPowerW' | 'intensity' | 'trainingLoad'> {
  const input = normalizedPowerInput(ride.samples, filteredPower);
  const np = ride.hasPower ? normalizedPower(input, ride.samples.t) : 0;
  return {
    normalizedPowerW: nullIfZero(np),
    intensity: np > 0 ? intensityFactor(np, ftpW) : null,
    trainingLoad: np > 0 ? trainingLoad(poweredSeconds(input), np, ftpW) : null,
  };
}

/**
 * Everything Paceline stores about a ride, computed once at ingest. FTP comes from the
 * rider's best curve including this ride (decision 022), so a new 20-minute best is used at once.
 */
export function analyseRide(ride: DecodedRide, weightKg: number | null, previousBest: ArrayLike<number> | null): RideAnalysis {
  const { samples } = ride;
  const { power, spikesRemoved } = filterPowerSpikes(samples.power);
  const powerCurve = meanMaxPowerCurve(power);
  const ftpW = deriveFtp(Math.max(bestTwentyMinutes(previousBest), bestTwentyMinutes(powerCurve)), weightKg);
  const avgPower = ride.hasPower ? mean(power) : 0;
  const { normalizedPowerW, intensity, trainingLoad: load } = loadFigures(ride, power, ftpW);
  const timerS = Math.round(ride.timerS);
  return {
    distanceM: ride.distanceM,
    elevationM: ride.ascentM ?? elevationGain(samples.altitudeM),
    timerS,
    elapsedS: Math.round(ride.elapsedS),
    avgPowerW: nullIfZero(avgPower),
    maxPowerW: ride.hasPower ? nullIfZero(powerCurve[0] ?? 0) : null,
    avgWattsPerKg: avgPower > 0 && weightKg ? avgPower / weightKg : null,
    avgHeartRate: nullIfZero(mean(samples.heartRate, true)),
    avgCadence: nullIfZero(mean(samples.cadence, true)),
    avgSpeedKmh: timerS > 0 ? (ride.distanceM / timerS) * 3.6 : 0,
    normalizedPowerW,
    intensity,
    trainingLoad: load,
    ftpW,
    spikesRemoved,
    power,
    powerCurve,
  };
}
