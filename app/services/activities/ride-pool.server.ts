import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import { sampleArrays } from '~/lib/fit/read-ride';
import { workerFile } from '~/lib/worker-file.server';
import type { AnalyseTask, AnalysedRide, ReadUpload } from './ride-analysis.worker';

/** The pool of threads that decode and analyse uploads (issue 15 item 4, decision 062). */
let pool: Piscina<unknown, unknown> | undefined;

function ridePool(): Piscina<unknown, unknown> {
  pool ??= new Piscina({
    filename: workerFile(import.meta.url, 'ride-analysis'),
    // One core stays free for requests; two threads at most on this kind of machine.
    maxThreads: Math.max(1, Math.min(2, availableParallelism() - 1)),
    minThreads: 0,
    idleTimeout: 60_000,
  });
  return pool;
}

/**
 * Hashes and decodes an upload on a pool thread. The file's buffer is moved there and back, so
 * the caller's array must not be used afterwards: use the `bytes` it answers with.
 */
export function readUploadInWorker(bytes: Uint8Array): Promise<ReadUpload> {
  return ridePool().run(bytes, { name: 'readUpload', transferList: [bytes.buffer as ArrayBuffer] }) as Promise<ReadUpload>;
}

/** Analyses a decoded ride on a pool thread; its samples are moved there, not copied. */
export function analyseInWorker(task: AnalyseTask): Promise<AnalysedRide> {
  const buffers = new Set(sampleArrays(task.ride.samples).map((samples) => samples.buffer as ArrayBuffer));
  return ridePool().run(task, { name: 'analyseAndPack', transferList: [...buffers] }) as Promise<AnalysedRide>;
}

/** At shutdown: finish running tasks, stop the threads. */
export async function closeRidePool(): Promise<void> {
  const closing = pool;
  pool = undefined;
  await closing?.destroy();
}
