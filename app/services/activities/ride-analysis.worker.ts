import { ACTIVITY_UPLOAD_MAX_BYTES, RIDE_MAX_SAMPLES } from '~/lib/constants';
import { sniffFileType } from '~/lib/file-signature';
import { FitReadError, NoCyclingSessionError, readRide, type DecodedRide } from '~/lib/fit/read-ride';
import { analyseRide, type RideAnalysis } from '~/lib/power/analyse-ride';

/**
 * The CPU-heavy half of an upload, run in a piscina worker thread (ride-pool.server.ts) so a
 * long FIT file never holds the request thread (issue 15 item 4). The FIT reader and the
 * analysis are called as black boxes; in and out go plain, structured-cloneable data.
 */
export type DecodeRefusal = 'too_big' | 'not_fit' | 'unreadable' | 'not_cycling' | 'too_long';
export type DecodeOutcome = { ok: true; ride: DecodedRide } | { ok: false; code: DecodeRefusal };

export function decode(bytes: Uint8Array): DecodeOutcome {
  if (bytes.byteLength > ACTIVITY_UPLOAD_MAX_BYTES) return { ok: false, code: 'too_big' };
  if (sniffFileType(bytes) !== 'fit') return { ok: false, code: 'not_fit' };
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
