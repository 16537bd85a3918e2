import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import type { RideAnalysis } from '~/lib/power/analyse-ride';
import type { AnalyseTask, DecodeOutcome } from './ride-analysis.worker';

/**
 * The pool of threads that decode and analyse uploads (issue 15 item 4, decision 062).
 * From source this module sits beside ride-analysis.worker-source.mjs; in the production build
 * it is part of build/server/index.js and the worker is build/server/workers/ride-analysis.worker.js
 * (compiled by the ride-worker plugin in vite.config.ts). The names are built at run time so
 * Vite does not treat them as assets to copy.
 */
export const WORKER_BUILD_PATH = 'workers/ride-analysis.worker.js';

function workerFilename(): string {
  const fromSource = import.meta.url.endsWith('.ts');
  const name = fromSource ? ['.', 'ride-analysis.worker-source.mjs'].join('/') : ['.', WORKER_BUILD_PATH].join('/');
  return fileURLToPath(new URL(name, import.meta.url));
}

let pool: Piscina<unknown, unknown> | undefined;

function ridePool(): Piscina<unknown, unknown> {
  pool ??= new Piscina({
    filename: workerFilename(),
    // One core stays free for requests; two threads at most on this kind of machine.
    maxThreads: Math.max(1, Math.min(2, availableParallelism() - 1)),
    minThreads: 0,
    idleTimeout: 60_000,
  });
  return pool;
}

export function decodeInWorker(bytes: Uint8Array): Promise<DecodeOutcome> {
  return ridePool().run(bytes, { name: 'decode' }) as Promise<DecodeOutcome>;
}

export function analyseInWorker(task: AnalyseTask): Promise<RideAnalysis> {
  return ridePool().run(task, { name: 'analyse' }) as Promise<RideAnalysis>;
}

/** At shutdown: finish running tasks, stop the threads. */
export async function closeRidePool(): Promise<void> {
  const closing = pool;
  pool = undefined;
  await closing?.destroy();
}
