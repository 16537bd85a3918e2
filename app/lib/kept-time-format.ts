/**
 * A date formatter whose answers are kept per period (a UTC day, a minute): ICU still costs some
 * microseconds a call even with one `Intl.DateTimeFormat` for all, and a table page formats every
 * row several times (decision 159). `format` must depend on the period alone. Up to 4,096
 * periods are kept; then the memo starts again.
 */
const KEPT_PERIODS = 4_096;

export function keptPerPeriod(periodMs: number, format: (time: number) => string): (date: string | Date) => string {
  const kept = new Map<number, string>();
  return (date) => {
    const time = new Date(date).getTime();
    const period = Math.floor(time / periodMs);
    let text = kept.get(period);
    if (text === undefined) {
      text = format(time);
      if (kept.size >= KEPT_PERIODS) kept.clear();
      kept.set(period, text);
    }
    return text;
  };
}
