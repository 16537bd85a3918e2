import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readRide } from '~/lib/fit/read-ride';
import { analyseRide } from './analyse-ride';
import { normalizedPower, poweredSeconds, trainingLoad } from './normalized-power';
import { normalizedPowerInput } from './np-input';
import { meanMaxPowerCurve } from './power-curve';
import { filterPowerSpikes } from './spike-filter';

const FIXTURES = path.resolve('tests/fixtures/fit');
const load = (name: string) => readRide(new Uint8Array(readFileSync(path.join(FIXTURES, name))));

/** The head units' own values (tests/fixtures/fit/README.md). */
const DEVICE = [
  { file: 'Edge810-Vector-2013-08-16-15-35-10.fit', np: 301, ftp: 315, tss: 118.7, pauses: false },
  { file: 'sample-activity-indoor-trainer.fit', np: 228, ftp: 250, tss: 50.8, pauses: false },
  { file: '2019-02-17-062644-ELEMNT-297E-195-0.fit', np: 157, ftp: 220, tss: 190, pauses: true },
  { file: 'road-with-power.fit', np: 151, ftp: 234, tss: 54.5, pauses: true },
  { file: 'edge510-test.fit', np: 229, ftp: 200, tss: 116.1, pauses: true },
];

/** NP and load exactly as ingest computes them (analyse-ride.ts), with the device's FTP. */
function analyse(name: string, ftpW: number) {
  const ride = load(name);
  const input = normalizedPowerInput(ride.samples, filterPowerSpikes(ride.samples.power).power);
  const np = normalizedPower(input, ride.samples.t);
  return { ride, np, load: trainingLoad(poweredSeconds(input), np, ftpW) };
}

describe('power maths against the head units', () => {
  for (const device of DEVICE) {
    it(`NP of ${device.file} is within ${device.pauses ? 4 : 1} W of the device`, () => {
      expect(Math.abs(analyse(device.file, device.ftp).np - device.np)).toBeLessThanOrEqual(device.pauses ? 4 : 1);
    });

    it(`training load of ${device.file} is within 2 % of the device (decision 045)`, () => {
      const { load: ours } = analyse(device.file, device.ftp);
      expect(Math.abs(ours - device.tss) / device.tss).toBeLessThan(0.02);
    });
  }

  it('ingest computes the same NP as the test path', () => {
    const ride = load('road-with-power.fit');
    const analysis = analyseRide(ride, 64.7, null);
    expect(analysis.normalizedPowerW).toBeCloseTo(analyse('road-with-power.fit', 234).np, 9);
  });

  it('road-with-power: the meter energy brings NP to 149.5, the 1 s readings alone give 148.6', () => {
    const ride = load('road-with-power.fit');
    const filtered = filterPowerSpikes(ride.samples.power).power;
    const readingsOnly = normalizedPower(normalizedPowerInput({ ...ride.samples, meterPowerW: new Float64Array(ride.samples.t.length).fill(Number.NaN) }, filtered), ride.samples.t);
    expect(readingsOnly).toBeCloseTo(148.6, 1);
    expect(analyse('road-with-power.fit', 234).np).toBeCloseTo(149.5, 1);
    // The head unit's 151 also counts the lone spike, which the meter logged as 5,344 J in one
    // second; Paceline filters it (decision 045) and stays inside the tolerances.
    const spikeAt = ride.samples.power.indexOf(1336);
    expect(ride.samples.meterPowerW[spikeAt]).toBe(5344);
    const withSpike = normalizedPower(
      Float64Array.from(normalizedPowerInput(ride.samples, filtered), (watts, i) => (i === spikeAt ? 5344 : watts)),
      ride.samples.t,
    );
    expect(withSpike).toBeCloseTo(151, 0);
  });

  it('indoor trainer: the 41 s power dropout is skipped, not counted as 0 W', () => {
    const ride = load('sample-activity-indoor-trainer.fit');
    const input = normalizedPowerInput(ride.samples, filterPowerSpikes(ride.samples.power).power);
    expect(ride.samples.t.length).toBe(2263);
    expect(poweredSeconds(input)).toBe(2222);
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

  it('the zwift export reads with power and a full timer', () => {
    const ride = load('null_compressed_speed_dist.fit');
    expect(ride.hasPower).toBe(true);
    expect(ride.timerS).toBe(1808);
    // Its speed and distance are compressed components: the reader expands them.
    expect(ride.samples.distanceM[ride.samples.distanceM.length - 1]).toBeGreaterThan(1000);
  });
});
