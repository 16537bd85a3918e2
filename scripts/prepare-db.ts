// Migrates (and unless --no-seed, seeds) the configured database, then exits.
import { startServices, stopServices } from '../app/services/platform/startup.server';

const seed = !process.argv.includes('--no-seed');
// No workers: a script runs the jobs it queues in place (app/services/platform/jobs.server.ts).
await startServices({ seed, workers: false });
await stopServices();
console.log(seed ? 'Database migrated and seeded.' : 'Database migrated.');
