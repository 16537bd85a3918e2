import { createHash } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Browser, type BrowserContext, type Page, type TestInfo } from '@playwright/test';
import { BROWSER_COVERAGE_DIR, type BrowserRecord } from '../../app/lib/flows/browser-coverage';
import { baseURL } from '../../playwright.config';

/** How long teardown waits for one page's axe scan (a loaded 2-core machine takes a few seconds). */
const SCAN_BOUND_MS = 20_000;

// Everything else a spec imports from Playwright comes through here unchanged: switching a spec is one import line.
export * from '@playwright/test';

/** Where a page stores each machine transition it takes, for `npm run paths`. */
const TAKEN_KEY_PREFIX = 'paceline-transition-taken:';

/** WCAG 2.2 AA, as axe tags it; a serious or critical violation fails the test. */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const FAILING_IMPACTS = new Set(['serious', 'critical']);

/**
 * The screens scanned in this run, shared by the workers: one file per screen, created by the
 * test that claims its scan (tests/e2e/global-setup.ts empties the folder before a run). A scan
 * is about a second of a core: scanning each screen once a run instead of once a test took the
 * browser step from about 360 s to about 205 s (docs/testing.md, decision 201).
 */
export const SCANNED_SCREENS_DIR = 'tests/.tmp/axe-scanned';

/** True for the first caller in the run; false when another test (in any worker) has it. */
function claimScan(key: string): boolean {
  try {
    writeFileSync(scanFile(key), key, { flag: 'wx' });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/** A scan that could not finish: the next test to reach the screen scans it. */
function releaseScan(key: string): void {
  rmSync(scanFile(key), { force: true });
}

function scanFile(key: string): string {
  return path.join(SCANNED_SCREENS_DIR, createHash('sha1').update(key).digest('hex'));
}

/**
 * What is open on a page as a test leaves it (dialogs, menus, expanded controls), so the same
 * path with another modal or menu open is another screen to scan.
 */
function openOverlays(): string {
  const selector = 'dialog[open], [role="dialog"], [role="alertdialog"], [role="menu"], [aria-expanded="true"]';
  return [...document.querySelectorAll(selector)]
    .filter((element) => element.getClientRects().length > 0)
    .map((element) =>
      [element.tagName, element.getAttribute('role'), element.getAttribute('aria-label') ?? element.getAttribute('aria-labelledby') ?? element.id].join(':'),
    )
    .sort()
    .join(' ');
}

interface Finding {
  url: string;
  rule: string;
  impact: string;
  help: string;
  targets: string[];
  nodes: Array<{ html: string; summary: string }>;
}

/**
 * What one test saw: every screen it reaches first in the run is scanned by axe (a page as it
 * loads, and as the test leaves it with what is open on it, so menus and modals are scanned too),
 * and every machine transition the app reports (app/components/flows/use-flow-machine.ts) is kept
 * for `npm run paths`.
 */
class Observer {
  readonly taken = new Map<string, Set<string>>();
  readonly findings: Finding[] = [];
  private readonly pending = new Set<Promise<void>>();
  private readonly contexts = new Set<BrowserContext>();
  private readonly settled = new Set<BrowserContext>();
  private readonly closed = new Set<BrowserContext>();
  /** Contexts without JavaScript: axe runs in the page's JavaScript, so their pages cannot be scanned. */
  private readonly withoutScript = new Set<BrowserContext>();

  async watchContext(context: BrowserContext, javaScriptEnabled = true) {
    // Their scans never answered and were given up after SCAN_BOUND_MS: 20 s of every such test.
    // The markup they see is the server's, which the same pages' scans with JavaScript judge.
    // Said before the early return: the test's own context is watched first as Playwright makes it.
    if (!javaScriptEnabled) this.withoutScript.add(context);
    if (this.contexts.has(context)) return;
    this.contexts.add(context);
    context.on('close', () => this.closed.add(context));
    // Each transition is stored in the page's own origin storage as it is taken, one key per
    // transition (tabs never overwrite one another), and read back from the context before it
    // closes. A call out to the test process instead was lost whenever the page left just after.
    await context.addInitScript((prefix: string) => {
      (window as { __pacelineRecordTransitions?: (machineId: string, ids: string[]) => void }).__pacelineRecordTransitions = (machineId, ids) => {
        for (const id of ids) localStorage.setItem(prefix + JSON.stringify([machineId, id]), '');
      };
    }, TAKEN_KEY_PREFIX);
    for (const page of context.pages()) this.watchPage(page);
    context.on('page', (page) => this.watchPage(page));
  }

  /**
   * Before a context closes: no new scan starts in it, the pages it ends on are scanned, every
   * scan still running finishes, and the transitions its pages stored are read. A scan must not
   * run into the close: axe opens a page of its own to finish, and a page opened in a closing
   * context could leave the close hanging until the test timed out.
   */
  async settle(context: BrowserContext) {
    if (this.settled.has(context)) return;
    this.settled.add(context);
    for (const page of context.pages()) this.track(this.scan(page, 'end'));
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
    await this.collectTransitions(context);
  }

  /** Reads the transitions the context's pages stored, on every origin they visited. */
  private async collectTransitions(context: BrowserContext) {
    for (const origin of (await context.storageState()).origins) {
      for (const { name } of origin.localStorage) {
        if (!name.startsWith(TAKEN_KEY_PREFIX)) continue;
        const [machineId, id] = JSON.parse(name.slice(TAKEN_KEY_PREFIX.length)) as [string, string];
        const set = this.taken.get(machineId) ?? new Set<string>();
        set.add(id);
        this.taken.set(machineId, set);
      }
    }
  }

  private watchPage(page: Page) {
    page.on('load', () => {
      if (!this.settled.has(page.context())) this.track(this.scan(page, 'load'));
    });
  }

  private track(scan: Promise<void>) {
    // A scan whose page navigated or closed under it can leave axe's evaluate unanswered; the
    // test must not hang on it in teardown. Past the bound the scan is given up, not failed.
    const bounded = Promise.race([scan, new Promise<void>((resolve) => setTimeout(resolve, SCAN_BOUND_MS).unref())]);
    this.pending.add(bounded);
    void bounded.finally(() => this.pending.delete(bounded));
  }

  private async scan(page: Page, moment: 'load' | 'end') {
    if (this.withoutScript.has(page.context())) return;
    let key: string;
    try {
      const url = new URL(page.url());
      // Only Paceline's own pages: a test's fake partner or provider page is not ours to judge.
      if (url.origin !== new URL(baseURL).origin || url.pathname.startsWith('/e2e/')) return;
      const signedIn = (await page.context().cookies()).some((cookie) => cookie.name === 'paceline_uuid');
      const open = moment === 'end' ? await page.evaluate(openOverlays) : '';
      key = `${moment} ${signedIn ? 'signed-in' : 'visitor'} ${url.pathname} ${open}`;
    } catch {
      return;
    }
    if (!claimScan(key)) return;
    try {
      const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
      for (const violation of results.violations) {
        if (!FAILING_IMPACTS.has(violation.impact ?? '')) continue;
        this.findings.push({
          url: results.url,
          rule: violation.id,
          impact: violation.impact ?? '',
          help: violation.help,
          targets: violation.nodes.map((node) => node.target.join(' ')),
          nodes: violation.nodes.map((node) => ({ html: node.html, summary: node.failureSummary ?? '' })),
        });
      }
    } catch {
      // The page navigated or closed mid-scan: scan it on its next load.
      releaseScan(key);
    }
  }

  /** Contexts the test opened itself and left open: Playwright closes them after this. */
  async finish() {
    for (const context of this.contexts) if (!this.closed.has(context)) await this.settle(context);
  }

  record(): BrowserRecord {
    return Object.fromEntries([...this.taken].map(([machineId, ids]) => [machineId, [...ids].sort()]));
  }
}

function recordFile(testInfo: TestInfo): string {
  const slug = (text: string) =>
    text
      .replace(/[^a-z0-9]+/gi, '-')
      .replace(/^-|-$/g, '')
      .toLowerCase();
  return path.join(BROWSER_COVERAGE_DIR, `${slug(path.basename(testInfo.file))}--${slug(testInfo.titlePath.slice(1).join(' '))}.json`);
}

/**
 * Contexts and pages a test opens itself (`browser.newContext()`, `browser.newPage()`) are
 * observed too, and their transitions read before the test closes them (closing such a page
 * closes its context).
 */
function observeBrowser(browser: Browser, observer: Observer): () => void {
  const newContext = browser.newContext.bind(browser);
  const newPage = browser.newPage.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    await observer.watchContext(context, options?.javaScriptEnabled);
    const close = context.close.bind(context);
    context.close = async (closing) => {
      await observer.settle(context);
      return close(closing);
    };
    return context;
  };
  browser.newPage = async (options) => {
    const page = await newPage(options);
    await observer.watchContext(page.context(), options?.javaScriptEnabled);
    const close = page.close.bind(page);
    page.close = async (closing) => {
      await observer.settle(page.context());
      return close(closing);
    };
    return page;
  };
  return () => {
    browser.newContext = newContext;
    browser.newPage = newPage;
  };
}

export const test = base.extend<{ observer: Observer }>({
  observer: [
    async ({ browser }, provide, testInfo) => {
      // Each page load costs an axe scan (about a second on this machine): give the test that time.
      testInfo.setTimeout(testInfo.timeout * 2);
      const observer = new Observer();
      const restore = observeBrowser(browser, observer);
      await provide(observer);
      restore();
      await observer.finish();
      mkdirSync(BROWSER_COVERAGE_DIR, { recursive: true });
      writeFileSync(recordFile(testInfo), JSON.stringify(observer.record(), null, 1));
      // The full findings (each element's markup and axe's explanation) for whoever fixes them.
      if (observer.findings.length > 0)
        await testInfo.attach('axe-findings.json', { body: JSON.stringify(observer.findings, null, 1), contentType: 'application/json' });
      const summary = observer.findings.map(
        (finding) => `${finding.impact} ${finding.rule} at ${finding.url}: ${finding.help} (${finding.targets.join(', ')})`,
      );
      expect(summary, 'axe: serious or critical WCAG 2.2 AA violations').toEqual([]);
    },
    { auto: true },
  ],
  context: async ({ context, observer, javaScriptEnabled }, provide) => {
    await observer.watchContext(context, javaScriptEnabled);
    await provide(context);
    await observer.settle(context);
  },
});
