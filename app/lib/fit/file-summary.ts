import { FTP_SET_MAX_W, FTP_SET_MIN_W } from '~/lib/constants';
import type { Timed } from './ride-clock';

/**
 * A FIT file's sessions: which of them are the ride, their totals, and what the head unit wrote
 * about the ride itself (its threshold and its own averages, decision 140).
 */

export interface SessionLike {
  startTime?: Date;
  sport?: string;
  totalTimerTime?: number;
  totalElapsedTime?: number;
  totalDistance?: number;
  totalAscent?: number;
  avgPower?: number;
  normalizedPower?: number;
  thresholdPower?: number;
}

/** What the head unit wrote about the ride: null where the file does not say. */
export interface FileSummary {
  /**
   * The rider's threshold as the head unit had it: the session's threshold_power, else the
   * zones_target or time_in_zone functional_threshold_power (whole watts in the profile's range).
   */
  thresholdW: number | null;
  /** The head unit's average power over the cycling sessions (timer-weighted). */
  avgPowerW: number | null;
  /** The head unit's normalized power (single-session rides only: NPs do not combine). */
  normalizedPowerW: number | null;
}

/** Sports Paceline counts as a ride; a session without a sport (or "generic") is taken as one. */
const CYCLING_SPORTS = new Set(['cycling', 'eBiking', 'generic']);

export function isCycling(session: SessionLike): boolean {
  return session.sport === undefined || CYCLING_SPORTS.has(session.sport);
}

/** Sum of a session field over the ride's sessions; null when none carries it. */
export function total(sessions: SessionLike[], field: 'totalTimerTime' | 'totalElapsedTime' | 'totalDistance' | 'totalAscent'): number | null {
  const values = sessions.map((session) => session[field]).filter((value): value is number => value !== undefined && Number.isFinite(value));
  return values.length === 0 ? null : values.reduce((sum, value) => sum + value, 0);
}

/**
 * The records and events of the ride. In a multi-sport file the cycling sessions' time spans
 * separate the ride from the swim and the run; events are all kept (the timer's state comes from
 * them). A file of rides only is read whole: the timer events alone decide which records count,
 * as they do on the head unit, and session spans are not trusted to agree with the records'
 * clock (a clock set while riding leaves records outside spans written in the other clock).
 */
export function ridePart<T>(ordered: Array<Timed<T>>, rides: SessionLike[], multiSport: boolean): Array<Timed<T>> {
  if (!multiSport) return ordered;
  const spans = rides
    .filter((session) => session.startTime && session.totalElapsedTime !== undefined)
    .map((session) => [(session.startTime as Date).getTime(), (session.startTime as Date).getTime() + (session.totalElapsedTime as number) * 1000] as const);
  if (spans.length === 0 || spans.length < rides.length) return ordered;
  return ordered.filter((entry) => entry.kind === 'event' || spans.some(([from, to]) => entry.at >= from && entry.at <= to));
}

interface ThresholdCarrier {
  functionalThresholdPower?: number;
}

function plausibleThreshold(watts: number | undefined): number | null {
  if (watts === undefined || !Number.isFinite(watts)) return null;
  const whole = Math.round(watts);
  return whole >= FTP_SET_MIN_W && whole <= FTP_SET_MAX_W ? whole : null;
}

/** The head unit's figures about the ride, from its sessions and settings messages. */
export function fileSummaryOf(messages: Record<string, unknown>, rides: SessionLike[]): FileSummary {
  const carriers = [...((messages.zonesTargetMesgs ?? []) as ThresholdCarrier[]), ...((messages.timeInZoneMesgs ?? []) as ThresholdCarrier[])];
  const thresholdW =
    [...rides.map((session) => session.thresholdPower), ...carriers.map((carrier) => carrier.functionalThresholdPower)]
      .map(plausibleThreshold)
      .find((watts) => watts !== null) ?? null;
  const timed = rides.filter((session) => session.avgPower !== undefined && (session.totalTimerTime ?? 0) > 0);
  const timerS = timed.reduce((sum, session) => sum + (session.totalTimerTime as number), 0);
  const avgPowerW =
    timed.length > 0 && timerS > 0 ? timed.reduce((sum, session) => sum + (session.avgPower as number) * (session.totalTimerTime as number), 0) / timerS : null;
  const normalizedPowerW = rides.length === 1 && rides[0].normalizedPower ? rides[0].normalizedPower : null;
  return { thresholdW, avgPowerW: avgPowerW !== null && avgPowerW > 0 ? avgPowerW : null, normalizedPowerW };
}
