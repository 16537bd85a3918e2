// The worker's entry when Paceline runs from source (vitest, `remix vite:dev`): register tsx
// and run the .ts module (see app/lib/worker-file.server.ts).
import { register } from 'tsx/esm/api';

register();
await import('./flow-summaries.worker.ts');
