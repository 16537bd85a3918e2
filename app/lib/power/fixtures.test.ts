import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { NoCyclingSessionError, readRide } from '~/lib/fit/read-ride';
import { analyseRide, atFtp } from './analyse-ride';
import { normalizedPower, poweredSeconds, trainingLoad } from './normalized-power';
import { normalizedPowerInput } from './np-input';
import { meanMaxPowerCurve } from './power-curve';
import { filterPowerSpikes } from './spike-filter';

const FIXTURES = path.resolve('tests/fixtures/fit');
const load = (name: string) => readRide(new Uint8Array(readFileSync(path.join(FIXTURES, name))));

/**
 * The head units' own values and the file's cycling sessions (tests/fixtures/fit/README.md).
 * The derived files keep their source's values: the same ride, recorded or stored differently.
 */
const EDGE_810 = { np: 301, ftp: 315, tss: 118.7, timerS: 4700, elapsedS: 4700, distanceM: 41339.38 };
const ELEMNT = { np: 157, ftp: 220, tss: 190, timerS: 13471, elapsedS: 23595, distanceM: 78940.55 };
const DEVICE = [
  { file: 'Edge810-Vector-2013-08-16-15-35-10.fit', ...EDGE_810 },
  { file: 'sample-activity-indoor-trainer.fit', np: 228, ftp: 250, tss: 50.8, timerS: 2262, elapsedS: 2262, distanceM: 0 },
  { file: '2019-02-17-062644-ELEMNT-297E-195-0.fit', ...ELEMNT },
  { file: 'road-with-power.fit', np: 151, ftp: 234, tss: 54.5, timerS: 4740, elapsedS: 5305, distanceM: 31217.81 },
  { file: 'edge510-test.fit', np: 229, ftp: 200, tss: 116.1, timerS: 3233, elapsedS: 3291, distanceM: 24786.26 },
  { file: 'edge810-smart-recording.fit', ...EDGE_810 },
  { file: 'edge810-corrupt-energy.fit', ...EDGE_810 },
  { file: 'multisport-swim-ride-run.fit', ...ELEMNT },
];

/** The exact mean-max by brute force: every window of every duration. */
function bruteForceCurve(power: ArrayLike<number>): number[] {
  const n = power.length;
  const prefix = new Float64Array(n + 1);
  for (let i = 0; i < n; i++) prefix[i + 1] = prefix[i] + power[i];
  const curve: number[] = [];
  for (let d = 1; d <= n; d++) {
    let best = 0;
    for (let start = 0; start + d <= n; start++) best = Math.max(best, prefix[start + d] - prefix[start]);
    curve.push(best / d);
  }
  return curve;
}

describe('ride figures against the head units, per fixture (docs/activities.md accuracy table)', () => {
  for (const device of DEVICE) {
    describe(device.file, () => {
      const ride = load(device.file);
      // As ingest stores it: the analysis re-based on the FTP in force (here the head unit's).
      const analysis = atFtp(analyseRide(ride, null, null), device.ftp);
      const pauses = device.timerS !== device.elapsedS;

      it(`NP is within ${pauses ? 4 : 1} W of the device's ${device.np} W and never above the ride's maximum`, () => {
        expect(Math.abs((analysis.normalizedPowerW ?? 0) - device.np)).toBeLessThanOrEqual(pauses ? 4 : 1);
        expect(analysis.normalizedPowerW ?? 0).toBeLessThanOrEqual(analysis.maxPowerW ?? 0);
      });

      it(`training load is within 1 % of the device's ${device.tss} at its FTP ${device.ftp} W`, () => {
        expect(Math.abs((analysis.trainingLoad ?? 0) - device.tss) / device.tss).toBeLessThan(0.01);
      });

      it("timer, elapsed time, distance and sport are the cycling sessions'", () => {
        expect(analysis.timerS).toBe(device.timerS);
        expect(analysis.elapsedS).toBe(device.elapsedS);
        expect(analysis.distanceM).toBeCloseTo(device.distanceM, 2);
        expect(ride.sport).toBe('cycling');
      });

      it('the power curve is the exact mean-max at every duration', () => {
        const exact = bruteForceCurve(analysis.power);
        expect(analysis.powerCurve.length).toBe(exact.length);
        let worst = 0;
        for (let d = 0; d < exact.length; d++) worst = Math.max(worst, Math.abs(analysis.powerCurve[d] - exact[d]));
        expect(worst).toBeLessThan(1e-9);
      });
    });
  }
});

/**
 * Every file whose head unit wrote an average power: the average of the head unit's kind (zeros
 * included, or left out) within 1 W of its value (it writes whole watts), the timer and elapsed
 * time of its sessions, its NP within 4 W where it wrote one, and the threshold it carried
 * (decision 140). Real files, except the two derived ones (tests/fixtures/fit/README.md).
 */
const HEAD_UNIT_AVERAGES = [
  { file: 'Edge810-Vector-2013-08-16-15-35-10.fit', avg: 276, kind: 'with zeros', timerS: 4700, elapsedS: 4700, np: 301, ftp: 315 },
  { file: 'sample-activity-indoor-trainer.fit', avg: 201, kind: 'with zeros', timerS: 2262, elapsedS: 2262, np: 228, ftp: 250 },
  { file: '2019-02-17-062644-ELEMNT-297E-195-0.fit', avg: 102, kind: 'with zeros', timerS: 13471, elapsedS: 23595, np: 157, ftp: 220 },
  { file: 'road-with-power.fit', avg: 134, kind: 'with zeros', timerS: 4740, elapsedS: 5305, np: 151, ftp: 234 },
  { file: 'edge510-test.fit', avg: 152, kind: 'with zeros', timerS: 3233, elapsedS: 3291, np: 229, ftp: 200 },
  { file: 'edge810-smart-recording.fit', avg: 276, kind: 'with zeros', timerS: 4700, elapsedS: 4700, np: 301, ftp: 315 },
  { file: 'null_compressed_speed_dist.fit', avg: 123, kind: 'with zeros', timerS: 1808, elapsedS: 1807, np: null, ftp: null },
  { file: 'garmin-bpg.fit', avg: 196, kind: 'with zeros', timerS: 8789, elapsedS: 10177, np: 264, ftp: 284 },
  { file: 'sdk-activity-lowbattery.fit', avg: 138, kind: 'with zeros', timerS: 3975, elapsedS: 3975, np: 207, ftp: 250 },
  { file: 'onelap-shared-stamps.fit', avg: 281, kind: 'with zeros', timerS: 720, elapsedS: 720, np: null, ftp: null },
  { file: 'edge810-clock-set-back.fit', avg: 276, kind: 'with zeros', timerS: 4700, elapsedS: 3200, np: 301, ftp: 315 },
  { file: 'elemnt-zeros-left-out.fit', avg: 142, kind: 'without zeros', timerS: 13471, elapsedS: 23595, np: 157, ftp: 220 },
] as const;

describe('the head unit\'s own figures, of the same kind, per file (docs/activities.md "Averages and odd files")', () => {
  for (const device of HEAD_UNIT_AVERAGES) {
    it(`${device.file}: average ${device.kind} ${device.avg} W, timer ${device.timerS} s${device.np ? `, NP ${device.np} W` : ''}`, () => {
      const ride = load(device.file);
      const analysis = analyseRide(ride, null, null);
      const average = device.kind === 'with zeros' ? analysis.avgPowerW : analysis.avgPowerNonZeroW;
      expect(Math.abs((average ?? 0) - device.avg)).toBeLessThanOrEqual(1);
      expect(ride.file.avgPowerW).toBe(device.avg);
      expect(analysis.timerS).toBe(device.timerS);
      expect(analysis.elapsedS).toBe(device.elapsedS);
      if (device.np) expect(Math.abs((analysis.normalizedPowerW ?? 0) - device.np)).toBeLessThanOrEqual(4);
      expect(ride.file.thresholdW).toBe(device.ftp);
    });
  }
});

describe('what the special files show', () => {
  it('smart recording (a record every 1–8 s) is resampled to one sample per second on decode', () => {
    const smart = load('edge810-smart-recording.fit');
    const everySecond = load('Edge810-Vector-2013-08-16-15-35-10.fit');
    expect(smart.samples.t.length).toBe(everySecond.samples.t.length);
    for (let i = 1; i < smart.samples.t.length; i++) expect(smart.samples.t[i] - smart.samples.t[i - 1]).toBe(1);
    const figures = [smart, everySecond].map((ride) => atFtp(analyseRide(ride, null, null), 315));
    expect(Math.abs((figures[0].normalizedPowerW ?? 0) - (figures[1].normalizedPowerW ?? 0))).toBeLessThan(1);
  });

  it("a corrupt energy counter is not trusted: taken as is it would put NP far above the ride's maximum", () => {
    const ride = load('edge810-corrupt-energy.fit');
    const counterOnly = Float64Array.from(ride.samples.meterPowerW, (watts, i) => (Number.isNaN(watts) ? ride.samples.power[i] : watts));
    const analysis = analyseRide(ride, null, null);
    expect(normalizedPower(counterOnly, ride.samples.t)).toBeGreaterThan(analysis.maxPowerW ?? 0);
    expect(analysis.normalizedPowerW).toBeCloseTo(analyseRide(load('Edge810-Vector-2013-08-16-15-35-10.fit'), null, null).normalizedPowerW ?? 0, 0);
  });

  it('a multi-sport file counts only its cycling session: not the swim before nor the run after', () => {
    const ride = load('multisport-swim-ride-run.fit');
    const alone = load('2019-02-17-062644-ELEMNT-297E-195-0.fit');
    expect(ride.startTime).toEqual(alone.startTime);
    expect(ride.samples.t.length).toBe(alone.samples.t.length);
  });

  it('a file without a cycling session is refused', () => {
    expect(() => load('multisport-no-ride.fit')).toThrow(NoCyclingSessionError);
  });

  it('road-with-power: the meter energy agrees with the readings, so its 5,344 J burst counts as on the head unit', () => {
    const ride = load('road-with-power.fit');
    const filtered = filterPowerSpikes(ride.samples.power).power;
    const spikeAt = ride.samples.power.indexOf(1336);
    expect(ride.samples.meterPowerW[spikeAt]).toBe(5344);
    expect(normalizedPowerInput(ride.samples, filtered)[spikeAt]).toBe(5344);
    // The readings alone (spike filtered) give 148.6; the device says 151.
    const readingsOnly = normalizedPower(
      normalizedPowerInput({ ...ride.samples, meterPowerW: new Float64Array(ride.samples.t.length).fill(Number.NaN) }, filtered),
      ride.samples.t,
    );
    expect(readingsOnly).toBeCloseTo(148.6, 1);
    expect(analyseRide(ride, 64.7, null).normalizedPowerW).toBeCloseTo(151, 0);
  });

  it('indoor trainer: the 41 s power dropout is skipped in NP, load and average power, not counted as 0 W', () => {
    const ride = load('sample-activity-indoor-trainer.fit');
    const input = normalizedPowerInput(ride.samples, filterPowerSpikes(ride.samples.power).power);
    // Every record the timer wrote: the two after the session message's end are in too (decision 140).
    expect(ride.samples.t.length).toBe(2264);
    expect(poweredSeconds(input)).toBe(2223);
    const analysis = analyseRide(ride, null, null);
    // Load accrues from the first full 30 s window on, as head units count it (decision 105).
    expect(analysis.loadDurationS).toBe(2223 - 29);
    let read = 0;
    for (let i = 0; i < ride.samples.t.length; i++) read += ride.samples.powerRead[i] ? ride.samples.power[i] : 0;
    expect(analysis.avgPowerW).toBeCloseTo(read / 2223, 9);
    expect(analysis.avgPowerW ?? 0).toBeGreaterThan(read / ride.samples.t.length + 3);
  });

  it('uses timer time: the paused ELEMNT ride would be far off on elapsed time', () => {
    const ride = load('2019-02-17-062644-ELEMNT-297E-195-0.fit');
    expect(ride.timerS).toBe(13471);
    expect(ride.elapsedS).toBe(23595);
    const np = normalizedPower(ride.samples.power, ride.samples.t);
    expect(trainingLoad(ride.elapsedS, np, 220)).toBeGreaterThan(300);
  });

  it('road-with-power: the 1,336 W spike does not reach the power curve', () => {
    const ride = load('road-with-power.fit');
    expect(Math.max(...ride.samples.power)).toBe(1336);
    const curve = meanMaxPowerCurve(filterPowerSpikes(ride.samples.power).power);
    expect(curve[0]).toBe(495);
    expect(curve.length).toBe(ride.samples.power.length);
  });

  it('nick.fit (power always 0, cut short) reads with a zero analysis', () => {
    const ride = load('nick.fit');
    expect(ride.hasPower).toBe(false);
    expect(ride.samples.t.length).toBeGreaterThan(10_000);
    expect(normalizedPower(ride.samples.power, ride.samples.t)).toBe(0);
    expect(meanMaxPowerCurve(ride.samples.power)[0]).toBe(0);
  });

  it('a clock set back while riding: every record counts, in the order written, though timer time exceeds elapsed time', () => {
    const jumped = load('edge810-clock-set-back.fit');
    const steady = load('Edge810-Vector-2013-08-16-15-35-10.fit');
    expect(jumped.timerS).toBeGreaterThan(jumped.elapsedS);
    expect(jumped.samples.t.length).toBe(steady.samples.t.length);
    for (let i = 1; i < jumped.samples.t.length; i++) expect(jumped.samples.t[i] - jumped.samples.t[i - 1]).toBe(1);
    expect(Array.from(jumped.samples.power)).toEqual(Array.from(steady.samples.power));
  });

  it('shared stamps: a record written early is the next second (Onelap), one written inside a second joins it (Edge 500)', () => {
    // Onelap: 740 records, 24 stamps shared each followed by a missing second; its average is over all 740.
    const onelap = load('onelap-shared-stamps.fit');
    expect(onelap.samples.t.length).toBe(740);
    for (let i = 1; i < onelap.samples.t.length; i++) expect(onelap.samples.t[i] - onelap.samples.t[i - 1]).toBe(1);
    // Edge 500: 15 stamps shared with the next second present; each is one second, not two.
    const edge500 = load('garmin-edge-500-activity.fit');
    const distinct = new Set(Array.from(edge500.samples.t)).size;
    expect(distinct).toBe(edge500.samples.t.length);
    // 10,658 records inside the timer, 15 of them a second record inside a second.
    expect(edge500.samples.t.length).toBe(10658 - 15);
    expect(Math.round(edge500.timerS)).toBe(10641);
  });

  it('the zwift export reads with power and a full timer', () => {
    const ride = load('null_compressed_speed_dist.fit');
    expect(ride.hasPower).toBe(true);
    expect(ride.timerS).toBe(1808);
    // Its speed and distance are compressed components: the reader expands them.
    expect(ride.samples.distanceM[ride.samples.distanceM.length - 1]).toBeGreaterThan(1000);
  });
});
