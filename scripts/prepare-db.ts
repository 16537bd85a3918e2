// Migrates (and unless --no-seed, seeds) the configured database, then exits.
import { startServices, stopServices } from '../app/services/platform/startup.server';

const seed = !process.argv.includes('--no-seed');
await startServices({ seed });
await stopServices();
console.log(seed ? 'Database migrated and seeded.' : 'Database migrated.');
