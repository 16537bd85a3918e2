import type { DecodedRide } from '~/lib/fit/read-ride';
import { bestTwentyMinutes, deriveFtp } from '~/lib/activities/rider-level';
import { intensityFactor, mean, NP_WINDOW_S, normalizedPower, poweredSeconds, trainingLoad } from './normalized-power';
import { normalizedPowerInput } from './np-input';
import { meanMaxPowerCurve } from './power-curve';
import { rideThresholdEstimate } from './threshold';
import { filterPowerSpikes } from './spike-filter';

export interface RideAnalysis {
  distanceM: number;
  elevationM: number;
  timerS: number;
  elapsedS: number;
  /** Average power, zeros included: the meter's energy over the seconds with a reading (decision 140). */
  avgPowerW: number | null;
  /** Average power over the seconds whose reading is above 0 W: what head units set to leave zeros out show. */
  avgPowerNonZeroW: number | null;
  maxPowerW: number | null;
  avgWattsPerKg: number | null;
  avgHeartRate: number | null;
  avgCadence: number | null;
  avgSpeedKmh: number;
  normalizedPowerW: number | null;
  intensity: number | null;
  trainingLoad: number | null;
  ftpW: number;
  /**
   * Seconds training load accrues over (decision 105): the seconds with a power reading while
   * the timer ran, from the end of the first full 30 s window on, as head units count it.
   */
  loadDurationS: number;
  /** Best 20-minute power of this ride (0 when shorter). */
  bestTwentyMinW: number;
  /** The threshold this ride shows (threshold.ts): what detection compares with the one in force; null without power. */
  thresholdEstimateW: number | null;
  spikesRemoved: number;
  /** Spike-filtered power, the series shown and used for peaks. */
  power: Float64Array;
  powerCurve: Float64Array;
}

/** Climb from altitude with a 1 m dead band, so sensor noise does not add up to hills. */
function elevationGain(altitude: ArrayLike<number>): number {
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
 * (`upgradeStoredRides` in app/services/activities/stored-rides.server.ts). 2: NP and load of
 * decision 045. 3: decision 105 (counter checked against the readings, NP at most the ride's
 * maximum, load from the first full window, cycling sessions only, smart recording resampled,
 * average power without dropouts) and decision 106 (FTP in force at the ride's date). 4: decision
 * 140 (the file's records in the order written, shared stamps, both averages at the meter's
 * energy, the head unit's threshold and figures) and 141 (the threshold the ride shows).
 */
export const ANALYSIS_VERSION = 4;

type FtpFigures = Pick<RideAnalysis, 'ftpW' | 'intensity' | 'trainingLoad'>;

/** IF and training load of a ride at an FTP: plain arithmetic, so a changed FTP never needs the file. */
export function figuresAtFtp(normalizedPowerW: number | null, loadDurationS: number, ftpW: number): FtpFigures {
  // From NP as the database stores it (float4), so a recompute from the row gives the same figures.
  const np = normalizedPowerW ? Math.fround(normalizedPowerW) : null;
  return {
    ftpW,
    intensity: np ? intensityFactor(np, ftpW) : null,
    trainingLoad: np ? trainingLoad(loadDurationS, np, ftpW) : null,
  };
}

/** The analysis with IF and load at the FTP in force at the ride's date (looked up by the server). */
export function atFtp(analysis: RideAnalysis, ftpW: number): RideAnalysis {
  return { ...analysis, ...figuresAtFtp(analysis.normalizedPowerW, analysis.loadDurationS, ftpW) };
}

/**
 * NP (decisions 045 and 105) and the seconds load accrues over, from NP's input (the meter's
 * energy where it agrees with the readings, else the spike-filtered readings; NaN = no reading).
 * NP is never above the ride's own maximum power: a mean cannot exceed its largest term, so a
 * higher value can only come from a counter the agreement check let through.
 */
function normalizedPowerFigures(ride: DecodedRide, input: Float64Array, maxPowerW: number): { normalizedPowerW: number | null; loadDurationS: number } {
  const np = ride.hasPower ? Math.min(normalizedPower(input, ride.samples.t), maxPowerW) : 0;
  return { normalizedPowerW: nullIfZero(np), loadDurationS: Math.max(0, poweredSeconds(input) - (NP_WINDOW_S - 1)) };
}

/**
 * The two averages head units show (decision 140), over the seconds with a reading while the
 * timer ran, each second counted at NP's input (the meter's energy where it agrees, as a head
 * unit's work ÷ time): with zeros (coasting counts, Garmin's default) and without them (the
 * seconds whose reading is 0 W are left out, as head units set to exclude zeros do). A second
 * without a reading (dropout) is in neither.
 */
function averagePowers(input: Float64Array, readings: ArrayLike<number>): { withZeros: number; withoutZeros: number } {
  let total = 0;
  let count = 0;
  let pedalledTotal = 0;
  let pedalled = 0;
  for (let i = 0; i < input.length; i++) {
    if (Number.isNaN(input[i])) continue;
    total += input[i];
    count++;
    if (readings[i] > 0) {
      pedalledTotal += input[i];
      pedalled++;
    }
  }
  return { withZeros: count === 0 ? 0 : total / count, withoutZeros: pedalled === 0 ? 0 : pedalledTotal / pedalled };
}

/**
 * Everything Paceline stores about a ride, computed once at ingest. `previousBest` is the best
 * curve of the rider's rides before this one: IF and load are at the FTP derived from it
 * (decision 106); ingest re-bases them on the FTP in force at the ride's date with `atFtp`.
 */
export function analyseRide(ride: DecodedRide, weightKg: number | null, previousBest: ArrayLike<number> | null): RideAnalysis {
  const { samples } = ride;
  const { power, spikesRemoved } = filterPowerSpikes(samples.power);
  const powerCurve = meanMaxPowerCurve(power);
  const maxPowerW = ride.hasPower ? (powerCurve[0] ?? 0) : 0;
  const input = normalizedPowerInput(samples, power);
  const averages = ride.hasPower ? averagePowers(input, samples.power) : { withZeros: 0, withoutZeros: 0 };
  const avgPower = averages.withZeros;
  const { normalizedPowerW, loadDurationS } = normalizedPowerFigures(ride, input, maxPowerW);
  const timerS = Math.round(ride.timerS);
  const bestTwentyMinW = bestTwentyMinutes(powerCurve);
  return {
    distanceM: ride.distanceM,
    elevationM: ride.ascentM ?? elevationGain(samples.altitudeM),
    timerS,
    elapsedS: Math.round(ride.elapsedS),
    avgPowerW: nullIfZero(avgPower),
    avgPowerNonZeroW: nullIfZero(averages.withoutZeros),
    maxPowerW: nullIfZero(maxPowerW),
    avgWattsPerKg: avgPower > 0 && weightKg ? avgPower / weightKg : null,
    avgHeartRate: nullIfZero(mean(samples.heartRate, true)),
    avgCadence: nullIfZero(mean(samples.cadence, true)),
    avgSpeedKmh: timerS > 0 ? (ride.distanceM / timerS) * 3.6 : 0,
    normalizedPowerW,
    ...figuresAtFtp(normalizedPowerW, loadDurationS, deriveFtp(bestTwentyMinutes(previousBest), weightKg)),
    loadDurationS,
    bestTwentyMinW,
    thresholdEstimateW: rideThresholdEstimate({ bestTwentyMinW, normalizedPowerW, timerS }),
    spikesRemoved,
    power,
    powerCurve,
  };
}
