import { expect, test } from './fixtures';

// tests/e2e/chromium-features.ts: the omnibox pop-up's renderer is not started for each context,
// and Chromium, which reads only the last --disable-features, still turns off Playwright's own.
test("the workers' Chromium starts no omnibox pop-up and keeps Playwright's features off", async ({ browser, page }) => {
  const cdp = await browser.newBrowserCDPSession();
  const { targetInfos } = await cdp.send('Target.getTargets');
  expect(targetInfos.map((target) => target.url).filter((url) => url.startsWith('chrome://omnibox-popup'))).toEqual([]);

  await page.goto('chrome://version');
  const commandLine = (await page.locator('#command_line').textContent()) ?? '';
  const disabled = commandLine.match(/--disable-features=(\S+)/g) ?? [];
  expect(disabled, 'one --disable-features switch').toHaveLength(1);
  const features = new Set((disabled[0] ?? '').slice('--disable-features='.length).split(','));
  const playwrights =
    JSON.parse(process.env.PACELINE_CHROMIUM_FEATURE_FLAGS ?? '{}')
      .replaced?.slice('--disable-features='.length)
      .split(',') ?? [];
  expect(playwrights.length).toBeGreaterThan(0);
  expect(playwrights.filter((feature: string) => !features.has(feature))).toEqual([]);
  expect(features.has('WebUIOmniboxPopup')).toBe(true);
});
