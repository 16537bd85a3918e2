/**
 * One clock for a FIT file's records and timer events (docs/activities.md "Odd files").
 *
 * A head unit computes its own figures from a one-second loop that never looks at the wall
 * clock, but it stamps the records with that clock, and the clock can misbehave:
 * - it is set while riding (a GPS fix, a phone sync) and jumps back, so later records carry
 *   earlier stamps than the ones before them and the file's elapsed time reads shorter than its
 *   timer time;
 * - a record is written a fraction of a second early and takes the stamp of the second before
 *   (two records share a stamp and the next second is missing);
 * - an extra record is written inside a second (a lap press): two records share a stamp and the
 *   next second follows as usual.
 * The file's order is the order of recording, so it is the reference: stamps are read in file
 * order, a jump back becomes a continuation, and shared stamps are resolved as above.
 */

/** A record or timer event in file order, with its stamp in epoch ms. */
export interface Stamped {
  kind: 'record' | 'event';
  at: number;
}

/** A stamped message and the decoded message itself. */
export interface Timed<T> extends Stamped {
  message: T;
}

const SECOND_MS = 1000;

/**
 * Rewrites `at` in place so records never go back in time: a record stamped before the record
 * written just before it continues one second after it, and every message after it (records and
 * events alike, as they share the clock) moves by the same correction.
 */
export function continueClockJumps(messages: Stamped[]): void {
  let offset = 0;
  let lastRecordAt = Number.NEGATIVE_INFINITY;
  for (const message of messages) {
    let at = message.at + offset;
    if (message.kind === 'record') {
      if (at < lastRecordAt) {
        offset += lastRecordAt + SECOND_MS - at;
        at = lastRecordAt + SECOND_MS;
      }
      lastRecordAt = at;
    }
    message.at = at;
  }
}

/** What to do with a record that shares its stamp with the record before it. */
export type SharedStamp = 'next-second' | 'same-second';

/**
 * A record sharing the previous record's stamp is the next second written early when the second
 * after it is missing (the following record is two or more seconds on); otherwise it was written
 * inside the same second and merges with it.
 */
export function sharedStampKind(previousAt: number, followingAt: number | undefined): SharedStamp {
  return followingAt !== undefined && followingAt - previousAt >= 2 * SECOND_MS ? 'next-second' : 'same-second';
}
