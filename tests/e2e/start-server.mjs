// Starts the production build for the browser tests on a fresh embedded database.
import { rmSync } from 'node:fs';

rmSync(process.env.PGLITE_DIR, { recursive: true, force: true });
rmSync(process.env.STORAGE_DIR, { recursive: true, force: true });
await import('../../server.mjs');
