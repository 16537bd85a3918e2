import { Decoder, Profile, Stream } from '@garmin/fitsdk';
import { fileSummaryOf, isCycling, ridePart, total, type FileSummary, type SessionLike } from './file-summary';
import { platformOf, type FitIdentity } from './platform';
import { continueClockJumps, sharedStampKind, type Timed } from './ride-clock';

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

/** Every sample array of a ride (to move their buffers between threads). */
export function sampleArrays(samples: RideSamples): Array<Float64Array | Uint8Array> {
  return (Object.keys(samples) as Array<keyof RideSamples>).map((key) => samples[key]);
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
  /** What the head unit itself wrote: its threshold and its own averages (decision 140). */
  file: FileSummary;
  samples: RideSamples;
}

export class FitReadError extends Error {}

/** A file whose sessions are all of another sport (a run, a swim): Paceline stores rides only. */
export class NoCyclingSessionError extends FitReadError {}

/** A file that ends early is accepted when at least this many records decoded (one minute). */
const MIN_RECORDS_OF_CUT_FILE = 60;

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
function timerIntervals(events: Array<Timed<TimerEvent>>): Array<[number, number]> | null {
  const timer = events.filter(({ message }) => message.event === 'timer');
  if (timer.length === 0) return null;
  const intervals: Array<[number, number]> = [];
  let runningSince: number | null = null;
  for (const { message: event, at } of timer) {
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

/** The timer interval holding `at`, or -1 (no timer events: one interval, 0). */
function intervalOf(at: number, intervals: Array<[number, number]> | null): number {
  if (!intervals) return 0;
  // A record stamped at the stop instant was still written by a running timer.
  return intervals.findIndex(([from, to]) => at >= from && at <= to);
}

/**
 * Smart recording writes a record only when something changes (every 1–8 s or so) while the
 * timer runs; a longer silence inside a running timer is treated like a pause, not filled.
 */
const SMART_RECORDING_MAX_GAP_S = 10;

type Channel = Exclude<keyof RideSamples, 't' | 'powerRead' | 'meterPowerW'>;
const CHANNELS: Channel[] = ['distanceM', 'altitudeM', 'power', 'speedMps', 'heartRate', 'cadence'];

/** One sample per record, as written: the values and times before resampling. */
interface RawSample {
  at: number;
  interval: number;
  values: Record<Channel, number>;
  powerRead: boolean;
  accumulatedPower: number | undefined;
}

function rawSample(record: RecordLike, at: number, interval: number, previous: RawSample | undefined): RawSample {
  const powerRead = record.power !== undefined && Number.isFinite(record.power);
  const values = previous?.values;
  return {
    at,
    interval,
    powerRead,
    accumulatedPower: powerRead ? record.accumulatedPower : undefined,
    values: {
      distanceM: finite(record.distance, values?.distanceM ?? 0),
      altitudeM: finite(record.enhancedAltitude ?? record.altitude, values?.altitudeM ?? 0),
      power: finite(record.power, 0),
      speedMps: finite(record.enhancedSpeed ?? record.speed, 0),
      heartRate: finite(record.heartRate, 0),
      cadence: finite(record.cadence, 0),
    },
  };
}

/**
 * A record written inside the second of the sample before it joins that sample: power is the
 * mean of the readings the two carry (a record without a reading adds none), every other channel
 * and the energy counter take the later record's value where it has one.
 */
function mergeIntoSecond(sample: RawSample, record: RecordLike): void {
  const powerRead = record.power !== undefined && Number.isFinite(record.power);
  if (powerRead) {
    sample.values.power = sample.powerRead ? (sample.values.power + (record.power as number)) / 2 : (record.power as number);
    sample.accumulatedPower = record.accumulatedPower ?? sample.accumulatedPower;
    sample.powerRead = true;
  }
  sample.values.distanceM = finite(record.distance, sample.values.distanceM);
  sample.values.altitudeM = finite(record.enhancedAltitude ?? record.altitude, sample.values.altitudeM);
  sample.values.speedMps = finite(record.enhancedSpeed ?? record.speed, sample.values.speedMps);
  sample.values.heartRate = finite(record.heartRate, sample.values.heartRate);
  sample.values.cadence = finite(record.cadence, sample.values.cadence);
}

/** One sample per second the timer ran, from the records in file order on the corrected clock. */
function rawSamples(records: Array<Timed<RecordLike>>, intervals: Array<[number, number]> | null): RawSample[] {
  const raw: RawSample[] = [];
  for (let index = 0; index < records.length; index++) {
    let { at } = records[index];
    const record = records[index].message;
    const interval = intervalOf(at, intervals);
    if (interval < 0) continue;
    const previous = raw[raw.length - 1];
    if (previous && previous.interval === interval && at <= previous.at) {
      if (sharedStampKind(previous.at, records[index + 1]?.at) === 'same-second') {
        mergeIntoSecond(previous, record);
        continue;
      }
      at = previous.at + 1000;
    }
    raw.push(rawSample(record, at, interval, previous));
  }
  return raw;
}

/** Seconds to fill before `sample`: the gap since the previous record when it is a smart-recording gap. */
function filledSeconds(previous: RawSample | undefined, sample: RawSample): number {
  if (!previous || previous.interval !== sample.interval) return 0;
  const gapS = Math.round((sample.at - previous.at) / 1000);
  return gapS > 1 && gapS <= SMART_RECORDING_MAX_GAP_S ? gapS - 1 : 0;
}

/**
 * The records written while the timer ran, resampled to one sample per second: a smart-recording
 * gap (at most SMART_RECORDING_MAX_GAP_S inside a running timer) is filled by linear
 * interpolation, and the meter's energy over the gap is spread evenly over its seconds, so a
 * smart-recorded ride gives the figures of the same ride recorded every second.
 */
function toSamples(records: Array<Timed<RecordLike>>, intervals: Array<[number, number]> | null): RideSamples {
  const raw = rawSamples(records, intervals);
  let n = 0;
  for (let i = 0; i < raw.length; i++) n += 1 + filledSeconds(raw[i - 1], raw[i]);
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
  const origin = raw.length > 0 ? raw[0].at : 0;
  let out = 0;
  for (let i = 0; i < raw.length; i++) {
    const sample = raw[i];
    const previous = raw[i - 1];
    const fill = filledSeconds(previous, sample);
    const meter = previous ? meterPower(previous, sample) : Number.NaN;
    for (let k = fill; k >= 0; k--) {
      const share = k === 0 ? 1 : 1 - k / (fill + 1);
      samples.t[out] = (sample.at - origin) / 1000 - k;
      for (const channel of CHANNELS) {
        samples[channel][out] = k === 0 ? sample.values[channel] : previous.values[channel] + (sample.values[channel] - previous.values[channel]) * share;
      }
      // Whole half watts keep the power curve on the WebAssembly kernel (decision 050).
      if (k > 0) samples.power[out] = Math.round(samples.power[out] * 2) / 2;
      samples.powerRead[out] = sample.powerRead && (k === 0 || previous.powerRead) ? 1 : 0;
      samples.meterPowerW[out] = meter;
      out++;
    }
  }
  return samples;
}

/** Records further apart than this straddle a pause: their energy delta is not one ride second. */
const METER_MAX_STEP_S = 3;

function meterPower(previous: RawSample, sample: RawSample): number {
  if (previous.accumulatedPower === undefined || sample.accumulatedPower === undefined) return Number.NaN;
  const stepS = (sample.at - previous.at) / 1000;
  if (stepS <= 0 || stepS > Math.max(METER_MAX_STEP_S, filledSeconds(previous, sample) + 1)) return Number.NaN;
  const energyJ = sample.accumulatedPower - previous.accumulatedPower;
  // The uint32 counter would take months of riding to wrap: a drop is a meter reset, not energy.
  return energyJ < 0 ? Number.NaN : energyJ / stepS;
}

const RECORD_MESG = Profile.MesgNum.RECORD;
const EVENT_MESG = Profile.MesgNum.EVENT;

/** The decoded messages, and the records and events in file order (the order of recording). */
function decode(stream: Stream, expandComponents: boolean) {
  const ordered: Array<Timed<RecordLike | TimerEvent>> = [];
  const decoded = new Decoder(stream).read({
    expandSubFields: false,
    expandComponents,
    applyScaleAndOffset: true,
    convertTypesToStrings: true,
    convertDateTimesToDates: true,
    mergeHeartRates: false,
    mesgListener: (mesgNum, mesg) => {
      const message = mesg as RecordLike | TimerEvent;
      if ((mesgNum !== RECORD_MESG && mesgNum !== EVENT_MESG) || !(message.timestamp instanceof Date)) return;
      ordered.push({ kind: mesgNum === RECORD_MESG ? 'record' : 'event', at: message.timestamp.getTime(), message });
    },
  });
  return { ...decoded, ordered };
}

/** Sub-fields are not expanded (speed): a Garmin device's product id is named from the profile. */
function garminProductName(fileId: FitIdentity & { product?: number }): string | number | undefined {
  if (fileId.garminProduct !== undefined || fileId.product === undefined) return fileId.garminProduct;
  if (fileId.manufacturer !== 'garmin' && fileId.manufacturer !== 'dynastream') return undefined;
  return (Profile.types.garminProduct as Record<number, string | undefined>)[fileId.product];
}

/** Decodes a FIT file; throws FitReadError when it is not a readable activity (NoCyclingSessionError when it is no ride). */
export function readRide(bytes: Uint8Array): DecodedRide {
  const stream = Stream.fromByteArray(bytes);
  if (!Decoder.isFIT(stream)) throw new FitReadError('not a FIT file');
  // Component expansion doubles decode time and is only needed for compressed speed/distance
  // records (some virtual-ride exports): decode without it, and again with it when needed.
  let { messages, errors, ordered } = decode(stream, false);
  const first = (messages.recordMesgs ?? []) as Array<RecordLike & { compressedSpeedDistance?: unknown }>;
  if (first.some((record) => record.compressedSpeedDistance !== undefined) && !first.some((record) => record.distance !== undefined)) {
    ({ messages, errors, ordered } = decode(Stream.fromByteArray(bytes), true));
  }
  const records = (messages.recordMesgs ?? []) as RecordLike[];
  // A recording cut short (battery, crash) still holds a ride: keep it when enough survived.
  if (errors.length > 0 && records.length < MIN_RECORDS_OF_CUT_FILE) throw new FitReadError('the FIT file is truncated or corrupt');
  if (records.length === 0) throw new FitReadError('the FIT file has no records');
  const sessions = (messages.sessionMesgs ?? []) as SessionLike[];
  const rides = sessions.filter(isCycling);
  if (sessions.length > 0 && rides.length === 0) throw new NoCyclingSessionError('the FIT file holds no cycling session');
  const inRide = ridePart(ordered, rides, sessions.length > rides.length);
  continueClockJumps(inRide);
  const timedRecords = inRide.filter((entry): entry is Timed<RecordLike> => entry.kind === 'record');
  const events = inRide.filter((entry): entry is Timed<TimerEvent> => entry.kind === 'event');
  const samples = toSamples(timedRecords, timerIntervals(events));
  if (samples.t.length === 0) throw new FitReadError('the FIT file has no records while the timer ran');
  const fileId = ((messages.fileIdMesgs ?? [])[0] ?? undefined) as (FitIdentity & { product?: number }) | undefined;
  const creator = ((messages.deviceInfoMesgs ?? []) as Array<FitIdentity & { deviceIndex?: string | number }>).find(
    (device) => device.deviceIndex === 'creator' && device.manufacturer === fileId?.manufacturer,
  );
  const firstStamp = records.find((record) => record.timestamp)?.timestamp as Date;
  const n = samples.t.length;
  return {
    startTime: rides[0]?.startTime ?? firstStamp,
    sport: 'cycling',
    timerS: total(rides, 'totalTimerTime') ?? n,
    elapsedS: total(rides, 'totalElapsedTime') ?? samples.t[n - 1] + 1,
    distanceM: total(rides, 'totalDistance') ?? samples.distanceM[n - 1],
    ascentM: total(rides, 'totalAscent'),
    hasPower: samples.power.some((watts) => watts > 0),
    platform: platformOf(fileId && { ...fileId, garminProduct: garminProductName(fileId), productName: fileId.productName ?? creator?.productName }),
    file: fileSummaryOf(messages as unknown as Record<string, unknown>, rides),
    samples,
  };
}
