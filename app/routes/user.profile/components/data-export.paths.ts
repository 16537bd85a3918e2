import { expect, type Page, type Route } from '@playwright/test';
import type { EventObject } from 'xstate';
import { DATA_EXPORT_POLL_MS } from '~/lib/constants';
import { dataExportMachine, type DataExportView } from '~/machines/data-export.machine';
import { defineBinding } from '../../../../tests/paths/browser/binding';
import { waitForHydration } from '../../../../tests/paths/browser/hydration';

// The profile's My Data tab, for a rider of each path's own whose copy was asked for and waits in
// the queue (the catalogue's start). Time stands still from the page's start: each check of the
// copy is the step that moves the clock by the poll interval, and it is held. The step that answers
// it moves the copy on the server first, as the build job or the rider in another tab would
// (app/routes/e2e.data-export), then lets it go on; no answer is the check aborted. A path whose
// copy ends waiting for the parent is a child's (a consented child: /e2e/rider?child=consented).

type Moment = 'queue' | 'progress' | 'build' | 'fail' | 'ask' | 'expire';

/** Moves the signed-in rider's copy to its next moment on the server. */
async function moveCopy(page: Page, step: Moment, fields: Record<string, string> = {}) {
  const response = await page.request.post('/e2e/data-export', { form: { step, ...fields } });
  if (!response.ok()) throw new Error(`/e2e/data-export ${step} answered ${response.status()}: ${await response.text()}`);
}

/** What the server's copy becomes before a held check reaches it: each status as its moments leave it. */
async function arrangeAnswer(page: Page, view: DataExportView | null) {
  if (view === null) {
    // Built, then the days it could be downloaded went by: the tab no longer shows it.
    await moveCopy(page, 'build');
    await moveCopy(page, 'expire');
    return;
  }
  switch (view.status) {
    case 'queued':
    case 'building':
      return moveCopy(page, 'progress', { progress: String(view.progress) });
    case 'ready':
      return moveCopy(page, 'build');
    case 'failed':
      return moveCopy(page, 'fail');
    case 'waiting-for-parent':
      // The build failed and the child asked again from another tab: the new request waits for the parent.
      await moveCopy(page, 'fail');
      return moveCopy(page, 'ask');
  }
}

const panel = (page: Page) => page.locator('.profile-data');
const progressBar = (page: Page) => panel(page).getByRole('progressbar');
const askButton = (page: Page, name: string) => panel(page).getByRole('button', { name, exact: true });

/** The copy being prepared: its progress as the model last saw it, busy while the tab asks how far it has come. */
async function expectPreparing(page: Page, progress: number, checking: boolean) {
  await expect(panel(page).getByText(`Preparing your data… ${progress}%`)).toBeVisible();
  await expect(progressBar(page)).toHaveAttribute('value', String(progress));
  await expect(progressBar(page)).toHaveAttribute('aria-busy', String(checking));
  await expect(panel(page).getByRole('button')).toHaveCount(0);
}

// The machine declares no events of its own, so its binding's keys are any string too, whose event
// has no payload: the actions take any event, and the answer reads the catalogue's sample output.
interface HeldArgs {
  page: Page;
  event: EventObject;
  held: (name: string) => Promise<Route>;
}

/** The held check goes on once the server's copy is what the sample answers. */
async function answerCheck({ page, event, held }: HeldArgs) {
  const check = await held('checkExport');
  await arrangeAnswer(page, (event as EventObject & { output: DataExportView | null }).output);
  await check.continue();
}

export default defineBinding(dataExportMachine, {
  async arrange({ page, events }) {
    const forChild = events.some((event) => (event as { output?: DataExportView | null }).output?.status === 'waiting-for-parent');
    const signedIn = await page.request.get(`/e2e/rider?${new URLSearchParams({ redirectTo: '/healthz', ...(forChild ? { child: 'consented' } : {}) })}`);
    if (!signedIn.ok()) throw new Error(`/e2e/rider answered ${signedIn.status()}`);
    await moveCopy(page, 'queue');
    // Time stands still before the tab opens: its first check waits for the step that moves the clock.
    await page.clock.pauseAt(Date.now() + 1_000);
    await page.goto('/user/profile?tab=data');
    await waitForHydration(page);
  },
  holds: { checkExport: { method: 'GET', url: (url) => url.pathname === '/user/data-export/status' } },
  states: {
    // Decides on the copy at once (eventless): the machine never rests there, so no step reaches it.
    showing: () => Promise.reject(new Error('showing is left at once: no screen rests in it')),
    none: async ({ page }) => {
      await expect(askButton(page, 'Ask for a copy')).toBeEnabled();
      await expect(progressBar(page)).toHaveCount(0);
      await expect(panel(page).getByRole('alert')).toHaveCount(0);
    },
    waitingForParent: async ({ page }) => {
      await expect(panel(page).getByText('Your request is waiting for your parent or guardian to confirm it.')).toBeVisible();
      await expect(askButton(page, 'Send the link again')).toBeEnabled();
      await expect(progressBar(page)).toHaveCount(0);
    },
    building: ({ page, context }) => expectPreparing(page, context.view?.progress ?? 0, false),
    checking: ({ page, context }) => expectPreparing(page, context.view?.progress ?? 0, true),
    ready: async ({ page }) => {
      await expect(panel(page).getByText(/^Your copy is ready \(\d+\.\d MB\)/)).toBeVisible();
      await expect(panel(page).getByRole('link', { name: 'Download my data' })).toHaveAttribute('href', /^\/user\/data-export\/[\w-]+$/);
      await expect(askButton(page, 'Ask for a new copy')).toBeEnabled();
      await expect(progressBar(page)).toHaveCount(0);
    },
    failed: async ({ page }) => {
      await expect(panel(page).getByRole('alert')).toHaveText('We could not prepare the copy. Please try again.');
      await expect(askButton(page, 'Ask for a copy')).toBeEnabled();
      await expect(progressBar(page)).toHaveCount(0);
    },
  },
  events: {
    'xstate.after.exportPoll': ({ page }) => page.clock.runFor(DATA_EXPORT_POLL_MS),
    'xstate.done.actor.checkExport': answerCheck,
    'xstate.error.actor.checkExport': async ({ held }: HeldArgs) => (await held('checkExport')).abort(),
  },
});
