import type { DecodedRide } from '~/lib/fit/read-ride';
import { bestTwentyMinutes, deriveFtp } from '~/lib/activities/rider-level';
import { intensityFactor, mean, NP_WINDOW_S, normalizedPower, poweredSeconds, trainingLoad } from './normalized-power';
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
  /**
   * Seconds training load accrues over (decision 105): the seconds with a power reading while
   * the timer ran, from the end of the first full 30 s window on, as head units count it.
   */
  loadDurationS: number;
  /** Best 20-minute power of this ride (0 when shorter): what later rides' FTP is derived from. */
  bestTwentyMinW: number;
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
 * (`upgradeStoredRides` in app/services/activities/stored-rides.server.ts). 2: NP and load of
 * decision 045. 3: decision 105 (counter checked against the readings, NP at most the ride's
 * maximum, load from the first full window, cycling sessions only, smart recording resampled,
 * average power without dropouts) and decision 106 (FTP in force at the ride's date).
 */
export const ANALYSIS_VERSION = 3;

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
 * NP (decisions 045 and 105) and the seconds load accrues over, from the spike-filtered power.
 * NP is never above the ride's own maximum power: a mean cannot exceed its largest term, so a
 * higher value can only come from a counter the agreement check let through.
 */
export function normalizedPowerFigures(ride: DecodedRide, filteredPower: Float64Array, maxPowerW: number): { normalizedPowerW: number | null; loadDurationS: number } {
  const input = normalizedPowerInput(ride.samples, filteredPower);
  const np = ride.hasPower ? Math.min(normalizedPower(input, ride.samples.t), maxPowerW) : 0;
  return { normalizedPowerW: nullIfZero(np), loadDurationS: Math.max(0, poweredSeconds(input) - (NP_WINDOW_S - 1)) };
}

/** Mean of the readings while the timer ran; a dropout (no reading) is not a 0 W second. */
function averagePower(power: Float64Array, powerRead: Uint8Array): number {
  let total = 0;
  let count = 0;
  for (let i = 0; i < power.length; i++) {
    if (powerRead[i] !== 1) continue;
    total += power[i];
    count++;
  }
  return count === 0 ? 0 : total / count;
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
  const avgPower = ride.hasPower ? averagePower(power, samples.powerRead) : 0;
  const { normalizedPowerW, loadDurationS } = normalizedPowerFigures(ride, power, maxPowerW);
  const timerS = Math.round(ride.timerS);
  return {
    distanceM: ride.distanceM,
    elevationM: ride.ascentM ?? elevationGain(samples.altitudeM),
    timerS,
    elapsedS: Math.round(ride.elapsedS),
    avgPowerW: nullIfZero(avgPower),
    maxPowerW: nullIfZero(maxPowerW),
    avgWattsPerKg: avgPower > 0 && weightKg ? avgPower / weightKg : null,
    avgHeartRate: nullIfZero(mean(samples.heartRate, true)),
    avgCadence: nullIfZero(mean(samples.cadence, true)),
    avgSpeedKmh: timerS > 0 ? (ride.distanceM / timerS) * 3.6 : 0,
    normalizedPowerW,
    ...figuresAtFtp(normalizedPowerW, loadDurationS, deriveFtp(bestTwentyMinutes(previousBest), weightKg)),
    loadDurationS,
    bestTwentyMinW: bestTwentyMinutes(powerCurve),
    spikesRemoved,
    power,
    powerCurve,
  };
}
