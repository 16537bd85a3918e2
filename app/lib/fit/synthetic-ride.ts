import { Encoder, Profile } from '@garmin/fitsdk';

/**
 * Physiologically plausible demo rides (seed and benchmarks): power follows a workout shape
 * around the rider's FTP with second-to-second noise, heart rate lags power, cadence drops to
 * zero when coasting, speed comes from power on a rolling road. Deterministic per seed.
 */
export type RideShape = 'endurance' | 'intervals' | 'race' | 'recovery';

export interface SyntheticRideOptions {
  seed: number;
  start: Date;
  durationS: number;
  ftpW: number;
  weightKg: number;
  shape: RideShape;
  /** Seconds at which the rider stops for a while (timer paused). */
  pauses?: Array<{ atS: number; forS: number }>;
}

export interface SyntheticRide {
  start: Date;
  /** Seconds since start for each record (gaps where paused). */
  t: number[];
  power: number[];
  heartRate: number[];
  cadence: number[];
  speedMps: number[];
  distanceM: number[];
  altitudeM: number[];
  pauses: Array<{ atS: number; forS: number }>;
}

function random(seed: number) {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4294967296;
  };
}

function targetFraction(shape: RideShape, second: number, durationS: number): number {
  const warm = Math.min(1, second / 600);
  switch (shape) {
    case 'recovery':
      return 0.45 + 0.1 * warm;
    case 'endurance':
      return 0.5 + 0.18 * warm;
    case 'intervals': {
      const block = Math.floor((second - 900) / 480);
      const inBlock = (second - 900) % 480;
      if (second < 900 || second > durationS - 600 || block > 5) return 0.5 + 0.1 * warm;
      return inBlock < 240 ? 1.05 : 0.5;
    }
    case 'race': {
      const surge = second % 420 < 25 ? 1.6 : 1;
      const sprint = durationS - second < 20 ? 2.6 : 1;
      return (0.8 + 0.1 * warm) * surge * sprint;
    }
  }
}

/** Steady speed for a power on a grade: a few Newton steps on the usual cycling power model. */
function speedForPower(powerW: number, grade: number, massKg: number): number {
  const gravity = 9.81 * massKg * (0.004 + grade);
  const drag = 0.5 * 1.2 * 0.32;
  let speed = 8;
  for (let step = 0; step < 6; step++) {
    const f = drag * speed ** 3 + gravity * speed - powerW;
    const slope = 3 * drag * speed ** 2 + gravity;
    speed = Math.max(1, speed - f / slope);
  }
  return speed;
}

export function generateRide(options: SyntheticRideOptions): SyntheticRide {
  const rand = random(options.seed);
  const pauses = options.pauses ?? [];
  const ride: SyntheticRide = { start: options.start, t: [], power: [], heartRate: [], cadence: [], speedMps: [], distanceM: [], altitudeM: [], pauses };
  const restingHr = 55;
  const maxHr = 190;
  const hillLengthM = 3000 + rand() * 5000;
  const hillHeightM = 5 + rand() * 25;
  let coastingFor = 0;
  let heartRate = restingHr + 20;
  let distance = 0;
  let clock = 0;
  let smoothed = options.ftpW * 0.5;
  for (let second = 0; second < options.durationS; second++) {
    const pause = pauses.find((entry) => entry.atS === second);
    if (pause) clock += pause.forS;
    const grade = ((hillHeightM * Math.PI) / hillLengthM) * Math.cos((distance / hillLengthM) * Math.PI * 2);
    // Riders stop pedalling in stretches on descents, not in single seconds.
    if (coastingFor > 0) coastingFor--;
    else if (grade < -0.015 && rand() < 0.02) coastingFor = 5 + Math.floor(rand() * 20);
    const coasting = coastingFor > 0;
    const target = coasting ? 0 : options.ftpW * targetFraction(options.shape, second, options.durationS) * (1 + grade * 4);
    smoothed += (target - smoothed) * 0.25;
    const power = coasting ? 0 : Math.max(0, Math.round(smoothed * (1 + (rand() - 0.5) * 0.16)));
    const hrTarget = restingHr + (maxHr - restingHr) * Math.min(1, 0.25 + 0.55 * (smoothed / options.ftpW));
    heartRate += (hrTarget - heartRate) / 40;
    const speed = speedForPower(Math.max(power, 30), grade, options.weightKg + 9);
    distance += speed;
    ride.t.push(clock);
    ride.power.push(power);
    ride.heartRate.push(Math.round(heartRate));
    ride.cadence.push(power === 0 ? 0 : Math.round(85 + (rand() - 0.5) * 10 + (target > options.ftpW ? 8 : 0)));
    ride.speedMps.push(Math.round(speed * 1000) / 1000);
    ride.distanceM.push(Math.round(distance * 100) / 100);
    ride.altitudeM.push(Math.round((40 + (hillHeightM / 2) * Math.sin((distance / hillLengthM) * Math.PI * 2)) * 10) / 10);
    clock++;
  }
  return ride;
}

/** Field values as the Decoder returns them; the typed message interfaces do not list every field. */
function write(encoder: Encoder, mesgNum: number, fields: Record<string, unknown>) {
  encoder.onMesg(mesgNum, fields);
}

/** A FIT activity file as a head unit writes it: file id, timer events, records, lap, session. */
export function encodeRideFit(ride: SyntheticRide): Uint8Array {
  const encoder = new Encoder();
  const at = (seconds: number) => new Date(ride.start.getTime() + seconds * 1000);
  const n = ride.t.length;
  const elapsedS = n > 0 ? ride.t[n - 1] + 1 : 0;
  write(encoder, Profile.MesgNum.FILE_ID, { type: 'activity', manufacturer: 'development', product: 1, timeCreated: ride.start, serialNumber: 1234 });
  write(encoder, Profile.MesgNum.EVENT, { timestamp: ride.start, event: 'timer', eventType: 'start', eventGroup: 0 });
  let ascent = 0;
  for (let i = 0; i < n; i++) {
    const pause = ride.pauses.find((entry) => i > 0 && ride.t[i] - ride.t[i - 1] > 1 && ride.t[i - 1] + 1 + entry.forS === ride.t[i]);
    if (pause) {
      write(encoder, Profile.MesgNum.EVENT, { timestamp: at(ride.t[i - 1] + 1), event: 'timer', eventType: 'stopAll', eventGroup: 0 });
      write(encoder, Profile.MesgNum.EVENT, { timestamp: at(ride.t[i]), event: 'timer', eventType: 'start', eventGroup: 0 });
    }
    if (i > 0 && ride.altitudeM[i] > ride.altitudeM[i - 1]) ascent += ride.altitudeM[i] - ride.altitudeM[i - 1];
    write(encoder, Profile.MesgNum.RECORD, {
      timestamp: at(ride.t[i]),
      power: ride.power[i],
      heartRate: ride.heartRate[i],
      cadence: ride.cadence[i],
      enhancedSpeed: ride.speedMps[i],
      distance: ride.distanceM[i],
      enhancedAltitude: ride.altitudeM[i],
    });
  }
  const end = at(elapsedS);
  write(encoder, Profile.MesgNum.EVENT, { timestamp: end, event: 'timer', eventType: 'stopAll', eventGroup: 0 });
  const summary = {
    timestamp: end,
    startTime: ride.start,
    totalElapsedTime: elapsedS,
    totalTimerTime: n,
    totalDistance: n > 0 ? ride.distanceM[n - 1] : 0,
    totalAscent: Math.round(ascent),
    sport: 'cycling',
    subSport: 'virtualActivity',
  };
  write(encoder, Profile.MesgNum.LAP, { ...summary, messageIndex: 0 });
  write(encoder, Profile.MesgNum.SESSION, { ...summary, messageIndex: 0, firstLapIndex: 0, numLaps: 1 });
  write(encoder, Profile.MesgNum.ACTIVITY, { timestamp: end, numSessions: 1, type: 'manual', event: 'activity', eventType: 'stop', totalTimerTime: n });
  return encoder.close();
}
