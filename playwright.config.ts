import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3100);
export const baseURL = `http://localhost:${port}`;

/** Debian's Chromium with the flags this machine needs (DESIGN.md §2); never a downloaded browser. */
export const chromiumLaunch = {
  executablePath: '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    baseURL,
    browserName: 'chromium',
    launchOptions: chromiumLaunch,
    trace: 'off',
  },
  webServer: {
    command: 'node tests/e2e/start-server.mjs',
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      APP_MODE: 'test',
      SESSION_SECRET: 'paceline-e2e-session-secret-0123456789abcdef',
      PGLITE_DIR: `tests/.tmp/e2e-pglite-${port}`,
      STORAGE_DIR: `tests/.tmp/e2e-uploads-${port}`,
      ALTCHA_MAX_NUMBER: '20',
      SEED_DEMO: 'true',
      SITE_URL: `http://localhost:${port}`,
    },
  },
});
