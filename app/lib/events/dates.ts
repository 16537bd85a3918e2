import { EVENT_TIMEZONE_OFFSET_MINUTES } from '~/lib/constants';
import { keptPerPeriod } from '~/lib/kept-time-format';

/**
 * Event dates are GMT+4 wall-clock values (spec 3 §9): "today" for every date rule is the
 * calendar day in GMT+4, so a rider in another zone gets the same answer as the server.
 */
export function todayInEventZone(now: Date = new Date()): string {
  return new Date(now.getTime() + EVENT_TIMEZONE_OFFSET_MINUTES * 60_000).toISOString().slice(0, 10);
}

/** YYYY-MM-DD plus (or minus) whole days / years, in calendar terms. */
export function addDays(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

export function addYears(isoDate: string, years: number): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCFullYear(date.getUTCFullYear() + years);
  return date.toISOString().slice(0, 10);
}

// One formatter for every call: toLocaleDateString builds a new one each time, which cost
// about a tenth of the events page's server time (docs/performance.md).
const EVENT_DATE_FORMAT = new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

const eventDateOf = keptPerPeriod(86_400_000, (time) => EVENT_DATE_FORMAT.format(time));

/** "Sat, 5 Dec 2026" for an event's YYYY-MM-DD date. */
export function formatEventDate(isoDate: string): string {
  return eventDateOf(`${isoDate}T00:00:00Z`);
}

/** "18:30 GMT+4": times are stored as GMT+4 wall-clock HH:MM, so they are shown as they are. */
export function formatEventTime(time: string): string {
  return `${time} GMT+4`;
}
