import { defineConfig } from '@playwright/test';
import { chromiumFeatureOptions } from './tests/e2e/chromium-features';
import { e2ePort, e2eServerEnv } from './tests/e2e/server-env.mjs';

const port = e2ePort();
export const baseURL = `http://localhost:${port}`;

/** Debian's Chromium with the flags this machine needs (DESIGN.md §2); never a downloaded browser. */
export const debianChromium = {
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

/** How the workers launch it: with the features the global setup settled turned off. */
const featureOptions = chromiumFeatureOptions();
export const chromiumLaunch = {
  ...debianChromium,
  ...(featureOptions.ignoreDefaultArgs ? { ignoreDefaultArgs: featureOptions.ignoreDefaultArgs } : {}),
  args: [...debianChromium.args, ...featureOptions.args],
};

/** Every browser run's page options: the suite's server, Debian's Chromium, no trace. */
export const chromiumUse = {
  baseURL,
  browserName: 'chromium' as const,
  launchOptions: chromiumLaunch,
  trace: 'off' as const,
};

/**
 * The production build in APP_MODE=test. `npm test` starts it once for the browser tests and the
 * generated paths and sets E2E_SERVER_STARTED; run alone, each Playwright run starts its own.
 */
export const e2eWebServer = {
  command: 'node tests/e2e/start-server.mjs',
  url: `${baseURL}/healthz`,
  reuseExistingServer: Boolean(process.env.E2E_SERVER_STARTED),
  timeout: 180_000,
  stdout: 'ignore' as const,
  stderr: 'pipe' as const,
  env: e2eServerEnv(port),
};

export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: chromiumUse,
  webServer: e2eWebServer,
});
