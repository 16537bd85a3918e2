// The worker's entry when Paceline runs from source (vitest, `remix vite:dev`): worker threads
// do not inherit Vite's or vitest's TypeScript loader, so register tsx and load the .ts module.
// The production build compiles ride-analysis.worker.ts to build/server/workers/ instead.
import { register } from 'tsx/esm/api';

register();
const worker = await import('./ride-analysis.worker.ts');

export const readUpload = worker.readUpload;
export const analyseAndPack = worker.analyseAndPack;
