/**
 * Exact mean-maximal power curve: for every duration d = 1..n seconds, the highest mean power
 * of any d consecutive samples. Branch and bound over blocks of start positions:
 * with power ≥ 0 the prefix sums are non-decreasing, so every window starting in a block
 * [a, b) has a sum of at most min(P[b-1+d] − P[a], d × max(sample in the blocks' span)).
 * A block whose bound cannot beat the best window found so far is skipped; the search starts
 * from the previous duration's best window, which is nearly always close to the answer.
 * Four durations share each pass over the starts. The result is exact (a block is only
 * skipped when it provably cannot win for any of the four);
 * docs/activities.md "Performance" has the figures.
 */

const BLOCK = 32;

/** Range maximum (or minimum) in O(1) after an O(n log n) build. */
function sparseTable(values: Float64Array, pick: (a: number, b: number) => number): Float64Array[] {
  const levels: Float64Array[] = [values];
  for (let width = 2; width <= values.length; width *= 2) {
    const previous = levels[levels.length - 1];
    const half = width / 2;
    const level = new Float64Array(values.length - width + 1);
    for (let i = 0; i < level.length; i++) level[i] = pick(previous[i], previous[i + half]);
    levels.push(level);
  }
  return levels;
}

function rangeMax(levels: Float64Array[], from: number, toInclusive: number): number {
  const k = 31 - Math.clz32(toInclusive - from + 1);
  const level = levels[k];
  const a = level[from];
  const b = level[toInclusive - (1 << k) + 1];
  return a > b ? a : b;
}

function rangeMin(levels: Float64Array[], from: number, toInclusive: number): number {
  const k = 31 - Math.clz32(toInclusive - from + 1);
  const level = levels[k];
  const a = level[from];
  const b = level[toInclusive - (1 << k) + 1];
  return a < b ? a : b;
}

/**
 * Upper bound of the sum of any window of `length` starting in [from, to]: the smallest of
 * (1) the span they cover, (2) length × the highest sample in it, and (3) the first window plus
 * (to − from) steps that each add at most (highest entering − lowest leaving) sample.
 */
function windowBound(prefix: Float64Array, maxima: Float64Array[], minima: Float64Array[], from: number, to: number, length: number): number {
  const span = prefix[to + length] - prefix[from];
  const peak = length * rangeMax(maxima, from, to + length - 1);
  let bound = span < peak ? span : peak;
  if (to > from) {
    const gain = rangeMax(maxima, from + length, to + length - 1) - rangeMin(minima, from, to - 1);
    const stepped = prefix[from + length] - prefix[from] + (to - from) * (gain > 0 ? gain : 0);
    if (stepped < bound) bound = stepped;
  }
  return bound;
}

const GROUP = 4;

/** watts[d − 1] = best mean power over d seconds. Negative or missing samples count as 0. */
export function meanMaxPowerCurve(power: ArrayLike<number>): Float64Array {
  const n = power.length;
  const curve = new Float64Array(n);
  if (n === 0) return curve;
  const samples = new Float64Array(n);
  const prefix = new Float64Array(n + 1);
  for (let i = 0; i < n; i++) {
    const value = power[i] > 0 ? power[i] : 0;
    samples[i] = value;
    prefix[i + 1] = prefix[i] + value;
  }
  const maxima = sparseTable(samples, Math.max);
  const minima = sparseTable(samples, Math.min);
  const best = new Float64Array(GROUP);
  let bestStart = 0;
  // Durations are handled four at a time: one pass over the start positions serves d..d+3,
  // which roughly quarters the loads and loop overhead when pruning cannot skip blocks.
  for (let d = 1; d <= n; d += GROUP) {
    const count = Math.min(GROUP, n - d + 1);
    const lastStart = n - d;
    for (let k = 0; k < count; k++) {
      const start = Math.min(bestStart, n - d - k);
      best[k] = prefix[start + d + k] - prefix[start];
    }
    const fullEnd = n - d - (count - 1);
    for (let blockStart = 0; blockStart <= lastStart; blockStart += BLOCK) {
      const blockEnd = Math.min(blockStart + BLOCK - 1, lastStart);
      let promising = false;
      for (let k = 0; k < count && !promising; k++) {
        const end = Math.min(blockEnd, n - d - k);
        if (end < blockStart) continue;
        if (windowBound(prefix, maxima, minima, blockStart, end, d + k) > best[k]) promising = true;
      }
      if (!promising) continue;
      const sharedEnd = Math.min(blockEnd, fullEnd);
      if (count === GROUP) {
        let b0 = best[0];
        let b1 = best[1];
        let b2 = best[2];
        let b3 = best[3];
        for (let i = blockStart; i <= sharedEnd; i++) {
          const base = prefix[i];
          const j = i + d;
          const s0 = prefix[j] - base;
          const s1 = prefix[j + 1] - base;
          const s2 = prefix[j + 2] - base;
          const s3 = prefix[j + 3] - base;
          if (s0 > b0) {
            b0 = s0;
            bestStart = i;
          }
          if (s1 > b1) b1 = s1;
          if (s2 > b2) b2 = s2;
          if (s3 > b3) b3 = s3;
        }
        best[0] = b0;
        best[1] = b1;
        best[2] = b2;
        best[3] = b3;
      }
      // The last few starts (and a short final group) fit only the shorter durations.
      const from = count === GROUP ? Math.max(blockStart, sharedEnd + 1) : blockStart;
      for (let i = from; i <= blockEnd; i++) {
        for (let k = 0; k < count; k++) {
          if (i + d + k > n) break;
          const sum = prefix[i + d + k] - prefix[i];
          if (sum > best[k]) {
            best[k] = sum;
            if (k === 0) bestStart = i;
          }
        }
      }
    }
    for (let k = 0; k < count; k++) curve[d + k - 1] = best[k] / (d + k);
  }
  return curve;
}

/** The same curve by brute force, O(n²): the reference the tests hold the fast one to. */
export function meanMaxPowerCurveBruteForce(power: ArrayLike<number>): Float64Array {
  const n = power.length;
  const curve = new Float64Array(n);
  for (let d = 1; d <= n; d++) {
    let best = 0;
    for (let start = 0; start + d <= n; start++) {
      let sum = 0;
      for (let i = start; i < start + d; i++) sum += power[i] > 0 ? power[i] : 0;
      if (sum > best) best = sum;
    }
    curve[d - 1] = best / d;
  }
  return curve;
}

export interface CurveSource<Id> {
  id: Id;
  date: string;
  watts: ArrayLike<number>;
}

export interface MergedCurve<Id> {
  watts: number[];
  /** For each duration, the ride the best came from. */
  ids: Id[];
  dates: string[];
}

/** Element-wise maximum of ride curves, each point remembering its ride and date. */
export function mergeCurves<Id>(sources: CurveSource<Id>[]): MergedCurve<Id> {
  const length = sources.reduce((longest, source) => Math.max(longest, source.watts.length), 0);
  const merged: MergedCurve<Id> = { watts: new Array(length).fill(0), ids: new Array(length), dates: new Array(length).fill('') };
  for (const source of sources) {
    for (let i = 0; i < source.watts.length; i++) {
      if (merged.dates[i] === '' || source.watts[i] > merged.watts[i]) {
        merged.watts[i] = source.watts[i];
        merged.ids[i] = source.id;
        merged.dates[i] = source.date;
      }
    }
  }
  return merged;
}
