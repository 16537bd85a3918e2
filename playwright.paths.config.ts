import { defineConfig } from '@playwright/test';
import { chromiumUse, e2eWebServer } from './playwright.config';

/**
 * `npm run test:paths`: every machine's generated paths replayed in Chromium against the same
 * server as the browser tests (decision 185). The HTML report (each path named by its states and
 * events, a screenshot per state) goes to tests/.tmp/paths-report; the run's sums per machine to
 * tests/.tmp/paths-run.json (reporter.ts), which `npm run paths` and /flows read.
 */
const PATHS_REPORT_DIR = 'tests/.tmp/paths-report';

export default defineConfig({
  testDir: 'tests/paths/browser',
  testMatch: '*.spec.ts',
  globalSetup: './tests/e2e/global-setup.ts',
  outputDir: 'tests/.tmp/paths-results',
  // Every path is its own test with its own arrangement: the two workers share them out one by one.
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 7_000 },
  reporter: [
    ['list'],
    ['html', { outputFolder: PATHS_REPORT_DIR, open: 'never' }],
    ['./tests/paths/browser/reporter.ts'],
    ...(process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['json'] as ['json']] : []),
  ],
  use: chromiumUse,
  webServer: e2eWebServer,
});
