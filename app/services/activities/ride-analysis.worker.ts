import { createHash } from 'node:crypto';
import { move, transferableSymbol, valueSymbol } from 'piscina';
import { packRideSeries } from '~/lib/activities/packing';
import { ACTIVITY_UPLOAD_MAX_BYTES, RIDE_MAX_SAMPLES } from '~/lib/constants';
import { sniffFileType } from '~/lib/file-signature';
import { FitReadError, NoCyclingSessionError, readRide, sampleArrays, type DecodedRide } from '~/lib/fit/read-ride';
import { analyseRide, type RideAnalysis } from '~/lib/power/analyse-ride';

/**
 * The CPU-heavy half of an upload, run in a piscina worker thread (ride-pool.server.ts) so a
 * long FIT file never holds the request thread (issue 15 item 4). The FIT reader and the
 * analysis are called as black boxes. What goes in and out is structured-cloneable, and its
 * large buffers are moved between threads, not copied: copying a 7 MB upload into the worker
 * took 20 ms of the request thread.
 */
export type DecodeRefusal = 'too_big' | 'not_fit' | 'unreadable' | 'not_cycling' | 'too_long';
export type DecodeOutcome = { ok: true; ride: DecodedRide } | { ok: false; code: DecodeRefusal };

/** The refusals a glance at the file decides (its size and first bytes), before anything is kept. */
export function screenFile(bytes: Uint8Array): DecodeRefusal | null {
  if (bytes.byteLength > ACTIVITY_UPLOAD_MAX_BYTES) return 'too_big';
  if (sniffFileType(bytes) !== 'fit') return 'not_fit';
  return null;
}

export function decode(bytes: Uint8Array): DecodeOutcome {
  const refusal = screenFile(bytes);
  if (refusal) return { ok: false, code: refusal };
  let ride: DecodedRide;
  try {
    ride = readRide(bytes);
  } catch (error) {
    if (error instanceof NoCyclingSessionError) return { ok: false, code: 'not_cycling' };
    if (error instanceof FitReadError) return { ok: false, code: 'unreadable' };
    throw error;
  }
  if (ride.samples.t.length > RIDE_MAX_SAMPLES) return { ok: false, code: 'too_long' };
  return { ok: true, ride };
}

export interface AnalyseTask {
  ride: DecodedRide;
  weightKg: number | null;
  previousBest: Float32Array | null;
}

export function analyse({ ride, weightKg, previousBest }: AnalyseTask): RideAnalysis {
  return analyseRide(ride, weightKg, previousBest);
}

/** Returns `value` to the pool's caller with the buffers under these views moved, not copied. */
function movedBack<T extends object>(value: T, views: ArrayBufferView[]): T {
  const buffers = [...new Set(views.map((view) => view.buffer as ArrayBuffer))];
  return move({ [transferableSymbol]: buffers, [valueSymbol]: value }) as unknown as T;
}

export interface ReadUpload {
  /** SHA-256 of the file, hex: the same file twice is one ride (issue 15 item 8). */
  contentHash: string;
  /** The file itself, handed back to be kept. */
  bytes: Uint8Array;
  outcome: DecodeOutcome;
}

/** Worker task: hash and decode an upload whose buffer was moved in; everything moves back. */
export function readUpload(bytes: Uint8Array): ReadUpload {
  const contentHash = createHash('sha256').update(bytes).digest('hex');
  const outcome = decode(bytes);
  const samples = outcome.ok ? sampleArrays(outcome.ride.samples) : [];
  return movedBack({ contentHash, bytes, outcome }, [bytes, ...samples]);
}

export interface AnalysedRide {
  analysis: RideAnalysis;
  /** The per-second rows with the shown (spike-filtered) power, packed to be kept (decision 118). */
  series: Uint8Array;
}

/** Worker task: analyse a decoded ride whose samples were moved in, and pack its rows. */
export function analyseAndPack(task: AnalyseTask): AnalysedRide {
  const analysis = analyse(task);
  const series = packRideSeries({ ...task.ride.samples, power: analysis.power });
  return movedBack({ analysis, series }, [series, analysis.power, analysis.powerCurve]);
}
