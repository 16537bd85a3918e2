import { DURATION_MINUTES_MAX_S, DURATION_SECONDS_MAX_S } from '~/lib/constants';
import { keptPerPeriod } from '~/lib/kept-time-format';

/** Spec 3: up to 60 s in seconds, up to 60 min in minutes, otherwise hours. */
export function formatDuration(seconds: number): string {
  if (seconds <= DURATION_SECONDS_MAX_S) return `${Math.round(seconds)} s`;
  if (seconds <= DURATION_MINUTES_MAX_S) return `${Math.round((seconds / 60) * 10) / 10} min`;
  return `${Math.round((seconds / 3600) * 100) / 100} h`;
}

/** Spec 3 "Distance is shown in km with 2 decimals." */
export function formatKm(km: number): string {
  return km.toFixed(2);
}

/** A ride's time as h:mm:ss for the TIME column and the hover. */
export function formatClock(seconds: number): string {
  const total = Math.max(0, Math.round(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return `${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
}

// One formatter for every row: toLocaleDateString builds a new one per call, a fifth of the
// ACTIVITIES tab's server time (docs/performance.md). Its answer depends on the UTC day only.
const DATE_FORMAT = new Intl.DateTimeFormat('en-GB', { day: '2-digit', month: 'short', year: 'numeric', timeZone: 'UTC' });

export const formatDate: (iso: string) => string = keptPerPeriod(86_400_000, (time) => DATE_FORMAT.format(time));

/**
 * Durations at which a power curve is drawn and hovered: every second to 1 min, every 5 s to
 * 5 min, every 15 s to 20 min, every minute beyond, and the ride's full length. Values at these
 * durations are exact; only the points between are not sent.
 */
export function curveDurations(length: number): number[] {
  const durations: number[] = [];
  for (let d = 1; d <= length; d += d < 60 ? 1 : d < 300 ? 5 : d < 1200 ? 15 : 60) durations.push(d);
  if (length > 0 && durations[durations.length - 1] !== length) durations.push(length);
  return durations;
}
