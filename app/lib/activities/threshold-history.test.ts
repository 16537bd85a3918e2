import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HOUR_RIDE_S, IF_HOUR_CEILING } from '~/lib/constants';
import { figuresAtFtp } from '~/lib/power/analyse-ride';
import { rideThresholdEstimate } from '~/lib/power/threshold';
import { walkThresholds, type HistoryEntry, type RideForThreshold } from './threshold-history';

const DAY_MS = 86_400_000;
const T0 = Date.UTC(2026, 0, 1);

/** A ride as the walk sees it, with the figures its IF comes from. */
interface RideFigures extends RideForThreshold {
  normalizedPowerW: number;
  timerS: number;
  loadDurationS: number;
}

const rideArbitrary = fc
  .record({
    // A few instants drawn often: rides starting together (one ride recorded by two head units).
    day: fc.oneof(fc.integer({ min: 0, max: 120 }), fc.constantFrom(0, 30)),
    hour: fc.oneof(fc.integer({ min: 5, max: 20 }), fc.constant(12)),
    timerS: fc.integer({ min: 600, max: 6 * 3600 }),
    // Variability index NP / average: steady rides to criteriums.
    averageW: fc.integer({ min: 60, max: 380 }),
    variability: fc.double({ min: 1, max: 1.45, noNaN: true }),
    // The best 20 minutes relative to NP: a ride can hold more or less than its NP for 20 minutes.
    twentyOfNp: fc.double({ min: 0.7, max: 1.25, noNaN: true }),
    fileThresholdW: fc.option(fc.integer({ min: 80, max: 450 }), { nil: null }),
    weightKg: fc.option(fc.integer({ min: 45, max: 110 }), { nil: null }),
  })
  .map((raw): RideFigures => {
    const normalizedPowerW = raw.averageW * raw.variability;
    const bestTwentyMinW = raw.timerS >= 1200 ? normalizedPowerW * raw.twentyOfNp : 0;
    return {
      id: '',
      at: T0 + raw.day * DAY_MS + raw.hour * 3_600_000,
      fileThresholdW: raw.fileThresholdW,
      estimateW: rideThresholdEstimate({ bestTwentyMinW, normalizedPowerW, timerS: raw.timerS }),
      weightKg: raw.weightKg,
      normalizedPowerW,
      timerS: raw.timerS,
      loadDurationS: Math.max(0, raw.timerS - 29),
    };
  });

/**
 * Profile entries, often several at the same instant (a few days and hours drawn often): the
 * walk must take them in the order they were written, whatever order it is given them in.
 */
const profileEntries = (maxLength: number) =>
  fc
    .array(
      fc.record({
        day: fc.oneof(fc.integer({ min: -30, max: 120 }), fc.constantFrom(-1, 0, 30)),
        // Midnight, or the hour a ride may start at (an entry in force from a ride's instant).
        hour: fc.constantFrom(0, 5, 12),
        ftpW: fc.option(fc.integer({ min: 50, max: 600 }), { nil: null }),
      }),
      { maxLength },
    )
    .map((raw) =>
      raw.map((entry, order): HistoryEntry => ({ at: T0 + entry.day * DAY_MS + entry.hour * 3_600_000, ftpW: entry.ftpW, source: 'profile', order })),
    );

function uniqueIds(rides: RideFigures[]): RideFigures[] {
  return rides.map((ride, index) => ({ ...ride, id: `ride-${index}` }));
}

describe('the threshold walk (decision 141)', () => {
  it('property: once detection has run, no ride of an hour or more reads IF above 1.05, whatever the history and the files say', () => {
    fc.assert(
      fc.property(fc.array(rideArbitrary, { minLength: 1, maxLength: 25 }), profileEntries(4), (generated, entries) => {
        const rides = uniqueIds(generated);
        const { rides: scored } = walkThresholds({ entries, rides, carriedFileThresholdW: null, declined: new Set() });
        const byId = new Map(scored.map((ride) => [ride.id, ride]));
        for (const ride of rides) {
          if (ride.timerS < HOUR_RIDE_S) continue;
          // IF as the product computes it before storing it: at most 1.05 there, it is at most
          // 1.05 as the database keeps it too (rounding to float4 keeps the order).
          const { intensity } = figuresAtFtp(ride.normalizedPowerW, ride.loadDurationS, byId.get(ride.id)!.ftpW);
          expect(intensity ?? 0).toBeLessThanOrEqual(IF_HOUR_CEILING);
        }
      }),
      { numRuns: 400 },
    );
  });

  it('property: a detection only ever raises the threshold in force, and the result does not depend on the order the rides are given in', () => {
    fc.assert(
      fc.property(fc.array(rideArbitrary, { minLength: 1, maxLength: 20 }), profileEntries(3), (generated, entries) => {
        const rides = uniqueIds(generated);
        const walk = walkThresholds({ entries, rides, carriedFileThresholdW: null, declined: new Set() });
        for (const detection of walk.detections) expect(detection.ftpW).toBeGreaterThan(detection.previousFtpW);
        const reversed = walkThresholds({
          entries: entries.slice().reverse(),
          rides: rides.slice().reverse(),
          carriedFileThresholdW: null,
          declined: new Set(),
        });
        const sortById = <T extends { id: string }>(list: T[]) => list.slice().sort((a, b) => a.id.localeCompare(b.id));
        expect(sortById(reversed.rides)).toEqual(sortById(walk.rides));
        expect(reversed.detections).toEqual(walk.detections);
      }),
      { numRuns: 200 },
    );
  });

  const ride = (id: string, day: number, estimateW: number | null, fileThresholdW: number | null = null): RideForThreshold => ({
    id,
    at: T0 + day * DAY_MS,
    estimateW,
    fileThresholdW,
    weightKg: 70,
  });

  it('scores from the history, else the file (its own, else the latest before), else 2.5 W/kg', () => {
    const { rides } = walkThresholds({
      entries: [
        { at: T0 + 10 * DAY_MS, ftpW: 230, source: 'profile', order: 1 },
        { at: T0 + 20 * DAY_MS, ftpW: null, source: 'profile', order: 2 },
      ],
      rides: [ride('a', 1, null), ride('b', 2, null, 260), ride('c', 3, null), ride('d', 11, null, 300), ride('e', 21, null)],
      carriedFileThresholdW: null,
      declined: new Set(),
    });
    expect(rides.map((scored) => [scored.id, scored.ftpW, scored.source])).toEqual([
      ['a', 175, 'default'],
      ['b', 260, 'file'],
      ['c', 260, 'file'],
      ['d', 230, 'profile'],
      ['e', 300, 'file'],
    ]);
  });

  it('detects from the ride that shows more, once per group of rides at the same instant, never from a declined ride', () => {
    const walk = walkThresholds({
      entries: [{ at: T0, ftpW: 200, source: 'profile', order: 1 }],
      rides: [ride('a', 1, 190), ride('b', 2, 240), ride('c', 2, 250), ride('d', 3, 245), ride('e', 4, 270)],
      carriedFileThresholdW: null,
      declined: new Set(['e']),
    });
    expect(walk.detections).toEqual([{ activityId: 'c', at: T0 + 2 * DAY_MS, ftpW: 250, previousFtpW: 200 }]);
    expect(walk.rides.map((scored) => [scored.id, scored.ftpW, scored.source])).toEqual([
      ['a', 200, 'profile'],
      ['b', 250, 'detected'],
      ['c', 250, 'detected'],
      ['d', 250, 'detected'],
      ['e', 250, 'detected'],
    ]);
  });

  it('rides at the same instant detect the highest threshold any of them shows, so none is scored below what it shows', () => {
    // One ride on two head units: one carries 80 W, the other nothing (180 W by default). The
    // first shows more than its 80 W; the second shows 82 W, under its 180 W but above 81.
    const walk = walkThresholds({
      entries: [],
      rides: [
        { ...ride('garmin', 5, 81, 80), weightKg: null },
        { ...ride('wahoo', 5, 82), weightKg: null },
      ],
      carriedFileThresholdW: null,
      declined: new Set(),
    });
    expect(walk.detections).toEqual([{ activityId: 'garmin', at: T0 + 5 * DAY_MS, ftpW: 82, previousFtpW: 80 }]);
    expect(walk.rides.map((scored) => [scored.id, scored.ftpW, scored.source])).toEqual([
      ['garmin', 82, 'detected'],
      ['wahoo', 82, 'detected'],
    ]);
    // Undone, the ride that detected never detects again; the other shows less than its own 180 W.
    const undone = walkThresholds({
      entries: [],
      rides: [
        { ...ride('garmin', 5, 81, 80), weightKg: null },
        { ...ride('wahoo', 5, 82), weightKg: null },
      ],
      carriedFileThresholdW: null,
      declined: new Set(['garmin']),
    });
    expect(undone.detections).toEqual([]);
    expect(undone.rides.map((scored) => scored.ftpW)).toEqual([80, 180]);
  });

  it('entries at the same instant are in force in the order they were written, the later one winning, in whatever order they are given', () => {
    const emptiedThenSet: HistoryEntry[] = [
      { at: T0, ftpW: null, source: 'profile', order: 7 },
      { at: T0, ftpW: 230, source: 'profile', order: 8 },
    ];
    for (const entries of [emptiedThenSet, emptiedThenSet.slice().reverse()]) {
      const { rides } = walkThresholds({ entries, rides: [ride('a', 1, null, 200)], carriedFileThresholdW: null, declined: new Set() });
      expect(rides).toEqual([{ id: 'a', ftpW: 230, source: 'profile' }]);
    }
    const setThenEmptied = emptiedThenSet.map((entry) => ({ ...entry, order: 15 - entry.order }));
    const { rides } = walkThresholds({ entries: setThenEmptied, rides: [ride('a', 1, null, 200)], carriedFileThresholdW: null, declined: new Set() });
    expect(rides).toEqual([{ id: 'a', ftpW: 200, source: 'file' }]);
  });
});
