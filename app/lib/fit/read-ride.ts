import { Decoder, Profile, Stream } from '@garmin/fitsdk';
import { platformOf, type FitIdentity } from './platform';

/**
 * A FIT activity reduced to what Paceline analyses: one sample per record that was written
 * while the timer ran (recorded-only, as head units compute NP), and the session's summary.
 */
export interface RideSamples {
  /** Seconds since the first record (elapsed clock, so pauses show as jumps). */
  t: Float64Array;
  distanceM: Float64Array;
  altitudeM: Float64Array;
  power: Float64Array;
  speedMps: Float64Array;
  heartRate: Float64Array;
  cadence: Float64Array;
  /** 1 when the record carried a power reading (a sensor dropout leaves it out). */
  powerRead: Uint8Array;
  /**
   * Mean power over the second(s) since the previous record, from the meter's accumulated
   * energy (record field accumulated_power); NaN when the file does not carry it there.
   * It counts every pedal stroke, where `power` is the meter's last reading (decision 045).
   */
  meterPowerW: Float64Array;
}

export interface DecodedRide {
  startTime: Date;
  sport: string;
  timerS: number;
  elapsedS: number;
  distanceM: number;
  ascentM: number | null;
  hasPower: boolean;
  /** Where it was recorded, from the file's identity (decision 046). */
  platform: string;
  samples: RideSamples;
}

export class FitReadError extends Error {}

/** A file that ends early is accepted when at least this many records decoded (one minute). */
export const MIN_RECORDS_OF_CUT_FILE = 60;

interface RecordLike {
  timestamp?: Date;
  distance?: number;
  enhancedAltitude?: number;
  altitude?: number;
  power?: number;
  enhancedSpeed?: number;
  speed?: number;
  heartRate?: number;
  cadence?: number;
  accumulatedPower?: number;
}

interface TimerEvent {
  timestamp?: Date;
  event?: string;
  eventType?: string;
}

/** [start, stop) intervals in epoch ms during which the timer ran; null = no timer events. */
function timerIntervals(events: TimerEvent[]): Array<[number, number]> | null {
  const timer = events.filter((event) => event.event === 'timer' && event.timestamp);
  if (timer.length === 0) return null;
  const intervals: Array<[number, number]> = [];
  let runningSince: number | null = null;
  for (const event of timer) {
    const at = (event.timestamp as Date).getTime();
    if (event.eventType === 'start') runningSince ??= at;
    else if ((event.eventType === 'stop' || event.eventType === 'stopAll' || event.eventType === 'stopDisableAll') && runningSince !== null) {
      intervals.push([runningSince, at]);
      runningSince = null;
    }
  }
  if (runningSince !== null) intervals.push([runningSince, Number.POSITIVE_INFINITY]);
  return intervals;
}

function finite(value: number | undefined, fallback: number): number {
  return value !== undefined && Number.isFinite(value) ? value : fallback;
}

function toSamples(records: RecordLike[], intervals: Array<[number, number]> | null): RideSamples {
  const kept = records.filter((record) => record.timestamp);
  const running = intervals
    ? kept.filter((record) => {
        const at = (record.timestamp as Date).getTime();
        // A record stamped at the stop instant was still written by a running timer.
        return intervals.some(([from, to]) => at >= from && at <= to);
      })
    : kept;
  const n = running.length;
  const samples: RideSamples = {
    t: new Float64Array(n),
    distanceM: new Float64Array(n),
    altitudeM: new Float64Array(n),
    power: new Float64Array(n),
    speedMps: new Float64Array(n),
    heartRate: new Float64Array(n),
    cadence: new Float64Array(n),
    powerRead: new Uint8Array(n),
    meterPowerW: new Float64Array(n).fill(Number.NaN),
  };
  const origin = n > 0 ? (running[0].timestamp as Date).getTime() : 0;
  let distance = 0;
  let altitude = 0;
  for (let i = 0; i < n; i++) {
    const record = running[i];
    samples.t[i] = ((record.timestamp as Date).getTime() - origin) / 1000;
    distance = finite(record.distance, distance);
    samples.distanceM[i] = distance;
    altitude = finite(record.enhancedAltitude ?? record.altitude, altitude);
    samples.altitudeM[i] = altitude;
    samples.power[i] = finite(record.power, 0);
    samples.speedMps[i] = finite(record.enhancedSpeed ?? record.speed, 0);
    samples.heartRate[i] = finite(record.heartRate, 0);
    samples.cadence[i] = finite(record.cadence, 0);
    samples.powerRead[i] = record.power !== undefined && Number.isFinite(record.power) ? 1 : 0;
    if (i > 0) samples.meterPowerW[i] = meterPower(running[i - 1], record);
  }
  return samples;
}

/** Records further apart than this straddle a pause: their energy delta is not one ride second. */
const METER_MAX_STEP_S = 3;

function meterPower(previous: RecordLike, record: RecordLike): number {
  if (previous.accumulatedPower === undefined || record.accumulatedPower === undefined || record.power === undefined) return Number.NaN;
  const stepS = ((record.timestamp as Date).getTime() - (previous.timestamp as Date).getTime()) / 1000;
  if (stepS <= 0 || stepS > METER_MAX_STEP_S) return Number.NaN;
  const energyJ = record.accumulatedPower - previous.accumulatedPower;
  // The uint32 counter would take months of riding to wrap: a drop is a meter reset, not energy.
  return energyJ < 0 ? Number.NaN : energyJ / stepS;
}

function decode(stream: Stream, expandComponents: boolean) {
  return new Decoder(stream).read({
    expandSubFields: false,
    expandComponents,
    applyScaleAndOffset: true,
    convertTypesToStrings: true,
    convertDateTimesToDates: true,
    mergeHeartRates: false,
  });
}

/** Sub-fields are not expanded (speed): a Garmin device's product id is named from the profile. */
function garminProductName(fileId: FitIdentity & { product?: number }): string | number | undefined {
  if (fileId.garminProduct !== undefined || fileId.product === undefined) return fileId.garminProduct;
  if (fileId.manufacturer !== 'garmin' && fileId.manufacturer !== 'dynastream') return undefined;
  return (Profile.types.garminProduct as Record<number, string | undefined>)[fileId.product];
}

/** Decodes a FIT file; throws FitReadError when it is not a readable activity. */
export function readRide(bytes: Uint8Array): DecodedRide {
  const stream = Stream.fromByteArray(bytes);
  if (!Decoder.isFIT(stream)) throw new FitReadError('not a FIT file');
  // Component expansion doubles decode time and is only needed for compressed speed/distance
  // records (some virtual-ride exports): decode without it, and again with it when needed.
  let { messages, errors } = decode(stream, false);
  const first = (messages.recordMesgs ?? []) as Array<RecordLike & { compressedSpeedDistance?: unknown }>;
  if (first.some((record) => record.compressedSpeedDistance !== undefined) && !first.some((record) => record.distance !== undefined)) {
    ({ messages, errors } = decode(Stream.fromByteArray(bytes), true));
  }
  const records = (messages.recordMesgs ?? []) as RecordLike[];
  // A recording cut short (battery, crash) still holds a ride: keep it when enough survived.
  if (errors.length > 0 && records.length < MIN_RECORDS_OF_CUT_FILE) throw new FitReadError('the FIT file is truncated or corrupt');
  if (records.length === 0) throw new FitReadError('the FIT file has no records');
  const session = (messages.sessionMesgs ?? [])[0] as
    | { startTime?: Date; sport?: string; totalTimerTime?: number; totalElapsedTime?: number; totalDistance?: number; totalAscent?: number }
    | undefined;
  const samples = toSamples(records, timerIntervals((messages.eventMesgs ?? []) as TimerEvent[]));
  if (samples.t.length === 0) throw new FitReadError('the FIT file has no records while the timer ran');
  const fileId = ((messages.fileIdMesgs ?? [])[0] ?? undefined) as (FitIdentity & { product?: number }) | undefined;
  const creator = ((messages.deviceInfoMesgs ?? []) as Array<FitIdentity & { deviceIndex?: string | number }>).find(
    (device) => device.deviceIndex === 'creator' && device.manufacturer === fileId?.manufacturer,
  );
  const firstStamp = records.find((record) => record.timestamp)?.timestamp as Date;
  const n = samples.t.length;
  const lastDistance = samples.distanceM[n - 1];
  return {
    startTime: session?.startTime ?? firstStamp,
    sport: session?.sport ?? 'cycling',
    timerS: finite(session?.totalTimerTime, n),
    elapsedS: finite(session?.totalElapsedTime, samples.t[n - 1] + 1),
    distanceM: finite(session?.totalDistance, lastDistance),
    ascentM: session?.totalAscent !== undefined && Number.isFinite(session.totalAscent) ? session.totalAscent : null,
    hasPower: samples.power.some((watts) => watts > 0),
    platform: platformOf(fileId && { ...fileId, garminProduct: garminProductName(fileId), productName: fileId.productName ?? creator?.productName }),
    samples,
  };
}
