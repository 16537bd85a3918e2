import { expect, type Page } from '@playwright/test';
import { CONNECTION_MESSAGES, CONNECTIONS_TAB_PATH, NETWORK_NAMES, type Network } from '~/lib/connections/networks';
import { NETWORK_IMPORT_POLL_MS } from '~/lib/constants';
import { connectNetworkMachine, type ConnectNetworkEvent, type ImportProgress } from '~/machines/connect-network.machine';
import { signInAsNewRider } from '../../../../tests/paths/browser/arrange';
import {
  connectAtProvider,
  importEnded,
  letConnectLeaveForTheProvider,
  setImportProgress,
  submitHeldInThePage,
} from '../../../../tests/paths/browser/arrange-connections';
import { defineBinding, postTo } from '../../../../tests/paths/browser/binding';
import { HYDRATION, hydrate, openBeforeHydration } from '../../../../tests/paths/browser/hydration';

// One card of the Connections tab, for a new rider each path, in the state the path's LOADED
// names: not linked; back from the provider refused (Deny at the sandbox provider); or linked
// (Allow) with its import under way (the sandbox's import ends in moments: where it stands is
// set, app/routes/e2e.network-import). The tab is opened with its script held, so the server's
// card is seen before LOADED. The card's posts and its import polls are held; no answer is the
// request aborted, the Xert provider's refusal a wrong password. Connect's form post is held in
// the page while the card shows "Connecting…", then let through: `redirecting` is the provider's
// authorize page. Time stands still: a poll waits for its step.

type Loaded = Extract<ConnectNetworkEvent, { type: 'LOADED' }>;

interface Arranged {
  network: Network;
}

const card = (page: Page, arranged: Arranged) => page.getByRole('listitem', { name: NETWORK_NAMES[arranged.network] });
// The Xert form's field errors are alerts too: this is the card's failure.
const alert = (page: Page, arranged: Arranged) => card(page, arranged).getByRole('alert').filter({ hasText: CONNECTION_MESSAGES.failed });
const dismiss = (page: Page, arranged: Arranged) => card(page, arranged).getByRole('button', { name: 'Dismiss' });
const importStatus = (page: Page, arranged: Arranged) => card(page, arranged).getByRole('status');
const xertForm = (page: Page, arranged: Arranged) => card(page, arranged).locator('.xert-form');
const confirmation = (page: Page, arranged: Arranged) => card(page, arranged).getByRole('alertdialog');

/** The card's alert: shown with its Dismiss after a failure the model remembers, or none. */
async function showsFailure(page: Page, arranged: Arranged, failed: boolean) {
  await expect(alert(page, arranged)).toHaveCount(failed ? 1 : 0);
  await expect(dismiss(page, arranged)).toHaveCount(failed ? 1 : 0);
}

/** The import line while an import runs: waiting for the next poll, or asking. */
async function showsImport(page: Page, arranged: Arranged, state: 'waiting' | 'asking') {
  await expect(importStatus(page, arranged)).toHaveAttribute('aria-busy', 'true');
  await expect(importStatus(page, arranged)).toHaveAttribute('data-state', state);
  await expect(importStatus(page, arranged)).toHaveText(/^Importing rides: \d+ of \d+$/);
}

export default defineBinding(connectNetworkMachine, {
  async arrange({ page, events }): Promise<Arranged> {
    const loaded = events[0] as Loaded;
    await signInAsNewRider(page);
    let landing = CONNECTIONS_TAB_PATH;
    if (loaded.outcome === 'failed') landing = await connectAtProvider(page, loaded.network, 'deny');
    if (loaded.linked) {
      landing = await connectAtProvider(page, loaded.network, 'allow');
      await importEnded(page, loaded.network);
      if (loaded.progress) await setImportProgress(page, loaded.network, loaded.progress);
    }
    await letConnectLeaveForTheProvider(page);
    await openBeforeHydration(page, landing);
    await expect(page.getByRole('listitem', { name: NETWORK_NAMES[loaded.network] })).toBeVisible();
    // Time stands still from here: the import's polls wait for their steps.
    await page.clock.pauseAt(Date.now() + 1_000);
    return { network: loaded.network };
  },
  holds: {
    hydration: HYDRATION,
    post: postTo('/user/connections'),
    importPoll: { method: 'GET', url: (url) => url.pathname === '/user/connections' },
  },
  states: {
    loading: ({ page, arranged }) => expect(card(page, arranged)).toBeVisible(),
    disconnected: async ({ page, context, arranged }) => {
      await expect(card(page, arranged)).toHaveAttribute('data-state', 'unlinked');
      await expect(card(page, arranged).getByRole(arranged.network === 'xert' ? 'link' : 'button', { name: 'Connect' })).toBeVisible();
      await showsFailure(page, arranged, context.failed);
    },
    // Left for the provider: its own authorize page, with Allow and Deny, for this network.
    redirecting: async ({ page, arranged }) => {
      await expect(page.getByRole('heading', { name: `${NETWORK_NAMES[arranged.network]} sandbox` })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Allow' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Deny' })).toBeVisible();
    },
    xertForm: async ({ page, context, arranged }) => {
      await expect(xertForm(page, arranged).getByRole('button', { name: 'Connect' })).toBeEnabled();
      await expect(xertForm(page, arranged).getByText('No Xert account yet?')).toBeVisible();
      for (const message of Object.values(context.errors)) await expect(xertForm(page, arranged).getByText(message)).toBeVisible();
      await showsFailure(page, arranged, context.failed);
    },
    submittingXert: ({ page, arranged }) => expect(xertForm(page, arranged).getByRole('button', { name: 'Connect' })).toHaveAttribute('aria-busy', 'true'),
    connected: async ({ page, context, arranged }) => {
      await expect(card(page, arranged)).toHaveAttribute('data-state', 'linked');
      await expect(card(page, arranged).getByRole('link', { name: 'Disconnect' })).toBeVisible();
      await showsFailure(page, arranged, context.failed);
    },
    'connected.idle': async ({ page, context, arranged }) => {
      // A network that imports says how its last import ended; Xert imports nothing.
      if (context.progress) await expect(importStatus(page, arranged)).toHaveAttribute('aria-busy', 'false');
      else await expect(importStatus(page, arranged)).toHaveCount(0);
    },
    // Passed through on the way in (an eventless choice), never rested in.
    'connected.checkingImport': async () => {
      throw new Error('connected.checkingImport is passed through, never rested in: a path cannot stop there');
    },
    'connected.importing': ({ page, arranged }) => showsImport(page, arranged, 'waiting'),
    'connected.polling': ({ page, arranged }) => showsImport(page, arranged, 'asking'),
    confirmingDisconnect: async ({ page, arranged }) => {
      await expect(confirmation(page, arranged)).toContainText(CONNECTION_MESSAGES.confirmRemove(arranged.network));
      await expect(confirmation(page, arranged).getByRole('button', { name: 'Yes, remove' })).toBeEnabled();
    },
    disconnecting: ({ page, arranged }) =>
      expect(confirmation(page, arranged).getByRole('button', { name: 'Yes, remove' })).toHaveAttribute('aria-busy', 'true'),
  },
  events: {
    LOADED: ({ page, held }) => hydrate(page, held),
    CONNECT: async ({ page, arranged }) => {
      if (arranged.network === 'xert') return card(page, arranged).getByRole('link', { name: 'Connect' }).click();
      const connect = card(page, arranged).locator('form');
      const { leave } = await submitHeldInThePage(connect, () => connect.getByRole('button', { name: 'Connect' }).click());
      // Before the browser leaves, the card says it is on its way.
      await expect(connect.getByRole('button', { name: 'Connecting…' })).toHaveAttribute('aria-busy', 'true');
      await leave();
    },
    SUBMIT_XERT: async ({ page, event, upcoming, arranged }) => {
      const form = xertForm(page, arranged);
      await form.getByLabel('Username').fill(event.username);
      // The provider refuses a password that is not its sandbox's.
      const refused = upcoming[0]?.type === 'xstate.done.actor.connectXert' && !(upcoming[0] as { output?: { ok: boolean } }).output?.ok;
      await form.getByLabel('Password').fill(refused && event.password ? 'not-the-password' : event.password);
      await form.getByRole('button', { name: 'Connect' }).click();
    },
    'xstate.done.actor.connectXert': async ({ held }) => (await held('post')).continue(),
    'xstate.error.actor.connectXert': async ({ held }) => (await held('post')).abort(),
    CANCEL: {
      xertForm: ({ page, arranged }) => xertForm(page, arranged).getByRole('button', { name: 'Cancel' }).click(),
      confirmingDisconnect: ({ page, arranged }) => confirmation(page, arranged).getByRole('link', { name: 'Cancel' }).click(),
    },
    DISMISS: ({ page, arranged }) => dismiss(page, arranged).click(),
    DISCONNECT: ({ page, arranged }) => card(page, arranged).getByRole('link', { name: 'Disconnect' }).click(),
    CONFIRM: ({ page, arranged }) => confirmation(page, arranged).getByRole('button', { name: 'Yes, remove' }).click(),
    'xstate.done.actor.disconnect': async ({ held }) => (await held('post')).continue(),
    'xstate.error.actor.disconnect': async ({ held }) => (await held('post')).abort(),
    'xstate.after.importPoll': ({ page }) => page.clock.fastForward(NETWORK_IMPORT_POLL_MS),
    'xstate.done.actor.pollImport': async ({ page, event, held, arranged }) => {
      const route = await held('importPoll');
      // The import has ended by this poll: the job records it so.
      if (event.output?.status !== 'running') await setImportProgress(page, arranged.network, event.output as ImportProgress);
      await route.continue();
    },
    'xstate.error.actor.pollImport': async ({ held }) => (await held('importPoll')).abort(),
  },
});
