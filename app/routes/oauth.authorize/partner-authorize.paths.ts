import { expect, type Page } from '@playwright/test';
import { PARTNER_MESSAGES } from '~/lib/connections/partners';
import { partnerAuthorizeMachine } from '~/machines/partner-authorize.machine';
import { signInAsSharedRider } from '../../../tests/paths/browser/arrange';
import { defineBinding, postTo } from '../../../tests/paths/browser/binding';
import { HYDRATION, hydrate, openBeforeHydration } from '../../../tests/paths/browser/hydration';

// The consent page a partner sends the rider to. The page is opened with its script held, so the
// server's answer (an unknown client, a refused decision's `failed`, or the consent) is seen
// before the machine takes it in LOADED. The decision post is held: `deciding` is seen, and no
// answer is the post aborted; a refusal is the partner's address withdrawn while the rider decided.

const PARTNER_CALLBACK = 'http://127.0.0.1:8765/callback';
const UNREGISTERED_CALLBACK = 'https://partner.example/withdrawn';

function authorizePath(clientId: string, extra: Record<string, string> = {}) {
  return `/oauth/authorize?${new URLSearchParams({
    client_id: clientId,
    redirect_uri: PARTNER_CALLBACK,
    response_type: 'code',
    scope: 'profile:read',
    state: 'paths',
    code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    code_challenge_method: 'S256',
    ...extra,
  })}`;
}

const screen = (page: Page) => page.locator('.partner-authorize');
const button = (page: Page, name: 'Authorize' | 'Cancel') => screen(page).getByRole('button', { name, exact: true });
// The page's own alert, not a toast the shell shows beside it.
const alert = (page: Page) => screen(page).getByRole('alert');

export default defineBinding(partnerAuthorizeMachine, {
  async arrange({ page, events, once }) {
    await signInAsSharedRider(page, once);
    // The partner's own site (outside Paceline), where the decision sends the rider back.
    await page.route(`${new URL(PARTNER_CALLBACK).origin}/**`, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>Demo Training Log</title><h1>Back at Demo Training Log</h1>' }),
    );
    const loaded = events[0] as { clientKnown?: boolean; failed?: boolean };
    // A decision the server refused comes back to the page with `failed` (app/routes/oauth.decision).
    const path = !loaded.clientKnown ? authorizePath('nobody') : authorizePath('demo-partner', loaded.failed ? { failed: '1' } : {});
    await openBeforeHydration(page, path);
  },
  holds: { hydration: HYDRATION, decide: postTo('/oauth/decision') },
  states: {
    loading: ({ page }) => expect(screen(page)).toBeVisible(),
    clientError: async ({ page }) => {
      await expect(page.getByRole('heading', { name: 'Authorization failed' })).toBeVisible();
      await expect(alert(page)).toHaveText(PARTNER_MESSAGES.unknownClient);
      await expect(button(page, 'Authorize')).toHaveCount(0);
    },
    consent: async ({ page }) => {
      await expect(page.getByRole('heading', { name: 'Authorize Demo Training Log to Paceline' })).toBeVisible();
      await expect(alert(page)).toHaveCount(0);
      await expect(button(page, 'Authorize')).toBeEnabled();
      await expect(button(page, 'Cancel')).toBeEnabled();
    },
    deciding: async ({ page }) => {
      await expect(button(page, 'Authorize')).toBeDisabled();
      await expect(button(page, 'Cancel')).toBeDisabled();
    },
    failed: async ({ page }) => {
      await expect(alert(page)).toHaveText(PARTNER_MESSAGES.failed);
      await expect(button(page, 'Authorize')).toBeEnabled();
      await expect(button(page, 'Cancel')).toBeEnabled();
    },
    redirecting: async ({ page, context }) => {
      // At the partner's registered address: a code for Authorize, access_denied for Cancel.
      await expect(page.getByRole('heading', { name: 'Back at Demo Training Log' })).toBeVisible();
      const answer = new URL(page.url());
      expect(`${answer.origin}${answer.pathname}`).toBe(PARTNER_CALLBACK);
      expect(answer.searchParams.get('state')).toBe('paths');
      if (context.decision === 'authorize') expect(answer.searchParams.get('code')).toBeTruthy();
      else expect(answer.searchParams.get('error')).toBe('access_denied');
    },
  },
  events: {
    LOADED: ({ page, held }) => hydrate(page, held),
    AUTHORIZE: ({ page }) => button(page, 'Authorize').click(),
    CANCEL: ({ page }) => button(page, 'Cancel').click(),
    'xstate.done.actor.decide': async ({ event, held }) => {
      const route = await held('decide');
      if (event.output.redirect) return route.continue();
      // The partner withdrew the address while the rider decided: the server refuses the decision.
      const url = new URL(route.request().url());
      url.searchParams.set('redirect_uri', UNREGISTERED_CALLBACK);
      await route.continue({ url: url.toString() });
    },
    'xstate.error.actor.decide': async ({ held }) => (await held('decide')).abort(),
  },
});
