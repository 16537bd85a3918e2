/**
 * Derives the special-case FIT fixtures of tests/fixtures/fit/ from the real recordings there
 * (no new public files can be fetched): `npx tsx scripts/derive-fit-fixtures.ts` rewrites them.
 * Each keeps the source's head-unit values (tests/fixtures/fit/README.md says how each was made).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Decoder, Encoder, Profile, Stream, type Mesg } from '@garmin/fitsdk';

const DIR = path.resolve('tests/fixtures/fit');
type Fields = Record<string, unknown> & { timestamp?: Date };
interface Decoded {
  fileId: Fields;
  devices: Fields[];
  events: Fields[];
  records: Fields[];
  laps: Fields[];
  sessions: Fields[];
}

/** Only named fields survive re-encoding; numbered ones are manufacturer data the profile does not know. */
function named(mesg: Record<string, unknown>): Fields {
  return Object.fromEntries(Object.entries(mesg).filter(([key, value]) => !/^\d+$/.test(key) && key !== 'developerFields' && value !== undefined));
}

function decode(file: string): Decoded {
  const stream = Stream.fromByteArray(new Uint8Array(readFileSync(path.join(DIR, file))));
  const { messages } = new Decoder(stream).read({
    expandSubFields: false,
    expandComponents: false,
    applyScaleAndOffset: true,
    convertTypesToStrings: true,
    convertDateTimesToDates: true,
    mergeHeartRates: false,
  });
  const list = (key: string) => ((messages as Record<string, Array<Record<string, unknown>> | undefined>)[key] ?? []).map(named);
  return {
    fileId: list('fileIdMesgs')[0],
    devices: list('deviceInfoMesgs'),
    events: list('eventMesgs'),
    records: list('recordMesgs'),
    laps: list('lapMesgs'),
    sessions: list('sessionMesgs'),
  };
}

/**
 * Writes messages in time order (events and records interleaved as a head unit writes them), or
 * in the order given when `inFileOrder` (a clock that jumped: the stamps are not in order).
 */
function encode(
  file: string,
  parts: { fileId: Fields; devices: Fields[]; timeline: Array<[number, Fields]>; laps: Fields[]; sessions: Fields[] },
  inFileOrder = false,
) {
  const encoder = new Encoder();
  encoder.onMesg(Profile.MesgNum.FILE_ID, parts.fileId as Mesg);
  for (const device of parts.devices) encoder.onMesg(Profile.MesgNum.DEVICE_INFO, device as Mesg);
  const timeline = inFileOrder
    ? parts.timeline
    : parts.timeline.slice().sort(([, a], [, b]) => (a.timestamp as Date).getTime() - (b.timestamp as Date).getTime());
  for (const [mesgNum, fields] of timeline) encoder.onMesg(mesgNum, fields as Mesg);
  parts.laps.forEach((lap, index) => encoder.onMesg(Profile.MesgNum.LAP, { ...lap, messageIndex: index } as Mesg));
  parts.sessions.forEach((session, index) => encoder.onMesg(Profile.MesgNum.SESSION, { ...session, messageIndex: index } as Mesg));
  const last = parts.sessions[parts.sessions.length - 1];
  encoder.onMesg(Profile.MesgNum.ACTIVITY, {
    timestamp: last.timestamp,
    numSessions: parts.sessions.length,
    type: 'manual',
    event: 'activity',
    eventType: 'stop',
  } as Mesg);
  writeFileSync(path.join(DIR, file), encoder.close());
}

const timeline = (ride: Pick<Decoded, 'events' | 'records'>): Array<[number, Fields]> => [
  ...ride.events.filter((event) => event.timestamp).map((event): [number, Fields] => [Profile.MesgNum.EVENT, event]),
  ...ride.records.map((record): [number, Fields] => [Profile.MesgNum.RECORD, record]),
];

/** A deterministic sequence of smart-recording intervals, 1 to 8 s (a Park–Miller generator). */
function intervals(seed: number) {
  let state = seed;
  return () => {
    state = (state * 48271) % 2147483647;
    return 1 + (state % 8);
  };
}

const edge810 = decode('Edge810-Vector-2013-08-16-15-35-10.fit');

// 1. Smart recording: the Edge 810 ride keeping one record every 1–8 s, as a head unit in smart
//    recording writes them; the meter's energy counter still covers every second.
{
  const next = intervals(810);
  const kept: Fields[] = [];
  let due = 0;
  edge810.records.forEach((record, index) => {
    if (index < due && index !== edge810.records.length - 1) return;
    kept.push(record);
    due = index + next();
  });
  encode('edge810-smart-recording.fit', { ...edge810, timeline: timeline({ events: edge810.events, records: kept }) });
}

// 2. Corrupt energy counter: the Edge 810 ride whose accumulated_power counts five times the
//    energy over records 1,200–2,399 (every step stays under the 2,500 W spike ceiling), then
//    runs on from the corrupted total, as a meter with a glitching counter would.
{
  let offset = 0;
  const records = edge810.records.map((record, index) => {
    const previous = edge810.records[index - 1];
    if (index >= 1200 && index < 2400 && previous && typeof record.accumulatedPower === 'number' && typeof previous.accumulatedPower === 'number') {
      offset += 4 * (record.accumulatedPower - previous.accumulatedPower);
    }
    return typeof record.accumulatedPower === 'number' ? { ...record, accumulatedPower: record.accumulatedPower + offset } : record;
  });
  encode('edge810-corrupt-energy.fit', { ...edge810, timeline: timeline({ events: edge810.events, records }) });
}

// 3. Multi-sport: a 90-minute swim, the ELEMNT's 6.6-hour ride (pauses and all), a 30-minute
//    run. The swim and run are nick.fit's records (power 0) moved before and after the ride.
const elemnt = decode('2019-02-17-062644-ELEMNT-297E-195-0.fit');
const nick = decode('nick.fit');

function otherSport(sport: string, records: Fields[], startAt: Date): { timeline: Array<[number, Fields]>; session: Fields } {
  const shift = startAt.getTime() - (records[0].timestamp as Date).getTime();
  const moved = records.map((record) => ({ ...record, timestamp: new Date((record.timestamp as Date).getTime() + shift), distance: undefined }));
  const end = moved[moved.length - 1].timestamp;
  const seconds = (end.getTime() - startAt.getTime()) / 1000;
  const events: Fields[] = [
    { timestamp: startAt, event: 'timer', eventType: 'start', eventGroup: 0 },
    { timestamp: end, event: 'timer', eventType: 'stopAll', eventGroup: 0 },
  ];
  const summary = {
    timestamp: end,
    startTime: startAt,
    totalElapsedTime: seconds,
    totalTimerTime: seconds,
    totalDistance: sport === 'swimming' ? 3000 : 6000,
    sport,
    event: 'session',
    eventType: 'stop',
  };
  return { timeline: timeline({ events, records: moved.map(named) }), session: summary };
}

function multiSport(file: string, sports: Array<'swimming' | 'cycling' | 'running'>) {
  const rideStart = elemnt.sessions[0].startTime as Date;
  const rideEnd = elemnt.sessions[0].timestamp as Date;
  const swim = otherSport('swimming', nick.records.slice(0, 5400), new Date(rideStart.getTime() - 6000 * 1000));
  const run = otherSport('running', nick.records.slice(5400, 7200), new Date(rideEnd.getTime() + 300 * 1000));
  const parts = { swimming: swim, running: run, cycling: { timeline: timeline(elemnt), session: elemnt.sessions[0] } };
  const chosen = sports.map((sport) => parts[sport]);
  encode(file, {
    fileId: elemnt.fileId,
    devices: elemnt.devices,
    timeline: chosen.flatMap((part) => part.timeline),
    laps: [],
    sessions: chosen.map((part) => part.session),
  });
}

multiSport('multisport-swim-ride-run.fit', ['swimming', 'cycling', 'running']);
// 4. No cycling session: the swim and the run alone, which ingest must refuse.
multiSport('multisport-no-ride.fit', ['swimming', 'running']);

// 5. A clock set back while riding: the Edge 810 ride recorded by a head unit whose clock ran
//    45 minutes fast until a GPS fix set it right at record 2,000. Records and events from there
//    on carry stamps 2,700 s earlier (the first 700 s of them earlier than the timer's start); the
//    session keeps the head unit's timer (4,700 s) and its elapsed time, measured on its clock,
//    reads 3,200 s: timer time exceeds elapsed time.
{
  const JUMP_AT = 2000;
  const JUMP_S = 2700;
  const firstCorrected = (edge810.records[JUMP_AT].timestamp as Date).getTime();
  const back = (fields: Fields): Fields => {
    const at = (fields.timestamp as Date).getTime();
    return at >= firstCorrected ? { ...fields, timestamp: new Date(at - JUMP_S * 1000) } : fields;
  };
  // File order: the ride's messages sorted on the clock the head unit had when it wrote them.
  const ordered = timeline(edge810).sort(([, a], [, b]) => (a.timestamp as Date).getTime() - (b.timestamp as Date).getTime());
  const written = ordered.map(([mesgNum, fields]): [number, Fields] => [mesgNum, back(fields)]);
  const session = edge810.sessions[0];
  const end = new Date((session.timestamp as Date).getTime() - JUMP_S * 1000);
  const sessions = [{ ...session, timestamp: end, totalElapsedTime: (end.getTime() - (session.startTime as Date).getTime()) / 1000 }];
  const laps = edge810.laps.map(back);
  encode('edge810-clock-set-back.fit', { ...edge810, timeline: written, laps, sessions }, true);
}

// 6. A head unit set to leave zeros out of its averages: the ELEMNT ride (over 3,000 s of
//    coasting) with the session's avg_power that such a unit shows, the mean of the readings
//    above 0 W written while its timer ran (the records inside the session's timer intervals).
{
  const running: Array<[number, number]> = [];
  let since: number | null = null;
  for (const event of elemnt.events.filter((candidate) => candidate.event === 'timer')) {
    const at = (event.timestamp as Date).getTime();
    if (event.eventType === 'start') since ??= at;
    else if (since !== null) {
      running.push([since, at]);
      since = null;
    }
  }
  let total = 0;
  let count = 0;
  for (const record of elemnt.records) {
    const at = (record.timestamp as Date).getTime();
    if (typeof record.power !== 'number' || record.power <= 0 || !running.some(([from, to]) => at >= from && at <= to)) continue;
    total += record.power;
    count++;
  }
  const sessions = [{ ...elemnt.sessions[0], avgPower: Math.round(total / count) }];
  encode('elemnt-zeros-left-out.fit', { ...elemnt, timeline: timeline(elemnt), sessions });
}
