import type { FtpHistorySource, FtpSource } from '~/lib/domain/activities';
import { deriveFtp } from './rider-level';

/**
 * The threshold in force for each ride, and the thresholds the rides detect (decision 141).
 * Pure: the FTP service reads the history and the rides, walks them here in time order and
 * writes back what changed.
 *
 * A ride's threshold in force is, at its start time:
 * 1. the latest entry of the rider's FTP history at or before it: a value set on the profile, or
 *    a threshold detected from an earlier ride (an undone detection is no entry); an emptied
 *    profile field is an entry without a value, meaning "no value of the rider's own from here";
 * 2. without such a value, the threshold the ride's own file carries (the head unit's setting),
 *    else the one the latest earlier ride's file carried;
 * 3. else 2.5 W/kg at the ride's weight (180 W without one).
 * When the ride shows a higher threshold than that (threshold.ts), a detection from the ride
 * enters the history from its start time, and the ride and the ones after it are scored at it.
 * Entries at the same instant are taken in the order they were written (the later one wins), as
 * the FTP service's queries order them (by time, then by the row's serial id).
 */

export interface HistoryEntry {
  at: number;
  /** null: the rider emptied the profile's FTP field. */
  ftpW: number | null;
  source: FtpHistorySource;
  /** Order among entries at the same instant: the row's serial id (insertion order). */
  order: number;
}

export interface RideForThreshold {
  id: string;
  at: number;
  /** The threshold the ride's file carries. */
  fileThresholdW: number | null;
  /** The threshold the ride shows. */
  estimateW: number | null;
  weightKg: number | null;
}

export interface RideThreshold {
  id: string;
  ftpW: number;
  source: FtpSource;
}

export interface Detection {
  activityId: string;
  at: number;
  ftpW: number;
  previousFtpW: number;
}

export interface ThresholdWalk {
  /** History entries in force before the walk's first ride, and every profile entry after it. */
  entries: HistoryEntry[];
  /** The rides to score, in any order. */
  rides: RideForThreshold[];
  /** The threshold the latest file before the walk's first ride carried. */
  carriedFileThresholdW: number | null;
  /** Rides whose detection the rider undid: they never detect again. */
  declined: ReadonlySet<string>;
}

/** The value an entry in force gives: what the scoring reads of it. */
type EntryInForce = Pick<HistoryEntry, 'ftpW' | 'source'> | undefined;

function inForce(entry: EntryInForce, ride: RideForThreshold, carriedFileThresholdW: number | null): { ftpW: number; source: FtpSource } {
  if (entry?.ftpW) return { ftpW: entry.ftpW, source: entry.source };
  const fileThresholdW = ride.fileThresholdW ?? carriedFileThresholdW;
  if (fileThresholdW) return { ftpW: fileThresholdW, source: 'file' };
  return { ftpW: deriveFtp(0, ride.weightKg), source: 'default' };
}

/**
 * The detection a group of rides starting at the same instant makes, or null. None of them is
 * before the other, and a detection's entry is in force for all of them, so it must cover every
 * one: when any ride (not declined) shows more than the threshold in force for it, the detection
 * is at the highest threshold any of them shows (else a ride whose own file or weight gave it a
 * higher threshold would be brought down below what it shows, and read an IF above 1.05). It is
 * from the ride showing the highest threshold among those showing more than their threshold in
 * force (the one whose undo refuses it; the first by id among equals).
 */
function groupDetection(group: RideForThreshold[], current: EntryInForce, carried: number | null, declined: ReadonlySet<string>): Detection | null {
  const showing = group.filter((ride) => ride.estimateW !== null && !declined.has(ride.id));
  let source: { ride: RideForThreshold; previousFtpW: number } | null = null;
  for (const ride of showing) {
    const before = inForce(current, ride, carried).ftpW;
    if ((ride.estimateW as number) > before && (!source || (ride.estimateW as number) > (source.ride.estimateW as number)))
      source = { ride, previousFtpW: before };
  }
  if (!source) return null;
  const ftpW = Math.max(...showing.map((ride) => ride.estimateW as number));
  return { activityId: source.ride.id, at: source.ride.at, ftpW, previousFtpW: source.previousFtpW };
}

/**
 * Scores every ride at the threshold in force at its start and returns the detections made on
 * the way (rides at the same instant together: groupDetection).
 */
export function walkThresholds({ entries, rides, carriedFileThresholdW, declined }: ThresholdWalk): { rides: RideThreshold[]; detections: Detection[] } {
  const history = entries.slice().sort((a, b) => a.at - b.at || a.order - b.order);
  const ordered = rides.slice().sort((a, b) => a.at - b.at || a.id.localeCompare(b.id));
  const scored: RideThreshold[] = [];
  const detections: Detection[] = [];
  let next = 0;
  let current: EntryInForce;
  let carried = carriedFileThresholdW;
  for (let start = 0; start < ordered.length;) {
    let end = start;
    while (end < ordered.length && ordered[end].at === ordered[start].at) end++;
    const group = ordered.slice(start, end);
    const at = group[0].at;
    while (next < history.length && history[next].at <= at) current = history[next++];
    const detected = groupDetection(group, current, carried, declined);
    if (detected) {
      detections.push(detected);
      current = { ftpW: detected.ftpW, source: 'detected' };
    }
    for (const ride of group) scored.push({ id: ride.id, ...inForce(current, ride, carried) });
    for (const ride of group) carried = ride.fileThresholdW ?? carried;
    start = end;
  }
  return { rides: scored, detections };
}
