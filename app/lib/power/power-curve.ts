/**
 * Exact mean-maximal power curve: for every duration d = 1..n seconds, the highest mean power
 * of any d consecutive samples. Every window is examined (no pruning, so no ride shape is slow):
 * a WebAssembly SIMD kernel (mean-max.wat) does 16 window sums per step on integer prefix sums
 * in half watts, which holds every FIT power value and the spike filter's x.5 repairs exactly.
 * Values it cannot hold exactly fall back to the same search in plain JavaScript (about 1 s
 * for 6 h instead of 40 ms; FIT power never needs it). docs/activities.md "Performance".
 */
import { MEAN_MAX_WASM_BASE64 } from './mean-max-wasm';

interface MeanMaxKernel {
  memory: WebAssembly.Memory;
  bestSums(n: number, prefixOffset: number, outOffset: number): void;
}

const BYTES_PER_I32 = 4;
const WASM_PAGE_BYTES = 65_536;
/** Half watts: the spike filter repairs a sample with the mean of two integers. */
const UNITS_PER_WATT = 2;
/** Vector loads may read a few entries past the prefix sums. */
const PREFIX_PADDING = 8;

let kernel: MeanMaxKernel | null | undefined;

/** The compiled kernel, or null where WebAssembly SIMD is not available. */
function meanMaxKernel(): MeanMaxKernel | null {
  if (kernel !== undefined) return kernel;
  try {
    const bytes = Uint8Array.from(atob(MEAN_MAX_WASM_BASE64), (char) => char.charCodeAt(0));
    const { exports } = new WebAssembly.Instance(new WebAssembly.Module(bytes));
    kernel = exports as unknown as MeanMaxKernel;
  } catch {
    kernel = null;
  }
  return kernel;
}

export function meanMaxKernelAvailable(): boolean {
  return meanMaxKernel() !== null;
}

/** Prefix sums in half watts, or null when a value is not a whole half watt or the sum leaves int32. */
function halfWattPrefix(samples: Float64Array): Int32Array | null {
  const prefix = new Int32Array(samples.length + 1 + PREFIX_PADDING);
  let sum = 0;
  for (let i = 0; i < samples.length; i++) {
    const units = samples[i] * UNITS_PER_WATT;
    if (!Number.isInteger(units)) return null;
    sum += units;
    prefix[i + 1] = sum;
  }
  return sum <= 0x7fffffff ? prefix : null;
}

function bestSumsInKernel(engine: MeanMaxKernel, prefix: Int32Array, n: number): Int32Array {
  const prefixBytes = prefix.length * BYTES_PER_I32;
  const needed = prefixBytes + n * BYTES_PER_I32;
  const missingPages = Math.ceil((needed - engine.memory.buffer.byteLength) / WASM_PAGE_BYTES);
  if (missingPages > 0) engine.memory.grow(missingPages);
  new Int32Array(engine.memory.buffer, 0, prefix.length).set(prefix);
  engine.bestSums(n, 0, prefixBytes);
  return new Int32Array(engine.memory.buffer, prefixBytes, n).slice();
}

/** The kernel's exhaustive search in plain JavaScript, for values it cannot hold. */
function bestSumsInScript(prefix: Float64Array, n: number): Float64Array {
  const best = new Float64Array(n);
  for (let d = 1; d <= n; d++) {
    let top = 0;
    for (let i = 0; i + d <= n; i++) {
      const sum = prefix[i + d] - prefix[i];
      if (sum > top) top = sum;
    }
    best[d - 1] = top;
  }
  return best;
}

/** watts[d − 1] = best mean power over d seconds. Negative or missing samples count as 0. */
export function meanMaxPowerCurve(power: ArrayLike<number>): Float64Array {
  const n = power.length;
  const curve = new Float64Array(n);
  if (n === 0) return curve;
  const samples = Float64Array.from(power, (value) => (value > 0 ? value : 0));
  const engine = meanMaxKernel();
  const halfWatts = engine ? halfWattPrefix(samples) : null;
  if (engine && halfWatts) {
    const best = bestSumsInKernel(engine, halfWatts, n);
    for (let d = 1; d <= n; d++) curve[d - 1] = best[d - 1] / UNITS_PER_WATT / d;
    return curve;
  }
  const prefix = new Float64Array(n + 1);
  for (let i = 0; i < n; i++) prefix[i + 1] = prefix[i] + samples[i];
  const best = bestSumsInScript(prefix, n);
  for (let d = 1; d <= n; d++) curve[d - 1] = best[d - 1] / d;
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
  const merged: MergedCurve<Id> = { watts: new Array<number>(length).fill(0), ids: new Array<Id>(length), dates: new Array<string>(length).fill('') };
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
