/**
 * A date formatter whose answers are kept per period (a UTC day, a minute): ICU still costs some
 * microseconds a call even with one `Intl.DateTimeFormat` for all, and a table page formats every
 * row several times (decision 159). `format` must depend on the period alone. A date given as
 * text is also kept by that text: parsing an ISO string took longer than the lookup that follows
 * it (the activities tab formats sixty per document). Up to 4,096 of each are kept; then the memo
 * starts again.
 */
const KEPT_ENTRIES = 4_096;

export function keptPerPeriod(periodMs: number, format: (time: number) => string): (date: string | Date) => string {
  const byPeriod = new Map<number, string>();
  const byText = new Map<string, string>();
  const ofTime = (time: number) => {
    const period = Math.floor(time / periodMs);
    let text = byPeriod.get(period);
    if (text === undefined) {
      text = format(time);
      if (byPeriod.size >= KEPT_ENTRIES) byPeriod.clear();
      byPeriod.set(period, text);
    }
    return text;
  };
  return (date) => {
    if (typeof date !== 'string') return ofTime(date.getTime());
    let text = byText.get(date);
    if (text === undefined) {
      text = ofTime(new Date(date).getTime());
      if (byText.size >= KEPT_ENTRIES) byText.clear();
      byText.set(date, text);
    }
    return text;
  };
}
