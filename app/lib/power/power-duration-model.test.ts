import { describe, expect, it } from 'vitest';
import {
  EFTP_DURATION_S,
  fitCurve,
  fitHyperbolic,
  fitInverseTime,
  fitLinearWorkTime,
  fitMorton,
  logDurations,
  modelPower,
  type Trial,
} from './power-duration-model';

/**
 * The worked example of Mattioni Maturana et al., "Critical power: how different protocols and
 * models affect its determination", J Sci Med Sport 21(7), 2018, as published with its R package
 * (cyclingtools, README "Simple analysis"): five constant-power trials to exhaustion and the
 * parameters each model gives. Published values are rounded as printed there.
 */
const TRIALS: Trial[] = [
  { p: 446, t: 100 },
  { p: 385, t: 172 },
  { p: 324, t: 434 },
  { p: 290, t: 857 },
  { p: 280, t: 1361 },
];

describe('the fits against the published worked example', () => {
  it('Monod & Scherrer linear work–time: CP 266 W, W′ 20,961 J', () => {
    const fit = fitLinearWorkTime(TRIALS);
    expect(fit?.cpW).toBeCloseTo(266, -0.5);
    expect(Math.abs((fit?.wPrimeJ ?? 0) - 20961)).toBeLessThan(1);
  });

  it('2-parameter 1/time: CP 274 W, W′ 17,784 J', () => {
    const fit = fitInverseTime(TRIALS);
    expect(Math.abs((fit?.cpW ?? 0) - 274)).toBeLessThan(0.5);
    expect(Math.abs((fit?.wPrimeJ ?? 0) - 17784)).toBeLessThan(1);
  });

  it('2-parameter hyperbolic (least squares on time): CP 262 W, W′ 24,174 J', () => {
    const fit = fitHyperbolic(TRIALS);
    expect(Math.abs((fit?.cpW ?? 0) - 262)).toBeLessThan(0.5);
    expect(Math.abs((fit?.wPrimeJ ?? 0) - 24174)).toBeLessThan(2);
  });

  it("Morton's 3-parameter (least squares on time): CP 260 W, W′ 27,410 J, Pmax 1,004 W", () => {
    const fit = fitMorton(TRIALS);
    expect(Math.abs((fit?.cpW ?? 0) - 260)).toBeLessThan(1);
    expect(Math.abs((fit?.wPrimeJ ?? 0) - 27410) / 27410).toBeLessThan(0.002);
    expect(Math.abs((fit?.pmaxW ?? 0) - 1004) / 1004).toBeLessThan(0.01);
  });
});

describe('the model of a mean-max curve', () => {
  /** A rider who is exactly Morton's model: the curve the model would draw. */
  const rider = { cpW: 280, wPrimeJ: 20_000, pmaxW: 1100 };
  const curve = Float64Array.from({ length: 3600 }, (_, i) => modelPower(rider, i + 1));

  it('recovers the three parameters of a curve that is the model', () => {
    const model = fitCurve(curve);
    expect(model?.kind).toBe('3p');
    expect(model?.cpW).toBeCloseTo(280, 0);
    expect(Math.abs((model?.wPrimeJ ?? 0) - 20_000)).toBeLessThan(50);
    expect(Math.abs((model?.pmaxW ?? 0) - 1100)).toBeLessThan(5);
    expect(model?.eftpW).toBeCloseTo(modelPower(rider, EFTP_DURATION_S), 0);
  });

  it('falls back to the 2-parameter line when the short end carries no third parameter', () => {
    // A 2-parameter rider (no Pmax: the hyperbola rises without bound) over 3–20 minutes.
    const twoParameter = Float64Array.from({ length: 1800 }, (_, i) => 250 + 15_000 / (i + 1));
    const model = fitCurve(twoParameter);
    expect(model?.cpW).toBeCloseTo(250, 0);
    expect(Math.abs((model?.wPrimeJ ?? 0) - 15_000)).toBeLessThan(100);
  });

  it('has no model for a curve shorter than 12 minutes, or a flat one', () => {
    expect(fitCurve(curve.slice(0, 600))).toBeNull();
    expect(fitCurve(new Float64Array(3600).fill(200))).toBeNull();
  });

  it('reads the curve at durations evenly spread on the log axis', () => {
    const durations = logDurations(180, 1200);
    expect(durations[0]).toBe(180);
    expect(durations[durations.length - 1]).toBe(1200);
    expect(durations.length).toBeGreaterThan(20);
  });
});
