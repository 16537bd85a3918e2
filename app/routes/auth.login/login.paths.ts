import { expect, type Page, type Route } from '@playwright/test';
import type { EventObject } from 'xstate';
import { SIGN_IN_MESSAGES } from '~/lib/account-messages';
import { MESSAGES } from '~/lib/account-fields';
import { ROBOT_CHECK_TTL_MS } from '~/lib/constants';
import { loginMachine } from '~/machines/login.machine';
import { defineBinding, postTo } from '../../../tests/paths/browser/binding';
import { passRobotCheck } from '../../../tests/e2e/accounts-helpers';
import { makeAccount, postFromPage, type AccountKind } from '../../../tests/paths/browser/arrange';

// The login page, each outcome reached through the real server: the account typed decides it
// (made by /e2e/account), the stored return path and a partner's authorization by the page the
// rider came from, the backoff by failures spent while the post waits (/e2e/rate-limit), a
// refused robot check by a forged payload, refused fields by a post changed on its way. The form's post is held, so `submitting` is seen.

const PASSWORD = 'paths-password-1';
const AUTHORIZE = `/oauth/authorize?${new URLSearchParams({
  client_id: 'demo-partner',
  redirect_uri: 'http://127.0.0.1:8765/callback',
  response_type: 'code',
  scope: 'profile:read',
  state: 'paths',
  code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
  code_challenge_method: 'S256',
})}`;
const STORED_PATH = '/my-teams';
const ROBOT_CHECK_FIRST = 'Complete the robot check to submit.';

/** The account whose sign-in the server answers with each outcome. */
const ACCOUNT_FOR: Record<string, AccountKind> = {
  PASSWORD_RESET_REQUIRED: 'reset-required',
  PARENTAL_CONSENT_PENDING: 'pending-child',
  EMAIL_NOT_VERIFIED: 'unverified',
};

/** Where the rider opens login from: the page that keeps the destination of a SIGNED_IN ahead. */
function startPage(events: EventObject[]): string {
  const signedIn = events.find((event) => event.type === 'SIGNED_IN') as { destination?: string } | undefined;
  if (signedIn?.destination === 'partnerAuthorization') return AUTHORIZE;
  if (signedIn?.destination === 'storedPath') return STORED_PATH;
  return '/auth/login';
}

const submit = (page: Page) => page.getByRole('button', { name: 'Submit' });
const status = (page: Page) => page.locator('.form-status');
const release = async ({ held }: { held: (name: string) => Promise<Route> }) => (await held('signIn')).continue();

export default defineBinding(loginMachine, {
  async arrange({ page, events, once }) {
    const outcome = events.find((event) => ['TOO_MANY_ATTEMPTS', ...Object.keys(ACCOUNT_FOR)].includes(event.type))?.type;
    const kind: AccountKind = (outcome ? ACCOUNT_FOR[outcome] : undefined) ?? 'active';
    // A backoff belongs to its account and address: that path's account is its own.
    const email = outcome === 'TOO_MANY_ATTEMPTS' ? await makeAccount(page, kind, PASSWORD) : await once(kind, () => makeAccount(page, kind, PASSWORD));
    await page.goto(startPage(events));
    await expect(page).toHaveURL(/\/auth\/login/);
    return { email };
  },
  holds: { signIn: postTo('/auth/login') },
  states: {
    waitingForRobotCheck: async ({ page }) => {
      await expect(status(page)).toHaveText(ROBOT_CHECK_FIRST);
      await expect(submit(page)).toBeDisabled();
    },
    ready: async ({ page }) => {
      await expect(submit(page)).toBeEnabled();
      await expect(status(page)).toHaveText('');
    },
    submitting: async ({ page }) => {
      await expect(status(page)).toHaveText('Sending…');
      await expect(submit(page)).toBeDisabled();
    },
    'signedIn.toPartnerAuthorization': async ({ page }) => {
      await expect(page).toHaveURL(/\/oauth\/authorize\?/);
      await expect(page.getByRole('heading', { name: 'Authorize Demo Training Log to Paceline' })).toBeVisible();
    },
    'signedIn.toStoredPath': async ({ page }) => {
      await expect(page).toHaveURL(new RegExp(`${STORED_PATH}$`));
      await expect(page.getByRole('heading', { name: 'My Teams' })).toBeVisible();
    },
    'signedIn.toProfile': ({ page }) => expect(page).toHaveURL(/\/user\/activities#profile$/),
    passwordResetRequired: async ({ page }) => {
      await expect(page).toHaveURL(/\/auth\/forgot-password2\?code=/);
      await expect(page.getByRole('heading', { name: 'Reset password' })).toBeVisible();
    },
    parentalConsentPending: async ({ page }) => {
      await expect(page).toHaveURL(/\/parental-consent\?childUserId=[^&]+$/);
      await expect(page.getByRole('heading', { name: 'Parental consent' })).toBeVisible();
    },
    emailNotVerified: async ({ page }) => {
      await expect(page).toHaveURL(/\/auth\/verification$/);
      await expect(page.locator('.toast').getByText(SIGN_IN_MESSAGES.verifyEmail)).toBeVisible();
    },
    wrongCredentials: async ({ page }) => {
      await expect(page.getByText(SIGN_IN_MESSAGES.wrongCredentials)).toBeVisible();
      await expect(page.getByLabel('Email')).toHaveValue('');
      await expect(status(page)).toHaveText(ROBOT_CHECK_FIRST);
    },
    tooManyAttempts: async ({ page }) => {
      await expect(page.getByText(SIGN_IN_MESSAGES.tooManyAttempts)).toBeVisible();
      await expect(status(page)).toHaveText(/^You can try again in \d+ s\.$/);
      await expect(submit(page)).toBeDisabled();
    },
    robotCheckFailed: async ({ page }) => {
      await expect(page.getByText(MESSAGES.robotCheck)).toBeVisible();
      await expect(submit(page)).toBeDisabled();
    },
    invalidFields: async ({ page }) => {
      await expect(page.getByText(MESSAGES.email)).toBeVisible();
      await expect(status(page)).toHaveText(ROBOT_CHECK_FIRST);
      await expect(submit(page)).toBeDisabled();
    },
  },
  events: {
    ROBOT_CHECK_DONE: ({ page }) => passRobotCheck(page),
    ROBOT_CHECK_EXPIRED: ({ page }) => page.clock.fastForward(ROBOT_CHECK_TTL_MS),
    SUBMIT: async ({ page, upcoming, arranged }) => {
      await page.getByLabel('Email').fill(arranged.email);
      await page.getByLabel('Password').fill(upcoming[0]?.type === 'WRONG_CREDENTIALS' ? 'not-the-password' : PASSWORD);
      // Left first: the blur re-renders the form, which would put the solved payload back.
      await page.getByLabel('Password').blur();
      // A forged or replayed payload, as a robot's would arrive.
      if (upcoming[0]?.type === 'ROBOT_CHECK_FAILED')
        await page.locator('input[name="altcha"]').evaluate((input) => ((input as HTMLInputElement).value = 'forged'));
      await submit(page).click();
    },
    SIGNED_IN: release,
    PASSWORD_RESET_REQUIRED: release,
    PARENTAL_CONSENT_PENDING: release,
    EMAIL_NOT_VERIFIED: release,
    WRONG_CREDENTIALS: release,
    ROBOT_CHECK_FAILED: release,
    // The browser checks the fields before it posts, so only a post changed on its way (as a robot's
    // would be) reaches the server with a field its rules refuse.
    INVALID_FIELDS: async ({ held }) => {
      const post = await held('signIn');
      const fields = new URLSearchParams(post.request().postData() ?? '');
      fields.set('email', 'not-an-email');
      await post.continue({ postData: fields.toString() });
    },
    TOO_MANY_ATTEMPTS: async ({ page, held, arranged }) => {
      // Failures of this account spent from the page's address while its post waits: the server answers with the backoff.
      await postFromPage(page, '/e2e/rate-limit', { action: 'login', account: arranged.email, waitSeconds: '30' });
      await (await held('signIn')).continue();
    },
    'xstate.after.attemptWait': async ({ page }) => {
      const waitSeconds = Number(/(\d+) s/.exec((await status(page).textContent()) ?? '')?.[1]);
      await page.clock.fastForward(waitSeconds * 1000);
    },
  },
});
