import { describe, expect, it } from 'vitest';
import { intensityFactor, normalizedPower, poweredSeconds, trainingLoad } from './normalized-power';
import { COUNTER_CHECK_RECORDS, normalizedPowerInput } from './np-input';
import { meanMaxKernelAvailable, meanMaxPowerCurve, meanMaxPowerCurveBruteForce, mergeCurves } from './power-curve';
import { filterPowerSpikes } from './spike-filter';

function seeded(seed: number) {
  let state = seed;
  return () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
}

describe('normalizedPower', () => {
  it('equals the power of a steady ride', () => {
    expect(normalizedPower(new Array(600).fill(250))).toBeCloseTo(250, 9);
  });

  it('matches the definition on 30 s blocks of 100 W and 300 W', () => {
    // Rolling means ramp linearly between the blocks; the 4th-power mean of a known series.
    const power = [...new Array(30).fill(100), ...new Array(30).fill(300)];
    const means = Array.from({ length: 31 }, (_, k) => (100 * (30 - k) + 300 * k) / 30);
    const expected = Math.pow(means.reduce((sum, m) => sum + m ** 4, 0) / means.length, 0.25);
    expect(normalizedPower(power)).toBeCloseTo(expected, 9);
  });

  it('is above the average for a variable ride and 0 without power', () => {
    const power = Array.from({ length: 1200 }, (_, i) => (Math.floor(i / 60) % 2 === 0 ? 100 : 300));
    expect(normalizedPower(power)).toBeGreaterThan(200);
    expect(normalizedPower([])).toBe(0);
    expect(normalizedPower(new Array(100).fill(0))).toBe(0);
  });

  it('never lets a rolling window span a pause', () => {
    const power = [...new Array(60).fill(200), ...new Array(60).fill(200)];
    const t = [...Array.from({ length: 60 }, (_, i) => i), ...Array.from({ length: 60 }, (_, i) => 600 + i)];
    expect(normalizedPower(power, t)).toBeCloseTo(200, 9);
  });

  it('skips records without a reading instead of counting them as 0 W (a dropout is not a pause)', () => {
    // 60 s at 200 W with a 20 s sensor dropout in the middle: the rider kept riding.
    const power = [...new Array(30).fill(200), ...new Array(20).fill(Number.NaN), ...new Array(30).fill(200)];
    const t = Array.from({ length: power.length }, (_, i) => i);
    expect(normalizedPower(power, t)).toBeCloseTo(200, 9);
    expect(poweredSeconds(power)).toBe(60);
    // Counted as zeros the same ride would read far lower.
    expect(
      normalizedPower(
        power.map((watts) => (Number.isNaN(watts) ? 0 : watts)),
        t,
      ),
    ).toBeLessThan(190);
  });

  it('keeps one window across a dropout: 30 s at 100 W, a gap in readings, 30 s at 300 W', () => {
    const power = [...new Array(30).fill(100), ...new Array(10).fill(Number.NaN), ...new Array(30).fill(300)];
    const t = Array.from({ length: power.length }, (_, i) => i);
    const means = Array.from({ length: 31 }, (_, k) => (100 * (30 - k) + 300 * k) / 30);
    const expected = Math.pow(means.reduce((sum, m) => sum + m ** 4, 0) / means.length, 0.25);
    expect(normalizedPower(power, t)).toBeCloseTo(expected, 9);
  });
});

describe('the NP input series', () => {
  it('takes the meter energy where the file has it, the filtered reading elsewhere, NaN without a reading', () => {
    const input = normalizedPowerInput(
      {
        power: Float64Array.from([190, 200, 0, 180]),
        powerRead: Uint8Array.from([1, 1, 0, 1]),
        meterPowerW: Float64Array.from([Number.NaN, 210, Number.NaN, Number.NaN]),
      },
      [190, 200, 0, 180],
    );
    expect(Array.from(input.slice(0, 2))).toEqual([190, 210]);
    expect(Number.isNaN(input[2])).toBe(true);
    expect(input[3]).toBe(180);
  });

  const block = (counter: (i: number) => number) => {
    const power = Float64Array.from({ length: COUNTER_CHECK_RECORDS }, (_, i) => 200 + (i % 7));
    return { power, powerRead: new Uint8Array(power.length).fill(1), meterPowerW: Float64Array.from(power, (watts, i) => counter(i) || watts) };
  };

  it('counts an agreeing counter as the meter logged it, a lone burst included (head units do)', () => {
    const samples = block((i) => (i === 300 ? 5344 : 0));
    expect(normalizedPowerInput(samples, samples.power)[300]).toBe(5344);
  });

  it('falls back to the readings over a block where the counter disagrees with them (a corrupt counter)', () => {
    const samples = block((i) => (i % 3 === 0 ? 2000 : 0));
    expect(Array.from(normalizedPowerInput(samples, samples.power))).toEqual(Array.from(samples.power));
  });
});

describe('intensity and training load', () => {
  it('gives 100 for one hour at FTP', () => {
    expect(intensityFactor(250, 250)).toBe(1);
    expect(trainingLoad(3600, 250, 250)).toBeCloseTo(100, 9);
    expect(trainingLoad(1800, 200, 250)).toBeCloseTo(0.5 * 0.64 * 100, 9);
  });

  it('is 0 without an FTP', () => {
    expect(intensityFactor(200, 0)).toBe(0);
    expect(trainingLoad(3600, 200, 0)).toBe(0);
  });
});

describe('meanMaxPowerCurve', () => {
  it('has known answers on a small series', () => {
    expect(Array.from(meanMaxPowerCurve([100, 400, 200, 0, 300]))).toEqual([400, 300, 700 / 3, 900 / 4, 1000 / 5].map((w) => w));
  });

  it('agrees exactly with brute force on random rides, steady rides, zeros and odd lengths', () => {
    const random = seeded(7);
    const series = [
      Array.from({ length: 700 }, () => Math.round(random() * 600)),
      Array.from({ length: 500 }, (_, i) => (i % 97 < 10 ? 900 : 180 + Math.round(random() * 40))),
      new Array(300).fill(220),
      Array.from({ length: 503 }, (_, i) => 200 + Math.round(20 * Math.sin(i / 7)) + (i % 150 === 0 ? 500 : 0)),
      new Array(50).fill(0),
      Array.from({ length: 400 }, (_, i) => (i > 200 ? 0 : 250)),
      // The spike filter's repairs are half watts; lengths around the kernel's groups of four.
      ...[1, 2, 3, 4, 5, 6, 7, 9, 10, 11].map((length) => Array.from({ length }, () => Math.round(random() * 1200) / 2)),
    ];
    for (const power of series) {
      expect(Array.from(meanMaxPowerCurve(power))).toEqual(Array.from(meanMaxPowerCurveBruteForce(power)));
    }
  });

  it('counts negative and missing samples as 0', () => {
    expect(Array.from(meanMaxPowerCurve([300, -50, Number.NaN, 100]))).toEqual([300, 150, 100, 100]);
  });

  it('runs on the WebAssembly kernel here, and the script search agrees on values the kernel cannot hold', () => {
    expect(meanMaxKernelAvailable()).toBe(true);
    const random = seeded(11);
    const power = Array.from({ length: 600 }, () => random() * 500);
    const fast = meanMaxPowerCurve(power);
    const slow = meanMaxPowerCurveBruteForce(power);
    for (let d = 0; d < power.length; d++) expect(fast[d]).toBeCloseTo(slow[d], 9);
  });

  it('returns an empty curve for an empty ride', () => {
    expect(meanMaxPowerCurve([]).length).toBe(0);
  });
});

describe('filterPowerSpikes', () => {
  it('removes a lone spike and garbage values but keeps a real sprint', () => {
    const power = [150, 0, 0, 0, 1336, 0, 0, 0, 150, 400, 800, 1100, 1250, 1000, 700, 300, 65535, 200];
    const { power: filtered, spikesRemoved } = filterPowerSpikes(power);
    expect(spikesRemoved).toBe(2);
    expect(filtered[4]).toBe(0);
    expect(filtered[12]).toBe(1250);
    expect(filtered[16]).toBe(250);
    expect(Math.max(...filtered)).toBe(1250);
  });

  it('leaves clean data untouched', () => {
    const power = [200, 210, 190, 205];
    expect(Array.from(filterPowerSpikes(power).power)).toEqual(power);
  });
});

describe('mergeCurves', () => {
  it('takes the element-wise maximum and remembers ride and date per point', () => {
    const merged = mergeCurves([
      { id: 'a', date: '2026-01-01', watts: [500, 300, 250] },
      { id: 'b', date: '2026-02-01', watts: [450, 320] },
    ]);
    expect(merged.watts).toEqual([500, 320, 250]);
    expect(merged.ids).toEqual(['a', 'b', 'a']);
    expect(merged.dates).toEqual(['2026-01-01', '2026-02-01', '2026-01-01']);
  });
});
