// Starts the production build for the browser tests on a fresh embedded database: a new one,
// or the one `npm test` migrated and seeded while the build ran (E2E_DATABASE_PREPARED names
// its folder), so the server starts without the demo data's half minute.
import { rmSync } from 'node:fs';

if (process.env.E2E_DATABASE_PREPARED && process.env.E2E_DATABASE_PREPARED === process.env.PGLITE_DIR) {
  process.env.SEED_DEMO = 'false';
} else {
  rmSync(process.env.PGLITE_DIR, { recursive: true, force: true });
  rmSync(process.env.STORAGE_DIR, { recursive: true, force: true });
}
await import('../../server.mjs');
