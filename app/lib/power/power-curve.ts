/**
 * Exact mean-maximal power curve: for every duration d = 1..n seconds, the highest mean power
 * of any d consecutive samples. Branch and bound over blocks of start positions:
 * with power ≥ 0 the prefix sums are non-decreasing, so every window starting in a block
 * [a, b) has a sum of at most min(P[b-1+d] − P[a], d × max(sample in the blocks' span)).
 * A block whose bound cannot beat the best window found so far is skipped; the search starts
 * from the previous duration's best window, which is nearly always close to the answer.
 * The result is exact (a block is only skipped when it provably cannot win);
 * docs/activities.md "Performance" has the figures.
 */

const BLOCK = 32;

/** Range maximum in O(1) after an O(n log n) build. */
function sparseTable(values: Float64Array): Float64Array[] {
  const levels: Float64Array[] = [values];
  for (let width = 2; width <= values.length; width *= 2) {
    const previous = levels[levels.length - 1];
    const half = width / 2;
    const level = new Float64Array(values.length - width + 1);
    for (let i = 0; i < level.length; i++) level[i] = Math.max(previous[i], previous[i + half]);
    levels.push(level);
  }
  return levels;
}

function rangeMax(levels: Float64Array[], from: number, toInclusive: number): number {
  const length = toInclusive - from + 1;
  const k = 31 - Math.clz32(length);
  const level = levels[k];
  return Math.max(level[from], level[toInclusive - (1 << k) + 1]);
}

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
  const levels = sparseTable(samples);
  let bestStart = 0;
  for (let d = 1; d <= n; d++) {
    const lastStart = n - d;
    if (bestStart > lastStart) bestStart = lastStart;
    let best = prefix[bestStart + d] - prefix[bestStart];
    if (bestStart > 0) {
      const earlier = prefix[bestStart - 1 + d] - prefix[bestStart - 1];
      if (earlier > best) {
        best = earlier;
        bestStart--;
      }
    }
    for (let blockStart = 0; blockStart <= lastStart; blockStart += BLOCK) {
      const blockEnd = Math.min(blockStart + BLOCK - 1, lastStart);
      const spanSum = prefix[blockEnd + d] - prefix[blockStart];
      if (spanSum <= best) continue;
      if (d * rangeMax(levels, blockStart, blockEnd + d - 1) <= best) continue;
      for (let start = blockStart; start <= blockEnd; start++) {
        const sum = prefix[start + d] - prefix[start];
        if (sum > best) {
          best = sum;
          bestStart = start;
        }
      }
    }
    curve[d - 1] = best / d;
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
