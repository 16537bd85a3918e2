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
 */

export interface HistoryEntry {
  at: number;
  /** null: the rider emptied the profile's FTP field. */
  ftpW: number | null;
  source: FtpHistorySource;
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

function inForce(entry: HistoryEntry | undefined, ride: RideForThreshold, carriedFileThresholdW: number | null): { ftpW: number; source: FtpSource } {
  if (entry?.ftpW) return { ftpW: entry.ftpW, source: entry.source };
  const fileThresholdW = ride.fileThresholdW ?? carriedFileThresholdW;
  if (fileThresholdW) return { ftpW: fileThresholdW, source: 'file' };
  return { ftpW: deriveFtp(0, ride.weightKg), source: 'default' };
}

/**
 * Scores every ride at the threshold in force at its start and returns the detections made on
 * the way. Rides starting at the same instant are scored together (none is before the other):
 * the highest threshold any of them shows is detected once, from that ride, and all of them are
 * scored at it.
 */
export function walkThresholds({ entries, rides, carriedFileThresholdW, declined }: ThresholdWalk): { rides: RideThreshold[]; detections: Detection[] } {
  const history = entries.slice().sort((a, b) => a.at - b.at);
  const ordered = rides.slice().sort((a, b) => a.at - b.at || a.id.localeCompare(b.id));
  const scored: RideThreshold[] = [];
  const detections: Detection[] = [];
  let next = 0;
  let current: HistoryEntry | undefined;
  let carried = carriedFileThresholdW;
  for (let start = 0; start < ordered.length; ) {
    let end = start;
    while (end < ordered.length && ordered[end].at === ordered[start].at) end++;
    const group = ordered.slice(start, end);
    const at = group[0].at;
    while (next < history.length && history[next].at <= at) current = history[next++];
    let detected: Detection | null = null;
    for (const ride of group) {
      const before = inForce(current, ride, carried);
      if (ride.estimateW === null || ride.estimateW <= before.ftpW || declined.has(ride.id)) continue;
      if (!detected || ride.estimateW > detected.ftpW) detected = { activityId: ride.id, at, ftpW: ride.estimateW, previousFtpW: before.ftpW };
    }
    if (detected) {
      detections.push(detected);
      current = { at, ftpW: detected.ftpW, source: 'detected' };
    }
    for (const ride of group) scored.push({ id: ride.id, ...inForce(current, ride, carried) });
    for (const ride of group) carried = ride.fileThresholdW ?? carried;
    start = end;
  }
  return { rides: scored, detections };
}
