import { mkdirSync, rmSync } from 'node:fs';
import { debianChromium } from '../../playwright.config';
import { settleChromiumFeatures } from './chromium-features';
import { SCANNED_SCREENS_DIR } from './fixtures';

/**
 * Before a browser run (the browser tests' or the generated paths'): no screen is scanned yet in
 * this run (tests/e2e/fixtures.ts), and the Chromium features the workers turn off are settled
 * (tests/e2e/chromium-features.ts).
 */
export default async function globalSetup(): Promise<void> {
  rmSync(SCANNED_SCREENS_DIR, { recursive: true, force: true });
  mkdirSync(SCANNED_SCREENS_DIR, { recursive: true });
  await settleChromiumFeatures(debianChromium);
}
