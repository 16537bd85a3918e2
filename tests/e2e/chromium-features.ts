import { chromium } from '@playwright/test';

/**
 * Chromium features the browser tests turn off. Chromium 156 builds the omnibox's pop-up as a web
 * page of its own, a renderer started for every window, so for every browser context a test opens
 * (about 0.12 s of a core each: a third of what a context with a small page costs). No test types
 * into the address bar.
 */
const FEATURES_OFF = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

/** Where the global setup leaves the flags for the workers, which load the config after it. */
const ENV_KEY = 'PACELINE_CHROMIUM_FEATURE_FLAGS';

interface FeatureFlags {
  /** Playwright's own `--disable-features=…`, left out of the launch… */
  replaced: string | null;
  /** …for this one, Playwright's features and ours: Chromium reads only the last of the switch. */
  flag: string;
}

/**
 * Run once per Playwright run, before the workers start (the configs' global setups): asks
 * Playwright which features it turns off for this Chromium (the arguments it starts the browser
 * with) and keeps their union with ours in the environment.
 */
export async function settleChromiumFeatures(launch: { executablePath: string; args: string[] }): Promise<void> {
  if (process.env[ENV_KEY]) return;
  const server = await chromium.launchServer(launch);
  const replaced = server.process().spawnargs.find((arg) => arg.startsWith('--disable-features=')) ?? null;
  await server.close();
  const playwrights = replaced ? replaced.slice('--disable-features='.length).split(',') : [];
  const flags: FeatureFlags = { replaced, flag: `--disable-features=${[...new Set([...playwrights, ...FEATURES_OFF])].join(',')}` };
  process.env[ENV_KEY] = JSON.stringify(flags);
}

/** The launch options' share: nothing until the global setup has run (the runner's own process). */
export function chromiumFeatureOptions(): { ignoreDefaultArgs?: string[]; args: string[] } {
  const value = process.env[ENV_KEY];
  if (!value) return { args: [] };
  const { replaced, flag } = JSON.parse(value) as FeatureFlags;
  return { ...(replaced ? { ignoreDefaultArgs: [replaced] } : {}), args: [flag] };
}
