import { defineConfig } from 'vitest/config';
import tsconfigPaths from 'vite-tsconfig-paths';

export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    // Database-backed tests are named *.db.test.ts; the PostgreSQL run repeats only those, and
    // runs alone the PostgreSQL-only ones (*.pg.test.ts: other connections, triggers, LISTEN).
    include: process.env.VITEST_DATABASE_ONLY
      ? ['app/**/*.{db,pg}.test.{ts,tsx}', 'tests/**/*.{db,pg}.test.{ts,tsx}']
      : ['app/**/*.test.{ts,tsx}', 'tests/**/*.test.{ts,tsx}'],
    exclude: ['tests/e2e/**', 'node_modules/**', ...(process.env.VITEST_DATABASE_ONLY ? [] : ['**/*.pg.test.{ts,tsx}'])],
    environment: 'node',
    globalSetup: ['tests/helpers/global-setup.ts'],
    setupFiles: ['tests/helpers/setup-file.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Files share a worker and its module cache: every file still opens its own database
    // (setUpTestDatabase), and loading the app's modules once per worker instead of once per
    // file cuts the run from about 230 s to about 90 s on two cores.
    isolate: false,
    // Development-mode tests generate their secrets, and uploads are stored, here rather than in
    // the real data folder; one of each per engine, as `npm test` runs the two at once (the fuzz
    // suite checks that a refused request leaves the uploads folder as it was).
    env: process.env.VITEST_DATABASE_ONLY
      ? { SECRETS_FILE: 'tests/.tmp/secrets-postgres.json', STORAGE_DIR: 'tests/.tmp/uploads-postgres' }
      : { SECRETS_FILE: 'tests/.tmp/secrets.json', STORAGE_DIR: 'tests/.tmp/uploads-pglite' },
  },
});
