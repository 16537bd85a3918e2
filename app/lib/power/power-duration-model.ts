/**
 * The power-duration model (decision 143): critical power CP, the work capacity above it W′ and,
 * where the data carries it, the maximal instantaneous power Pmax of Morton's 3-parameter model.
 *
 * - 2-parameter (Monod & Scherrer 1965): the work done in a maximal effort grows linearly with its
 *   duration, W(t) = W′ + CP·t; a least-squares line through (t, P·t).
 * - 3-parameter (Morton 1996): t = W′/(P − CP) − W′/(Pmax − CP), i.e. P(t) = CP + W′/(t + k) with
 *   k = W′/(Pmax − CP); fitted by non-linear least squares on time (W′ has a closed form for given
 *   CP and Pmax; CP and Pmax are searched), the estimator of the published worked example.
 * Both estimators are checked against the published values of the same five trials in
 * power-duration-model.test.ts (docs/activities.md "Power-duration model").
 *
 * Applied to a rider's mean-max curve, each chosen duration's best mean power is read as one
 * maximal trial. eFTP is the model's power at 60 minutes (FTP's definition: the highest power
 * held for about an hour).
 */

export interface Trial {
  /** Duration of the effort, s. */
  t: number;
  /** Mean power held, W. */
  p: number;
}

export interface TwoParameterFit {
  cpW: number;
  wPrimeJ: number;
}

export interface ThreeParameterFit extends TwoParameterFit {
  pmaxW: number;
}

export interface PowerModel {
  kind: '2p' | '3p';
  cpW: number;
  wPrimeJ: number;
  /** 3-parameter only. */
  pmaxW: number | null;
  /** The model's power at 60 minutes. */
  eftpW: number;
  /** The durations the model was fitted to, s. */
  fromS: number;
  toS: number;
}

export const EFTP_DURATION_S = 3600;

/** Ordinary least-squares line y = intercept + slope·x; null when x does not vary. */
function leastSquaresLine(points: Array<{ x: number; y: number }>): { slope: number; intercept: number } | null {
  if (points.length < 2) return null;
  const meanX = points.reduce((sum, point) => sum + point.x, 0) / points.length;
  const meanY = points.reduce((sum, point) => sum + point.y, 0) / points.length;
  let covariance = 0;
  let variance = 0;
  for (const point of points) {
    covariance += (point.x - meanX) * (point.y - meanY);
    variance += (point.x - meanX) ** 2;
  }
  if (variance === 0) return null;
  const slope = covariance / variance;
  return { slope, intercept: meanY - slope * meanX };
}

/** Monod & Scherrer's linear work–time model: least squares of the work P·t on t (slope CP, intercept W′). */
export function fitLinearWorkTime(trials: Trial[]): TwoParameterFit | null {
  const line = leastSquaresLine(trials.map((trial) => ({ x: trial.t, y: trial.p * trial.t })));
  return line && { cpW: line.slope, wPrimeJ: line.intercept };
}

/** The same model written P = CP + W′·(1/t): least squares of P on 1/t (slope W′, intercept CP). */
export function fitInverseTime(trials: Trial[]): TwoParameterFit | null {
  const line = leastSquaresLine(trials.map((trial) => ({ x: 1 / trial.t, y: trial.p })));
  return line && { cpW: line.intercept, wPrimeJ: line.slope };
}

/** Least squares of t on W′·z with z given: W′ = Σ t·z / Σ z², and the residual sum of squares. */
function timeResiduals(trials: Trial[], z: (trial: Trial) => number): { wPrimeJ: number; sse: number } {
  let tz = 0;
  let zz = 0;
  for (const trial of trials) {
    const value = z(trial);
    tz += trial.t * value;
    zz += value * value;
  }
  const wPrimeJ = zz > 0 ? tz / zz : 0;
  let sse = 0;
  for (const trial of trials) sse += (trial.t - wPrimeJ * z(trial)) ** 2;
  return { wPrimeJ, sse };
}

/** Minimum of a one-dimensional function on [lo, hi]: a grid to bracket it, then golden sections. */
function minimize(f: (x: number) => number, lo: number, hi: number, gridSteps = 60, tolerance = 1e-7): number {
  let best = lo;
  let bestValue = Number.POSITIVE_INFINITY;
  const step = (hi - lo) / gridSteps;
  for (let i = 0; i <= gridSteps; i++) {
    const x = lo + i * step;
    const value = f(x);
    if (value < bestValue) {
      bestValue = value;
      best = x;
    }
  }
  let a = Math.max(lo, best - step);
  let b = Math.min(hi, best + step);
  const ratio = (Math.sqrt(5) - 1) / 2;
  let c = b - ratio * (b - a);
  let d = a + ratio * (b - a);
  let fc = f(c);
  let fd = f(d);
  while (b - a > tolerance * Math.max(1, Math.abs(a) + Math.abs(b))) {
    if (fc < fd) {
      b = d;
      d = c;
      fd = fc;
      c = b - ratio * (b - a);
      fc = f(c);
    } else {
      a = c;
      c = d;
      fc = fd;
      d = a + ratio * (b - a);
      fd = f(d);
    }
  }
  return (a + b) / 2;
}

/** The 2-parameter hyperbola t = W′/(P − CP), non-linear least squares on time. */
export function fitHyperbolic(trials: Trial[]): TwoParameterFit | null {
  if (trials.length < 2) return null;
  const lowest = Math.min(...trials.map((trial) => trial.p));
  const sseAt = (cp: number) => timeResiduals(trials, (trial) => 1 / (trial.p - cp)).sse;
  const cpW = minimize(sseAt, 0, lowest * (1 - 1e-9));
  return { cpW, wPrimeJ: timeResiduals(trials, (trial) => 1 / (trial.p - cpW)).wPrimeJ };
}

/** Pmax is searched up to this multiple of the highest trial's power. */
const PMAX_SEARCH_FACTOR = 20;

/**
 * Morton's 3-parameter model t = W′/(P − CP) − W′/(Pmax − CP), non-linear least squares on time:
 * W′ in closed form, Pmax searched for each CP (on a log scale above the highest trial), CP
 * searched below the lowest trial. Null when the best Pmax sits at the search's upper end: the
 * data then carries no third parameter (the 2-parameter hyperbola is the limit).
 */
export function fitMorton(trials: Trial[]): ThreeParameterFit | null {
  if (trials.length < 3) return null;
  const lowest = Math.min(...trials.map((trial) => trial.p));
  const highest = Math.max(...trials.map((trial) => trial.p));
  const logSpan = Math.log(PMAX_SEARCH_FACTOR);
  const pmaxOf = (u: number) => highest * Math.exp(u);
  const z = (cp: number, pmax: number) => (trial: Trial) => 1 / (trial.p - cp) - 1 / (pmax - cp);
  const bestU = (cp: number) => minimize((u) => timeResiduals(trials, z(cp, pmaxOf(u))).sse, 1e-6, logSpan, 40);
  const sseAt = (cp: number) => timeResiduals(trials, z(cp, pmaxOf(bestU(cp)))).sse;
  const cpW = minimize(sseAt, 0, lowest * (1 - 1e-9), 40);
  const u = bestU(cpW);
  if (u > logSpan * 0.999) return null;
  const pmaxW = pmaxOf(u);
  return { cpW, wPrimeJ: timeResiduals(trials, z(cpW, pmaxW)).wPrimeJ, pmaxW };
}

/** The model's power for an effort of `durationS`. */
export function modelPower(model: Pick<PowerModel, 'cpW' | 'wPrimeJ' | 'pmaxW'>, durationS: number): number {
  const k = model.pmaxW !== null && model.pmaxW > model.cpW ? model.wPrimeJ / (model.pmaxW - model.cpW) : 0;
  return model.cpW + model.wPrimeJ / (durationS + k);
}

/** The durations of the mean-max curve read as trials (decision 143). */
const TWO_PARAMETER_FROM_S = 180;
const THREE_PARAMETER_FROM_S = 5;
export const MODEL_TO_S = 1200;
/** A window whose curve is shorter than this has no model: a 2–3 minute span cannot place CP. */
const MODEL_MIN_CURVE_S = 720;

/** Durations from `from` to `to`, 8 per doubling: equal weight along the log-duration axis. */
export function logDurations(from: number, to: number): number[] {
  const durations: number[] = [];
  for (let d = from; d <= to; d *= 2 ** (1 / 8)) {
    const rounded = Math.round(d);
    if (durations[durations.length - 1] !== rounded) durations.push(rounded);
  }
  if (durations[durations.length - 1] !== to) durations.push(to);
  return durations;
}

function trialsOf(curve: ArrayLike<number>, from: number, to: number): Trial[] {
  return logDurations(from, to)
    .map((t) => ({ t, p: curve[t - 1] }))
    .filter((trial) => trial.p > 0);
}

/** A fit is plausible for a human on a bicycle (else it is not shown: the curve's efforts were not maximal). */
function plausible(fit: TwoParameterFit): boolean {
  return fit.cpW > 30 && fit.wPrimeJ > 500 && fit.wPrimeJ < 60_000;
}

/**
 * The model of a mean-max curve (watts per duration, index 0 = 1 s): Morton's 3-parameter model
 * over 5 s to 20 minutes where it fits with a plausible Pmax, else Monod & Scherrer's 2-parameter
 * model over 3 to 20 minutes; null when the curve is shorter than 12 minutes or neither fit is
 * plausible.
 */
export function fitCurve(curve: ArrayLike<number>): PowerModel | null {
  if (curve.length < MODEL_MIN_CURVE_S) return null;
  const toS = Math.min(MODEL_TO_S, curve.length);
  const withEftp = (kind: PowerModel['kind'], fit: TwoParameterFit, pmaxW: number | null, fromS: number): PowerModel => {
    const model = { kind, cpW: fit.cpW, wPrimeJ: fit.wPrimeJ, pmaxW, fromS, toS };
    return { ...model, eftpW: modelPower(model, EFTP_DURATION_S) };
  };
  const morton = fitMorton(trialsOf(curve, THREE_PARAMETER_FROM_S, toS));
  if (morton && plausible(morton) && morton.pmaxW > curve[0] * 0.5) return withEftp('3p', morton, morton.pmaxW, THREE_PARAMETER_FROM_S);
  const linear = fitLinearWorkTime(trialsOf(curve, TWO_PARAMETER_FROM_S, toS));
  return linear && plausible(linear) ? withEftp('2p', linear, null, TWO_PARAMETER_FROM_S) : null;
}
