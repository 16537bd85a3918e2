import { expect, test, type Page } from './fixtures';
import { loginAs } from '../helpers/e2e';
import { completeCommonSteps, openEventDetail } from './events-helpers';
import { launchLoggedBrowser, type SentRequest } from './network-log';

/**
 * Flow activity in a real browser (issue 38, docs/flows-activity.md): a rider's steps reach the
 * counts staff see on /flows; what a page sends (measured on the wire by Chromium's network log)
 * carries nothing that names the rider and costs under 1 KB a page; a browser asking not to be
 * tracked sends nothing; staff watching their own tabs see only their own.
 */
test.describe.configure({ timeout: 120_000 });

const STAFF = 'staff@paceline.local';
const EVENT = 'Paceline Winter Grand Prix';
// A week, not today: a test that runs across midnight in GMT+4 still compares like with like.
const WIZARD_PAGE = '/flows/event-wizard?days=7';

/**
 * A new rider, signed in on the events list: the demo rider may have registered for the event in
 * another spec of the same run, and a registered rider is shown no wizard.
 */
const signInAsNewRider = (page: Page) => page.goto(`/e2e/rider?${new URLSearchParams({ redirectTo: '/events' })}`);

/** The rider opens the event's wizard and takes its three common steps, then leaves for the events list. */
async function takeCommonSteps(page: Page) {
  await openEventDetail(page, EVENT);
  await page.getByRole('link', { name: 'REGISTER NOW' }).click();
  await completeCommonSteps(page);
  await expect(page.getByRole('group', { name: 'RIDER DETAILS' })).toBeVisible();
}

async function runsOf(page: Page, stateId: string): Promise<number> {
  return Number(await page.locator(`[data-state-id="${stateId}"]`).getAttribute('data-runs'));
}

test("a rider's steps through the event wizard show on /flows and, as they arrive, on the wizard's chart left open by staff", async ({ page, browser }) => {
  const wizardStarts = async () => Number((await page.locator('tr[data-machine-id="event-wizard"] .flows-starts').textContent())?.replace(/,/g, ''));
  const timesOf = async (edgeId: string) => Number(await page.locator(`[data-edge-id="${edgeId}"]`).getAttribute('data-times'));
  await loginAs(page, STAFF, '/flows?days=7');
  const startsBefore = await wizardStarts();
  await page.goto(WIZARD_PAGE);
  await expect(page.locator('.flows-detail[data-hydrated="true"]')).toBeVisible();
  const before = { rider: await runsOf(page, 'eventWizard.rider'), personalNext: await timesOf('eventWizard.personal:NEXT#0>0') };

  const riderContext = await browser.newContext();
  const rider = await riderContext.newPage();
  await signInAsNewRider(rider);
  await takeCommonSteps(rider);
  // Leaving the page sends what it gathered (pagehide); nothing waits for it.
  await rider.goto('/faqs');
  await riderContext.close();

  // The server writes what it counted every few seconds, and the staff page asks again every 15 s
  // by itself: the count grows on the page left open.
  await expect.poll(() => runsOf(page, 'eventWizard.rider'), { timeout: 60_000 }).toBeGreaterThanOrEqual(before.rider + 1);
  expect(await timesOf('eventWizard.personal:NEXT#0>0')).toBeGreaterThanOrEqual(before.personalNext + 1);
  await expect(page.locator('tr[data-step="rider"]')).toHaveAttribute('data-reached', String(await runsOf(page, 'eventWizard.rider')));
  const json = await (await page.request.get('/flows/event-wizard/activity.json?days=7')).json();
  expect(json.states.rider).toBeGreaterThanOrEqual(before.rider + 1);
  await page.goto('/flows?days=7');
  expect(await wizardStarts()).toBeGreaterThanOrEqual(startsBefore + 1);
});

test('staff watching their own tabs see their actors move on the chart, and never another browser', async ({ page, browser }) => {
  await loginAs(page, STAFF, '/flows/event-wizard');
  await expect(page.locator('.flows-detail[data-hydrated="true"]')).toBeVisible();
  await page.getByRole('button', { name: 'Watch my tabs' }).click();
  await expect(page.getByTestId('live-none')).toBeVisible();

  // Another person's browser (its own profile) in the same wizard, ahead of the staff member.
  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  await signInAsNewRider(other);
  await takeCommonSteps(other);

  const tab = await page.context().newPage();
  await openEventDetail(tab, EVENT);
  await tab.getByRole('link', { name: 'REGISTER NOW' }).click();
  await expect(tab.getByLabel('I have read and accept the disclaimer')).toBeVisible();
  const live = page.locator('[data-live-actor]');
  await expect(live).toHaveCount(1);
  await expect(live).toContainText('disclaimer');
  await expect(page.locator('[data-state-id="eventWizard.disclaimer"]')).toHaveAttribute('data-live', 'true');

  await tab.getByLabel('I have read and accept the disclaimer').check();
  await tab.getByRole('button', { name: 'Next' }).click();
  await expect(live).toContainText('personal');
  await expect(page.locator('[data-state-id="eventWizard.personal"]')).toHaveAttribute('data-live', 'true');
  await expect(page.locator('[data-edge-id="eventWizard.disclaimer:NEXT#0>0"]')).toHaveAttribute('data-live', 'true');
  // The other browser is at the rider step: never shown, though its actor moved before ours did.
  await expect(page.locator('[data-state-id="eventWizard.rider"]')).toHaveAttribute('data-live', 'false');
  await expect(live).toHaveCount(1);

  await tab.close();
  await expect(page.getByTestId('live-none')).toBeVisible({ timeout: 20_000 });
  await otherContext.close();
});

/**
 * What a signed-in rider does on eight pages (each loaded whole), the wizard's steps on one of
 * them; the last page is hidden at the end (its report, if any, then goes). Returns the pages loaded.
 */
async function riderJourney(page: Page, { reporting }: { reporting: boolean }): Promise<number> {
  const pages = ['/faqs', '/user/profile', '/wallet', '/user/activities', '/teams', '/about-us', '/'];
  await signInAsNewRider(page);
  await takeCommonSteps(page);
  for (const path of pages) {
    await page.goto(path);
    await expect(page.locator('.user-menu')).toHaveAttribute('data-session-state', 'signedIn');
  }
  // Whichever sends the last page's report first, its timer or its hiding; the browser closes after it.
  const lastReport = reporting ? page.waitForRequest((request) => request.url().endsWith('/flows/report')) : null;
  await page.evaluate(() => window.dispatchEvent(new PageTransitionEvent('pagehide')));
  await lastReport;
  return pages.length + 1;
}

const reportsIn = (sent: SentRequest[]) => sent.filter((request) => request.method === 'POST' && request.path === '/flows/report');

test('a page reports under 1 KB on the wire, without cookie or referrer, and every report is taken', async () => {
  const logged = await launchLoggedBrowser();
  const pages = await riderJourney(await logged.context.newPage(), { reporting: true });
  const sent = await logged.close();
  const reports = reportsIn(sent);
  const bytes = reports.reduce((sum, report) => sum + report.bytes, 0);
  const bodies = reports.reduce((sum, report) => sum + report.bodyBytes, 0);
  console.log(
    `Flow activity on the wire: ${pages} pages, ${reports.length} reports, ${bytes} bytes sent (${bodies} of them bodies) = ${Math.round(bytes / pages)} bytes a page on average` +
      ` (report sizes ${Math.min(...reports.map((report) => report.bytes))}–${Math.max(...reports.map((report) => report.bytes))} bytes)`,
  );
  // Each page said what it saw (at least one report each), and the server took every report.
  expect(reports.length).toBeGreaterThanOrEqual(pages);
  expect(reports.map((report) => report.answer)).toEqual(reports.map(() => 'HTTP/1.1 204 No Content'));
  expect(bytes / pages).toBeLessThan(1024);
  for (const report of reports) {
    expect(report.headers.filter((line) => /^(cookie|referer|authorization):/i.test(line))).toEqual([]);
  }
  // The rider was signed in all along: the pages' own requests carried the session.
  expect(sent.some((request) => request.path === '/auth/session' && request.headers.some((line) => /^cookie: .*paceline_token=/i.test(line)))).toBe(true);
});

test('a browser set to Do Not Track sends no report', async () => {
  const logged = await launchLoggedBrowser({ enable_do_not_track: true });
  const page = await logged.context.newPage();
  await page.goto('/faqs');
  expect(await page.evaluate(() => navigator.doNotTrack)).toBe('1');
  await riderJourney(page, { reporting: false });
  const sent = await logged.close();
  expect(reportsIn(sent)).toEqual([]);
  // The same pages were loaded and checked the session: the log saw the browser's other requests.
  expect(sent.filter((request) => request.path === '/auth/session').length).toBeGreaterThanOrEqual(8);
  expect(sent.find((request) => request.path === '/auth/session')?.headers).toContain('DNT: 1');
});

test('a browser sending Global Privacy Control sends no report', async () => {
  const logged = await launchLoggedBrowser();
  // Chromium has no GPC setting: the signal as Firefox and Brave give it, to the page and in every request.
  await logged.context.addInitScript(() => Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true }));
  await logged.context.setExtraHTTPHeaders({ 'Sec-GPC': '1' });
  await riderJourney(await logged.context.newPage(), { reporting: false });
  const sent = await logged.close();
  expect(reportsIn(sent)).toEqual([]);
  expect(sent.filter((request) => request.path === '/auth/session').length).toBeGreaterThanOrEqual(8);
});
